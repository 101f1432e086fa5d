"""The deduction aid and the round summary worked out the slow, obvious way, as the tests' oracle.

Every legal plan under every object that could be her bound one, False Trails
included, filtered by this round's public answers: no ``ai`` code involved.
"""

from __future__ import annotations

import dataclasses

import rules
import words


def brute_force_paths(state: rules.GameState) -> tuple[set[tuple[rules.Space, ...]], set[tuple[rules.Space, ...]]]:
    """(paths of the plans that fit this round's answers, every path she could have picked this round)."""
    candidates = [t for t, tile in state.tiles.items() if tile is rules.TileState.INTACT]
    fitting, every = set(), set()
    for bound in candidates:
        planning = dataclasses.replace(state, bound=bound, phase=rules.Phase.GORYO_TURN)
        for plan in rules.legal_plans(planning, with_false_trail=True):
            every.add(plan.path)
            if all(rules.answer(plan, p.space) == p.green for p in state.paw_prints):
                fitting.add(plan.path)
    return fitting, every


def expected_aid(state: rules.GameState) -> words.DeductionAid:
    fitting, every = brute_force_paths(state)
    prints = state.paw_prints  # the words say how the round's latest answer bears on the paths left
    return dataclasses.replace(words.DeductionAid.from_paths(sorted(fitting), len(every)),
                               last_answer=prints[-1] if prints else None)


def expected_summary(before: rules.GameState) -> str:
    """The round summary from the state just before the Discovery: the count, and the most even split.

    The answer that tells most is the one splitting her paths most evenly (the
    larger the smaller side, the more bits); ties go to the first space in board order.
    """
    fitting, _ = brute_force_paths(before)
    n = len(fitting)
    asked = {p.space for p in before.paw_prints}
    best, best_side = None, 0
    for space in rules.SPACES:
        if space == before.goryo_space or space in asked:
            continue
        yes = sum(1 for path in fitting if space in path[1:])
        if min(yes, n - yes) > best_side:
            best, best_side = space, min(yes, n - yes)
    if best is None:
        return words.round_summary(n, None, None)
    yes = sum(1 for path in fitting if best in path[1:])
    return words.round_summary(n, best, (yes, n - yes))
