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

from ai.levels import LEVELS
from bot.sandbox import Sandbox
from tests.bot.sandbox.chromium import (
    BUILDER_MOVED_ON,
    GLANCE_SIZES,
    after_change,
    assert_at_one_glance,
    changes,
    click_once,
    newest_board,
    open_page,
    pane,
    plan_her_path,
    send,
    take_seat,
)
from tests.bot.sandbox.conftest import SEED

# Where the test types while the bot plays, its turn must outlast the typing on a busy machine.
TYPING_PAUSE = "1"
OVER = re.compile(r"\b(wins?|win)\b|vince", re.IGNORECASE)


@pytest.fixture
async def paced(tmp_path, monkeypatch, drawing) -> AsyncIterator[Sandbox]:
    monkeypatch.setenv("GORYO_AI_PAUSE", TYPING_PAUSE)
    async with Sandbox(database=tmp_path / "sandbox.sqlite3", seed=SEED, drawing=drawing) as running:
        yield running


async def play_to_the_end(page: Any, place: str, rng: random.Random) -> list[str]:
    """Click in ``place`` until a message says who won; every click made."""
    done: list[str] = []
    samurai_actions = 0
    while True:
        seen = await changes(page)  # before looking, so a change while we look is not missed
        if any(OVER.search(text) for text in await pane(page, "channel").locator(".message").all_inner_texts()):
            return done
        assert len(done) < 300, done[-20:]
        try:
            clicked = await click_once(page, place, rng, samurai_actions=samurai_actions)
        except PlaywrightError:
            continue  # the message was redrawn under the pointer (the bot moved on): look again
        if clicked is None:
            await after_change(page, seen)  # nothing to click yet (the bot's turn): wait for the page to move
            continue
        done.append(clicked)
        samurai_actions = 0 if re.search("(?i)end turn|fine turno|confirm", clicked) else samurai_actions + 1


@pytest.mark.long
async def test_a_whole_match_as_the_samurai_against_the_bot_by_clicks(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:samurai level:easy")
    clicks = await play_to_the_end(page, "channel", random.Random(1))
    assert any(c.startswith("chose") for c in clicks) and any("End turn" in c for c in clicks)


@pytest.mark.long
async def test_a_whole_match_as_the_goryo_against_the_bot_by_clicks(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="kenji")
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:goryo level:easy")
    clicks = await play_to_the_end(page, "dm", random.Random(2))
    assert sum("Confirm" in c for c in clicks) >= 1


# Records, on every change, how many of the bot's Samurai actions the table channel shows.
COUNT_STEPS = """() => {
  window.__steps = [];
  const told = /^The (green|purple|red|blue) Samurai /i;
  const count = () => [...document.querySelectorAll('.pane[data-place="channel"] article.message .text')]
    .filter((node) => told.test(node.innerText)).length;
  new MutationObserver(() => {
    const now = count();
    if (window.__steps[window.__steps.length - 1] !== now) window.__steps.push(now);
  }).observe(document.getElementById("panes"), { childList: true, subtree: true, characterData: true });
}"""


@pytest.mark.long
async def test_the_bots_turn_arrives_action_by_action_and_the_page_stays_usable(paced: Sandbox, chromium: Any):
    page = await open_page(chromium, paced.url, seat="kenji")
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:goryo level:easy")
    await page.evaluate(COUNT_STEPS)
    rng = random.Random(3)
    await plan_her_path(page, rng)
    # Meanwhile the composer answers at once: the page is not frozen while the bot plays.
    await send(page, "channel", "/goryo help")
    await pane(page, "channel").locator("article.ephemeral").first.wait_for()
    during = await page.evaluate("window.__steps[window.__steps.length - 1] || 0")
    await page.wait_for_function("() => /Her path was|\\bwins?\\b/.test(document.body.innerText)", timeout=60_000)
    steps = await page.evaluate("window.__steps")
    seen = sorted(set(steps) - {0})
    assert len(seen) >= 3, steps  # at least three separate moments, each showing one more action
    assert during < steps[-1], (during, steps)  # the help came while the bot's turn was still being played


# Records each time a pane becomes busy or stops being busy, and how many private answers it shows then.
WATCH_BUSY = """() => {
  window.__busy = [];
  new MutationObserver((records) => {
    for (const record of records) {
      window.__busy.push([record.target.getAttribute('aria-busy'),
                          record.target.querySelectorAll('article.ephemeral').length]);
    }
  }).observe(document.getElementById("panes"), { attributes: true, subtree: true, attributeFilter: ["aria-busy"] });
}"""


async def test_a_pane_is_busy_from_a_command_until_the_answer_to_it_is_drawn(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await page.evaluate(WATCH_BUSY)
    await send(page, "channel", "/goryo help")
    # Busy as it went out, before any answer; no longer busy only once the private answer is on the page.
    assert await page.evaluate("window.__busy") == [["true", 0], [None, 1]]
    assert await pane(page, "channel").get_attribute("aria-busy") is None


async def test_on_a_phone_nothing_overflows_and_the_panel_and_composer_are_in_view(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko", width=360, height=780)
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:samurai level:easy")
    panel = pane(page, "channel").locator("article.message").last.locator("select").first
    await panel.wait_for()
    await page.wait_for_function("() => [...document.images].every((img) => img.complete)")
    widths = await page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1] == 360, widths
    wide = await page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((node) => node.offsetParent && node.getBoundingClientRect().right > innerWidth + 0.5)
        .map((node) => node.tagName + '.' + node.className)""")
    assert wide == []
    composer = pane(page, "channel").locator(".composer")
    for locator in (panel, composer.locator("input"), composer.locator("button[type=submit]")):
        box = await locator.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 780 and box["x"] + box["width"] <= 360, box
    board = pane(page, "channel").locator("article.message img").last
    box = await board.bounding_box()
    assert box and box["y"] + box["height"] > 0 and box["y"] < 780  # the latest board is (at least partly) in view


async def test_threads_and_two_matches_in_one_channel_through_the_manage_server_seat(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await send(page, "channel", "/goryo settings threads:True")
    await page.wait_for_function("() => /needs the Manage Server permission/.test(document.body.innerText)")
    await page.click('button[data-switch="manager"]')
    await page.wait_for_selector('button[data-switch="manager"][aria-pressed="true"]')
    await send(page, "channel", "/goryo settings threads:True")
    await page.wait_for_function("() => /each match is played in a thread of its own/.test(document.body.innerText)")
    # Two matches in the one channel, each in a thread of its own: Aiko challenges Kenji, then Kenji Aiko.
    for challenger, challenged, name in (("aiko", "kenji", "@Kenji"), ("kenji", "aiko", "@Aiko")):
        await take_seat(page, challenger)
        await send(page, "channel", f"/goryo challenge opponent:{name} role:goryo")
        await take_seat(page, challenged)
        accept = pane(page, "channel").get_by_role("button", name="Accept").last
        await accept.click()
    await page.wait_for_function("() => document.querySelectorAll('#places .tab').length === 3")
    tabs = await page.locator("#places .tab").all_inner_texts()
    assert sum("🧵" in tab for tab in tabs) == 2, tabs
    await page.locator("#places .tab", has_text="Kenji vs Aiko").click()
    thread = page.locator('.pane[data-place^="thread-"]:not([hidden])')
    await thread.locator("article.message").first.wait_for()  # the match's messages, in its thread
    assert "Kenji vs Aiko" in await thread.locator("h2").inner_text()
    await page.click('#places .tab[data-place="channel"]')
    await send(page, "channel", "/goryo games")
    await page.wait_for_function("() => (document.body.innerText.match(/vs/g) || []).length >= 4")


async def test_italian_command_and_option_names_are_accepted(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="kenji")
    await page.click('button[data-switch="language"]')
    await page.wait_for_selector('button[data-switch="language"][aria-pressed="true"]')
    await send(page, "channel", "/goryo sfida avversario:@Goryō ruolo:goryo livello:facile")
    dm = pane(page, "dm")
    await dm.locator("article.message").first.wait_for()
    await send(page, "dm", "/goryo aiuto")
    assert "Samurai" in await dm.locator("article.message").last.inner_text()
    problems = await page.locator(".problem").all_inner_texts()
    assert not any(text.strip() for text in problems), problems


async def test_the_guide_names_the_levels_the_bot_offers(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await page.click("#guide-button")
    guide = await page.locator("#guide").inner_text()
    assert f"/goryo challenge opponent:@Goryō level:{LEVELS[0]} (levels {', '.join(LEVELS)})" in guide


async def test_a_reload_keeps_the_seat_and_each_seats_draft(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await pane(page, "channel").locator("input").fill("/goryo help topic:rules")
    await take_seat(page, "kenji")
    assert await pane(page, "channel").locator("input").input_value() == ""
    await pane(page, "channel").locator("input").fill("/goryo board")
    await page.reload()
    await page.wait_for_selector('button[data-player="kenji"][aria-pressed="true"]')
    assert await pane(page, "channel").locator("input").input_value() == "/goryo board"
    await take_seat(page, "aiko")
    assert await pane(page, "channel").locator("input").input_value() == "/goryo help topic:rules"


async def test_a_menu_choice_the_bot_refuses_goes_back_to_what_the_menu_showed(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    await send(page, "channel", "/goryo challenge opponent:@Kenji role:goryo")
    await take_seat(page, "kenji")
    await pane(page, "channel").get_by_role("button", name="Accept").last.click()
    await take_seat(page, "aiko")
    rng = random.Random(4)
    await plan_her_path(page, rng)
    # Aiko, the Goryō, picks from the Samurai's menu: the bot refuses her, privately, and the menu shows its
    # placeholder again rather than a move nobody made.
    menu = pane(page, "channel").locator("article.message select").first
    await menu.wait_for()
    value = (await menu.locator("option").evaluate_all("all => all.map(o => o.value)"))[1]
    before = await changes(page)
    await menu.select_option(value)
    await after_change(page, before)
    await pane(page, "channel").locator("article.ephemeral").last.wait_for()
    await page.wait_for_function("() => document.querySelector('.pane[data-place=channel] article.message select')"
                                 ".value === ''")


@pytest.mark.parametrize(("width", "height"), GLANCE_SIZES)
async def test_the_samurai_see_the_whole_board_the_next_action_and_the_panel_at_once(
        live: Sandbox, chromium: Any, width: int, height: int):
    page = await open_page(chromium, live.url, seat="aiko", width=width, height=height)
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:samurai level:easy")
    board = await newest_board(page, "channel", "6 actions left of 6")
    await assert_at_one_glance(page, "channel", board, width, height)
    # After an answer the line is at its longest (the answer, the actions left, who may still act).
    sniff = board.locator("select").filter(has=page.locator("option", has_text="Sniff…"))
    value = (await sniff.locator("option").evaluate_all("all => all.map(o => o.value).filter(Boolean)"))[0]
    await sniff.select_option(value)
    board = await newest_board(page, "channel", "^Last answer: .* · 5 actions left of 6 · .* may still act$")
    await assert_at_one_glance(page, "channel", board, width, height)


@pytest.mark.parametrize(("width", "height"), GLANCE_SIZES)
async def test_the_goryo_sees_her_whole_board_what_to_do_and_her_builder_at_once(
        live: Sandbox, chromium: Any, width: int, height: int):
    page = await open_page(chromium, live.url, seat="kenji", width=width, height=height)
    await send(page, "channel", "/goryo challenge opponent:@Goryō role:goryo level:easy")
    if width < 900:  # a phone shows one place at a time: her DMs are a tab
        await page.locator('#places .tab[data-place="dm"]').click()
    board = await newest_board(page, "dm", "choose the space you start on")
    await assert_at_one_glance(page, "dm", board, width, height)
    start = board.locator("select").first
    await start.select_option((await start.locator("option").evaluate_all(
        "all => all.map(o => o.value).filter(Boolean)"))[0])
    board = await newest_board(page, "dm", "build your path step by step")
    await assert_at_one_glance(page, "dm", board, width, height)
    # Step on until her path is whole: the builder at its tallest (next step, False Trail, Back and Preview).
    for _ in range(8):
        if await board.get_by_role("button", name="Preview").count():
            break
        said = await board.locator(".text").first.inner_text()  # its words, before its embed
        step = board.locator("select").first
        await step.select_option((await step.locator("option").evaluate_all(
            "all => all.map(o => o.value).filter(Boolean)"))[0])
        await page.wait_for_function(BUILDER_MOVED_ON, arg=said)
        board = await newest_board(page, "dm", "build your path step by step")
    assert await board.get_by_role("button", name="Preview").count() and await board.locator(".row").count() >= 3
    await assert_at_one_glance(page, "dm", board, width, height)


FOCUSED = """() => {
  const at = document.activeElement;
  if (!at || at === document.body) return 'body';
  if (at.tagName === 'INPUT') return 'input:' + (at.closest('.pane')?.dataset.place || '');
  if (at.tagName === 'SELECT') return 'select:' + [...at.options].map((o) => o.text).join('|');
  return at.tagName.toLowerCase() + ':' + (at.innerText || '');
}"""


async def tab_to(page: Any, wanted: str, most: int = 80) -> None:
    """Press Tab until the focused element's description contains ``wanted``."""
    for _ in range(most):
        if wanted in await page.evaluate(FOCUSED):
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {wanted!r}; it is on {await page.evaluate(FOCUSED)!r}")


async def test_a_samurai_plays_with_the_keyboard_alone(live: Sandbox, chromium: Any):
    """Keyboard-only play (issue 45): Tab to the composer, type a command, Enter; Tab to the panel's menu and
    choose with the arrow keys; the board answers as it does to a click."""
    page = await open_page(chromium, live.url, seat="aiko")
    await tab_to(page, "input:channel")
    before = await changes(page)
    await page.keyboard.type("/goryo challenge opponent:@Goryō role:samurai level:easy")
    await page.keyboard.press("Enter")
    await after_change(page, before)
    await newest_board(page, "channel", "6 actions left of 6")
    await tab_to(page, "Sniff…")
    await page.keyboard.press("ArrowDown")
    await newest_board(page, "channel", "^Last answer: .* · 5 actions left of 6")
    # The answered board was replaced by the new one: the focus goes to its panel, not back to the page's top.
    await page.wait_for_function("() => document.activeElement?.tagName === 'SELECT'")
    await tab_to(page, "Move…")
    await page.keyboard.press("ArrowDown")
    await newest_board(page, "channel", "^Last answer: .* · 4 actions left of 6")
