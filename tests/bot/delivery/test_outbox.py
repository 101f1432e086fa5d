"""The outbox and its deliverer, seen from Discord: fairness under a flood, drawing off the
event loop, the record within reach, and the database file kept private."""

from __future__ import annotations

import asyncio
import os
import re
import stat

import rules
from bot.storage.sqlite import SqliteStore
from tests.bot.helpers import Table


async def hunting(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


async def test_a_flood_of_board_requests_does_not_hold_up_another_match(env, table: Table):
    other = Table(env, channel_name="other-dojo", guild=table.guild, names=("dan", "eve", "fay"))
    await hunting(table)
    await hunting(other)
    move = next(a for a in rules.legal_samurai_actions(other.state) if isinstance(a, rules.Move))

    # One member asks for the board 150 times (SimCord runs one interaction at a time; the
    # concurrent flood is measured in benchmarks/bench_load.py --flood), then a Samurai moves elsewhere.
    boards = [await table.carol.slash(table.channel, "goryo board") for _ in range(150)]
    moved = await other.samurai_act(move)

    drawn = [b for b in boards if b.response is not None and b.response.attachments]
    cooled = [b for b in boards if b.ephemeral and "ask again in" in b.response.content]
    assert len(drawn) == 1 and len(cooled) == 149  # one picture; the rest told privately when to ask again
    assert re.search(r"ask again in \d+ seconds", cooled[0].response.content)
    # The move is answered at once with its words (no picture to wait for), publicly, and counted.
    assert moved.acknowledged and not moved.deferred and not moved.ephemeral
    assert "moves from" in moved.response.content
    assert (await env.bot.store.active_match_in(other.channel.id)).version == 3
    # A player's own actions are never cooled down: the Samurai of the flooded match acts at once.
    acted = await table.samurai_act(next(a for a in rules.legal_samurai_actions(table.state)
                                         if isinstance(a, rules.Move)))
    assert not acted.ephemeral and "moves from" in acted.response.content

    await env.advance_time(11)  # the cooldown is over
    again = await table.carol.slash(table.channel, "goryo board")
    assert not again.ephemeral and again.response.attachments


async def test_while_a_picture_is_drawn_the_event_loop_serves_everyone_else(drawing):
    # SimCord runs one interaction at a time, so this is where "rendering no longer serialises
    # the bot" is shown: other work (here a counter) goes on while a board is drawn.
    state = rules.new_game(20261123)
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    turns_meanwhile = 0
    drawn = asyncio.Event()

    async def everyone_else() -> None:
        nonlocal turns_meanwhile
        while not drawn.is_set():
            turns_meanwhile += 1
            await asyncio.sleep(0)

    others = asyncio.create_task(everyone_else())
    board = await drawing.goryo_board(state)  # her secret board: never taken from the cache, always drawn
    drawn.set()
    await others
    assert board.png.startswith(b"\x89PNG")
    assert turns_meanwhile > 1  # drawn on the loop, it would have run at most once, after the picture


async def test_board_shows_the_last_discovery_and_after_the_end_the_final_board(env, table: Table):
    await hunting(table)
    first = await table.carol.slash(table.channel, "goryo board")
    assert [a.filename for a in first.response.attachments] == ["goryo-board.png"]  # no Discovery yet
    await table.play(rules.EndSamuraiTurn())
    await env.advance_time(11)
    during = await table.carol.slash(table.channel, "goryo board")
    assert [a.filename for a in during.response.attachments] == ["goryo-board.png", "goryo-discovery.png"]
    assert "last Discovery" in during.response.content

    confirm = await table.samurai.slash(table.channel, "goryo resign")
    await table.samurai.click(confirm.response, label="Resign")
    await env.advance_time(11)
    after = await table.carol.slash(table.channel, "goryo board")
    assert not after.ephemeral and [a.filename for a in after.response.attachments] == ["goryo-final.png"]
    assert "how the last one" in after.response.content


async def test_the_database_file_and_its_wal_are_readable_by_their_owner_only(tmp_path):
    old = os.umask(0o022)  # a usual umask would make them world-readable
    try:
        path = tmp_path / "secrets.sqlite3"
        store = await SqliteStore.open(path)
        await store.pending_challenges()  # touches the WAL and its index
        for file in (path, tmp_path / "secrets.sqlite3-wal", tmp_path / "secrets.sqlite3-shm"):
            assert file.exists() and stat.S_IMODE(file.stat().st_mode) == 0o600, file
        await store.close()
    finally:
        os.umask(old)


async def test_a_challenge_a_crash_left_unposted_does_not_block_the_channel_after_a_restart(
        env, make_bot, table: Table):
    # Stored, then the process died before Discord showed it: nobody could see, answer or withdraw it.
    await env.bot.store.create_challenge(
        guild_id=table.guild.id, channel_id=table.channel.id, challenger_id=table.alice.id, opponent_id=table.bob.id,
        challenger_role="goryo", advanced=False, now=env.now(),
    )
    await env.restart_bot(make_bot())
    assert await env.bot.store.pending_challenge_in(table.channel.id) is None
    posted = await table.challenge()
    assert not posted.ephemeral and table.challenge_message().id == posted.response.id
