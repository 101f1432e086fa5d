"""Fixed facts about the palace graph the agents reuse: distances, reach, path masks.

Everything here is derived once from ``rules.palace`` (the graph never changes).
Paths are kept as bitmasks over the 36 spaces so filtering them by an answer is
one ``&`` per path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cache

from rules.palace import NEIGHBOURS, PATHS_BY_TARGET, SPACES, Space


def _distances_from(origin: Space) -> tuple[int, ...]:
    far = len(SPACES)
    found = [far] * len(SPACES)
    found[origin] = 0
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for n in NEIGHBOURS[here]:
            if found[n] == far:
                found[n] = found[here] + 1
                queue.append(n)
    return tuple(found)


# DISTANCE[a][b]: fewest steps from a to b (walls and bridges respected).
DISTANCE: tuple[tuple[int, ...], ...] = tuple(_distances_from(s) for s in SPACES)

# WITHIN[k][s]: the spaces at most k steps from s, nearest first (k = 0, 1, 2).
WITHIN: tuple[tuple[tuple[Space, ...], ...], ...] = tuple(
    tuple(tuple(sorted((t for t in SPACES if DISTANCE[s][t] <= k), key=lambda t: (DISTANCE[s][t], t))) for s in SPACES)
    for k in range(3)
)


def mask_of(spaces: Iterable[Space]) -> int:
    mask = 0
    for s in spaces:
        mask |= 1 << s
    return mask


def spaces_of(mask: int) -> tuple[Space, ...]:
    return tuple(Space(s) for s in SPACES if mask >> s & 1)


@cache
def paths_from(start: Space, steps: int) -> tuple[tuple[tuple[Space, ...], int], ...]:
    """Every simple path of ``steps`` steps from ``start``, each with the mask of the spaces after the start."""
    return tuple(
        (path, mask_of(path[1:])) for paths in PATHS_BY_TARGET[steps][start].values() for path in paths
    )
