"""How a plan looks from the hider's side, judged on public facts only.

The Goryō agent ranks her plans with ``path_score``; the hard Samurai uses
the hard Goryō's whole static judgement (``plan_score``) as its model of
her (a hunter expects her to flee, to keep off the Samurai's reach and out
of her exorcism's way). Nothing here reads her bound object or plan: the
Goryō passes her own bound object, the Samurai every type it may still be.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import OBJECT_AT, ObjectType, PublicView, Space, TileState, layout

from .belief import Belief
from .exorcism import exorcism_risk
from .geometry import DISTANCE, paths_from
from .values import CAPTURE, EXORCISM, GREEN, WIN

# How likely a Samurai at distance d gets to investigate a space this turn.
REACH_TO_INVESTIGATE = (1.0, 0.9, 0.6, 0.3, 0.1)
# How likely a Samurai at distance d can stand on a target by the Discovery.
REACH_TO_STAND = (1.0, 1.0, 1.0, 0.2)
FLIP = 0.5  # a tile she flips herself brings the exorcism one tile nearer
SPRINT_KEEP = 0.25  # per round left after this one: an unspent Sprint keeps every later round wider
DRAWS_EXPECTED = 1.1  # tokens a sharp hunter draws in a round, before she plays his turn out


def exposure(space: Space, samurai: Sequence[Space], table: Sequence[float]) -> float:
    return sum(table[d] if (d := DISTANCE[at][space]) < len(table) else 0.0 for at in samurai)


def samurai_spaces(view: PublicView) -> tuple[Space, ...]:
    return tuple(at for _, at in view.samurai_spaces)


def interest(known: Belief, space: Space) -> float:
    """How much a Samurai who reads the belief wants this space investigated (most at an even split)."""
    if known.total_paths == 0:
        return 0.0
    share = known.crossing(space) / known.path_count if known.path_count else 0.0
    return 0.3 + min(share, 1 - share) * 2


def flip_cost(view: PublicView, target: Space) -> float:
    tiles = dict(view.tiles)
    kind = OBJECT_AT[target]
    if kind is None or tiles[kind] is not TileState.INTACT:  # targets are objects: None only for the type checker
        return 0.0
    face_down = sum(1 for tile in tiles.values() if tile.face_down)
    # The seventh tile face down exorcises her at once.
    return 100.0 if face_down + 1 >= len(tiles) - 1 else FLIP * (1 + face_down / 4)


def target_danger(view: PublicView, target: Space, known: Belief) -> float:
    """How likely Samurai can end on her target, times how easily they could single it out."""
    reach = exposure(target, samurai_spaces(view), REACH_TO_STAND)
    share = known.ending(target) / known.path_count if known.path_count else 0.0
    need = layout.SPIRIT_TOKENS - view.spirits
    return reach * (0.25 + share) * (CAPTURE + (WIN if need == 1 else 0.0))


def freedom(view: PublicView, target: Space) -> float:
    """Next round starts on her target: room to move and distance from the Samurai help."""
    return freedom_from(samurai_spaces(view), target)


def freedom_from(samurai: Sequence[Space], target: Space) -> float:
    """``freedom`` with the Samurai on ``samurai`` (where a played-out turn leaves them, say)."""
    nearest = min(DISTANCE[at][target] for at in samurai)
    return 0.05 * len(paths_from(target, layout.GORYO_MOVE_CUBES)) + 0.3 * min(nearest, 4)


def path_score(view: PublicView, path: tuple[Space, ...], known: Belief) -> float:
    """Higher is better for her: her target's danger and room, and every space she walks open to investigation."""
    target = path[-1]
    samurai = samurai_spaces(view)
    walked = GREEN * sum(exposure(s, samurai, REACH_TO_INVESTIGATE) * interest(known, s) for s in path[1:])
    return -flip_cost(view, target) - target_danger(view, target, known) + freedom(view, target) - walked


def sprint_cost(view: PublicView, path: tuple[Space, ...]) -> float:
    """What spending the Sprint on ``path`` gives up: every later round would have been wider."""
    return SPRINT_KEEP * (layout.ROUNDS - view.round) if len(path) > layout.GORYO_MOVE_CUBES + 1 else 0.0


def exorcism_share(view: PublicView, target: Space, bounds: Sequence[ObjectType]) -> float:
    """Her exorcism risk in breaking ``target`` (``exorcism``), averaged over the bound objects in ``bounds``."""
    fitting = [b for b in bounds if b is not OBJECT_AT[target]] or list(bounds)
    return sum(exorcism_risk(view, b, target, DRAWS_EXPECTED) for b in fitting) / len(fitting)


def plan_score(
    view: PublicView, path: tuple[Space, ...], known: Belief, bounds: Sequence[ObjectType], risk: float | None = None
) -> float:
    """The hard Goryō's static judgement of a path, averaged over the bound objects in ``bounds``.

    She passes her own bound object; the Samurai, who cannot know it, pass
    every type it may still be (``rules.views.possible_bound``), so both read
    the board the same way and only her secret differs. ``risk`` is
    ``exorcism_share`` for the path's target, if the caller worked it out already.
    """
    if risk is None:
        risk = exorcism_share(view, path[-1], bounds)
    return path_score(view, path, known) - EXORCISM * risk - sprint_cost(view, path)
