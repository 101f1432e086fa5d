"""The sandbox drives the real bot through its own page API: one person plays both sides."""

from __future__ import annotations

import asyncio
import itertools
import re
from typing import Any

import aiohttp
import pytest

import rules
from tests.bot.sandbox.conftest import SEED, Browser, aiko_plans_round_one, opened_png


def board_picture(message: dict) -> str:
    """The URL of a board message's picture: inside its facts' embed, as Discord shows an attachment an embed
    uses (issue 35), and not shown again among the message's attachments."""
    [embed] = message["embeds"]
    assert embed["image"] and embed["footer"] and message["attachments"] == [], message
    return embed["image"]


async def test_one_person_plays_both_sides_and_the_board_arrives(sandbox, browser: Browser, tmp_path):
    game = rules.new_game(SEED)

    # People, not roles, before a match; once it starts each is labelled with the side they play.
    assert ([(p["name"], p["role"]) for p in (await browser.state("aiko"))["players"]]
            == [("Aiko", None), ("Kenji", None)])
    challenged = await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo")
    assert challenged == {"ok": True, "notices": [], "refused": False}
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]
    players = (await browser.state("kenji"))["players"]
    assert [(p["name"], p["role"]) for p in players] == [("Aiko", "Goryō"), ("Kenji", "Samurai")]

    # The Goryō's private board came by DM, as a real PNG; Kenji, the Samurai, has no DMs at all.
    goryo_dms = await browser.messages("aiko", "dm")
    opened_png(await browser.image(board_picture(goryo_dms[-1])))
    assert await browser.messages("kenji", "dm") == []

    game = await aiko_plans_round_one(browser, game)

    before = await browser.messages("kenji", "channel")
    [live_before] = [m for m in before if "planned her path" in m["content"]]
    picture_before = await browser.image(board_picture(live_before))
    move = next(action for action in rules.legal_samurai_actions(game) if isinstance(action, rules.Move))
    typed = f"/goryo move samurai:{move.samurai.value} to:{rules.space_name(move.to)}"
    assert await browser.command("kenji", "channel", typed) == {"ok": True, "notices": [], "refused": False}

    after = await browser.messages("kenji", "channel")
    reply, live_after = after[-2:]
    assert len(after) == len(before) + 2 and reply["invokedWith"] == f"used {typed}"
    # The move's words are a new message, and the turn's board is posted anew below them (issue 23):
    # the ping keeps its words but gives up its picture and panel.
    assert reply["attachments"] == [] and "moves from" in reply["content"]
    [ping] = [m for m in after if "planned her path" in m["content"]]
    assert ping["id"] == live_before["id"] and ping["attachments"] == ping["embeds"] == ping["rows"] == []
    assert live_after["rows"] and live_after["id"] != live_before["id"]
    board = opened_png(await browser.image(board_picture(live_after)))
    assert board.width >= 400 and board.height >= 300
    assert picture_before != await browser.image(board_picture(live_after))

    # The match really is in the SQLite file the bot was given.
    assert (tmp_path / "sandbox.sqlite3").read_bytes().startswith(b"SQLite format 3\x00")


async def test_each_player_sees_only_their_own_private_replies(browser: Browser):
    assert (await browser.command("kenji", "channel", "/goryo help"))["ok"]
    help_reply = (await browser.messages("kenji", "channel"))[-1]
    assert help_reply["ephemeral"] and help_reply["invokedBy"] == "Kenji"
    assert await browser.messages("aiko", "channel") == []


async def test_typing_mistakes_are_explained_and_change_nothing(browser: Browser):
    missing = await browser.command("kenji", "channel", "/goryo move samurai:green")
    assert missing["ok"] is False and "to:" in missing["error"]
    unknown = await browser.command("kenji", "channel", "/goryo fly")
    assert unknown["ok"] is False and "move" in unknown["error"]
    no_slash = await browser.command("kenji", "channel", "goryo help")
    assert no_slash["ok"] is False and "slash" in no_slash["error"]
    assert await browser.messages("kenji", "channel") == []
    assert await browser.messages("aiko", "channel") == []


async def test_no_token_is_read_and_nothing_leaves_the_machine(sandbox, browser, watched_environ, outside_connections):
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji"))["ok"]
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]

    assert "DISCORD_TOKEN" not in watched_environ.looked_up
    assert sandbox.bot.settings.token is None  # neither the environment's nor the .env file's
    assert "junk" not in (sandbox.bot.http.token or "")
    assert outside_connections == []
    assert sandbox.server.bound_addresses and {host for host, _ in sandbox.server.bound_addresses} == {"127.0.0.1"}
    assert sandbox.url.startswith(f"http://127.0.0.1:{sandbox.server.port}/")


async def test_only_its_own_page_may_drive_it(sandbox, browser: Browser):
    base, key = browser.base, browser.key
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{base}/") as page:
            assert page.status == 200 and "Goryō sandbox" in await page.text()
        async with session.get(f"{base}/api/state?as=aiko") as keyless:
            assert keyless.status == 401
        wrong_host = {"Host": f"goryo.example:{sandbox.server.port}", "X-Sandbox-Key": key}
        async with session.get(f"{base}/api/state?as=aiko", headers=wrong_host) as rebound:
            assert rebound.status == 403
        foreign = {"Origin": "https://elsewhere.example", "X-Sandbox-Key": key}
        body = {"as": "aiko", "place": "channel", "text": "/goryo challenge opponent:@Kenji"}
        async with session.post(f"{base}/api/command", json=body, headers=foreign) as cross_site:
            assert cross_site.status == 403
        # The live feed likewise: the key, and no other site's page.
        async with session.get(f"{base}/api/live") as keyless_feed:
            assert keyless_feed.status == 401
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused_feed:
            await session.ws_connect(f"{base}/api/live?key={key}", origin="https://elsewhere.example")
        assert refused_feed.value.status == 403
        async with session.ws_connect(f"{base}/api/live?key={key}") as feed:
            assert set((await feed.receive_json(timeout=30))["views"]) == {"aiko", "kenji"}
        form = {"as": "aiko", "place": "channel", "text": "/goryo help"}
        async with session.post(f"{base}/api/command", data=form, headers={"X-Sandbox-Key": key}) as form_post:
            assert form_post.status == 415
    assert await browser.messages("aiko", "channel") == []


async def test_every_answer_says_how_far_the_sandbox_has_changed_and_the_live_feed_numbers_its_pushes_alike(
        sandbox, browser: Browser):
    async with aiohttp.ClientSession() as session, \
            session.ws_connect(f"{browser.base}/api/live?key={browser.key}") as feed:
        first = await feed.receive_json(timeout=30)
        body = {"as": "aiko", "place": "channel", "text": "/goryo challenge opponent:@Kenji"}
        async with session.post(f"{browser.base}/api/command", json=body, headers={"X-Sandbox-Key": browser.key}) \
                as answer:
            assert (await answer.json())["ok"]
            change = int(answer.headers["X-Sandbox-Change"])
        assert change > first["change"]  # the challenge was a change
        # The feed reaches that number, and by then it has sent the challenge to the seat it names.
        pushes = [first]
        while pushes[-1]["change"] < change:
            pushes.append(await feed.receive_json(timeout=30))
        kenji = [push["views"]["kenji"] for push in pushes if "kenji" in push["views"]][-1]
        assert "@Kenji" in kenji["places"]["channel"]["messages"][-1]["content"]
        assert [push["change"] for push in pushes] == sorted({push["change"] for push in pushes})


async def test_the_live_feed_ends_with_what_caused_each_reply(sandbox, browser: Browser):
    # The feed may draw a reply while the click runs, before the sandbox has noted what caused it; it must send the
    # reply again with its cause, or the page keeps "used a command" over it. A feed that draws at once, every time
    # it is woken, as the page's does when the machine is busy:
    drawn: list[tuple[int, dict[str, Any]]] = []  # (the changes it had seen, what it drew)

    drew = asyncio.Condition()

    async def eager_feed() -> None:
        async for _ in sandbox.world.changes():
            change = sandbox.world.change
            view = await sandbox.world.view("kenji", lambda *_: "")
            async with drew:
                drawn.append((change, view))
                drew.notify_all()

    async def caught_up(change: int) -> None:
        async with drew:
            await drew.wait_for(lambda: bool(drawn) and drawn[-1][0] >= change)

    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo"))["ok"]
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]
    await aiko_plans_round_one(browser, rules.new_game(SEED))
    board = next(m for m in reversed(await browser.messages("kenji", "channel")) if m["rows"])
    menu = next(item for row in board["rows"] for item in row
                if item["kind"] == "select" and item["placeholder"].startswith("Move"))
    feed = asyncio.create_task(eager_feed())
    try:
        await asyncio.wait_for(caught_up(sandbox.world.change), 30)
        await sandbox.world.press("kenji", "channel", int(board["id"]), menu["customId"], [menu["options"][0]["value"]])
        await asyncio.wait_for(caught_up(sandbox.world.change), 30)
    finally:
        feed.cancel()
    causes = {m["id"]: m["invokedWith"] for m in drawn[-1][1]["places"]["channel"]["messages"] if m["invokedBy"]}
    assert any(said and said.startswith("chose “") for said in causes.values()), causes


async def test_time_passes_in_the_sandbox_so_an_unanswered_challenge_lapses(sandbox, browser: Browser):
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji"))["ok"]
    challenge = (await browser.messages("kenji", "channel"))[-1]
    # Mentions and Discord timestamps read as a Discord client shows them.
    assert challenge["rows"] and "@Kenji" in challenge["content"]
    assert "lapses in 15 minutes" in challenge["content"]

    await sandbox.world.pass_time(16 * 60)  # what the wall-clock follower does, minute by minute

    lapsed = (await browser.messages("kenji", "channel"))[-1]
    assert lapsed["id"] == challenge["id"] and lapsed["rows"] == [] and "lapsed" in lapsed["content"]


async def test_a_refused_command_is_reported_as_refused_so_the_page_keeps_the_text(browser: Browser):
    # Well typed, but the bot refuses it (no match in the channel): the page must not clear the box.
    refused = await browser.command("kenji", "channel", "/goryo move samurai:green to:C3")
    assert refused["ok"] is True and refused["refused"] is True
    assert "No match" in (await browser.messages("kenji", "channel"))[-1]["content"]
    accepted = await browser.command("kenji", "channel", "/goryo help")
    assert accepted == {"ok": True, "notices": [], "refused": False}


async def test_the_sandbox_clock_starts_at_todays_date(sandbox):
    from datetime import UTC, datetime

    assert abs((sandbox.env.now() - datetime.now(UTC)).total_seconds()) < 3600


async def test_one_person_plays_against_the_bot(sandbox, browser: Browser):
    """One human seat: Aiko challenges the bot by name and leads the Samurai; the bot's Goryō moves at once."""
    typed = "/goryo challenge opponent:@Goryō role:samurai level:easy"
    assert await browser.command("aiko", "channel", typed) == {"ok": True, "notices": [], "refused": False}
    players = (await browser.state("aiko"))["players"]
    assert [(p["name"], p["role"]) for p in players] == [("Aiko", "Samurai"), ("Kenji", None)]
    channel = [m["content"] for m in await browser.messages("aiko", "channel")]
    assert "Challenge taken" in channel[0]
    await sandbox.world.pass_time(30)  # her start and her plan, each GORYO_AI_PAUSE after the last, on its clock
    channel = [m["content"] for m in await browser.messages("aiko", "channel")]
    assert any("planned her path" in text for text in channel)  # she started and planned

    assert (await browser.command("aiko", "channel", "/goryo end"))["ok"]
    after = [m["content"] for m in await browser.messages("aiko", "channel")]
    assert any("Her path was" in text for text in after)
    await sandbox.world.pass_time(30)  # and she plans her next path, again after the pause
    after = [m["content"] for m in await browser.messages("aiko", "channel")]
    assert any("for round 2" in text for text in after)
    assert await browser.messages("aiko", "dm") == []  # nothing of hers went anywhere


async def test_the_bots_samurai_keep_the_documented_pause_between_actions(sandbox, browser: Browser):
    """Against the bot's Samurai the hunt comes at a human pace (GORYO_AI_PAUSE, 2 s by default), not all at once."""
    assert sandbox.bot.settings.ai_pause == 2.0
    game = rules.new_game(SEED)
    typed = "/goryo challenge opponent:@Goryō role:goryo level:easy"
    assert (await browser.command("aiko", "channel", typed))["ok"]
    await aiko_plans_round_one(browser, game)

    await sandbox.world.pass_time(30)  # the whole Samurai turn, on the sandbox's clock
    told = r"The (green|purple|red|blue) Samurai "
    steps = [m for m in sandbox.world.channel.history() if re.match(told, m.content, re.IGNORECASE)]
    assert len(steps) >= 2, [m.content for m in sandbox.world.channel.history()]
    # Each of its actions was posted at least the pause after the one before (message times are the clock's).
    gaps = [(later.created_at - earlier.created_at).total_seconds() for earlier, later in itertools.pairwise(steps)]
    assert min(gaps) >= 2.0, gaps
