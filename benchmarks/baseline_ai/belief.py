"""What the Samurai can know about the Goryō's secret plan: the exact set of plans that fit.

``belief(view)`` takes the public view only and lists every plan (path and
False Trail) she could have locked this round that is consistent with
everything public: her start, which powers she still has, which targets are
legal for some object that could still be her bound one, and every yes/no
answer of this round (a Samurai's position never constrains her path: she may
cross and end on Samurai). Like the hider lists of Nijssen & Winands' Scotland
Yard seekers, it is exact, not sampled.

The set is stored by path: many plans differ only in where an uninvestigated
False Trail lies, so each ``PossiblePath`` counts those placements instead of
listing them. Counts for players (``crossing``, ``ending``, ``path_count``)
are over *paths*, the natural unit for "23 of her 41 possible paths fit your
answers"; ``plan_count`` counts plans, False Trail placements included.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rules import OBJECT_AT, SPACES, ObjectType, Phase, Plan, PublicView, Space, TileState
from rules.layout import GORYO_MOVE_CUBES
from rules.views import possible_bound

from .geometry import paths_from


@dataclass(frozen=True, slots=True)
class PossiblePath:
    """One path she may be walking, and the False Trails that go with it."""

    path: tuple[Space, ...]  # start first, target last
    mask: int  # bitmask of the spaces after the start: where an investigation answers yes
    forced_false_trail: Space | None  # a yes answer off this path: only a False Trail there explains it
    free_false_trails: int  # how many spaces could hold an unforced False Trail (0 when spent or forced)

    @property
    def target(self) -> Space:
        return self.path[-1]

    @property
    def plan_count(self) -> int:
        if self.forced_false_trail is not None:
            return 1
        return 1 + self.free_false_trails

    def plans(self, no_answers: frozenset[Space]) -> Iterator[Plan]:
        """Every plan on this path; ``no_answers`` are the spaces answered no (never a False Trail)."""
        if self.forced_false_trail is not None:
            yield Plan(self.path, self.forced_false_trail)
            return
        yield Plan(self.path)
        if self.free_false_trails:
            on_path = set(self.path)
            for space in SPACES:
                if space not in on_path and space not in no_answers:
                    yield Plan(self.path, space)


@dataclass(frozen=True, slots=True)
class Belief:
    """Her possible plans this round, given the public view it was computed from."""

    start: Space | None
    possible: tuple[PossiblePath, ...]  # consistent paths, in rules' enumeration order
    total_paths: int  # paths she could pick this round before any answer
    possible_bound: tuple[ObjectType, ...]  # object types that may still be her bound object
    no_answers: frozenset[Space]
    crossing_counts: tuple[int, ...]  # per space: consistent paths through it after the start
    ending_counts: tuple[int, ...]  # per space: consistent paths whose target it is

    @property
    def paths(self) -> tuple[tuple[Space, ...], ...]:
        return tuple(p.path for p in self.possible)

    @property
    def path_count(self) -> int:
        return len(self.possible)

    @property
    def plan_count(self) -> int:
        return sum(p.plan_count for p in self.possible)

    @property
    def plans(self) -> Iterator[Plan]:
        """Every consistent plan, False Trail placements spelled out."""
        for possible in self.possible:
            yield from possible.plans(self.no_answers)

    def crossing(self, space: Space) -> int:
        """How many consistent paths enter ``space`` (the start excluded, the target included)."""
        return self.crossing_counts[space]

    def ending(self, space: Space) -> int:
        """How many consistent paths end on ``space``."""
        return self.ending_counts[space]

    def most_informative(self, spaces: Iterable[Space]) -> Space | None:
        """The space among ``spaces`` whose yes/no answer tells most (ties: the first in board order)."""
        best, best_gain = None, 0.0
        for space in sorted(spaces):
            gain = information_gain(self, space)
            if gain > best_gain + 1e-12:
                best, best_gain = space, gain
        return best


def information_gain(belief: Belief, space: Space) -> float:
    """Expected entropy reduction, in bits, of investigating ``space``.

    Each consistent path counts as equally likely and the answer as set by the
    path (a fresh False Trail is her rare lie), so the gain is the entropy of
    the answer: 1 bit when half the paths cross ``space``, 0 when all or none do.
    """
    total = belief.path_count
    if total == 0:
        return 0.0
    p = belief.crossing_counts[space] / total
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def best_investigation(view: PublicView) -> tuple[Space, float] | None:
    """During a Samurai turn: the one still-investigable space whose answer would tell most, and its bits.

    The round summary asks this right before the Discovery: which single
    further investigation would have narrowed her paths down the most.
    """
    if view.phase is not Phase.SAMURAI_TURN:
        return None
    state = belief(view)
    done = {p.space for p in view.paw_prints}
    open_spaces = [s for s in SPACES if s != view.goryo_space and s not in done]
    space = state.most_informative(open_spaces)
    return None if space is None else (space, information_gain(state, space))


def _target_types(view: PublicView, candidates: tuple[ObjectType, ...]) -> frozenset[ObjectType]:
    """Types she may target: unsealed, and not her bound object under at least one candidate."""
    tiles = dict(view.tiles)
    return frozenset(
        t for t, tile in tiles.items() if tile is not TileState.SEALED and any(b is not t for b in candidates)
    )


def belief(view: PublicView) -> Belief:
    """The exact set of plans she may have this round, given only ``view``.

    During her own turn (and the Samurai's) it is the plans she can pick or
    has picked from her pawn; this round's answers filter it during the
    Samurai turn. During setup and after the match it is empty.
    """
    candidates = possible_bound(view)
    if view.phase not in (Phase.GORYO_TURN, Phase.SAMURAI_TURN) or view.goryo_space is None:
        return _empty(view.goryo_space, candidates)

    start = view.goryo_space
    broken = set(view.broken)
    allowed_types = _target_types(view, candidates)
    yes = [p.space for p in view.paw_prints if p.green]
    no = frozenset(p.space for p in view.paw_prints if not p.green)
    no_mask = sum(1 << s for s in no)
    steps_allowed = (GORYO_MOVE_CUBES, GORYO_MOVE_CUBES + 1) if view.sprint_available else (GORYO_MOVE_CUBES,)

    possible: list[PossiblePath] = []
    total = 0
    for steps in steps_allowed:
        for path, mask in paths_from(start, steps):
            target = path[-1]
            if target in broken or OBJECT_AT[target] not in allowed_types:
                continue
            total += 1
            if mask & no_mask:
                continue
            unexplained = [s for s in yes if not mask >> s & 1]
            if not unexplained:
                free = len(SPACES) - len(path) - len(no) if view.false_trail_available else 0
                possible.append(PossiblePath(path, mask, None, free))
            elif len(unexplained) == 1 and view.false_trail_available:
                possible.append(PossiblePath(path, mask, unexplained[0], 0))

    crossing = [0] * len(SPACES)
    ending = [0] * len(SPACES)
    for p in possible:
        for s in p.path[1:]:
            crossing[s] += 1
        ending[p.target] += 1
    target_types = {OBJECT_AT[p.target] for p in possible}
    # Her target is never her bound object: a type she must be breaking this round is ruled out.
    bound = tuple(b for b in candidates if any(t is not b for t in target_types))
    return Belief(start, tuple(possible), total, bound, no, tuple(crossing), tuple(ending))


def _empty(start: Space | None, candidates: tuple[ObjectType, ...]) -> Belief:
    zeros = (0,) * len(SPACES)
    return Belief(start, (), 0, candidates, frozenset(), zeros, zeros)
