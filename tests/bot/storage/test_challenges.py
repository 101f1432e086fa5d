"""Challenges in the store, on both backends: their lifecycle, one per channel, and the match each
starts, all or nothing."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

import rules
from bot.storage import (
    ChannelBusyError,
    MatchRecord,
)
from tests.bot.storage.stores import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    OTHER_CHANNEL,
    T0,
    challenge,
    new_match,
    play,
)

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
    with pytest.raises(database.error, match=r"UNIQUE|unique"):
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
