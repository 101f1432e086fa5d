"""Finished matches written straight through the real Store (a real SQLite file), to seed a league history.

Each match is challenged, accepted and played with real actions: the Goryō starts and plans round 1,
the Samurai end their turn (the Discovery), then it ends as asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import rules
from bot.storage import Store

START = datetime(2026, 3, 1, tzinfo=UTC)


async def finish_match(
    store: Store,
    *,
    guild_id: int,
    channel_id: int,
    goryo_id: int,
    samurai_id: int,
    ending: rules.Action,
    minute: int,
    seed: int = 1,
    ai_side: rules.Side | None = None,
) -> int:
    """A match from challenge to ``ending`` (Resign, TimeOut or Abort), finished ``minute`` minutes after START.

    ``ai_side``: the side the bot plays (a match against it starts without a challenge).
    """
    ready = await match_ready_to_end(
        store, guild_id=guild_id, channel_id=channel_id, goryo_id=goryo_id, samurai_id=samurai_id,
        minute=minute, seed=seed, ai_side=ai_side,
    )
    await ready.end(store, ending)
    return ready.match_id


@dataclass
class ReadyToEnd:
    """A match played through its first Discovery, waiting for the action that ends it."""

    match_id: int
    version: int
    state: rules.GameState
    goryo_id: int
    now: datetime

    async def end(self, store: Store, ending: rules.Action) -> None:
        state = rules.apply(self.state, ending).state
        assert state.is_over
        await store.record_action(
            self.match_id, expected_version=self.version, actor_id=self.goryo_id, action=ending, new_state=state,
            now=self.now,
        )


async def match_ready_to_end(
    store: Store,
    *,
    guild_id: int,
    channel_id: int,
    goryo_id: int,
    samurai_id: int,
    minute: int,
    seed: int = 1,
    ai_side: rules.Side | None = None,
) -> ReadyToEnd:
    """A match challenged, accepted and played through round 1's Discovery, ``minute`` minutes after START."""
    now = START + timedelta(minutes=minute)
    state = rules.new_game(seed)
    if ai_side is not None:
        record = await store.start_ai_match(
            guild_id=guild_id, channel_id=channel_id, goryo_id=goryo_id, samurai_id=samurai_id, state=state, now=now,
            ai_side=ai_side, ai_level="normal", ai_seed=seed,
        )
    else:
        challenge = await store.create_challenge(
            guild_id=guild_id, channel_id=channel_id, challenger_id=goryo_id, opponent_id=samurai_id,
            challenger_role="goryo", advanced=False, now=now,
        )
        record = await store.start_match(
            challenge_id=challenge.id, goryo_id=goryo_id, samurai_id=samurai_id, state=state, now=now
        )
    actions = [rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])]
    state = rules.apply(state, actions[0]).state
    actions.append(next(rules.legal_plans(state)))
    actions.append(rules.EndSamuraiTurn())
    state = record.state
    for version, action in enumerate(actions):
        actor = samurai_id if isinstance(action, rules.EndSamuraiTurn) else goryo_id
        state = rules.apply(state, action).state
        await store.record_action(
            record.id, expected_version=version, actor_id=actor, action=action, new_state=state, now=now
        )
    return ReadyToEnd(record.id, len(actions), state, goryo_id, now)
