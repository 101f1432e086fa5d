"""Small enums and values shared across the engine."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from . import layout
from .palace import Space, parse_space
from .sides import Samurai, Side  # below the board and its reasons (``sides``), and named here as always

__all__ = ["SAMURAI_START", "InvestigationKind", "Outcome", "Phase", "Samurai", "Side", "Termination", "TileState"]

SAMURAI_START: dict[Samurai, Space] = {
    Samurai(colour): parse_space(space) for colour, space in layout.SAMURAI_STARTS
}


class TileState(enum.Enum):
    """An object tile on the garden board."""

    INTACT = "intact"
    BROKEN = "broken"  # flipped by a break (or the setup draw); still breakable
    SEALED = "sealed"  # flipped with a sealed token on it; no space of it breakable

    @property
    def face_down(self) -> bool:
        """Broken side up, as the exorcism rule counts tiles."""
        return self is not TileState.INTACT


class Phase(enum.Enum):
    SETUP = "setup"  # the Goryō chooses which space of the first type to break
    GORYO_TURN = "goryo_turn"
    SAMURAI_TURN = "samurai_turn"
    OVER = "over"


class Termination(enum.Enum):
    CAPTURED_THRICE = "captured_thrice"
    EXORCISED = "exorcised"
    NO_LEGAL_PLAN = "no_legal_plan"
    SURVIVED_FOUR_ROUNDS = "survived_four_rounds"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: Side | None  # None only when the match was aborted


class InvestigationKind(enum.Enum):
    SEARCH = "search"
    SNIFF = "sniff"
