"""The outbox and the timers in the store, on both backends: items stored with their action, held
back behind a failure, found from an index, drained by one holder at a time."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

import rules
from bot.storage import (
    PreviewCancelledError,
    Shards,
    StaleMatchError,
    shard_of,
)
from tests.bot.storage.stores import (
    ALICE,
    BOB,
    CHANNEL,
    OTHER_CHANNEL,
    T0,
    challenge,
    first_plan,
    new_match,
    play,
    raw,
)

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
