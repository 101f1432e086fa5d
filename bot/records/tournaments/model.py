"""A tournament as values: its format, its rounds of doubles and byes, and the results of its matches.

Players are Discord user ids; a tournament's ``entrants`` are in sign-up order (the last tiebreak).
A *double* pairs two players for a round: two matches played at once, ``first`` the Goryō in one and
the Samurai in the other. Nothing here reads a clock or a database.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum


class Format(Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"


class Status(Enum):
    """Where a tournament stands: sign-up, playing its rounds, or over (finished or cancelled)."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_over(self) -> bool:
        return self in (Status.FINISHED, Status.CANCELLED)


MIN_PLAYERS = 3
BYE_POINTS = 1
WIN_POINTS = 1


@dataclass(frozen=True, order=True)
class Double:
    """Two players' pairing in a round: ``first`` is the Goryō of the first match, ``second`` of the other."""

    first: int
    second: int

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError("a player cannot be paired with themselves")

    @property
    def players(self) -> tuple[int, int]:
        return (self.first, self.second)

    def key(self) -> frozenset[int]:
        """The pair, whichever way round: two players meet once at most."""
        return frozenset(self.players)

    def matches(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The double's two matches as (Goryō, Samurai): each player once in each role."""
        return ((self.first, self.second), (self.second, self.first))


@dataclass(frozen=True)
class Pairing:
    """One round's pairing: its doubles and the player who sits it out (odd counts), if any."""

    doubles: tuple[Double, ...]
    bye: int | None = None

    def players(self) -> Iterator[int]:
        for double in self.doubles:
            yield from double.players
        if self.bye is not None:
            yield self.bye


@dataclass(frozen=True)
class MatchResult:
    """A tournament match as it counts: ``winner`` is the winner's id, None when it counts for neither
    (an aborted match, or one left unplayed at the round's deadline)."""

    round: int
    goryo: int
    samurai: int
    winner: int | None

    def __post_init__(self) -> None:
        if self.winner is not None and self.winner not in (self.goryo, self.samurai):
            raise ValueError("the winner must be one of the match's players")

    def opponent_of(self, player: int) -> int:
        return self.samurai if player == self.goryo else self.goryo


@dataclass(frozen=True)
class Bye:
    round: int
    player: int
