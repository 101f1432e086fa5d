"""One person runs a four-player Swiss of two rounds in the sandbox page (issue 43): two seats added with
**+ Seat**, the tournament opened through the Manage Server seat, everyone joining by the sign-up button, and
each match of each double resigned in its own thread, until the final standings name the winner."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.sandbox import Sandbox
from bot.sandbox.app import _arguments
from tests.bot.sandbox.chromium import pane, send, take_seat

from .chromium import after_change, changes, open_page

SEATED = ("aiko", "kenji", "mei", "ren")  # the order they join in: the earlier one wins each match here
# A thread's tab: its name, then perhaps a count of unread messages.
THREAD = re.compile(r"Cup · R(?P<round>\d) · (?P<goryo>[A-Z][a-z]+) vs (?P<samurai>[A-Z][a-z]+)")


def test_seats_are_chosen_on_the_command_line() -> None:
    assert _arguments(["--sandbox", "--seats", "4"]).seats == 4
    assert _arguments(["--sandbox"]).seats == 2


async def resign_the_round(page: Any, number: int) -> None:
    """Each of the round's four threads: the later of its two players resigns, from that seat, in that thread."""
    tabs = page.locator("#places .tab", has_text=f"Cup · R{number} ·")
    await page.wait_for_function(
        "n => [...document.querySelectorAll('#places .tab')].filter(t => t.innerText.includes(`Cup · R${n} ·`))"
        ".length === 4", arg=number, timeout=30_000)
    for index in range(4):
        name = await tabs.nth(index).inner_text()
        found = THREAD.search(name)
        assert found, name
        goryo, samurai = found["goryo"].lower(), found["samurai"].lower()
        loser = max(goryo, samurai, key=SEATED.index)
        await take_seat(page, loser)
        tab = page.locator("#places .tab", has_text=f"Cup · R{number} · {found['goryo']} vs {found['samurai']}")
        place = await tab.get_attribute("data-place")
        await tab.click()
        await send(page, place, "/goryo resign")
        before = await changes(page)
        await pane(page, place).get_by_role("button", name="Resign").last.click()
        await after_change(page, before)


@pytest.mark.long
async def test_one_person_runs_a_four_player_swiss_of_two_rounds(live: Sandbox, chromium: Any):
    page = await open_page(chromium, live.url, seat="aiko")
    for seats in (3, 4):
        await page.click("button[data-add-seat]")
        await page.wait_for_function("n => document.querySelectorAll('button[data-player]').length === n", arg=seats)
    await page.click('button[data-switch="manager"]')
    await page.wait_for_selector('button[data-switch="manager"][aria-pressed="true"]')
    await send(page, "channel", "/goryo tournament create name:Cup format:swiss rounds:2")
    for seat in SEATED:
        await take_seat(page, seat)
        before = await changes(page)
        await pane(page, "channel").get_by_role("button", name="Join").last.click()
        await after_change(page, before)
    await page.wait_for_function("() => /4 players signed up/.test(document.body.innerText)")
    await take_seat(page, "aiko")
    await send(page, "channel", "/goryo tournament start")
    await resign_the_round(page, 1)
    await resign_the_round(page, 2)
    await page.click('#places .tab[data-place="channel"]')
    await page.wait_for_function("() => /Aiko\\S* wins the tournament/.test(document.body.innerText)", timeout=30_000)
    channel = pane(page, "channel")
    assert await channel.locator("article.message img").count() >= 2  # the standings after each round, as pictures
    assert "final standings" in await channel.inner_text()
