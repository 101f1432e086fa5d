"""The palace as a graph, plus notation: ``parse_space("c2")``, ``space_name(8)``.

Spaces are small ints 0..35, ``column + 6 * row`` with ``A1`` = 0 at the top
left, like python-chess squares. Everything here is derived from ``layout``.
"""

from __future__ import annotations

import enum
import re
from typing import NewType

from . import layout
from .errors import InvalidNotationError
from .reasons import N_, Reason

Space = NewType("Space", int)


class ObjectType(enum.Enum):
    HELMET = "Helmet"
    LANTERN = "Lantern"
    MASK = "Mask"
    SCROLL = "Scroll"
    URN = "Urn"
    FLOWER = "Flower"
    FAN = "Fan"
    MIRROR = "Mirror"

    def __str__(self) -> str:
        return self.value


OBJECT_TYPES: tuple[ObjectType, ...] = tuple(ObjectType)
SPACE_COUNT = len(layout.COLUMNS) * layout.ROWS
SPACES: tuple[Space, ...] = tuple(Space(i) for i in range(SPACE_COUNT))


def space_at(column: int, row: int) -> Space:
    return Space(column + len(layout.COLUMNS) * row)


def column_of(space: Space) -> int:
    return space % len(layout.COLUMNS)


def row_of(space: Space) -> int:
    return space // len(layout.COLUMNS)


SPACE_NAMES: tuple[str, ...] = tuple(
    f"{layout.COLUMNS[column_of(s)]}{row_of(s) + 1}" for s in SPACES
)
_SPACE_BY_NAME = {name: s for s, name in zip(SPACES, SPACE_NAMES, strict=True)}


def space_name(space: Space) -> str:
    return SPACE_NAMES[space]


def parse_space(text: str) -> Space:
    """``"c2"``, ``" C2 "`` → the space; anything else raises InvalidNotationError."""
    key = text.strip().upper()
    if not key:
        raise InvalidNotationError(Reason(N_("No space given: write a column A–F and a row 1–6, like C2.")))
    try:
        return _SPACE_BY_NAME[key]
    except KeyError:
        raise InvalidNotationError(Reason(
            # Translators: {text} is what the player typed, quoted.
            N_("{text} is not a space: write a column A–F and a row 1–6, like C2."), text=repr(text.strip()[:20])
        )) from None


_PLAN_SEPARATORS = re.compile(r"(?:\s|,|;|->|=>|→|⇒|➜|➔|—|–|-|>)+")


def parse_plan(text: str) -> tuple[Space, ...]:
    """``"A1 A2 B2"``, ``"a1,a2,b2"``, ``"A1-A2-B2"``, ``"A1→A2→B2"`` → spaces in order."""
    parts = [p for p in _PLAN_SEPARATORS.split(text.strip()) if p]
    if not parts:
        raise InvalidNotationError(Reason(N_("The plan is empty: list the spaces of your path, like B1 C1 C2 D2 D1.")))
    return tuple(parse_space(p) for p in parts)


# --- rooms, objects, centres -------------------------------------------------

ROOM_NAMES: tuple[str, ...] = tuple(name for name, _, _ in layout.ROOM_ORIGINS)


def _room_index(space: Space) -> int:
    for index, (_, col0, row0) in enumerate(layout.ROOM_ORIGINS):
        if col0 <= column_of(space) < col0 + layout.ROOM_SIZE and row0 <= row_of(space) < row0 + layout.ROOM_SIZE:
            return index
    raise AssertionError(f"space {space} lies in no room")


ROOM_OF: tuple[int, ...] = tuple(_room_index(s) for s in SPACES)

OBJECT_AT: tuple[ObjectType | None, ...] = tuple(
    None if (name := layout.PALACE_GRID[row_of(s)][column_of(s)]) is None else ObjectType(name)
    for s in SPACES
)
CENTRES: frozenset[Space] = frozenset(s for s in SPACES if OBJECT_AT[s] is None)
OBJECT_SPACES: tuple[Space, ...] = tuple(s for s in SPACES if OBJECT_AT[s] is not None)
SPACES_OF_TYPE: dict[ObjectType, tuple[Space, ...]] = {
    t: tuple(s for s in OBJECT_SPACES if OBJECT_AT[s] is t) for t in OBJECT_TYPES
}


def object_on(space: Space) -> ObjectType:
    """The object on ``space``, which holds one (a Target, the end of a path); ValueError for a room's centre."""
    object_type = OBJECT_AT[space]
    if object_type is None:
        raise ValueError(f"{space_name(space)} is a room's centre: there is no object on it")
    return object_type

# --- adjacency -----------------------------------------------------------------

BRIDGES: tuple[tuple[str, Space, Space], ...] = tuple(
    (name, parse_space(a), parse_space(b)) for name, a, b in layout.BRIDGES
)


def _neighbours(space: Space) -> tuple[Space, ...]:
    col, row = column_of(space), row_of(space)
    found = []
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < len(layout.COLUMNS) and 0 <= r < layout.ROWS:
            other = space_at(c, r)
            if ROOM_OF[other] == ROOM_OF[space]:  # walls stand between rooms
                found.append(other)
    for _, a, b in BRIDGES:
        if space == a:
            found.append(b)
        elif space == b:
            found.append(a)
    return tuple(sorted(found))


NEIGHBOURS: tuple[tuple[Space, ...], ...] = tuple(_neighbours(s) for s in SPACES)
_NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)


def are_adjacent(a: Space, b: Space) -> bool:
    return bool(_NEIGHBOUR_MASKS[a] >> b & 1)


def _simple_paths(start: Space, steps: int) -> list[tuple[Space, ...]]:
    paths: list[tuple[Space, ...]] = []

    def extend(path: tuple[Space, ...], visited: int) -> None:
        if len(path) == steps + 1:
            paths.append(path)
            return
        for n in NEIGHBOURS[path[-1]]:
            if not visited >> n & 1:
                extend((*path, n), visited | 1 << n)

    extend((start,), 1 << start)
    return paths


def _paths_by_target(steps: int) -> tuple[dict[Space, tuple[tuple[Space, ...], ...]], ...]:
    table = []
    for start in SPACES:
        by_target: dict[Space, list[tuple[Space, ...]]] = {}
        for path in _simple_paths(start, steps):
            by_target.setdefault(path[-1], []).append(path)
        table.append({t: tuple(ps) for t, ps in sorted(by_target.items())})
    return tuple(table)


# Every simple path of 4 and of 5 steps from every space, grouped by where it
# ends. The graph never changes, so legal-plan enumeration only filters these.
PATHS_BY_TARGET: dict[int, tuple[dict[Space, tuple[tuple[Space, ...], ...]], ...]] = {
    layout.GORYO_MOVE_CUBES: _paths_by_target(layout.GORYO_MOVE_CUBES),
    layout.GORYO_MOVE_CUBES + 1: _paths_by_target(layout.GORYO_MOVE_CUBES + 1),
}


# --- why two spaces are not adjacent ------------------------------------------------


def _distances_from(start: Space) -> tuple[int, ...]:
    """Fewest steps from ``start`` to every space (the palace is connected)."""
    distance = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for space in frontier:
            for n in NEIGHBOURS[space]:
                if n not in distance:
                    distance[n] = distance[space] + 1
                    following.append(n)
        frontier = following
    return tuple(distance[s] for s in SPACES)


DISTANCES: tuple[tuple[int, ...], ...] = tuple(_distances_from(s) for s in SPACES)


def _share_a_side(a: Space, b: Space) -> bool:
    return abs(column_of(a) - column_of(b)) + abs(row_of(a) - row_of(b)) == 1


def bridge_name(bridge: tuple[str, Space, Space]) -> str:
    _, a, b = bridge
    return f"{space_name(a)}–{space_name(b)}"


def nearest_bridge(origin: Space, destination: Space) -> tuple[str, Space, Space]:
    """The bridge out of ``origin``'s room on the shortest walk to ``destination``.

    Ties go to the bridge ``origin`` reaches in fewer steps, then to the layout's order.
    """
    def ranking(indexed: tuple[int, tuple[str, Space, Space]]) -> tuple[int, int, int]:
        index, (_, a, b) = indexed
        near, far = (a, b) if ROOM_OF[a] == ROOM_OF[origin] else (b, a)
        return DISTANCES[origin][near] + 1 + DISTANCES[far][destination], DISTANCES[origin][near], index

    exits = [(i, bridge) for i, bridge in enumerate(BRIDGES)
             if ROOM_OF[origin] in (ROOM_OF[bridge[1]], ROOM_OF[bridge[2]])]
    return min(exits, key=ranking)[1]


def not_adjacent_reason(origin: Space, destination: Space) -> Reason | None:
    """Why one move cannot go from ``origin`` to ``destination``, as a sentence; None if it can."""
    if are_adjacent(origin, destination):
        return None
    a, b = space_name(origin), space_name(destination)
    if origin == destination:
        return Reason(
            N_("{a} and {b} are the same space: choose one next to it, up, down, left or right, or across a bridge."),
            a=a, b=b,
        )
    if _share_a_side(origin, destination):
        bridge = bridge_name(nearest_bridge(origin, destination))
        return Reason(
            # Translators: {bridge} names a bridge's two spaces, like C2–D2.
            N_("A wall separates {a} from {b}: change rooms only across a bridge (the nearest is {bridge})."),
            a=a, b=b, bridge=bridge,
        )
    return Reason(
        N_("{a} and {b} are not adjacent: a move goes one space up, down, left or right, "
           "and changes rooms only across a bridge."),
        a=a, b=b,
    )
