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

The hard Samurai's own search asks for more (``capped_plan``): every order
of the Samurai still free, since the greedy first pick can take the space
the next one needed; and a *look, then step* macro, the step chosen after
the answer (``joint``: which targets each yes leaves), the one piece of
information a leaf can use without searching it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rules import NEIGHBOURS, Space, layout

from .geometry import WITHIN
from .turn import ORDER, Turn
from .values import GREEN, PURSUIT

_NONE: tuple[Space, ...] = ()
_Actor = tuple[int, int, int, int, int, bool]  # index, actions, moves, searches, sniffs left, is the current one


class Rest(NamedTuple):
    """What ``capped_plan`` makes of the turn's rest."""

    value: float  # ``stand`` plus what the macros add
    positions: list[Space]  # where the Samurai end
    planned: list[float]  # each planned investigation's chance of a yes


@dataclass(frozen=True, slots=True)
class _Board:
    """What a leaf's macros are judged against: fixed while the Samurai are assigned theirs."""

    targets: dict[Space, float]
    near: Sequence[float]
    shares: Sequence[float]
    step_up: Sequence[float]
    green: float
    joint: Sequence[dict[Space, float]] | None


def capped_rest(
    turn: Turn, targets: dict[Space, float], near: Sequence[float], shares: Sequence[float], step_up: Sequence[float],
    stand: float, *, investigations: float = 1.0,
) -> float:
    """The worth of the turn's rest if nothing more is learnt: ``stand`` (where they stand now) plus the best macros.

    ``step_up[c]``: what one more Samurai on a target already holding ``c``
    adds; ``investigations`` scales an investigation's green-print worth.
    """
    return capped_plan(turn, targets, near, shares, step_up, stand, investigations=investigations).value


def capped_plan(
    turn: Turn, targets: dict[Space, float], near: Sequence[float], shares: Sequence[float], step_up: Sequence[float],
    stand: float, *, investigations: float = 1.0, joint: Sequence[dict[Space, float]] | None = None,
    every_order: bool = False,
) -> Rest:
    """``capped_rest``, with where the Samurai end and what their investigations may answer.

    ``every_order``: try every order of the Samurai still free, each taking
    his best macro given those before him, not only the greedy one (at most
    three Samurai: six orders). ``joint[s][t]``: the chance an investigation
    at ``s`` answers yes and she ends on ``t``; with it a Samurai may also
    look first and then step where the answer points.
    """
    positions = list(turn.positions)
    counts: dict[Space, int] = {}
    for at in positions:
        counts[at] = counts.get(at, 0) + 1
    investigated = set(turn.investigated)
    investigated.add(turn.start)
    current = turn.current
    actors: list[_Actor] = []  # every Samurai who may still act
    for index, samurai in enumerate(ORDER):
        call = turn.call_for(samurai)
        if call is None:
            continue
        actors.append((
            index, turn.per_samurai - call.actions, layout.MOVES_PER_SAMURAI - call.moves,
            layout.SEARCHES_PER_SAMURAI - call.searches, layout.SNIFFS_PER_SAMURAI - call.sniffs,
            current is not None and samurai is current.samurai,
        ))
    board = _Board(targets, near, shares, step_up, GREEN * investigations, joint)
    calls_left = layout.MAX_SAMURAI_CALLED - len(turn.calls)
    return _assign(board, actors, positions, counts, investigated, turn.cubes_left, calls_left, every_order, stand)


def _assign(
    board: _Board, actors: list[_Actor], positions: list[Space], counts: dict[Space, int], investigated: set[Space],
    cubes: int, calls_left: int, every_order: bool, value: float,
) -> Rest:
    """``value`` plus the Samurai's macros, one at a time: the best gain first (greedy), or every order."""
    options = []
    if cubes > 0:
        for actor in actors:
            if not actor[5] and calls_left <= 0:
                continue
            gain, to, used, seen = _best_macro(actor, positions[actor[0]], counts, investigated, board, cubes)
            if gain > 1e-12:
                options.append((gain, actor, to, used, seen))
    if not options:
        return Rest(value, positions, [])
    if not every_order:
        options = [max(options, key=lambda option: option[0])]
    best = Rest(value, positions, [])
    for gain, actor, to, used, seen in options:
        index = actor[0]
        moved = dict(counts)
        moved[positions[index]] -= 1
        moved[to] = moved.get(to, 0) + 1
        after = list(positions)
        after[index] = to
        rest = _assign(
            board, [a for a in actors if a is not actor], after, moved, investigated | set(seen), cubes - used,
            calls_left - (0 if actor[5] else 1), every_order, value + gain,  # summed in order, as greedy always did
        )
        if rest.value > best.value + 1e-12:
            best = Rest(rest.value, rest.positions, [board.shares[s] for s in seen] + rest.planned)
    return best


def _best_macro(
    actor: _Actor, here: Space, counts: dict[Space, int], investigated: set[Space], board: _Board, cubes: int,
) -> tuple[float, Space, int, tuple[Space, ...]]:
    """One Samurai's best use of his actions left: (gain, where he ends, cubes used, spaces investigated)."""
    _, actions, moves, searches, sniffs, _ = actor
    actions = min(actions, cubes)
    targets, near, shares, step_up, green = board.targets, board.near, board.shares, board.step_up, board.green

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
    # Look, then step where the answer points (or stay): the step is chosen after the answer.
    if board.joint is not None and actions >= 2 and moves >= 1:
        looks = [here] if searches and here not in investigated else []
        if sniffs:
            looks += [n for n in NEIGHBOURS[here] if n not in investigated]
        for at in looks:
            p_yes = shares[at]
            if p_yes <= 0:
                continue
            if_yes, to_yes, if_no, to_no = _step_after(board, board.joint[at], p_yes, here, counts)
            gain = green * p_yes + if_yes + if_no - leave
            if gain > best_gain + 1e-12:
                best_gain, best = gain, (to_yes if p_yes >= 0.5 else to_no, 2, (at,))
    # Two steps.
    if actions >= 2 and moves >= 2:
        for to in WITHIN[2][here][1:]:
            gain = stand_gain(to, 0) - leave
            if gain > best_gain:
                best_gain, best = gain, (to, 2, ())
    return best_gain, best[0], best[1], best[2]


def _step_after(
    board: _Board, yes_at: dict[Space, float], p_yes: float, here: Space, counts: dict[Space, int]
) -> tuple[float, Space, float, Space]:
    """After a look answered yes and after one answered no: the best place to end (here or a step away) and its
    worth, each weighted by that answer's chance. ``yes_at[t]``: the chance of a yes with her target ``t``."""
    best_yes = best_no = -1e9
    to_yes = to_no = here
    for to in (here, *NEIGHBOURS[here]):
        step = board.step_up[counts.get(to, 0) - (to == here)]
        pursuit = PURSUIT * board.near[to]
        on_yes = yes_at.get(to, 0.0)
        if_yes = on_yes * step + p_yes * pursuit
        if_no = (board.targets.get(to, 0.0) - on_yes) * step + (1 - p_yes) * pursuit
        if if_yes > best_yes:
            best_yes, to_yes = if_yes, to
        if if_no > best_no:
            best_no, to_no = if_no, to
    return best_yes, to_yes, best_no, to_no


__all__ = ["Rest", "capped_plan", "capped_rest"]
