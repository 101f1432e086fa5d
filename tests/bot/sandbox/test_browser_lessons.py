"""The lesson and the sandbox's own words in Chromium (issue 42): a step's question, its board and its controls in
view together on a phone and a laptop; the page naming the lesson; links and picks as Discord draws them."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import rules
from bot.play.lessons import step_question
from bot.sandbox import Sandbox
from bot.text import lessons as script
from locales import speaking
from tests.bot.sandbox.chromium import (
    BUILDER_MOVED_ON,
    GLANCE_SIZES,
    assert_at_one_glance,
    newest_board,
    pane,
    plan_her_path,
    send,
    take_seat,
)

from .chromium import after_change, changes, open_page


def question(role: rules.Side, step: int, language: str) -> str:
    with speaking(language):
        return step_question(script.LESSONS[role], step)


async def speak_italian(page: Any) -> None:
    await page.click('button[data-switch="language"]')
    await page.wait_for_selector('button[data-switch="language"][aria-pressed="true"]')


async def pick_first(board: Any, page: Any, value: str) -> None:
    before = await changes(page)
    await board.locator("select").first.select_option(value)
    await after_change(page, before)


@pytest.mark.parametrize(("width", "height"), GLANCE_SIZES)
@pytest.mark.parametrize("role", list(rules.Side))
async def test_a_lesson_steps_question_board_and_controls_are_in_view_together(
        live: Sandbox, chromium: Any, width: int, height: int, role: rules.Side):
    """The line right above the step's menus asks what to pick (as a match's line under its board), and the
    picture, that line and every row of controls are on screen at once, the page scrolled to the step."""
    page = await open_page(chromium, live.url, seat="kenji", width=width, height=height)
    if width < 900:  # a phone shows one place at a time: the DMs are a tab
        await page.locator('#places .tab[data-place="dm"]').click()
    await send(page, "dm", f"/goryo learn role:{role.value}")
    board = await newest_board(page, "dm", "^" + re.escape(question(role, 0, "en")) + "$")
    await assert_at_one_glance(page, "dm", board, width, height)
    assert question(role, 0, "en") not in await board.locator(".text").first.inner_text()  # not at the top too
    first = "B1" if role is rules.Side.GORYO else "green:A2"
    await pick_first(board, page, first)
    board = await newest_board(page, "dm", "^" + re.escape(question(role, 1, "en")) + "$")
    await assert_at_one_glance(page, "dm", board, width, height)
    if role is rules.Side.GORYO:  # on to her builder at its tallest: the False Trail's menus, Back and Preview
        for space in ("C1", "C2", "D2", "D1", "E1"):
            said = await board.locator(".text").first.inner_text()
            await board.locator("select").first.select_option(space)
            await page.wait_for_function(BUILDER_MOVED_ON, arg=said)
            board = pane(page, "dm").locator("article.message").filter(has=page.locator(".embed .image img")).last
        board = await newest_board(page, "dm", "^" + re.escape(question(role, 4, "en")) + "$")
        assert await board.locator(".row").count() >= 3
        await assert_at_one_glance(page, "dm", board, width, height)


async def test_an_italian_lesson_asks_in_italian_right_above_its_menus(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko", width=360, height=780)
    await speak_italian(page)
    await page.locator('#places .tab[data-place="dm"]').click()
    await send(page, "dm", "/goryo learn role:samurai")
    asked = question(rules.Side.SAMURAI, 0, "it")
    assert asked.startswith("Attiva il Verde: in Passo…")
    board = await newest_board(page, "dm", "^" + re.escape(asked) + "$")
    await assert_at_one_glance(page, "dm", board, 360, 780)


async def test_the_page_names_the_lesson_and_draws_links_and_picks_as_discord_does(live: Sandbox,
                                                                                           chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    guide = page.locator("#guide")
    if not await guide.evaluate("g => g.open"):  # a newcomer at an empty table finds it open already
        await page.click("#guide-button")
    await guide.locator("code", has_text="/goryo learn").first.wait_for(state="visible")
    # Aiko plans as the Goryō against Kenji with her builder; then Kenji picks from the Samurai's menu.
    await send(page, "channel", "/goryo challenge opponent:@Kenji role:goryo")
    await take_seat(page, "kenji")
    await pane(page, "channel").get_by_role("button", name="Accept").last.click()
    await take_seat(page, "aiko")
    await plan_her_path(page, random.Random(5))
    await take_seat(page, "kenji")
    menu = pane(page, "channel").locator("article.message select").filter(
        has=page.locator("option", has_text="Move…")).last
    await menu.wait_for()
    value, shown = await menu.locator("option").nth(1).evaluate("o => [o.value, o.textContent.trim()]")
    label = shown.split(" — ")[0]  # the page shows an option's label, then its description
    before = await changes(page)
    await menu.select_option(value)
    await after_change(page, before)
    invoked = pane(page, "channel").locator(".invoked", has_text="chose")
    await invoked.last.wait_for()
    said = await invoked.last.inner_text()
    assert f"chose “{label}”" in said and value not in said, said
    await send(page, "dm", "/goryo games")
    listing = pane(page, "dm").locator("article.message").last
    await listing.wait_for()
    text = await listing.inner_text()
    assert "#goryo-table" in text and "discord.com/channels" not in text, text
