"""A finished match boiled down to what ratings and stats need, built by replaying its action log.

Pure: no discord, no database. The storage layer (later) feeds it a match row and its log:

    summary = summarise(
        match_id=record.id, guild_id=record.guild_id, channel_id=record.channel_id,
        goryo_id=record.goryo_id, samurai_id=record.samurai_id, finished_at=record.finished_at,
        initial_state=initial_state, actions=[logged.action for logged in await store.actions(record.id)],
        bot_id=bot.user.id,
    )

Everything here is public: the plans the Samurai discovered and, once the match is over, the
bound object. A plan she locked in but never saw discovered (the match ended first, by a resign or
a time-out) stays her secret: it is not kept, so no stat can count it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

import rules
from rules import OBJECT_AT, GameState, ObjectType, Outcome, Side, Space, Termination
from rules.events import PathRevealed
from rules.goryo_turn import SPRINT_LENGTH

_GIVING_UP = (Termination.RESIGNED, Termination.TIMED_OUT)


class MatchNotFinishedError(ValueError):
    """The action log does not end the match, so there is nothing to summarise yet."""


@dataclass(frozen=True, slots=True)
class PlayedPlan:
    """One plan the Goryō locked in, with what became of it."""

    round: int
    path: tuple[Space, ...]
    false_trail: Space | None
    discovered: bool  # always True in new summaries; False only in ones stored before issue 26
    false_trail_investigated: bool  # the Samurai searched or sniffed her False Trail that round

    @property
    def target(self) -> Space:
        return self.path[-1]

    @property
    def target_type(self) -> ObjectType:
        object_type = OBJECT_AT[self.target]
        assert object_type is not None, "a legal plan always ends on an object space"
        return object_type

    @property
    def sprint(self) -> bool:
        return len(self.path) == SPRINT_LENGTH


@dataclass(frozen=True, slots=True)
class MatchSummary:
    id: int
    guild_id: int | None
    channel_id: int
    goryo_id: int
    samurai_id: int
    finished_at: datetime
    outcome: Outcome
    against_ai: bool = False
    plans: tuple[PlayedPlan, ...] = ()
    bound: ObjectType | None = None
    rounds: int = 0  # the round the match ended in (0: during setup)
    spirits: int = 0  # spirit tokens the Samurai flipped
    advanced: bool = False

    @property
    def order(self) -> tuple[datetime, int]:
        """Finish order: ratings are folded in this order, so live updates and a rebuild agree."""
        return (self.finished_at, self.id)

    @property
    def aborted(self) -> bool:
        return self.outcome.winner is None or self.outcome.termination is Termination.ABORTED

    @property
    def between_two_people(self) -> bool:
        return not self.against_ai and self.goryo_id != self.samurai_id

    @property
    def given_up_early(self) -> bool:
        """Resigned or lost on time before the Samurai's first Discovery: too little play to rate.

        So two accounts can't farm a rating with quick resigns, and nobody dodges a loss for nothing.
        Endings the rules make (a capture, an exorcism, no legal plan) count whenever they come.
        """
        return self.outcome.termination in _GIVING_UP and not any(plan.discovered for plan in self.plans)

    @property
    def rated(self) -> bool:
        """Counts for ratings and records: decided, between two people, and not given up before the first Discovery."""
        return not self.aborted and self.between_two_people and not self.given_up_early

    @property
    def winner_id(self) -> int | None:
        winner = self.outcome.winner
        return None if winner is None or self.aborted else self.player_of(winner)

    def player_of(self, side: Side) -> int:
        return self.goryo_id if side is Side.GORYO else self.samurai_id

    def side_of(self, user_id: int) -> Side | None:
        if user_id == self.goryo_id:
            return Side.GORYO
        if user_id == self.samurai_id:
            return Side.SAMURAI
        return None

    def opponent_of(self, user_id: int) -> int | None:
        side = self.side_of(user_id)
        return None if side is None else self.player_of(side.other)

    def won_by(self, user_id: int) -> bool | None:
        """True or False for a player of a decided match; None if aborted or not theirs."""
        side = self.side_of(user_id)
        if side is None or self.aborted:
            return None
        return self.outcome.winner is side


def summarise(
    *,
    match_id: int,
    guild_id: int | None,
    channel_id: int,
    goryo_id: int,
    samurai_id: int,
    finished_at: datetime,
    initial_state: GameState,
    actions: Iterable[rules.Action],
    against_ai: bool = False,
    bot_id: int | None = None,
) -> MatchSummary:
    """Replay ``actions`` from ``initial_state`` and collect the summary of the finished match.

    A match is against the AI when ``against_ai`` says so or either player is ``bot_id``.
    MatchNotFinishedError if the log stops before the end (a match still in progress).
    """
    state = initial_state
    plans: list[PlayedPlan] = []
    pending: rules.Plan | None = None  # locked this round, not yet discovered
    for action in actions:
        round_before = state.round
        step = rules.apply(state, action)
        if isinstance(action, rules.Plan):
            pending = action
        if pending is not None and any(isinstance(event, PathRevealed) for event in step.events):
            reveal = step.state.last_reveal
            assert reveal is not None
            plans.append(_played(round_before, pending, reveal.paw_prints, discovered=True))
            pending = None
        state = step.state
    if state.outcome is None:  # not over
        raise MatchNotFinishedError(f"match {match_id} is still in progress")
    # A plan still pending (the match ended by a resign or a time-out before its Discovery) was never
    # revealed to anyone: it is left out.
    return MatchSummary(
        id=match_id,
        guild_id=guild_id,
        channel_id=channel_id,
        goryo_id=goryo_id,
        samurai_id=samurai_id,
        finished_at=finished_at,
        outcome=state.outcome,
        against_ai=against_ai or (bot_id is not None and bot_id in (goryo_id, samurai_id)),
        plans=tuple(plans),
        bound=state.bound,
        rounds=state.round,
        spirits=state.spirits,
        advanced=state.advanced,
    )


def _played(round_number: int, plan: rules.Plan, prints: Iterable[rules.PawPrint], *, discovered: bool) -> PlayedPlan:
    return PlayedPlan(
        round=round_number,
        path=plan.path,
        false_trail=plan.false_trail,
        discovered=discovered,
        false_trail_investigated=plan.false_trail is not None and any(p.space == plan.false_trail for p in prints),
    )
