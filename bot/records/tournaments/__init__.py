"""Tournaments (issue 43) as values: formats, pairings (Berger tables, Swiss), results and standings.

Pure: ``bot.storage.tournaments`` keeps the facts, ``bot.play.tournaments`` runs them, and
``bot.text.tournaments`` says them in the reader's language.
"""

from .berger import berger_rounds, round_robin_rounds
from .model import (
    BYE_POINTS,
    MIN_PLAYERS,
    WIN_POINTS,
    Bye,
    Double,
    Format,
    MatchResult,
    Pairing,
    Status,
)
from .rounds import next_pairing, rounds_of
from .standings import Standing, met_pairs, points_of, standings, winner_of
from .stored import (
    Entrant,
    JoinOutcome,
    LeaveOutcome,
    TournamentMatch,
    TournamentPlay,
    TournamentRecord,
    undecided,
)
from .swiss import NoPairingError, pair_swiss

__all__ = [
    "BYE_POINTS",
    "MIN_PLAYERS",
    "WIN_POINTS",
    "Bye",
    "Double",
    "Entrant",
    "Format",
    "JoinOutcome",
    "LeaveOutcome",
    "MatchResult",
    "NoPairingError",
    "Pairing",
    "Standing",
    "Status",
    "TournamentMatch",
    "TournamentPlay",
    "TournamentRecord",
    "berger_rounds",
    "met_pairs",
    "next_pairing",
    "pair_swiss",
    "points_of",
    "round_robin_rounds",
    "rounds_of",
    "standings",
    "undecided",
    "winner_of",
]
