"""The store on both backends (a real SQLite file, a real PostgreSQL database): schema,
challenges, matches, the action log, the outbox, restarts. SQLite's own settings (WAL, the
file's mode, its migrations) are tested on SQLite alone."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import asyncpg
import pytest

import rules
from bot.storage import (
    ChannelBusyError,
    MatchClosedError,
    MatchRecord,
    PreviewCancelledError,
    Shards,
    StaleMatchError,
    Store,
    open_store,
    shard_of,
)
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION, SchemaTooNewError, migrate, schema_version
from bot.storage.postgres import dollar_params
from bot.storage.sqlite import SqliteStore
from rules.playout import random_match

T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
GUILD, CHANNEL, OTHER_CHANNEL = 10, 100, 200
ALICE, BOB, CAROL = 1001, 1002, 1003


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "goryo.sqlite3"


class Database:
    """The database under a store, reached as an operator (or a buggy bot) would: a plain second connection."""

    def __init__(self, kind: str, where) -> None:
        self.kind = kind
        self.where = where
        self.error = sqlite3.IntegrityError if kind == "sqlite" else asyncpg.PostgresError

    async def open(self) -> Store:
        return await open_store(self.where)

    async def execute(self, sql: str, *params) -> None:
        if self.kind == "sqlite":
            with raw(self.where) as plain:
                plain.execute(sql, params)
            return
        connection = await asyncpg.connect(self.where)
        try:
            await connection.execute(dollar_params(sql), *params)
        finally:
            await connection.close()

    async def fetchval(self, sql: str, *params):
        if self.kind == "sqlite":
            with raw(self.where) as plain:
                return plain.execute(sql, params).fetchone()[0]
        connection = await asyncpg.connect(self.where)
        try:
            return await connection.fetchval(dollar_params(sql), *params)
        finally:
            await connection.close()

    async def drop_trigger(self, name: str, table: str) -> None:
        await self.execute(f"DROP TRIGGER {name}" + ("" if self.kind == "sqlite" else f" ON {table}"))


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, db_path) -> Database:
    if request.param == "sqlite":
        return Database("sqlite", db_path)
    return Database("postgres", request.getfixturevalue("postgres_url"))


@pytest.fixture
async def store(database):
    opened = await database.open()
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(db_path):
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()


def raw(db_path) -> sqlite3.Connection:
    """A second, plain connection, as an operator (or a buggy bot) would have."""
    return sqlite3.connect(db_path, isolation_level=None)


async def challenge(store: Store, channel_id: int = CHANNEL, now: datetime = T0, **overrides):
    defaults = {
        "guild_id": GUILD, "channel_id": channel_id, "challenger_id": ALICE, "opponent_id": BOB,
        "challenger_role": "random", "advanced": False, "now": now,
    }
    return await store.create_challenge(**(defaults | overrides))


async def new_match(store: Store, channel_id: int = CHANNEL, seed: int = 1, advanced: bool = False) -> MatchRecord:
    posted = await challenge(store, channel_id, advanced=advanced)
    return await store.start_match(
        challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(seed, advanced=advanced), now=T0
    )


async def play(store: Store, match: MatchRecord, action: rules.Action, now: datetime = T0) -> MatchRecord:
    actor = match.player_of(match.state.to_move)
    step = rules.apply(match.state, action)
    return await store.record_action(
        match.id, expected_version=match.version, actor_id=actor, action=action, new_state=step.state, now=now
    )


def first_plan(state: rules.GameState) -> rules.Plan:
    return rules.Plan(next(iter(rules.legal_paths(state))), None)


# --- schema ----------------------------------------------------------------------


async def test_a_fresh_file_gets_every_migration_and_reopening_runs_none(db_path):
    store = await SqliteStore.open(db_path)
    await new_match(store)
    await store.close()
    with raw(db_path) as plain:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {row[0] for row in plain.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"challenges", "matches", "actions"} <= tables

    reopened = await SqliteStore.open(db_path)
    try:
        assert await migrate(reopened.connection) == 0
        assert len(await reopened.active_matches()) == 1
    finally:
        await reopened.close()


async def test_an_upgrade_runs_only_the_new_migration_and_a_failed_one_changes_nothing(db_path):
    store = await SqliteStore.open(db_path)
    try:
        match = await new_match(store)
        db = store.connection
        failing = MIGRATIONS + (("ALTER TABLE matches ADD COLUMN note TEXT", "NOT SQL AT ALL"),)
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, failing)
        async with db.execute("SELECT * FROM matches") as cursor:
            assert "note" not in [column[0] for column in cursor.description]
        assert await schema_version(db) == SCHEMA_VERSION

        upgrade = MIGRATIONS + (("ALTER TABLE matches ADD COLUMN note TEXT",),)
        assert await migrate(db, upgrade) == 1
        assert await migrate(db, upgrade) == 0
        assert await schema_version(db) == SCHEMA_VERSION + 1
        assert await store.get_match(match.id) == match
    finally:
        await store.close()


async def test_a_missing_directory_is_created(tmp_path):
    store = await SqliteStore.open(tmp_path / "data" / "goryo.sqlite3")
    await store.close()
    assert (tmp_path / "data" / "goryo.sqlite3").is_file()


async def test_a_database_from_a_newer_bot_is_refused(db_path):
    with raw(db_path) as plain:
        plain.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNewError):
        await SqliteStore.open(db_path)


async def test_the_file_is_in_wal_mode(sqlite_store, db_path):
    with raw(db_path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_the_connection_enforces_foreign_keys(sqlite_store):
    async with sqlite_store.connection.execute("PRAGMA foreign_keys") as cursor:
        assert (await cursor.fetchone())[0] == 1


# --- timestamps ------------------------------------------------------------------


async def test_times_are_stored_as_utc_text_and_come_back_aware(store, database):
    tokyo = timezone(timedelta(hours=9))
    posted = await challenge(store, now=datetime(2026, 11, 22, 21, 0, tzinfo=tokyo))
    assert posted.created_at == datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    assert posted.created_at.utcoffset() == timedelta(0)
    text = await database.fetchval("SELECT created_at FROM challenges")
    assert text == "2026-11-22T12:00:00.000000+00:00"
    assert (await store.get_challenge(posted.id)).created_at.tzinfo is not None


async def test_a_naive_time_is_refused(store):
    with pytest.raises(ValueError, match="aware"):
        await challenge(store, now=datetime(2026, 11, 22, 12, 0))
    assert await store.pending_challenges() == []


# --- challenges ------------------------------------------------------------------


async def test_challenge_lifecycle(store):
    posted = await challenge(store, challenger_role="goryo", advanced=True)
    assert (posted.channel_id, posted.challenger_role, posted.advanced, posted.message_id) == (
        CHANNEL, "goryo", True, None
    )
    await store.set_challenge_message(posted.id, 555)
    loaded = await store.get_challenge(posted.id)
    assert loaded.message_id == 555 and loaded.created_at == T0 and loaded.opponent_id == BOB
    assert [c.id for c in await store.pending_challenges()] == [posted.id]
    assert (await store.pending_challenge_in(CHANNEL)).id == posted.id

    assert await store.delete_challenge(posted.id) is True
    assert await store.delete_challenge(posted.id) is False
    assert await store.get_challenge(posted.id) is None
    assert await store.pending_challenges() == []


async def test_pending_challenges_come_oldest_first(store):
    late = await challenge(store, CHANNEL, now=T0 + timedelta(minutes=5))
    early = await challenge(store, OTHER_CHANNEL, now=T0)
    assert [c.id for c in await store.pending_challenges()] == [early.id, late.id]


async def test_simultaneous_answers_to_a_challenge_have_one_winner(store):
    posted = await challenge(store)
    results = await asyncio.gather(*(store.delete_challenge(posted.id) for _ in range(5)))
    assert sorted(results) == [False, False, False, False, True]


async def test_an_unknown_role_is_refused(store):
    with pytest.raises(ValueError):
        await challenge(store, challenger_role="ninja")
    assert await store.pending_challenges() == []


async def test_a_second_challenge_in_a_channel_is_refused(store):
    await challenge(store)
    with pytest.raises(ChannelBusyError) as busy:
        await challenge(store, challenger_id=CAROL)
    assert busy.value.kind == "challenge"
    assert (await challenge(store, OTHER_CHANNEL)).channel_id == OTHER_CHANNEL


async def test_a_challenge_over_an_active_match_is_refused(store):
    await new_match(store)
    with pytest.raises(ChannelBusyError) as busy:
        await challenge(store, challenger_id=CAROL)
    assert busy.value.kind == "match"
    assert await store.pending_challenges() == []


# --- starting a match --------------------------------------------------------------


async def test_start_match_replaces_the_challenge_with_an_active_match(store):
    posted = await challenge(store)
    state = rules.new_game(5)
    match = await store.start_match(
        challenge_id=posted.id, goryo_id=BOB, samurai_id=ALICE, state=state, now=T0 + timedelta(seconds=3)
    )
    assert await store.get_challenge(posted.id) is None
    assert (match.status, match.version, match.channel_id, match.guild_id) == ("active", 0, CHANNEL, GUILD)
    assert match.state == state
    assert match.created_at == match.turn_started_at == T0 + timedelta(seconds=3)
    assert match.reminded_at is None
    assert match.player_side(BOB) is rules.Side.GORYO and match.player_side(ALICE) is rules.Side.SAMURAI
    assert match.player_side(CAROL) is None
    assert await store.get_match(match.id) == match
    assert await store.active_match_in(CHANNEL) == match
    assert [m.id for m in await store.active_matches_of(ALICE)] == [match.id]


async def test_a_challenge_starts_at_most_one_match(store):
    posted = await challenge(store)

    async def accept():
        return await store.start_match(
            challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0
        )

    results = await asyncio.gather(accept(), accept(), return_exceptions=True)
    assert sum(isinstance(r, MatchRecord) for r in results) == 1
    assert sum(isinstance(r, LookupError) for r in results) == 1
    assert len(await store.active_matches()) == 1


async def test_players_must_be_the_challenger_and_the_opponent(store):
    posted = await challenge(store)
    with pytest.raises(ValueError):
        await store.start_match(
            challenge_id=posted.id, goryo_id=ALICE, samurai_id=CAROL, state=rules.new_game(1), now=T0
        )
    assert await store.get_challenge(posted.id) is not None
    assert await store.active_matches() == []


async def test_start_match_is_all_or_nothing(store, database):
    posted = await challenge(store)
    # Sneak an active match into the channel behind the store's back (the trigger that
    # would stop this is dropped), so start_match fails after deleting the challenge.
    await database.drop_trigger("matches_not_over_a_challenge", "matches")
    await database.execute(
        "INSERT INTO matches (channel_id, goryo_id, samurai_id, initial_state, state, status, created_at,"
        " turn_started_at) VALUES (?, 1, 2, '{}', '{}', 'active', 'x', 'x')",
        CHANNEL,
    )
    with pytest.raises(ChannelBusyError):
        await store.start_match(
            challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0
        )
    assert await store.get_challenge(posted.id) is not None  # the delete was rolled back too
    assert await database.fetchval("SELECT count(*) FROM matches") == 1


# --- one match per channel, enforced by the database -------------------------------


async def test_the_database_itself_refuses_a_second_active_match_in_a_channel(store, database):
    match = await new_match(store)
    initial = await database.fetchval("SELECT initial_state FROM matches WHERE id = ?", match.id)
    with pytest.raises(database.error, match="UNIQUE|unique"):
        await database.execute(
            "INSERT INTO matches (channel_id, goryo_id, samurai_id, initial_state, state, status, created_at,"
            " turn_started_at) VALUES (?, 3, 4, ?, ?, 'active', 'x', 'x')",
            CHANNEL, initial, initial,
        )
    with pytest.raises(database.error, match="busy"):
        await database.execute(
            "INSERT INTO challenges (channel_id, challenger_id, opponent_id, challenger_role, advanced,"
            " created_at) VALUES (?, 3, 4, 'random', 0, 'x')",
            CHANNEL,
        )
    assert await database.fetchval("SELECT count(*) FROM matches") == 1


async def test_a_finished_or_damaged_match_frees_its_channel(store):
    first = await new_match(store)
    await play(store, first, rules.Resign(rules.Side.GORYO))
    second = await new_match(store, seed=2)
    await store.mark_damaged(second.id, "test")
    third = await new_match(store, seed=3)
    assert (await store.active_match_in(CHANNEL)).id == third.id


# --- actions ------------------------------------------------------------------------


async def test_actions_append_to_the_log_and_advance_the_match(store):
    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    after_start = await play(store, match, start, now=T0 + timedelta(minutes=1))
    assert after_start.version == 1
    assert after_start.state == rules.apply(match.state, start).state
    plan = first_plan(after_start.state)
    after_plan = await play(store, after_start, plan, now=T0 + timedelta(minutes=2))
    assert after_plan.version == 2 and after_plan.status == "active"

    logged = await store.actions(match.id)
    assert [(a.seq, a.actor_id, a.action, a.at) for a in logged] == [
        (1, ALICE, start, T0 + timedelta(minutes=1)),
        (2, ALICE, plan, T0 + timedelta(minutes=2)),
    ]
    assert await store.get_match(match.id) == after_plan


async def test_the_turn_clock_restarts_only_when_the_turn_passes(store):
    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    # Setup and her first plan are both the Goryō's: same turn, same clock.
    after_start = await play(store, match, start, now=T0 + timedelta(hours=1))
    assert after_start.turn_started_at == T0
    assert await store.mark_reminded(match.id, version=1, now=T0 + timedelta(hours=12))
    after_plan = await play(store, after_start, first_plan(after_start.state), now=T0 + timedelta(hours=13))
    assert after_plan.state.to_move is rules.Side.SAMURAI
    assert after_plan.turn_started_at == T0 + timedelta(hours=13)
    assert after_plan.reminded_at is None  # a new turn earns a new reminder

    assert await store.mark_reminded(match.id, version=2, now=T0 + timedelta(hours=14))
    samurai_action = rules.legal_samurai_actions(after_plan.state)[0]
    after_move = await play(store, after_plan, samurai_action, now=T0 + timedelta(hours=15))
    assert after_move.state.to_move is rules.Side.SAMURAI
    assert after_move.turn_started_at == T0 + timedelta(hours=13)
    assert after_move.reminded_at == T0 + timedelta(hours=14)
    assert after_move.turn_deadline(timedelta(hours=24)) == T0 + timedelta(hours=37)


async def test_a_reminder_is_noted_once_per_turn_and_never_for_a_stale_version(store):
    match = await new_match(store)
    assert await store.mark_reminded(match.id, version=1, now=T0) is False
    results = await asyncio.gather(*(store.mark_reminded(match.id, version=0, now=T0) for _ in range(3)))
    assert sorted(results) == [False, False, True]
    assert (await store.get_match(match.id)).reminded_at == T0


async def test_the_last_action_finishes_the_match_and_keeps_it_as_history(store):
    match = await new_match(store)
    finished = await play(store, match, rules.Resign(rules.Side.SAMURAI), now=T0 + timedelta(minutes=7))
    assert finished.status == "finished" and not finished.is_active
    assert finished.state.outcome.winner is rules.Side.GORYO
    assert finished.finished_at == T0 + timedelta(minutes=7)
    assert finished.turn_deadline(timedelta(hours=24)) is None
    assert await store.active_match_in(CHANNEL) is None
    assert await store.active_matches_of(ALICE) == []
    assert [m.id for m in await store.finished_matches(CHANNEL)] == [match.id]
    assert await store.get_match(match.id) == finished
    assert len(await store.actions(match.id)) == 1


async def test_history_is_most_recent_first_and_limited(store):
    ids = []
    for seed in range(4):
        match = await new_match(store, seed=seed)
        await play(store, match, rules.Resign(rules.Side.GORYO))
        ids.append(match.id)
    await new_match(store, seed=9)  # active: not history
    assert [m.id for m in await store.finished_matches(CHANNEL, limit=3)] == ids[::-1][:3]
    assert await store.finished_matches(OTHER_CHANNEL) == []


async def test_a_stale_version_is_refused_and_changes_nothing(store):
    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    moved = await play(store, match, start)
    with pytest.raises(StaleMatchError):
        await play(store, match, start)  # loaded before the first start was stored
    assert await store.get_match(match.id) == moved
    assert len(await store.actions(match.id)) == 1


async def test_a_closed_match_takes_no_more_actions(store):
    match = await new_match(store)
    finished = await play(store, match, rules.Resign(rules.Side.SAMURAI))
    with pytest.raises(MatchClosedError):
        await store.record_action(
            match.id, expected_version=finished.version, actor_id=ALICE, action=rules.Abort(),
            new_state=finished.state, now=T0,
        )
    other = await new_match(store, seed=2)
    await store.mark_damaged(other.id, "replay mismatch")
    damaged = await store.get_match(other.id)
    assert (damaged.status, damaged.damage_reason) == ("damaged", "replay mismatch")
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[other.state.first_type][0])
    with pytest.raises(MatchClosedError):
        await play(store, damaged, start)
    assert await store.actions(other.id) == []


async def test_a_new_state_that_does_not_follow_from_the_action_is_refused(store):
    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    with pytest.raises(ValueError):
        await store.record_action(
            match.id, expected_version=0, actor_id=ALICE, action=start, new_state=rules.new_game(99), now=T0
        )
    assert await store.get_match(match.id) == match
    assert await store.actions(match.id) == []


async def test_unknown_matches(store):
    assert await store.get_match(404) is None
    with pytest.raises(LookupError):
        await store.record_action(
            404, expected_version=0, actor_id=ALICE, action=rules.Abort(), new_state=rules.new_game(1), now=T0
        )
    with pytest.raises(LookupError):
        await store.verify(404)


async def test_simultaneous_actions_on_one_version_apply_exactly_once(store):
    match = await new_match(store)
    starts = [rules.ChooseStart(space) for space in rules.SPACES_OF_TYPE[match.state.first_type]]

    async def attempt(action):
        return await play(store, match, action)

    results = await asyncio.gather(*(attempt(a) for a in starts * 3), return_exceptions=True)
    winners = [r for r in results if isinstance(r, MatchRecord)]
    assert len(winners) == 1
    assert all(isinstance(r, StaleMatchError) for r in results if r not in winners)
    logged = await store.actions(match.id)
    assert [a.action for a in logged] == [rules.ChooseStart(winners[0].state.broken[0])]
    stored = await store.get_match(match.id)
    assert stored.version == 1 and stored.state == winners[0].state


async def test_two_processes_on_one_database_cannot_both_apply_an_action(store, database):
    # A second Store is a second connection, as a second bot process (or an overlapping
    # restart) would have: the database, not the in-process lock, must pick one winner.
    second = await database.open()
    try:
        match = await new_match(store)
        starts = [rules.ChooseStart(space) for space in rules.SPACES_OF_TYPE[match.state.first_type]]
        results = await asyncio.gather(
            *(play(s, match, a) for s, a in zip([store, second] * 3, starts * 3, strict=False)),
            return_exceptions=True,
        )
        assert sum(isinstance(r, MatchRecord) for r in results) == 1
        assert all(isinstance(r, (MatchRecord, StaleMatchError)) for r in results)
        assert len(await second.actions(match.id)) == 1
        assert await store.verify(match.id) is None
    finally:
        await second.close()


async def test_closing_twice_is_harmless(database):
    store = await database.open()
    await store.close()
    await store.close()


async def test_a_cancelled_action_leaves_the_match_before_or_after_it(store):
    # Cancel record_action after 0, 1, 2, ... turns of the event loop, so the cancellation
    # lands at every step of the transaction in turn; whatever happened, the match is whole.
    match = await new_match(store)
    action = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    outcomes = set()
    for yields in range(40):
        current = await store.get_match(match.id)
        if current.version == 1:
            break
        task = asyncio.create_task(play(store, current, action))
        for _ in range(yields):
            await asyncio.sleep(0)
        task.cancel()
        try:
            await task
            outcomes.add("applied")
        except asyncio.CancelledError:
            outcomes.add("cancelled")
        stored = await store.get_match(match.id)
        assert stored.version in (0, 1)
        assert stored.state == (current.state if stored.version == 0 else rules.apply(current.state, action).state)
        assert await store.verify(match.id) is None
    assert "cancelled" in outcomes
    # The connection is still usable: no transaction was left open.
    assert (await challenge(store, OTHER_CHANNEL)).channel_id == OTHER_CHANNEL


async def test_a_failed_write_leaves_the_store_usable(store):
    await challenge(store)
    for _ in range(3):
        with pytest.raises(ChannelBusyError):
            await challenge(store)
    assert (await challenge(store, OTHER_CHANNEL)).channel_id == OTHER_CHANNEL


# --- the log replays to the state ----------------------------------------------------


async def record_random_match(store: Store, seed: int, advanced: bool, channel_id: int = CHANNEL):
    match = await new_match(store, channel_id=channel_id, seed=seed, advanced=advanced)
    history = random_match(seed, advanced=advanced)
    # random_match starts from new_game(seed), as new_match does.
    for n, (action, state) in enumerate(history):
        match = await play(store, match, action, now=T0 + timedelta(seconds=n))
        assert match.state == state
    return match, history


@pytest.mark.parametrize(("seed", "advanced"), [(1, False), (2, True), (3, False), (4, True)])
async def test_a_random_match_replays_to_its_stored_state(store, seed, advanced):
    match, history = await record_random_match(store, seed, advanced)
    assert match.status == "finished" and match.version == len(history)
    assert [a.action for a in await store.actions(match.id)] == [action for action, _ in history]
    assert await store.replay(match.id) == match.state == history[-1][1]
    assert await store.verify(match.id) is None


async def test_verify_catches_a_tampered_state_without_telling_the_secret(store, database):
    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    match = await play(store, match, start)
    assert await store.verify(match.id) is None
    other_bound = next(t for t in rules.OBJECT_TYPES if t is not match.state.bound)
    tampered = json.loads(rules.to_json(match.state)) | {"bound": other_bound.value}
    await database.execute("UPDATE matches SET state = ? WHERE id = ?", json.dumps(tampered), match.id)
    reason = await store.verify(match.id)
    assert reason is not None and "bound" in reason
    assert match.state.bound.value not in reason and other_bound.value not in reason


async def test_verify_catches_a_version_that_disagrees_with_the_log(store, database):
    match = await new_match(store)
    await database.execute("UPDATE matches SET version = 3 WHERE id = ?", match.id)
    assert "0 actions" in await store.verify(match.id)


async def test_verify_catches_unreadable_state(store, database):
    match = await new_match(store)
    await database.execute("UPDATE matches SET state = 'not json' WHERE id = ?", match.id)
    assert await store.verify(match.id) == "the stored state can't be read"


async def test_the_action_log_is_append_only(store, database):
    match = await new_match(store)
    await play(store, match, rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0]))
    with pytest.raises(database.error, match="append-only"):
        await database.execute("UPDATE actions SET actor_id = 1 WHERE match_id = ?", match.id)
    with pytest.raises(database.error, match="append-only"):
        await database.execute("DELETE FROM actions WHERE match_id = ?", match.id)
    # Nor can an action be written out of turn, skipping or repeating a number.
    for seq in (1, 3):
        with pytest.raises(database.error, match="out of order"):
            await database.execute(
                "INSERT INTO actions (match_id, seq, actor_id, action, at) VALUES (?, ?, 1, '{}', 'x')",
                match.id, seq,
            )
    assert await store.verify(match.id) is None


# --- restart ------------------------------------------------------------------------


async def test_a_restart_keeps_matches_challenges_and_logs(database):
    store = await database.open()
    finished, _ = await record_random_match(store, seed=7, advanced=False)
    ongoing = await new_match(store, channel_id=OTHER_CHANNEL, seed=8)
    ongoing = await play(store, ongoing, rules.ChooseStart(rules.SPACES_OF_TYPE[ongoing.state.first_type][0]))
    await store.mark_reminded(ongoing.id, version=ongoing.version, now=T0 + timedelta(hours=1))
    ongoing = await store.get_match(ongoing.id)
    posted = await challenge(store, channel_id=300)
    logged = await store.actions(finished.id)
    await store.close()

    store = await database.open()
    try:
        assert await store.get_match(finished.id) == finished
        assert await store.get_match(ongoing.id) == ongoing
        assert await store.active_matches() == [ongoing]
        assert await store.get_challenge(posted.id) == posted
        assert await store.actions(finished.id) == logged
        assert await store.verify(finished.id) is None and await store.verify(ongoing.id) is None
        # ... and the ongoing match carries on where it was.
        moved = await play(store, ongoing, first_plan(ongoing.state))
        assert moved.version == 2
    finally:
        await store.close()


# --- secrecy ------------------------------------------------------------------------


async def test_records_and_info_logs_never_show_hidden_information(store, caplog):
    caplog.set_level(logging.INFO, logger="bot.storage")
    match, _ = await record_random_match(store, seed=11, advanced=True)
    secret_words = {match.state.bound.value}
    assert not any(word in repr(match) for word in secret_words)
    assert not any(
        re.search(r"\b[A-F][1-6]\b", repr(logged)) for logged in await store.actions(match.id)
    )
    for record in caplog.records:
        if record.levelno >= logging.INFO:
            text = record.getMessage()
            assert not re.search(r"\b[A-F][1-6]\b", text), text  # no space: no path, no start
            assert not any(t.value in text for t in rules.OBJECT_TYPES), text
    assert any("action" in record.getMessage() for record in caplog.records)


# --- the outbox and the timers ---------------------------------------------------------


async def test_outbox_items_are_stored_with_their_action_or_not_at_all(store):
    from bot.records.outbox import OutboxItem

    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    step = rules.apply(match.state, start)
    owed = [OutboxItem("narration", "public", "she appears", "public", answer=True),
            OutboxItem("goryo-turn", "goryo", "plan", "goryo")]
    after = await store.record_action(
        match.id, expected_version=0, actor_id=ALICE, action=start, new_state=step.state, now=T0, outbox=owed
    )
    with pytest.raises(StaleMatchError):  # a stale write queues nothing either
        await store.record_action(
            match.id, expected_version=0, actor_id=ALICE, action=start, new_state=step.state, now=T0, outbox=owed
        )
    pending = await store.pending_outbox(match.id)
    assert [(e.seq, e.item) for e in pending] == [(1, item) for item in owed]
    assert await store.state_at(match.id, 1) == after.state and await store.state_at(match.id, 0) == match.state

    # Delivered once: a second mark (a racing deliverer) is told it lost.
    assert await store.outbox_delivered(pending[0].id, message_id=77, now=T0)
    assert not await store.outbox_delivered(pending[0].id, message_id=78, now=T0)
    await store.outbox_failed(pending[1].id, retry_at=T0 + timedelta(seconds=10))
    assert await store.matches_with_due_outbox(T0) == []
    assert await store.matches_with_due_outbox(T0 + timedelta(seconds=10)) == [match.id]
    assert await store.next_outbox_attempt() == T0 + timedelta(seconds=10)
    await store.outbox_failed(pending[1].id, retry_at=None)  # given up
    assert [e.status for e in await store.outbox_of(match.id)] == ["done", "failed"]
    assert await store.next_outbox_attempt() is None


async def test_items_held_back_wait_for_the_one_that_failed_and_a_refusal_is_noted_once(store):
    from bot.records.outbox import OutboxItem

    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    owed = [OutboxItem("narration", "public", "she appears", "public"), OutboxItem("live", "live", "board", "public")]
    await store.record_action(match.id, expected_version=0, actor_id=ALICE, action=start,
                              new_state=rules.apply(match.state, start).state, now=T0, outbox=owed)
    first, second = await store.pending_outbox(match.id)
    later = T0 + timedelta(minutes=10)
    await store.outbox_failed(first.id, retry_at=later)
    await store.outbox_wait([(second.id, later)])  # held back behind it: not due before it either
    assert await store.matches_with_due_outbox(T0) == [] and await store.next_outbox_attempt() == later
    assert await store.matches_with_due_outbox(later) == [match.id]

    assert not first.refused
    assert await store.outbox_refused(first.id, now=T0)  # the players are told: once
    assert not await store.outbox_refused(first.id, now=later)
    assert [e.refused for e in await store.pending_outbox(match.id)] == [True, False]


async def test_an_items_first_attempt_and_its_interaction_are_kept_until_it_is_delivered(store):
    from bot.records.outbox import Carrier, OutboxItem

    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    step = rules.apply(match.state, start)
    owed = [OutboxItem("narration", "public", "she appears", "public", answer=True)]
    await store.record_action(match.id, expected_version=0, actor_id=ALICE, action=start, new_state=step.state,
                              now=T0, outbox=owed)
    [entry] = await store.pending_outbox(match.id)
    assert entry.attempted_at is None and entry.carrier is None  # never tried: nothing to look for

    carrier = Carrier(application_id=7, token="tok", expires_at=T0 + timedelta(minutes=15),
                      interaction_id=99, channel_id=5)
    await store.outbox_attempt(entry.id, now=T0, carrier=carrier)
    await store.outbox_attempt(entry.id, now=T0 + timedelta(minutes=1))  # a retry without an interaction
    [tried] = await store.pending_outbox(match.id)
    assert tried.attempted_at == T0 + timedelta(minutes=1)  # the latest try
    assert tried.carrier == carrier  # the interaction
    assert await store.outbox_delivered(entry.id, message_id=3, now=T0)
    [done] = await store.outbox_of(match.id)
    assert done.carrier is None  # its token is not kept once it is no longer needed


def test_the_secret_board_cannot_be_queued_for_the_channel():
    from bot.records.outbox import OutboxItem

    for route in ("public", "live"):
        with pytest.raises(ValueError, match="only go to her"):
            OutboxItem("oops", route, "text", "goryo")


async def test_due_reminders_come_from_an_index_not_a_scan(sqlite_store, db_path):
    store = sqlite_store
    early = await new_match(store, CHANNEL)
    await new_match(store, OTHER_CHANNEL)
    with raw(db_path) as db:
        db.execute("UPDATE matches SET turn_started_at = ? WHERE id = ?",
                   ((T0 - timedelta(hours=13)).isoformat(), early.id))
        plan = " ".join(row[-1] for row in db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM matches WHERE status = 'active' AND reminded_at IS NULL"
            " AND to_move IS NOT NULL AND turn_started_at <= ?", (T0.isoformat(),)
        ))
    assert "matches_reminder_due" in plan
    assert [m.id for m in await store.reminders_due(T0 - timedelta(hours=12))] == [early.id]
    assert await store.mark_reminded(early.id, version=0, now=T0)
    assert await store.reminders_due(T0 - timedelta(seconds=1)) == []


async def test_what_the_outbox_owes_is_found_from_an_index_not_a_scan(sqlite_store, db_path):
    from bot.records.outbox import OutboxItem

    store = sqlite_store
    match = await new_match(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    step = rules.apply(match.state, start)
    owed = [OutboxItem("narration", "public", "she appears", "public")]
    await store.record_action(match.id, expected_version=0, actor_id=ALICE, action=start, new_state=step.state,
                              now=T0, outbox=owed)
    with raw(db_path) as db:
        for query in (  # the store's two questions, word for word
            "SELECT match_id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?",
            "SELECT MIN(next_attempt_at) AS at FROM outbox WHERE status = 'pending'",
        ):
            plan = " ".join(row[-1] for row in db.execute(f"EXPLAIN QUERY PLAN {query}",
                                                          (T0.isoformat(),)[: query.count("?")]))
            assert plan.startswith("SEARCH outbox USING") and "INDEX outbox_pending" in plan, plan
    assert await store.matches_with_due_outbox(T0) == [match.id] and await store.next_outbox_attempt() == T0


# --- the two backends' schemas ---------------------------------------------------------


async def test_postgresql_has_a_migration_for_each_of_sqlites_and_the_same_columns(db_path, postgres_url):
    from bot.storage import postgres_migrations

    # A migration appended on one side only fails here, before it can fail in production.
    assert postgres_migrations.SCHEMA_VERSION == SCHEMA_VERSION
    lite = await SqliteStore.open(db_path)
    await lite.close()
    pg = await open_store(postgres_url)
    await pg.close()
    with raw(db_path) as plain:
        tables = [row[0] for row in plain.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        lite_columns = {t: sorted(row[1] for row in plain.execute(f"PRAGMA table_info({t})")) for t in tables}
    connection = await asyncpg.connect(postgres_url)
    try:
        rows = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = 'public' AND table_name <> 'schema_version'"
        )
        assert await connection.fetchval("SELECT version FROM schema_version") == SCHEMA_VERSION
    finally:
        await connection.close()
    pg_columns: dict[str, list[str]] = {}
    for row in rows:
        pg_columns.setdefault(row["table_name"], []).append(row["column_name"])
    assert {t: sorted(c) for t, c in pg_columns.items()} == lite_columns


async def test_one_holder_at_a_time_drains_a_matchs_outbox(store):
    match = await new_match(store)
    later = T0 + timedelta(seconds=60)
    assert await store.claim_outbox(match.id, holder="a", now=T0, until=later)
    assert not await store.claim_outbox(match.id, holder="b", now=T0 + timedelta(seconds=59), until=later)
    assert await store.claim_outbox(match.id, holder="a", now=T0, until=later)  # its own claim, again
    await store.release_outbox(match.id, holder="b")  # not b's to give back
    assert not await store.claim_outbox(match.id, holder="b", now=T0, until=later)
    # A holder that died: its claim lapses and goes to whoever asks next.
    assert await store.claim_outbox(match.id, holder="b", now=later, until=later + timedelta(seconds=60))
    await store.release_outbox(match.id, holder="b")
    results = await asyncio.gather(
        *(store.claim_outbox(match.id, holder=name, now=T0, until=later) for name in "cdefg")
    )
    assert sorted(results) == [False, False, False, False, True]



async def test_a_process_holding_some_shards_finds_the_waiting_outbox_of_its_own_servers_only(store):
    from bot.records.outbox import OutboxItem

    # Snowflakes whose server lands on shard 0, 1, 2 of 3 by discord.py's formula; and a match with no server.
    guilds = {shard: (3_000_000 + shard) << 22 for shard in range(3)}
    assert all(shard_of(g, 3) == shard for shard, g in guilds.items()) and shard_of(None, 3) == 0
    matches = {}
    for shard, guild in [*guilds.items(), (None, None)]:
        posted = await challenge(store, channel_id=500 + (shard if shard is not None else 9), guild_id=guild)
        matches[shard] = await store.start_match(
            challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0,
            outbox=[OutboxItem("accepted", "public", "begun", "public")],
        )
    later = T0 + timedelta(seconds=1)
    every = sorted(m.id for m in matches.values())
    assert await store.matches_with_due_outbox(later) == every
    assert await store.matches_with_due_outbox(later, Shards.held(3, range(3))) == every  # None: all of them
    assert Shards.held(3, range(3)) is None
    first_two = Shards.held(3, (0, 1))
    assert await store.matches_with_due_outbox(later, first_two) == sorted(
        [matches[0].id, matches[1].id, matches[None].id]  # no server: with the DMs, on shard 0
    )
    assert await store.matches_with_due_outbox(later, Shards.held(3, (2,))) == [matches[2].id]
    assert await store.next_outbox_attempt(Shards.held(3, (2,))) == T0
    assert [first_two.holds(m.guild_id) for m in matches.values()] == [True, True, False, True]
    delivered = (await store.pending_outbox(matches[2].id))[0]
    await store.outbox_delivered(delivered.id, message_id=1, now=T0)
    assert await store.next_outbox_attempt(Shards.held(3, (2,))) is None
    assert await store.matches_with_due_outbox(later, Shards.held(3, (2,))) == []


async def test_a_cancelled_preview_is_stored_and_its_plan_refused_at_the_commit(store):
    match = await new_match(store)
    match = await play(store, match, rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0]))
    plan = first_plan(match.state)
    assert not await store.preview_cancelled(match.id, version=1, preview=2)
    assert await store.cancel_preview(match.id, version=1, preview=2)
    assert await store.cancel_preview(match.id, version=1, preview=2)  # pressed twice: still cancelled, once
    assert await store.preview_cancelled(match.id, version=1, preview=2)
    assert not await store.preview_cancelled(match.id, version=1, preview=3)
    step = rules.apply(match.state, plan)
    commit = {"expected_version": 1, "actor_id": ALICE, "action": plan, "new_state": step.state, "now": T0}
    with pytest.raises(PreviewCancelledError):
        await store.record_action(match.id, preview=2, **commit)
    assert (await store.get_match(match.id)).version == 1  # nothing stored
    # A newer preview of the same turn is not affected; once the match moved on, a Cancel notes nothing.
    after = await store.record_action(match.id, preview=3, **commit)
    assert after.version == 2
    assert not await store.cancel_preview(match.id, version=1, preview=3)
    assert not await store.preview_cancelled(match.id, version=1, preview=3)

# --- the league on both backends ----------------------------------------------------------


async def through_the_first_discovery(store: Store, match: MatchRecord) -> MatchRecord:
    match = await play(store, match, rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0]))
    match = await play(store, match, first_plan(match.state))
    return await play(store, match, rules.EndSamuraiTurn())


async def test_a_finished_match_is_summarised_and_rated_in_its_transaction_and_a_rebuild_agrees(store):
    first = await through_the_first_discovery(store, await new_match(store))
    await play(store, first, rules.Resign(rules.Side.GORYO))
    second = await through_the_first_discovery(store, await new_match(store, seed=2))
    await play(store, second, rules.Resign(rules.Side.SAMURAI))
    early = await new_match(store, seed=3)  # given up before the first Discovery: summarised, unrated
    await play(store, early, rules.Resign(rules.Side.GORYO))

    stored = await store.ratings(GUILD)
    assert set(stored) == {(GUILD, ALICE, rules.Side.GORYO), (GUILD, BOB, rules.Side.SAMURAI)}
    assert stored[(GUILD, BOB, rules.Side.SAMURAI)].wins == 1 and stored[(GUILD, BOB, rules.Side.SAMURAI)].matches == 2
    assert [s.id for s in await store.guild_summaries(GUILD)] == [early.id, second.id, first.id]  # newest first
    assert [s.id for s in await store.channel_summaries(CHANNEL, limit=1)] == [early.id]
    assert await store.rebuild_ratings() == stored


async def test_who_hears_which_language_is_stored_and_refreshed_with_each_action(store):
    from bot.records.outbox import OutboxItem

    unspoken = await challenge(store, channel_id=CHANNEL + 1)  # as every challenge before languages existed
    assert (unspoken.server_language, unspoken.challenger_language) == ("en", "en")
    posted = await challenge(store, server_language="it", challenger_language="en")
    assert (await store.get_challenge(posted.id)).server_language == "it"
    match = await store.start_match(
        challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0, goryo_language="en"
    )
    assert (match.server_language, match.goryo_language) == ("it", "en")  # the server's from its challenge

    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    told = [OutboxItem("narration", "public", "Il Goryō appare", language="it"),
            OutboxItem("goryo-turn", "goryo", "Plan")]
    after = await store.record_action(
        match.id, expected_version=0, actor_id=ALICE, action=start, new_state=rules.apply(match.state, start).state,
        now=T0, outbox=told, server_language=None, goryo_language="it",  # she now plays from an Italian client
    )
    assert (after.server_language, after.goryo_language) == ("it", "it")
    assert [e.item.language for e in await store.outbox_of(match.id)] == ["it", "en"]
    assert (await store.get_match(match.id)).goryo_language == "it"
    await store.set_languages(match.id, server_language="en", goryo_language="en")  # no action: no new version
    again = await store.get_match(match.id)
    assert (again.server_language, again.goryo_language, again.version) == ("en", "en", after.version)


def test_an_outbox_item_stored_before_languages_is_english():
    from bot.records.outbox import OutboxItem

    item = OutboxItem.from_row("narration", "public", '{"text":"She appears","picture":null,"answer":true}')
    assert item.language == "en"
    italian = OutboxItem("narration", "public", "Appare", language="it")
    assert OutboxItem.from_row("narration", "public", italian.payload()) == italian


def test_an_end_message_keeps_the_rating_facts_it_was_stored_with():
    from bot.records.league import Rating, RatingChange
    from bot.records.outbox import OutboxItem

    moved = (RatingChange(ALICE, rules.Side.GORYO, Rating(), Rating(26.1, 7.9, 1, 1)),
             RatingChange(BOB, rules.Side.SAMURAI, Rating(), Rating(23.9, 7.9, 1, 0)))
    for end in (OutboxItem("end", "public", "over", rating_changes=moved),
                OutboxItem("end", "public", "over", unrated=True)):
        assert OutboxItem.from_row("end", "public", end.payload()) == end
