"""A match's actions in the store, on both backends: the log, versions, races between processes,
the log replaying to the state, restarts, and records that keep the secrets."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from datetime import timedelta

import pytest

import rules
from bot.storage import (
    ChannelBusyError,
    MatchClosedError,
    MatchRecord,
    StaleMatchError,
    Store,
)
from rules.playout import random_match
from tests.bot.storage.stores import (
    ALICE,
    CHANNEL,
    OTHER_CHANNEL,
    T0,
    challenge,
    first_plan,
    new_match,
    play,
)

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
