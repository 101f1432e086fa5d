"""The sandbox as a newcomer meets it (issue 42): seats that stay who they are across a restart, dates in the seat's
language, channel links and menu picks drawn as a Discord client draws them, and the lesson named on the page."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

import rules
from bot.sandbox import Sandbox
from bot.sandbox.server import STATIC

from .conftest import SEED, Browser, aiko_plans_round_one

ITALIAN_MONTHS = ("gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre")
ENGLISH_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December")


async def pick(browser: Browser, who: str, place: str, placeholder: str, value: str) -> dict[str, Any]:
    """Pick ``value`` in the newest menu whose placeholder starts with ``placeholder``, as the page does."""
    for message in reversed(await browser.messages(who, place)):
        for row in message["rows"]:
            for item in row:
                if item["kind"] == "select" and item["placeholder"].startswith(placeholder) and not item["disabled"]:
                    body = {"as": who, "place": place, "message": message["id"], "customId": item["customId"],
                            "values": [value]}
                    return await browser._post("/api/press", body)
    raise AssertionError(f"{who} sees no {placeholder!r} menu in {place}")


async def started_twice(database: Path, drawing: Any) -> AsyncIterator[tuple[int, Sandbox, Browser]]:
    """The sandbox started, stopped and started again on one database: each run's number, and a browser on it."""
    for run in range(2):
        async with Sandbox(database=database, seed=SEED, drawing=drawing) as sandbox, \
                aiohttp.ClientSession() as session:
            yield run, sandbox, Browser(session, sandbox)


async def test_a_seat_is_the_same_user_after_a_restart_so_its_lesson_resumes(tmp_path, drawing):
    seen = []
    async for run, sandbox, browser in started_twice(tmp_path / "kept.sqlite3", drawing):
        seen.append({key: player.member.id for key, player in sandbox.world.players.items()})
        if run == 0:
            assert (await browser.command("kenji", "dm", "/goryo learn role:goryo"))["ok"]
            assert (await pick(browser, "kenji", "dm", "Start on…", "B1"))["ok"]
            assert (await browser.messages("kenji", "dm"))[-1]["content"].startswith("**Lesson** · step 2 of")
        else:
            assert (await browser.command("kenji", "dm", "/goryo learn"))["ok"]
            offer = (await browser.messages("kenji", "dm"))[-1]
            assert "stands at step 2 of" in offer["content"], offer["content"]
            assert (await browser.press("kenji", "dm", "Resume"))["ok"]
            assert (await browser.messages("kenji", "dm"))[-1]["content"].startswith("**Lesson** · step 2 of")
    assert seen[0] == seen[1]


async def test_a_seat_added_with_plus_seat_is_the_same_user_after_a_restart(tmp_path, drawing):
    """Added after the simulated clock moved to today's date, unlike the first seats: still the same id."""
    seen = []
    async for run, sandbox, browser in started_twice(tmp_path / "kept.sqlite3", drawing):
        added = await browser._post("/api/seat", {})
        assert added == {"ok": True, "seat": "mei"}
        seen.append(sandbox.world.players["mei"].member.id)
        if run == 0:
            assert (await browser.command("mei", "channel", "/goryo challenge opponent:@Goryō level:easy"))["ok"]
        else:  # her match, found again: she is the same user
            assert (await browser.command("mei", "channel", "/goryo games"))["ok"]
            listed = (await browser.messages("mei", "channel"))[-1]["content"]
            assert "#goryo-table" in listed, listed
    assert seen[0] == seen[1]


async def test_dates_read_in_the_seats_language(sandbox, browser: Browser):
    await sandbox.world.set_language("kenji", "it")
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji"))["ok"]
    italian, english = [[m["content"] for m in await browser.messages(who, "channel") if "@Kenji" in m["content"]][-1]
                        for who in ("kenji", "aiko")]
    assert "tra 15 minuti" in italian and "in 15 minutes" not in italian, italian  # as Discord's client draws it
    assert "in 15 minutes" in english, english
    assert (await browser.press("kenji", "channel", "Decline"))["ok"]
    assert (await browser.command("kenji", "channel", "/goryo challenge opponent:@Goryō role:goryo"))["ok"]
    assert (await browser.command("kenji", "channel", "/goryo games"))["ok"]  # "your turn, until <date>"
    listed = (await browser.messages("kenji", "channel"))[-1]["content"]
    assert re.search(rf"\d{{1,2}} ({ITALIAN_MONTHS}) \d{{4}} \d\d:\d\d", listed), listed
    assert not re.search(ENGLISH_MONTHS, listed), listed


async def test_games_draws_channel_links_as_channel_names(sandbox, browser: Browser):
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Goryō level:easy"))["ok"]
    assert (await browser.command("aiko", "dm", "/goryo games"))["ok"]
    listed = (await browser.messages("aiko", "dm"))[-1]["content"]
    assert "#goryo-table" in listed and "discord.com/channels" not in listed, listed
    assert (await browser.command("aiko", "channel", "/goryo learn"))["ok"]
    pointed = (await browser.messages("aiko", "channel"))[-1]["content"]  # "your lesson is waiting in your DMs"
    assert pointed.endswith("Direct messages > message"), pointed


async def test_a_menu_pick_is_drawn_by_the_options_label(sandbox, browser: Browser):
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo"))["ok"]
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]
    await aiko_plans_round_one(browser, rules.new_game(SEED))
    menu = next(item for message in reversed(await browser.messages("kenji", "channel")) for row in message["rows"]
                for item in row if item["kind"] == "select" and item["placeholder"].startswith("Move…"))
    option = menu["options"][0]
    assert option["label"] != option["value"]  # "Green → C2" against "green:C2"
    assert (await pick(browser, "kenji", "channel", "Move…", option["value"]))["ok"]
    said = [m["invokedWith"] for m in await browser.messages("kenji", "channel") if m["invokedWith"]]
    assert f"chose “{option['label']}”" in said, said
    assert not any(option["value"] in text for text in said), said


def test_how_to_play_names_the_lesson():
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    guide = page[page.index('<details id="guide">'):page.index("</details>")]
    assert "<code>/goryo learn</code>" in guide
