"""The action pipeline under real concurrency: two actions on one match at the same instant.

SimCord runs one user action at a time, so this drives MatchService directly, on a
real SQLite store, with the bot's own announcer: each applied action queues its
outbox items once, in the action's transaction.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

import rules
from bot.delivery.announce import outbox_for
from bot.play.service import MatchService, Played
from bot.storage.sqlite import SqliteStore
from bot.text.refusal import Refusal

GORYO, SAMURAI = 101, 202
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
async def match(tmp_path):
    store = await SqliteStore.open(tmp_path / "pipeline.sqlite3")
    state = rules.new_game(1)
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    challenge = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=GORYO, opponent_id=SAMURAI, challenger_role="goryo",
        advanced=False, now=NOW,
    )
    record = await store.start_match(challenge_id=challenge.id, goryo_id=GORYO, samurai_id=SAMURAI, state=state,
                                     now=NOW)
    yield store, record
    await store.close()


async def test_two_confirms_at_once_apply_once(match):
    store, record = match
    service = MatchService(store, outbox_for, clock=lambda: NOW)
    plan = next(rules.legal_plans(record.state))
    results = await asyncio.gather(
        service.play(record.id, GORYO, plan, expected_version=record.version),
        service.play(record.id, GORYO, plan, expected_version=record.version),
        return_exceptions=True,
    )
    played = [r for r in results if isinstance(r, Played)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(played) == 1 and len(refused) == 1 and "out of date" in refused[0].text
    # Her builder taken off, her receipt and the Samurai's ping, queued once, with the action's version.
    queued = await store.outbox_of(record.id)
    assert [(e.item.kind, e.seq) for e in queued] == [("builder-off", 1), ("receipt", 1), ("ping", 1)] == [
        (e.item.kind, e.seq) for e in played[0].outbox
    ]
    assert [a.action for a in await store.actions(record.id)] == [plan]


async def test_two_samurai_commands_at_once_are_checked_one_after_the_other(match):
    store, record = match
    service = MatchService(store, outbox_for, clock=lambda: NOW)
    await service.play(record.id, GORYO, next(rules.legal_plans(record.state)))
    search = rules.Search(rules.Samurai.RED)
    results = await asyncio.gather(
        service.play(record.id, SAMURAI, search),
        service.play(record.id, SAMURAI, search),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Played) for r in results) == 1
    assert [r.text for r in results if isinstance(r, Refusal)] == ["The red Samurai has already searched this turn."]
    final = await store.get_match(record.id)
    assert final.version == 2 and final.state == await store.replay(record.id)


async def test_a_refusal_decided_under_the_lock_stops_a_confirm_racing_it(match):
    # What Game.cancel_plan and Game.confirm_plan do: the Cancel marks the preview under the
    # match's lock; a Confirm pressed at the same instant asks under the same lock and is refused.
    store, record = match
    service = MatchService(store, outbox_for, clock=lambda: NOW)
    plan = next(rules.legal_plans(record.state))
    cancelled: set[int] = set()

    async def cancel() -> None:
        async with service.lock(record.id):
            await asyncio.sleep(0)  # the Confirm arrives meanwhile and waits for the lock
            cancelled.add(record.version)

    async def refused(current) -> Refusal | None:
        return Refusal("You cancelled this plan.") if current.version in cancelled else None

    results = await asyncio.gather(
        cancel(), service.play(record.id, GORYO, plan, expected_version=record.version, unless=refused),
        return_exceptions=True,
    )
    assert isinstance(results[1], Refusal) and "cancelled" in results[1].text
    assert await store.actions(record.id) == [] and await store.outbox_of(record.id) == []


async def test_when_nothing_legal_is_left_the_turn_ends_by_itself_and_says_so(match):
    store, record = match
    service = MatchService(store, outbox_for, clock=lambda: NOW)
    await service.play(record.id, GORYO, next(rules.legal_plans(record.state)))
    state = (await store.get_match(record.id)).state
    while rules.legal_samurai_actions(state):
        played = await service.play(record.id, SAMURAI, rules.legal_samurai_actions(state)[0])
        state = played.after.state
    actions = [a.action for a in await store.actions(record.id)]
    assert actions[-1] == rules.EndSamuraiTurn()
    assert (await store.get_match(record.id)).state.phase is not rules.Phase.SAMURAI_TURN
    [discovery] = [e for e in await store.outbox_of(record.id) if e.item.kind == "discovery"]
    assert discovery.item.text.startswith("The Samurai have no action left") and discovery.seq == len(actions)
    assert await store.verify(record.id) is None
