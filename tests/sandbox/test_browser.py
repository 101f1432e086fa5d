"""The sandbox page in Chromium, clicked as a person would (issue 35): live, on a phone, every feature.

The bot's pause between its Samurai's actions is short here (``PAUSE``) to keep the tests quick; the
page is waited on for what it shows, never for a time.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError

from bot.sandbox import Sandbox

from .chromium import after_change, changes, chromium, open_page  # noqa: F401 (chromium is a fixture)
from .conftest import SEED

PAUSE = "0.3"
OVER = re.compile(r"\b(wins?|win)\b|vince", re.IGNORECASE)


@pytest.fixture
async def live(tmp_path, monkeypatch, drawing) -> AsyncIterator[Sandbox]:
    monkeypatch.setenv("GORYO_AI_PAUSE", PAUSE)
    async with Sandbox(database=tmp_path / "sandbox.sqlite3", seed=SEED, drawing=drawing) as running:
        yield running


def pane(page: Any, place: str) -> Any:
    return page.locator(f'.pane[data-place="{place}"]')


async def send(page: Any, place: str, text: str) -> None:
    before = await changes(page)
    box = pane(page, place).locator("input")
    await box.fill(text)
    await box.press("Enter")
    await after_change(page, before)


async def take_seat(page: Any, seat: str) -> None:
    await page.click(f'button[data-player="{seat}"]')
    await page.wait_for_selector(f'button[data-player="{seat}"][aria-pressed="true"]')


async def click_once(page: Any, place: str, rng: random.Random, *, samurai_actions: int) -> str | None:
    """One click on the newest message with live controls in ``place``: a menu pick or a button. What was done."""
    messages = pane(page, place).locator("article.message")
    for index in reversed(range(max(0, await messages.count() - 2), await messages.count())):
        message = messages.nth(index)
        menus = message.locator("select:not([disabled])")
        buttons = message.locator("button.button:not([disabled])")
        labels = [text.strip() for text in await buttons.all_inner_texts()]
        finish = next((i for i, label in enumerate(labels) if re.search(r"confirm|preview|conferma|anteprima",
                                                                          label, re.IGNORECASE)), None)
        end = next((i for i, label in enumerate(labels) if re.search(r"end turn|fine turno", label, re.I)), None)
        before = await changes(page)
        if finish is not None:
            done = labels[finish]
            await buttons.nth(finish).click(timeout=3000)
        elif end is not None and (samurai_actions >= 2 or not await menus.count()):
            done = labels[end]
            await buttons.nth(end).click(timeout=3000)
        elif await menus.count():
            # The first menu with choices (a path's next step, a Samurai's move), a random choice in it.
            for m in range(await menus.count()):
                values = [v for v in await menus.nth(m).locator("option").evaluate_all(
                    "all => all.map(o => o.value)") if v and v != "-"]
                if values:
                    choice = rng.choice(values)
                    await menus.nth(m).select_option(choice, timeout=3000)
                    done = f"chose {choice}"
                    break
            else:
                continue
        else:
            continue
        await after_change(page, before)
        return done
    return None


async def play_to_the_end(page: Any, place: str, rng: random.Random) -> list[str]:
    """Click in ``place`` until a message says who won; every click made."""
    done: list[str] = []
    samurai_actions = 0
    while not any(OVER.search(text) for text in await pane(page, "channel").locator(".message").all_inner_texts()):
        assert len(done) < 300, done[-20:]
        seen = await changes(page)
        try:
            clicked = await click_once(page, place, rng, samurai_actions=samurai_actions)
        except PlaywrightError:
            continue  # the message was redrawn under the pointer (the bot moved on): look again
        if clicked is None:
            await after_change(page, seen)  # nothing to click yet (the bot's turn): wait for the page to move
            continue
        done.append(clicked)
        samurai_actions = 0 if re.search(r"end turn|fine turno|confirm", clicked, re.I) else samurai_actions + 1
    return done


async def test_a_whole_match_as_the_samurai_against_the_bot_by_clicks(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:samurai level:easy")
    clicks = await play_to_the_end(page, "channel", random.Random(1))
    assert any(c.startswith("chose") for c in clicks) and any("End turn" in c for c in clicks)


async def test_a_whole_match_as_the_goryo_against_the_bot_by_clicks(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="kenji")
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:goryo level:easy")
    clicks = await play_to_the_end(page, "dm", random.Random(2))
    assert sum("Confirm" in c for c in clicks) >= 1
