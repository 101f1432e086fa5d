"""Tournaments in the database, on both backends: races decided once, and a restart at any point loses nothing."""

from __future__ import annotations

import asyncio
import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest

import rules
from bot.records.tournaments import Double, Format, JoinOutcome, Pairing, Status
from bot.storage import Store, open_store

T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
GUILD, CHANNEL = 10, 100
A, B, C, D = 2001, 2002, 2003, 2004


@pytest.fixture(params=["sqlite", "postgresql"])
def address(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tournaments.sqlite3")
    server = request.getfixturevalue("postgres_server")
    name = f"tournaments_{uuid.uuid4().hex}"
    server.psql(f"CREATE DATABASE {name};")
    return re.sub(r"/postgres\?", f"/{name}?", server.get_uri(), count=1)


async def created(store: Store, *, max_players: int | None = None, guild: int = GUILD):
    return await store.create_tournament(
        guild_id=guild, channel_id=CHANNEL, name="Cup", format=Format.SWISS, rounds=3, round_days=7,
        advanced=False, assist=False, max_players=max_players, signup_closes_at=T0 + timedelta(days=2),
        created_by=A, now=T0,
    )


async def test_two_starts_at_once_start_it_once_and_so_do_two_pairings(address):
    async with await open_store(address, durable=False) as store:
        cup = await created(store)
        for player in (A, B, C, D):
            assert await store.join_tournament(cup.id, player, now=T0) is JoinOutcome.JOINED
        closed = await asyncio.gather(*(store.close_signup(cup.id, now=T0) for _ in range(4)))
        assert sorted(closed, key=str) == [None, None, None, Status.RUNNING]
        pairing = Pairing((Double(A, B), Double(C, D)))
        saved = await asyncio.gather(*(
            store.save_pairing(cup.id, 1, pairing, deadline=T0 + timedelta(days=7), now=T0) for _ in range(3)
        ))
        assert sorted(saved) == [False, False, True]
        started = await asyncio.gather(*(
            store.start_tournament_match(cup.id, 1, A, samurai_id=B, guild_id=GUILD, channel_id=500 + n,
                                         parent_id=CHANNEL, state=rules.new_game(n), now=T0)
            for n in range(3)
        ))
        assert sum(m is not None for m in started) == 1
        assert len(await store.active_matches()) == 1


async def test_a_restart_in_the_middle_of_starting_a_round_starts_the_rest_from_what_is_stored(address):
    async with await open_store(address, durable=False) as store:
        cup = await created(store)
        for player in (A, B, C):
            await store.join_tournament(cup.id, player, now=T0)
        assert await store.close_signup(cup.id, now=T0) is Status.RUNNING
        await store.save_pairing(cup.id, 1, Pairing((Double(A, B),), bye=C), deadline=T0 + timedelta(days=7), now=T0)
        await store.start_tournament_match(cup.id, 1, A, samurai_id=B, guild_id=GUILD, channel_id=501,
                                           parent_id=CHANNEL, state=rules.new_game(1), now=T0)
    # The process stopped there; the next one finds the round as it was left.
    async with await open_store(address, durable=False) as store:
        play = await store.tournament_play(cup.id)
        assert play.tournament.status is Status.RUNNING and play.tournament.round == 1
        assert [(m.goryo_id, m.match_id is not None) for m in play.of_round(1)] == [(A, True), (B, False)]
        second = await store.start_tournament_match(cup.id, 1, B, samurai_id=A, guild_id=GUILD, channel_id=502,
                                                    parent_id=CHANNEL, state=rules.new_game(2), now=T0)
        assert second is not None and second.goryo_id == B
        # Both end: one resigned by her, one aborted (for neither); the round is then over.
        for match, action in ((await store.active_matches())[0], rules.Resign(rules.Side.GORYO)), (
                second, rules.Abort()):
            step = rules.apply(match.state, action)
            await store.record_action(match.id, expected_version=match.version, actor_id=match.goryo_id,
                                      action=action, new_state=step.state, now=T0)
        play = await store.tournament_play(cup.id)
        assert play.round_is_over(1)
        assert [(r.goryo, r.winner) for r in play.results()] == [(A, B), (B, None)]


async def test_fewer_than_three_cancel_and_refusals_change_nothing(address):
    async with await open_store(address, durable=False) as store:
        small = await created(store)
        await store.join_tournament(small.id, A, now=T0)
        await store.join_tournament(small.id, B, now=T0)
        assert await store.close_signup(small.id, now=T0) is Status.CANCELLED
        full = await created(store, max_players=3)
        for player in (A, B, C):
            assert await store.join_tournament(full.id, player, now=T0) is JoinOutcome.JOINED
        assert await store.join_tournament(full.id, D, now=T0) is JoinOutcome.FULL
        other = await created(store)
        assert await store.join_tournament(other.id, A, now=T0) is JoinOutcome.IN_ANOTHER
        elsewhere = await created(store, guild=GUILD + 1)
        assert await store.join_tournament(elsewhere.id, A, now=T0) is JoinOutcome.JOINED  # another server
        late = T0 + timedelta(days=3)
        assert await store.join_tournament(other.id, D, now=late) is JoinOutcome.CLOSED
        assert await store.join_tournament(999, D, now=T0) is JoinOutcome.UNKNOWN
        assert (await store.tournament_play(other.id)).players == []
        assert (await store.tournament_play(full.id)).players == [A, B, C]


async def test_a_withdrawn_players_matches_are_decided_for_the_opponent_and_never_started(address):
    async with await open_store(address, durable=False) as store:
        cup = await created(store)
        for player in (A, B, C, D):
            await store.join_tournament(cup.id, player, now=T0)
        await store.close_signup(cup.id, now=T0)
        pairing = Pairing((Double(A, B), Double(C, D)))
        await store.save_pairing(cup.id, 1, pairing, deadline=T0, now=T0, withdrawn={B})
        play = await store.tournament_play(cup.id)
        assert [(m.goryo_id, m.winner_id, m.decided) for m in play.of_round(1)] == [
            (A, A, True), (B, A, True), (C, None, False), (D, None, False)]
        assert await store.start_tournament_match(cup.id, 1, A, samurai_id=B, guild_id=GUILD, channel_id=501,
                                                  parent_id=CHANNEL, state=rules.new_game(1), now=T0) is None


async def test_a_tournament_match_is_rated_as_any_match(address):
    async with await open_store(address, durable=False) as store:
        cup = await created(store)
        for player in (A, B, C):
            await store.join_tournament(cup.id, player, now=T0)
        await store.close_signup(cup.id, now=T0)
        await store.save_pairing(cup.id, 1, Pairing((Double(A, B),), bye=C), deadline=T0 + timedelta(days=7), now=T0)
        match = await store.start_tournament_match(cup.id, 1, A, samurai_id=B, guild_id=GUILD, channel_id=501,
                                                   parent_id=CHANNEL, state=rules.new_game(1), now=T0)
        assert match is not None
        state = match.state
        start = rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])
        after_start = rules.apply(state, start).state
        # Played past the first Discovery (a match given up before it is never rated), then resigned by her.
        actions = [start, next(rules.legal_plans(after_start)), rules.EndSamuraiTurn(), rules.Resign(rules.Side.GORYO)]
        for version, action in enumerate(actions):
            state = rules.apply(state, action).state
            await store.record_action(match.id, expected_version=version, actor_id=A if version != 2 else B,
                                      action=action, new_state=state, now=T0 + timedelta(minutes=version))
        ratings = await store.ratings(GUILD)
        assert ratings[(GUILD, B, rules.Side.SAMURAI)].wins == 1 and ratings[(GUILD, A, rules.Side.GORYO)].matches == 1
        [result] = (await store.tournament_play(cup.id)).results()
        assert result.winner == B
