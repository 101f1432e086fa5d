"""How close a plan brings her to the exorcism, as she herself can judge it.

The Samurai win by exorcism once every tile but her bound object's is face
down: broken by her or sealed by a draw. The bag holds every type except her
bound one, the first broken one and those already drawn, in an order nobody
knows; so, given how many tokens will still be drawn before the match ends,
the chance that the draws seal every type she has left intact is
hypergeometric. She knows her bound object; the Samurai's model of her
(``hiding.plan_score``) averages the risk over every type it may still be,
which the public view tells, and never reads the real one.
"""

from __future__ import annotations

from functools import cache
from math import comb

from rules import OBJECT_AT, ObjectType, PublicView, Space, TileState, layout

from .geometry import paths_from

# Tokens a sharp hunter draws in one later round (gong icons and captures), as
# chances of 0, 1 and 2: about one a round, as in hard-vs-hard matches (the gong
# ends at 5 to 8 and she is captured about once).
LATER_DRAWS = (0.25, 0.45, 0.30)
# How likely she breaks a fresh type in a round after next: often, as reachable
# objects of the types she has broken run out or get sealed.
LATER_FLIP = 0.5


def intact_left(view: PublicView, bound: ObjectType, target: Space | None = None) -> int:
    """Intact tiles other than her bound object's, once ``target`` (if given) is broken."""
    broken_type = OBJECT_AT[target] if target is not None else None
    return sum(1 for t, tile in view.tiles if tile is TileState.INTACT and t is not bound and t is not broken_type)


def chance_all_drawn(intact: int, bag: int, draws: int) -> float:
    """The chance ``draws`` tokens from a bag of ``bag`` include all ``intact`` given types."""
    if intact <= 0:
        return 1.0
    draws = min(draws, bag)
    if draws < intact:
        return 0.0
    return comb(bag - intact, draws - intact) / comb(bag, draws)


@cache
def later_draws(rounds: int) -> tuple[float, ...]:
    """Chances of 0, 1, 2, … tokens drawn over ``rounds`` later rounds."""
    chances: tuple[float, ...] = (1.0,)
    for _ in range(rounds):
        combined = [0.0] * (len(chances) + len(LATER_DRAWS) - 1)
        for have, p in enumerate(chances):
            for more, q in enumerate(LATER_DRAWS):
                combined[have + more] += p * q
        chances = tuple(combined)
    return chances


@cache
def later_flips(rounds: int, flip_next: bool) -> tuple[float, ...]:
    """Chances of 0, 1, 2, … fresh types she breaks over ``rounds`` later rounds."""
    chances: tuple[float, ...] = (1.0,)
    for index in range(rounds):
        flip = float(flip_next) if index == 0 else LATER_FLIP
        combined = [0.0] * (len(chances) + 1)
        for have, p in enumerate(chances):
            combined[have] += p * (1 - flip)
            combined[have + 1] += p * flip
        chances = tuple(combined)
    return chances


def reusable_next(view: PublicView, bound: ObjectType, target: Space) -> bool:
    """Whether next round, starting on ``target``, she can reach an object whose tile is already broken side up."""
    broken_types = {t for t, tile in view.tiles if tile is TileState.BROKEN} | {OBJECT_AT[target]}
    used = set(view.broken) | {target} | set(view.sealed)
    steps = (
        (layout.GORYO_MOVE_CUBES, layout.GORYO_MOVE_CUBES + 1) if view.sprint_available else (layout.GORYO_MOVE_CUBES,)
    )
    return any(
        OBJECT_AT[end] in broken_types and end not in used and OBJECT_AT[end] is not bound
        for n in steps
        for end in reachable_ends(target, n)
    )


@cache
def reachable_ends(start: Space, steps: int) -> frozenset[Space]:
    return frozenset(path[-1] for path, _ in paths_from(start, steps))


def exorcism_risk(view: PublicView, bound: ObjectType, target: Space, draws_now: float) -> float:
    """The chance the match ends in her exorcism if she breaks ``target`` and this round draws ``draws_now`` tokens.

    Looks across the rounds left: next round she must break a fresh type if
    no object of a face-down type is in reach of ``target``, and later rounds
    do so at ``LATER_FLIP``. A fractional ``draws_now`` is split between the
    two whole counts around it.
    """
    intact = intact_left(view, bound, target)
    if intact == 0:
        return 1.0
    rounds_after = layout.ROUNDS - view.round
    flips = later_flips(rounds_after, rounds_after > 0 and not reusable_next(view, bound, target))
    low = int(draws_now)
    share_high = draws_now - low
    risk = 0.0
    for later, p in enumerate(later_draws(rounds_after)):
        for now, q in ((low, 1 - share_high), (low + 1, share_high)):
            if q <= 0:
                continue
            for flipped, f in enumerate(flips):
                risk += p * q * f * chance_all_drawn(intact - flipped, view.bag_count, now + later)
    return risk
