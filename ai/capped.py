"""What the rest of a Samurai turn can still do when each Samurai has only two actions (advanced mode).

The search's leaf in basic mode (``samurai.rest_value`` and
``samurai.investigation_prospect``) moves every Samurai still free onto her
likely targets and then counts the best investigations the cubes left could
make, as if any Samurai could both move and investigate. With two actions a
Samurai that moves twice cannot investigate, one that investigates twice
cannot move, calling a new Samurai ends the current one, and at most three
are called: the basic leaf promised the Samurai more than the turn holds,
and the search spent actions on investigations it expected later callers to
turn into captures they could not reach.

Here each Samurai who may still act (the current one with what is left of
his two actions, and as many uncalled ones as calls remain) picks one
*macro*: stay and investigate twice, move once and investigate once (before
or after the step), or move twice. Greedily, the macro that adds most is
taken first, then the next Samurai's given where the first now stands.
Nothing more is learnt in a leaf, so an investigation is worth only its
chance of a green print; what its answer would tell is the search's job.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import NEIGHBOURS, Space, layout

from .geometry import WITHIN
from .turn import ORDER, Turn
from .values import GREEN, PURSUIT

_NONE: tuple[Space, ...] = ()


def capped_rest(
    turn: Turn, targets: dict[Space, float], near: Sequence[float], shares: Sequence[float], step_up: Sequence[float],
    stand: float, *, investigations: float = 1.0,
) -> float:
    """The worth of the turn's rest if nothing more is learnt: ``stand`` (where they stand now) plus the best macros.

    ``step_up[c]``: what one more Samurai on a target already holding ``c``
    adds; ``investigations`` scales an investigation's green-print worth.
    """
    positions = list(turn.positions)
    counts: dict[Space, int] = {}
    for at in positions:
        counts[at] = counts.get(at, 0) + 1
    investigated = set(turn.investigated)
    investigated.add(turn.start)
    green = GREEN * investigations
    cubes = turn.cubes_left
    calls_left = layout.MAX_SAMURAI_CALLED - len(turn.calls)
    current = turn.current
    # (index, actions, moves, searches, sniffs left) per Samurai who may still act.
    actors: list[tuple[int, int, int, int, int]] = []
    for index, samurai in enumerate(ORDER):
        call = turn.call_for(samurai)
        if call is None:
            continue
        actions = turn.per_samurai - call.actions
        actors.append((
            index, actions, layout.MOVES_PER_SAMURAI - call.moves, layout.SEARCHES_PER_SAMURAI - call.searches,
            layout.SNIFFS_PER_SAMURAI - call.sniffs,
        ))
    value = stand
    while actors and cubes > 0:
        best_gain, best = 1e-12, None
        for actor in actors:
            index = actor[0]
            is_current = current is not None and ORDER[index] is current.samurai
            if not is_current and calls_left <= 0:
                continue
            gain, to, used, seen = _best_macro(actor, positions[index], counts, investigated, targets, near, shares,
                                               step_up, green, cubes)
            if gain > best_gain:
                best_gain, best = gain, (actor, to, used, seen, is_current)
        if best is None:
            break
        actor, to, used, seen, is_current = best
        here = positions[actor[0]]
        counts[here] -= 1
        counts[to] = counts.get(to, 0) + 1
        positions[actor[0]] = to
        investigated.update(seen)
        cubes -= used
        value += best_gain
        if not is_current:
            calls_left -= 1
        actors.remove(actor)
    return value


def _best_macro(
    actor: tuple[int, int, int, int, int], here: Space, counts: dict[Space, int], investigated: set[Space],
    targets: dict[Space, float], near: Sequence[float], shares: Sequence[float], step_up: Sequence[float],
    green: float, cubes: int,
) -> tuple[float, Space, int, tuple[Space, ...]]:
    """One Samurai's best use of his actions left: (gain, where he ends, cubes used, spaces investigated)."""
    _, actions, moves, searches, sniffs = actor
    actions = min(actions, cubes)

    def stand_gain(at: Space, extra: int) -> float:
        return targets.get(at, 0.0) * step_up[counts.get(at, 0) + extra] + PURSUIT * near[at]

    leave = stand_gain(here, -1)

    def single(at: Space) -> tuple[float, tuple[Space, ...]]:
        """The likeliest yes one investigation from ``at`` can find."""
        best, where = 0.0, _NONE
        if searches and at not in investigated and shares[at] > best:
            best, where = shares[at], (at,)
        if sniffs:
            for n in NEIGHBOURS[at]:
                if n not in investigated and shares[n] > best:
                    best, where = shares[n], (n,)
        return best, where

    # Stay and investigate (once, or twice: a search here and a sniff next door).
    best: tuple[Space, int, tuple[Space, ...]] = (here, 0, _NONE)
    best_gain = 0.0
    one, seen = single(here)
    if one > 0:
        best_gain, best = green * one, (here, 1, seen)
    if actions >= 2 and searches and sniffs and here not in investigated:
        sniffed = max((shares[n] for n in NEIGHBOURS[here] if n not in investigated), default=0.0)
        twice = green * (shares[here] + sniffed)
        if twice > best_gain:
            near_best = max((n for n in NEIGHBOURS[here] if n not in investigated), key=lambda n: shares[n],
                            default=None)
            best_gain, best = twice, (here, 2, (here,) if near_best is None else (here, near_best))
    if moves <= 0:
        return best_gain, best[0], best[1], best[2]
    # One step, with one investigation before or after it if an action is left for it.
    for to in NEIGHBOURS[here]:
        gain = stand_gain(to, 0) - leave
        used, where = 1, _NONE
        if actions >= 2:
            after, seen_after = single(to)  # or before the step: ``one`` from ``here``, worked out above
            if max(one, after) > 0:
                gain += green * max(one, after)
                used, where = 2, (seen if one >= after else seen_after)
        if gain > best_gain:
            best_gain, best = gain, (to, used, where)
    # Two steps.
    if actions >= 2 and moves >= 2:
        for to in WITHIN[2][here][1:]:
            gain = stand_gain(to, 0) - leave
            if gain > best_gain:
                best_gain, best = gain, (to, 2, ())
    return best_gain, best[0], best[1], best[2]


__all__ = ["capped_rest"]
