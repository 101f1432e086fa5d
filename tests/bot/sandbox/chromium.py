"""The sandbox page in a real browser: Playwright for Python driving Debian's Chromium (issue 35).

Playwright's own browser download is not used: ``GORYO_CHROMIUM`` names a Chromium, else
``/usr/bin/chromium`` (Debian's ``chromium`` package), else a ``chromium`` on PATH. Without one the
browser tests fail, saying how to install it: they are never skipped.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError

INSTALL = ("no Chromium for the browser tests: install Debian's package (apt-get install -y chromium), "
           "or set GORYO_CHROMIUM to a Chromium or Chrome executable")
# Counts every change to the page's messages, so a test can wait for the page to move rather than for a time.
WATCH_CHANGES = """
window.__changes = 0;
addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => { window.__changes += 1; })
    .observe(document.getElementById("panes"),
             { childList: true, subtree: true, characterData: true, attributes: true });
});
"""


def chromium_executable() -> str:
    for candidate in (os.environ.get("GORYO_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail(INSTALL, pytrace=False)


@pytest.fixture
async def chromium() -> AsyncIterator[Any]:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.fail("the browser tests need Playwright for Python: pip install -e '.[test]'", pytrace=False)
    executable = chromium_executable()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield browser
        finally:
            await browser.close()


async def open_page(chromium: Any, url: str, *, width: int = 1366, height: int = 768, seat: str | None = None) -> Any:
    context = await chromium.new_context(viewport={"width": width, "height": height})
    page = await context.new_page()
    await page.add_init_script(WATCH_CHANGES)
    await page.goto(url + (f"&as={seat}" if seat else ""))
    await page.wait_for_selector("button.player")
    return page


async def changes(page: Any) -> int:
    return int(await page.evaluate("window.__changes"))


async def after_change(page: Any, before: int) -> None:
    """Wait until the page's messages changed since ``before`` (the sandbox pushed what the bot did), and the
    answer to a press or a command is drawn whole: no pane is busy (aria-busy). Acting on what the page shows
    halfway through an answer would act on controls about to go."""
    await page.wait_for_function("before => window.__changes > before && !document.querySelector('[aria-busy=true]')",
                                 arg=before, timeout=30_000)


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
    # The newest messages but private replies (a refusal can come after the board with the live controls).
    messages = pane(page, place).locator("article.message:not(.ephemeral)")
    for index in reversed(range(max(0, await messages.count() - 3), await messages.count())):
        message = messages.nth(index)
        menus = message.locator("select:not([disabled])")
        buttons = message.locator("button.button:not([disabled])")
        labels = [text.strip() for text in await buttons.all_inner_texts()]
        finish = next((i for i, label in enumerate(labels) if re.search(r"confirm|preview|conferma|anteprima",
                                                                          label, re.IGNORECASE)), None)
        end = next((i for i, label in enumerate(labels) if re.search("(?i)end turn|fine turno", label)), None)
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


async def plan_her_path(page: Any, rng: random.Random) -> None:
    """As the Goryō, in her DMs: her path by the builder's menus, then Preview and Confirm, until the channel hears."""
    planned = "() => /has planned her path/.test(document.querySelector('.pane[data-place=channel]').innerText)"
    while True:
        seen = await changes(page)  # before looking, so a change while we look is not missed
        if await page.evaluate(planned):
            return
        with contextlib.suppress(PlaywrightError):  # redrawn under the pointer: look again
            if await click_once(page, "dm", rng, samurai_actions=0) is None:
                await after_change(page, seen)


# Issue 35: at a phone's size and a laptop's, the newest board's whole picture, the line under it (the embed's
# footer: what the next action needs) and every row of its panel are in view together, the page scrolled to the
# newest message as it opens; the same for her board and her path builder in her DMs.
GLANCE_SIZES = [pytest.param(360, 780, id="phone"), pytest.param(1366, 768, id="laptop")]


DESKTOP_BOX = (400, 300)  # px: where Discord's desktop client draws an embed's image (render.geometry.DESKTOP_BOX)


# Whether the newest message in a place with a picture in its embed and a panel has a footer matching a pattern.
NEWEST_BOARD_SAYS = """([place, footer]) => {
  const boards = [...document.querySelectorAll(`.pane[data-place="${place}"] article.message`)]
    .filter((m) => m.querySelector('.embed .image img') && m.querySelector('.row'));
  const last = boards[boards.length - 1];
  return Boolean(last) && new RegExp(footer).test(last.querySelector('.embed-footer')?.innerText || '');
}"""


# Whether her builder's words (her path so far) have changed from ``said``.
BUILDER_MOVED_ON = """(said) => {
  const messages = [...document.querySelectorAll('.pane[data-place="dm"] article.message')]
    .filter((m) => m.querySelector('.embed .image img') && m.querySelector('.row'));
  const text = messages[messages.length - 1]?.querySelector('.text')?.innerText;
  return text !== undefined && text !== said;
}"""


async def newest_board(page: Any, place: str, footer: str) -> Any:
    """The newest message in ``place`` with a picture in its embed and a footer matching ``footer``, once drawn."""
    with contextlib.suppress(PlaywrightError):  # on a timeout, the assertion below says what the place shows
        await page.wait_for_function(NEWEST_BOARD_SAYS, arg=[place, footer], timeout=60_000)
    footers = await pane(page, place).locator("article.message .embed-footer").all_inner_texts()
    assert footers and re.search(footer, footers[-1]), (footers, await pane(page, place).inner_text())
    await page.wait_for_function("() => [...document.images].every((img) => img.complete && img.naturalHeight)")
    boards = pane(page, place).locator("article.message").filter(has=page.locator(".embed .image img"))
    return boards.last


async def assert_at_one_glance(page: Any, place: str, message: Any, width: int, height: int) -> None:
    # Discord shows an attachment that an embed uses once, inside the embed, between its fields and its footer.
    assert await message.locator("img").count() == 1
    order = await message.evaluate("""(m) => [...m.querySelectorAll('.field, .embed .image img, .embed-footer, .row')]
        .map((node) => node.matches('.field') ? 'field' : node.matches('img') ? 'picture'
                      : node.matches('.embed-footer') ? 'footer' : 'row')""")
    assert order.index("picture") > max(i for i, kind in enumerate(order) if kind == "field"), order
    assert order.index("footer") == order.index("picture") + 1 and order[order.index("footer") + 1:] == \
        ["row"] * (len(order) - order.index("footer") - 1), order
    shown = await pane(page, place).locator(".messages").bounding_box()  # the scrolling list's visible part
    assert shown is not None
    top, bottom = max(shown["y"], 0), min(shown["y"] + shown["height"], height)
    parts = [message.locator(".embed .image img"), message.locator(".embed-footer"),
             message.locator(".row").first, message.locator(".row").last]
    for part in parts:
        box = await part.bounding_box()
        assert box is not None
        assert top - 0.5 <= box["y"] and box["y"] + box["height"] <= bottom + 0.5, (await part.inner_text(), box,
                                                                                      top, bottom)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
    # What a screen reader reads for the picture is its description, as in Discord (issue 45).
    alt = await message.locator(".embed .image img").get_attribute("alt")
    assert alt and "Samurai" in alt and len(alt) <= 1024, alt
    if width > DESKTOP_BOX[0] * 2:
        # On a computer the picture is drawn within Discord's embed image box (issue 45), as the legibility test
        # measures it: the portrait board fills its height.
        picture = await message.locator(".embed .image img").bounding_box()
        assert picture is not None
        assert picture["width"] <= DESKTOP_BOX[0] + 0.5 and abs(picture["height"] - DESKTOP_BOX[1]) <= 0.5, picture
