"""What happened, step by step: the bot narrates these, the renderer draws them.

Every event is public information at the moment it is emitted.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .palace import ObjectType, Space
from .pieces import InvestigationKind, Outcome, Samurai


@dataclass(frozen=True, slots=True)
class StartChosen:
    space: Space
    object_type: ObjectType


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class PlanLocked:
    round: int


@dataclass(frozen=True, slots=True)
class SamuraiMoved:
    samurai: Samurai
    origin: Space
    to: Space


@dataclass(frozen=True, slots=True)
class MoveTakenBack:
    """``samurai``'s move from ``origin`` to ``to`` was undone: he stands on ``origin`` again."""

    samurai: Samurai
    origin: Space
    to: Space
    uncalled: bool  # the move had called him, so the call is taken back with it


@dataclass(frozen=True, slots=True)
class Investigated:
    samurai: Samurai
    kind: InvestigationKind
    space: Space
    answer: bool


@dataclass(frozen=True, slots=True)
class SamuraiTurnEnded:
    actions_used: int


@dataclass(frozen=True, slots=True)
class PathRevealed:
    path: tuple[Space, ...]
    false_trail: Space | None
    sprint_used: bool


@dataclass(frozen=True, slots=True)
class ObjectBroken:
    space: Space
    object_type: ObjectType
    tile_flipped: bool


@dataclass(frozen=True, slots=True)
class PawPrintsCounted:
    green: int  # green prints that count (not on the False Trail)
    discarded_on_false_trail: int
    mallet_from: int
    mallet_to: int
    bag_icons_reached: int


@dataclass(frozen=True, slots=True)
class SpiritCaptured:
    samurai: tuple[Samurai, ...]
    tokens_flipped: int  # by this capture
    total_flipped: int


class DrawCause(enum.Enum):
    """Why an object token is drawn at the Discovery."""

    BAG_ICON = "bag_icon"  # the gong's mallet reached a bag icon
    SPIRIT_CAPTURED = "spirit_captured"  # a spirit token was flipped


@dataclass(frozen=True, slots=True)
class TokenDrawn:
    object_type: ObjectType
    sealed_spaces: tuple[Space, ...]
    cause: DrawCause


@dataclass(frozen=True, slots=True)
class BagEmpty:
    """A draw was owed but the bag had nothing left."""

    cause: DrawCause


@dataclass(frozen=True, slots=True)
class SprintDiscarded:
    pass


@dataclass(frozen=True, slots=True)
class FalseTrailDiscarded:
    space: Space


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int


@dataclass(frozen=True, slots=True)
class MatchEnded:
    outcome: Outcome
    bound: ObjectType


Event = (
    StartChosen | RoundStarted | PlanLocked | SamuraiMoved | MoveTakenBack | Investigated | SamuraiTurnEnded
    | PathRevealed | ObjectBroken | PawPrintsCounted | SpiritCaptured | TokenDrawn | BagEmpty
    | SprintDiscarded | FalseTrailDiscarded | RoundEnded | MatchEnded
)
