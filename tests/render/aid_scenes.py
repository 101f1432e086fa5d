"""Deduction-aid numbers for the render tests, worked out from the public view alone.

The bot will take them from ``ai.belief``; here a plain filter over every simple
path from her pawn does the same bookkeeping, so the render tests need no ``ai``.
"""

from __future__ import annotations

from rules import OBJECT_AT, PublicView, Search, Sniff, Space, TileState, parse_space
from rules.layout import GORYO_MOVE_CUBES
from rules.palace import PATHS_BY_TARGET
from rules.views import possible_bound
from words import DeductionAid

from . import scenes


def paths_she_could_pick(view: PublicView) -> list[tuple[Space, ...]]:
    """Her paths this round before any answer: any intact, unsealed target that need not be her bound object."""
    steps = (GORYO_MOVE_CUBES, GORYO_MOVE_CUBES + 1) if view.sprint_available else (GORYO_MOVE_CUBES,)
    tiles = dict(view.tiles)
    suspects = possible_bound(view)
    paths = []
    for length in steps:
        for target, by_target in PATHS_BY_TARGET[length][view.goryo_space].items():
            object_type = OBJECT_AT[target]
            if (object_type is None or target in view.broken or tiles[object_type] is TileState.SEALED
                    or suspects == (object_type,)):
                continue
            paths.extend(by_target)
    return paths


def fits(path: tuple[Space, ...], view: PublicView) -> bool:
    """Every no off the path; every yes on it, but one may be her False Trail while she still has it."""
    on_path = set(path[1:])
    if any(not p.green and p.space in on_path for p in view.paw_prints):
        return False
    unexplained = sum(1 for p in view.paw_prints if p.green and p.space not in on_path)
    return unexplained <= (1 if view.false_trail_available else 0)


def aid_for(view: PublicView) -> DeductionAid:
    candidates = paths_she_could_pick(view)
    return DeductionAid.from_paths([p for p in candidates if fits(p, view)], len(candidates))


def early() -> PublicView:
    """Round 1, four actions in: many of her paths still fit (26 of 49)."""
    return scenes.public(scenes.mid_samurai_turn())


def late() -> PublicView:
    """Round 3, no Sprint and no False Trail left: one yes and two noes leave a single path."""
    state = scenes.play(
        scenes.discovery_with_sprint_and_false_trail(),
        scenes.plan(LATE_PLAN),
        Search(scenes.PURPLE),
        Sniff(scenes.PURPLE, parse_space("E2")),
        Sniff(scenes.BLUE, parse_space("E5")),
    )
    return scenes.public(state)


LATE_PLAN = "F5 F4 F3 E3 D3"
