"""A tournament as storage hands it back: its settings and place, its players, its matches and byes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from .model import Bye, Format, MatchResult, Status
from .rounds import rounds_of


@dataclass(frozen=True)
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    name: str
    format: Format
    rounds: int  # as asked; ``rounds_to_play`` says how many it plays
    round_days: int
    advanced: bool
    assist: bool
    max_players: int | None
    signup_closes_at: datetime
    status: Status
    round: int  # the round being played (0 before the first)
    round_deadline: datetime | None
    reminded_round: int | None
    created_by: int
    created_at: datetime
    language: str
    message_id: int | None

    @property
    def round_length(self) -> timedelta:
        return timedelta(days=self.round_days)

    def rounds_to_play(self, players: int) -> int:
        return rounds_of(self.format, players, self.rounds)


@dataclass(frozen=True)
class Entrant:
    user_id: int
    seq: int
    withdrawn: bool


@dataclass(frozen=True)
class TournamentMatch:
    """One match of a double: ``match_id`` once started; ``decided`` once it counts (``winner`` None: for neither)."""

    round: int
    goryo_id: int
    samurai_id: int
    match_id: int | None
    winner_id: int | None
    decided: bool

    def result(self) -> MatchResult:
        return MatchResult(self.round, self.goryo_id, self.samurai_id, self.winner_id)


@dataclass(frozen=True)
class TournamentPlay:
    """Everything played so far: the players in sign-up order, the matches and the byes."""

    tournament: TournamentRecord
    entrants: tuple[Entrant, ...]
    matches: tuple[TournamentMatch, ...]
    byes: tuple[Bye, ...]

    @property
    def players(self) -> list[int]:
        return [e.user_id for e in self.entrants]

    @property
    def withdrawn(self) -> set[int]:
        return {e.user_id for e in self.entrants if e.withdrawn}

    def results(self) -> list[MatchResult]:
        return [m.result() for m in self.matches if m.decided]

    def of_round(self, number: int) -> list[TournamentMatch]:
        return [m for m in self.matches if m.round == number]

    def round_is_over(self, number: int) -> bool:
        return all(m.decided for m in self.of_round(number))


class JoinOutcome(Enum):
    """What asking to join came to: joined, or why not."""

    JOINED = "joined"
    ALREADY = "already"
    CLOSED = "closed"
    FULL = "full"
    IN_ANOTHER = "in_another"  # already playing in (or signed up for) another of the server's tournaments
    UNKNOWN = "unknown"


class LeaveOutcome(Enum):
    LEFT = "left"  # during sign-up: no longer on the list
    WITHDREW = "withdrew"  # during play: the remaining matches are forfeited
    NOT_IN = "not_in"
    OVER = "over"


def undecided(matches: Sequence[TournamentMatch]) -> list[TournamentMatch]:
    return [m for m in matches if not m.decided]
