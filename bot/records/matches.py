"""A match, a challenge and a logged action, as storage hands them back: plain values, no I/O.

Hidden information (the bound object, the bag, an undiscovered plan) lives in the stored state and
the action log; the records keep them out of their repr.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

import rules
from ai.levels import Level


class Role(StrEnum):
    """The side a challenger asks to play (stored as its word; the challenges table's CHECK lists them)."""

    GORYO = "goryo"
    SAMURAI = "samurai"
    RANDOM = "random"


CHALLENGER_ROLES = tuple(Role)
ACTIVE, FINISHED, DAMAGED = "active", "finished", "damaged"


@dataclass(frozen=True)
class MatchRecord:
    id: int
    guild_id: int | None
    channel_id: int
    goryo_id: int
    samurai_id: int
    state: rules.GameState = field(repr=False)  # holds the bound object and the plan
    status: str  # "active" | "finished" | "damaged"
    version: int  # number of actions applied
    created_at: datetime
    turn_started_at: datetime  # when the side now to move got the turn
    reminded_at: datetime | None  # half-time reminder sent for this turn
    finished_at: datetime | None = None
    damage_reason: str | None = None
    live_board_round: int | None = None  # the Samurai turn whose latest board message this is
    live_board_message_id: int | None = None
    ai_side: rules.Side | None = None  # the side the bot itself plays (a match against the AI), else None
    ai_level: Level | None = None
    ai_seed: int | None = None  # each AI decision's seed derives from it and the match version
    assist: bool = False  # the public deduction aid is shown (chosen with the challenge)
    server_language: str = "en"  # what the match says in its channel (``locales``), as its server last showed
    goryo_language: str = "en"  # what she is told in her DMs, as her last interaction showed

    @property
    def is_active(self) -> bool:
        return self.status == ACTIVE

    def player_side(self, user_id: int) -> rules.Side | None:
        """The side ``user_id`` plays; someone playing both sides plays the side to move."""
        if user_id == self.goryo_id and user_id == self.samurai_id:
            return self.state.to_move or rules.Side.GORYO
        if user_id == self.goryo_id:
            return rules.Side.GORYO
        if user_id == self.samurai_id:
            return rules.Side.SAMURAI
        return None

    def player_of(self, side: rules.Side) -> int:
        return self.goryo_id if side is rules.Side.GORYO else self.samurai_id

    def turn_deadline(self, limit: timedelta) -> datetime | None:
        """When the side to move runs out of time; None once the match is over."""
        return None if self.state.to_move is None else self.turn_started_at + limit


@dataclass(frozen=True)
class ChallengeRecord:
    id: int
    guild_id: int | None
    channel_id: int
    challenger_id: int
    opponent_id: int
    challenger_role: Role
    advanced: bool
    created_at: datetime
    message_id: int | None
    assist: bool = False
    server_language: str = "en"  # the challenge's words and the match's, in its channel
    challenger_language: str = "en"  # hers, if the challenger becomes the Goryō


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    actor_id: int
    action: rules.Action = field(repr=False)  # a Plan is secret until its discovery
    at: datetime
