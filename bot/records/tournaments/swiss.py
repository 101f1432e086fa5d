"""Swiss pairing: players on equal points meet, never the same two twice, with a bye for an odd count.

The matching itself is networkx's maximum-weight matching (Edmonds' blossom algorithm, exact and
well kept) rather than a matcher of our own: we only say which meetings are allowed (edges between
players who have not met) and which are better (weights). Players are paired score group by score
group, best first; whoever a group cannot pair floats down into the next one. Should that leave
someone over (late rounds of a small tournament), the whole field is matched at once, preferring
equal points; if even that has no pairing, there is none (``NoPairingError``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby

import networkx as nx

from .model import Double, Pairing

# A score group larger than this is paired in slices of it, in order (its players are on equal points all
# the same): the matching's time grows with the cube of what it is given, so small slices keep 1,000 fast.
SLICE = 40


class NoPairingError(ValueError):
    """No pairing of these players exists that repeats no meeting and gives no second bye."""


def pair_swiss(
    ranked: Sequence[int], points: Mapping[int, int], met: set[frozenset[int]], had_bye: set[int]
) -> Pairing:
    """The next round for ``ranked`` (the players still in, best first).

    ``points``: each player's score; ``met``: the pairs that have already met; ``had_bye``: who sat a
    round out already. The bye goes to the lowest-ranked player who has not had one.
    """
    if len(ranked) < 2:
        raise NoPairingError("fewer than two players to pair")
    if len(ranked) % 2 == 0:
        doubles = _pair(list(ranked), points, met)
        if doubles is None:
            raise NoPairingError("every pairing would repeat a meeting")
        return Pairing(doubles)
    for bye in [p for p in reversed(ranked) if p not in had_bye]:
        doubles = _pair([p for p in ranked if p != bye], points, met)
        if doubles is not None:
            return Pairing(doubles, bye)
    raise NoPairingError("every pairing would repeat a meeting or give someone a second bye")


def _pair(players: list[int], points: Mapping[int, int], met: set[frozenset[int]]) -> tuple[Double, ...] | None:
    doubles, stranded = _pair_by_groups(players, points, met)
    if not stranded:
        return tuple(doubles)
    # Someone is left over at the bottom: pair them again with the lowest doubles, ever more of them.
    reopened = 1
    while True:
        kept = doubles[: max(0, len(doubles) - reopened)]
        rest = [p for d in doubles[len(kept):] for p in d.players] + stranded
        order = {p: i for i, p in enumerate(players)}
        paired = _pair_all(sorted(rest, key=order.__getitem__), points, met)
        if paired is not None:
            return (*kept, *paired)
        if not kept:
            return None
        reopened *= 2


def _pair_by_groups(
    players: list[int], points: Mapping[int, int], met: set[frozenset[int]]
) -> tuple[list[Double], list[int]]:
    """Group by group, best first, in slices of ``SLICE``: the doubles, and whoever floated out of the last."""
    doubles: list[Double] = []
    floaters: list[int] = []
    for _, group in groupby(players, key=lambda p: points.get(p, 0)):
        members = list(group)
        for start in range(0, len(members), SLICE):
            paired, floaters = _match_pool(floaters + members[start:start + SLICE], met)
            doubles.extend(paired)
    return doubles, floaters


def _match_pool(pool: list[int], met: set[frozenset[int]]) -> tuple[list[Double], list[int]]:
    """Pair as many of ``pool`` (best first) as possible; the rest, the lowest-placed, float down."""
    # Mostly everyone (all but the lowest, in an odd pool) can be paired: a plain matching finds it, fast.
    hopeful = pool[:-1] if len(pool) % 2 else pool
    pairs = _matching(hopeful, met, lambda i, j: 1)
    if 2 * len(pairs) == len(hopeful):
        return [Double(hopeful[a], hopeful[b]) for a, b in pairs], pool[len(hopeful):]
    # Else weigh who is left out by their place, which outweighs any distance between partners: the most
    # players are paired, the lowest-placed are the ones left over, then partners are close.
    size = len(pool)
    spread = size * size + 1
    pairs = _matching(pool, met, lambda i, j: (2 * size - i - j) * spread - (j - i))
    taken = {i for pair in pairs for i in pair}
    return [Double(pool[a], pool[b]) for a, b in pairs], [p for i, p in enumerate(pool) if i not in taken]


def _matching(
    players: list[int], met: set[frozenset[int]], weight: Callable[[int, int], int]
) -> list[tuple[int, int]]:
    """networkx's maximum-cardinality matching of ``players`` who have not met, heaviest by ``weight``
    (of their places); the pairs of places, each lower first, in order."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if frozenset((players[i], players[j])) not in met:
                graph.add_edge(i, j, weight=weight(i, j))
    return sorted((min(a, b), max(a, b)) for a, b in nx.max_weight_matching(graph, maxcardinality=True))


def _pair_all(players: list[int], points: Mapping[int, int], met: set[frozenset[int]]) -> tuple[Double, ...] | None:
    """All of ``players`` at once (best first): every allowed meeting, the closest in points (then in place)
    preferred; None if they cannot all be paired."""
    size = len(players)
    top = max((points.get(p, 0) for p in players), default=0)
    spread = size + 1

    def closeness(i: int, j: int) -> int:
        gap = points.get(players[i], 0) - points.get(players[j], 0)
        return ((top + 1) ** 2 - gap * gap) * spread - (j - i)

    pairs = _matching(players, met, closeness)
    if 2 * len(pairs) < size:
        return None
    return tuple(Double(players[a], players[b]) for a, b in pairs)
