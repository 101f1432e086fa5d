"""Standings: points, then the tiebreaks in this order — head-to-head, Buchholz, wins as the Goryō,
then the earlier sign-up.

A match won is a point, a bye a point; a match that counts for neither (aborted, or unplayed at the
round's deadline) gives none. Head-to-head is what a player scored against the others on the same
points; Buchholz is the sum of the points of everyone they were paired with (a bye has no opponent).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .model import BYE_POINTS, WIN_POINTS, Bye, MatchResult


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    points: int
    goryo_wins: int
    samurai_wins: int
    head_to_head: int
    buchholz: int
    byes: int


def points_of(entrants: Sequence[int], results: Iterable[MatchResult], byes: Iterable[Bye]) -> dict[int, int]:
    points = dict.fromkeys(entrants, 0)
    for result in results:
        if result.winner is not None:
            points[result.winner] = points.get(result.winner, 0) + WIN_POINTS
    for bye in byes:
        points[bye.player] = points.get(bye.player, 0) + BYE_POINTS
    return points


def met_pairs(results: Iterable[MatchResult]) -> set[frozenset[int]]:
    """The pairs that have met (a double's two matches are one meeting)."""
    return {frozenset((r.goryo, r.samurai)) for r in results}


def standings(entrants: Sequence[int], results: Sequence[MatchResult], byes: Sequence[Bye]) -> list[Standing]:
    """Everyone who signed up (``entrants``, in sign-up order), best first, ranked 1, 2, …"""
    points = points_of(entrants, results, byes)
    goryo_wins: dict[int, int] = defaultdict(int)
    samurai_wins: dict[int, int] = defaultdict(int)
    opponents: dict[int, set[int]] = defaultdict(set)
    head_to_head: dict[int, int] = defaultdict(int)
    for r in results:
        opponents[r.goryo].add(r.samurai)
        opponents[r.samurai].add(r.goryo)
        if r.winner is None:
            continue
        (goryo_wins if r.winner == r.goryo else samurai_wins)[r.winner] += 1
        if points[r.goryo] == points[r.samurai]:
            head_to_head[r.winner] += WIN_POINTS
    bye_count: dict[int, int] = defaultdict(int)
    for bye in byes:
        bye_count[bye.player] += 1
    signed_up = {player: order for order, player in enumerate(entrants)}

    def key(player: int) -> tuple[int, int, int, int, int]:
        buchholz = sum(points[o] for o in opponents[player])
        return (-points[player], -head_to_head[player], -buchholz, -goryo_wins[player], signed_up[player])

    order = sorted(entrants, key=key)
    return [
        Standing(
            rank, player, points[player], goryo_wins[player], samurai_wins[player], head_to_head[player],
            sum(points[o] for o in opponents[player]), bye_count[player],
        )
        for rank, player in enumerate(order, start=1)
    ]


def winner_of(table: Sequence[Standing]) -> int | None:
    return table[0].player if table else None
