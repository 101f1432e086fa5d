"""Which objects the Goryō could strike this turn, from her view alone.

``legal_targets`` lists every object she may break anywhere; her board is more
useful showing those her 4 steps (or 5 with the Sprint) can actually reach.
The palace's path table is fixed data, so this needs no game state.
"""

from __future__ import annotations

from rules import GoryoView, Space
from rules.layout import GORYO_MOVE_CUBES
from rules.palace import PATHS_BY_TARGET


def reachable_targets(view: GoryoView) -> tuple[tuple[Space, ...], tuple[Space, ...]]:
    """(targets reachable with a plain plan, targets reachable only with the Sprint)."""
    start = view.public.goryo_space
    if start is None or not view.legal_targets:
        return (), ()
    legal = set(view.legal_targets)
    plain = {t for t in PATHS_BY_TARGET[GORYO_MOVE_CUBES][start] if t in legal}
    sprint: set[Space] = set()
    if view.public.sprint_available:
        sprint = {t for t in PATHS_BY_TARGET[GORYO_MOVE_CUBES + 1][start] if t in legal} - plain
    return tuple(sorted(plain)), tuple(sorted(sprint))
