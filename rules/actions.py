"""Actions: small immutable values, like python-chess's ``Move``."""

from __future__ import annotations

from dataclasses import dataclass

from .palace import Space
from .pieces import Samurai, Side


@dataclass(frozen=True, slots=True)
class ChooseStart:
    """Setup: the Goryō breaks this space of the revealed first type and starts there."""

    space: Space


@dataclass(frozen=True, slots=True)
class Plan:
    """The Goryō's secret turn: her path (start first, target last) and False Trail."""

    path: tuple[Space, ...]
    false_trail: Space | None = None

    def __post_init__(self) -> None:
        # A list would make the plan unhashable and unequal to its JSON round trip.
        if not isinstance(self.path, tuple):
            object.__setattr__(self, "path", tuple(self.path))

    @property
    def start(self) -> Space:
        return self.path[0]

    @property
    def target(self) -> Space:
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class Move:
    samurai: Samurai
    to: Space


@dataclass(frozen=True, slots=True)
class Search:
    samurai: Samurai


@dataclass(frozen=True, slots=True)
class Sniff:
    samurai: Samurai
    space: Space


@dataclass(frozen=True, slots=True)
class EndSamuraiTurn:
    """The Samurai stop acting; the Discovery runs at once."""


@dataclass(frozen=True, slots=True)
class Undo:
    """The Samurai take back the turn's last move, while it revealed nothing (see ``GameState.takeable``)."""


@dataclass(frozen=True, slots=True)
class Resign:
    side: Side


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The bot's clock says ``side`` let its turn time run out and the other claimed."""

    side: Side


@dataclass(frozen=True, slots=True)
class Abort:
    """The match is called off with no winner (e.g. by a moderator)."""


SamuraiAction = Move | Search | Sniff
Action = ChooseStart | Plan | Move | Search | Sniff | EndSamuraiTurn | Undo | Resign | TimeOut | Abort
