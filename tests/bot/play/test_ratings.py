"""Ratings on Discord: moved by the action that ends a match, never by a match against the bot, and a
rebuild from the action logs gives exactly what was stored."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

import rules
from bot.records import league
from bot.storage import open_store
from bot.storage.sqlite import SqliteStore
from tests.bot.helpers import Table, resign
from tests.bot.league_history import finish_match, match_ready_to_end

G, S = rules.Side.GORYO, rules.Side.SAMURAI
ANN, BEN, CAT, BOT = 101, 102, 103, 999


async def through_the_first_discovery(table: Table) -> None:
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    await table.play(rules.EndSamuraiTurn())


async def test_a_resign_moves_ratings_like_a_loss_and_the_end_message_says_so(env, table: Table):
    await table.begin()  # Alice the Goryō, Bob the Samurai
    await through_the_first_discovery(table)
    await resign(table, table.bob)
    store = env.bot.store
    stored = await store.ratings(table.guild.id)

    summary = await store.summary(1)
    assert summary.outcome == rules.Outcome(rules.Termination.RESIGNED, G) and summary.rated
    # The same two newcomers, the same winner, an ordinary ending: the same numbers.
    captured = dataclasses.replace(summary, outcome=rules.Outcome(rules.Termination.SURVIVED_FOUR_ROUNDS, G))
    assert stored == league.update({}, captured)
    alice, bob = stored[(table.guild.id, table.alice.id, G)], stored[(table.guild.id, table.bob.id, S)]
    assert alice.shown > 1500 > bob.shown and (alice.matches, alice.wins, bob.matches, bob.wins) == (1, 1, 1, 0)

    end = [m for m in table.channel.history() if "bound object was" in m.content][-1]
    assert f"{table.alice.mention} as the Goryō: 1500 → {alice.shown} (+{alice.shown - 1500})" in end.content
    assert f"{table.bob.mention} as the Samurai: 1500 → {bob.shown} (−{1500 - bob.shown})" in end.content
    assert "Unrated" not in end.content


async def test_a_match_resigned_before_the_first_discovery_is_unrated_and_says_so(env, table: Table):
    # Ten quick resigns between two accounts once put a player on top of the leaderboard.
    await table.begin()  # Alice the Goryō, Bob the Samurai
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))  # locked, never discovered
    await resign(table, table.bob)
    store = env.bot.store
    assert await store.ratings(table.guild.id) == {}
    summary = await store.summary(1)
    assert summary.outcome == rules.Outcome(rules.Termination.RESIGNED, G) and not summary.rated
    end = [m for m in table.channel.history() if "bound object was" in m.content][-1]
    assert "Unrated: the match ended before the Samurai's first Discovery" in end.content
    assert "Ratings:" not in end.content and "1500 →" not in end.content
    stats = await table.alice.slash(table.channel, "goryo stats", member=table.alice)
    shown = "\n".join(field.value for field in stats.response.embeds[0].fields)
    assert "No rated matches yet" in shown  # nor counted as a win in her record
    assert "won (the Samurai resigned) · unrated" in shown  # listed among her last matches, marked
    history = await table.carol.slash(table.channel, "goryo history")
    assert "· unrated." in history.response.embeds[0].description
    assert await store.rebuild_ratings() == {}


async def test_rebuild_from_the_logs_equals_the_stored_ratings(tmp_path):
    async with await SqliteStore.open(tmp_path / "league.sqlite3", durable=False) as store:
        endings = [
            (ANN, BEN, rules.Resign(S)), (BEN, ANN, rules.Resign(G)), (ANN, CAT, rules.TimeOut(G)),
            (CAT, ANN, rules.Abort()), (BEN, CAT, rules.Resign(S)), (ANN, BEN, rules.Resign(G)),
        ]
        for minute, (goryo, samurai, ending) in enumerate(endings):
            await finish_match(store, guild_id=1, channel_id=10 + minute % 2, goryo_id=goryo, samurai_id=samurai,
                               ending=ending, minute=minute, seed=minute)
        await finish_match(store, guild_id=2, channel_id=20, goryo_id=ANN, samurai_id=BEN, ending=rules.Resign(S),
                           minute=9)
        stored = await store.all_ratings()
        assert stored[(1, ANN, G)].matches == 3 and stored[(1, ANN, S)].matches == 1  # the abort counts for nobody
        assert stored[(2, ANN, G)].matches == 1

        assert await store.rebuild_ratings() == stored
        assert await store.all_ratings() == stored  # and what the rebuild wrote back is the same
        assert len(await store.guild_summaries(1)) == 6


async def test_matches_against_the_bot_never_move_a_rating(tmp_path):
    async with await SqliteStore.open(tmp_path / "league.sqlite3", durable=False) as store:
        await finish_match(store, guild_id=1, channel_id=10, goryo_id=ANN, samurai_id=BEN, ending=rules.Resign(S),
                           minute=0)
        before = await store.all_ratings()
        await finish_match(store, guild_id=1, channel_id=10, goryo_id=ANN, samurai_id=BOT, ending=rules.Resign(S),
                           minute=1, ai_side=S)
        await finish_match(store, guild_id=1, channel_id=10, goryo_id=BOT, samurai_id=ANN, ending=rules.Resign(G),
                           minute=2, ai_side=G)
        assert await store.all_ratings() == before
        [*versus_bot, _] = await store.guild_summaries(1)
        assert all(s.against_ai and not s.rated for s in versus_bot)
        assert await store.rebuild_ratings() == before


async def test_a_database_from_before_the_league_is_rated_at_start_up(tmp_path):
    path = tmp_path / "old.sqlite3"
    async with await SqliteStore.open(path, durable=False) as store:
        await finish_match(store, guild_id=1, channel_id=10, goryo_id=ANN, samurai_id=BEN, ending=rules.Resign(S),
                           minute=0)
        rated = await store.all_ratings()
        # As if it finished before the league's tables existed.
        await store.connection.execute("DELETE FROM match_summaries")
        await store.connection.execute("DELETE FROM ratings")
    async with await SqliteStore.open(path, durable=False) as store:
        assert await store.all_ratings() == {}
        assert await store.rebuild_league_if_behind()
        assert await store.all_ratings() == rated
        assert not await store.rebuild_league_if_behind()


def test_python_m_bot_rebuild_ratings_repairs_what_was_stored(tmp_path, monkeypatch, capsys):
    from bot.__main__ import main

    path = tmp_path / "league.sqlite3"

    async def seed() -> dict:
        async with await SqliteStore.open(path, durable=False) as store:
            await finish_match(store, guild_id=1, channel_id=10, goryo_id=ANN, samurai_id=BEN, ending=rules.Resign(S),
                               minute=0)
            await finish_match(store, guild_id=1, channel_id=10, goryo_id=BEN, samurai_id=ANN, ending=rules.Resign(S),
                               minute=1)
            rated = await store.all_ratings()
            await store.connection.execute(
                "UPDATE ratings SET mu = mu + 1 WHERE user_id = ? AND role = 'goryo'", (ANN,))
            return rated

    async def stored() -> dict:
        async with await SqliteStore.open(path, durable=False) as store:
            return await store.all_ratings()

    rated = asyncio.run(seed())
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("GORYO_DATABASE", str(path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["--rebuild-ratings"]) == 0
    said = capsys.readouterr().out
    assert "Rebuilt 4 rating(s)" in said and "1 differed from the stored ones" in said
    assert asyncio.run(stored()) == rated
    assert main(["--rebuild-ratings"]) == 0
    assert "all agreed" in capsys.readouterr().out


async def test_a_fault_in_the_league_never_stops_a_match_from_ending(tmp_path):
    async with await SqliteStore.open(tmp_path / "league.sqlite3", durable=False) as store:
        await finish_match(store, guild_id=1, channel_id=10, goryo_id=ANN, samurai_id=BEN, ending=rules.Resign(S),
                           minute=0)
        # A stored rating that isn't a number makes the next update of Ann's rating fail.
        await store.connection.execute(
            "UPDATE ratings SET mu = 'unreadable' WHERE user_id = ? AND role = 'goryo'", (ANN,))
        before = await store.connection.execute_fetchall("SELECT * FROM ratings ORDER BY user_id, role")
        await finish_match(store, guild_id=1, channel_id=11, goryo_id=ANN, samurai_id=BEN, ending=rules.Resign(S),
                           minute=1)
        second = await store.get_match(2)
        assert second.status == "finished" and second.state.is_over  # it ended all the same
        assert await store.summary(2) is None  # nothing half-written: no summary, ratings as they were
        assert await store.connection.execute_fetchall("SELECT * FROM ratings ORDER BY user_id, role") == before


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_two_processes_ending_one_players_matches_at_once_lose_no_rating_update(backend, request, tmp_path):
    # Ben hunts Ann in one channel and Cat in another, and loses both with resigns committed at the same
    # moment by two stores (two processes' pools). Each must see the other's update, and the order they
    # were folded in must be the one a rebuild from the logs uses.
    where = request.getfixturevalue("postgres_url") if backend == "postgres" else tmp_path / "league.sqlite3"
    first, second = await open_store(where, durable=False), await open_store(where, durable=False)
    try:
        rounds = 6
        for round_number in range(rounds):
            ready = [
                await match_ready_to_end(first, guild_id=1, channel_id=10 + n, goryo_id=goryo, samurai_id=BEN,
                                         minute=round_number, seed=round_number + n)
                for n, goryo in enumerate((ANN, CAT))
            ]
            await asyncio.gather(ready[0].end(first, rules.Resign(S)), ready[1].end(second, rules.Resign(S)))
        stored = await first.all_ratings()
        assert stored[(1, BEN, S)].matches == 2 * rounds and stored[(1, BEN, S)].wins == 0
        assert stored[(1, ANN, G)].matches == stored[(1, CAT, G)].matches == rounds
        assert await second.rebuild_ratings() == stored
    finally:
        await first.close()
        await second.close()
