"""The next round of a tournament, whatever its format, from what has been played so far."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .berger import berger_rounds, round_robin_rounds
from .model import Bye, Format, MatchResult, Pairing
from .standings import met_pairs, points_of, standings
from .swiss import pair_swiss


def rounds_of(format: Format, players: int, asked: int) -> int:
    """How many rounds a tournament of ``players`` plays: a round robin all of its own; a Swiss what was
    asked, but no more than a round robin would (beyond that, two players would have to meet again)."""
    full = round_robin_rounds(players)
    return full if format is Format.ROUND_ROBIN else max(1, min(asked, full))


def next_pairing(
    format: Format,
    entrants: Sequence[int],
    round_number: int,
    results: Sequence[MatchResult],
    byes: Sequence[Bye],
    withdrawn: Collection[int] = (),
) -> Pairing:
    """Round ``round_number`` (1-based). A round robin follows its table (a withdrawn player's doubles
    are still listed: the play layer scores them as forfeits); a Swiss pairs those still in."""
    if format is Format.ROUND_ROBIN:
        return berger_rounds(tuple(entrants))[round_number - 1]
    table = standings(entrants, results, byes)
    ranked = [row.player for row in table if row.player not in withdrawn]
    return pair_swiss(ranked, points_of(entrants, results, byes), met_pairs(results), {b.player for b in byes})
