"""The Goryō's turn: checking a plan and enumerating every legal one."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterator

from . import layout
from .actions import Plan
from .palace import (
    OBJECT_AT,
    OBJECT_SPACES,
    PATHS_BY_TARGET,
    SPACES,
    ObjectType,
    Space,
    not_adjacent_reason,
    space_name,
)
from .pieces import Phase, TileState
from .reasons import N_, Reason
from .state import GameState

PLAIN_LENGTH = layout.GORYO_MOVE_CUBES + 1  # start + four steps
SPRINT_LENGTH = PLAIN_LENGTH + 1


def can_be_target(state: GameState, space: Space) -> bool:
    """Whether ``space`` can be the Target; ``target_refusal`` says why not. The lists of legal moves
    ask this, so that ruling out an option costs no sentence."""
    return open_target(space, state.broken, state.bound, state.drawn)


def open_target(space: Space, broken: Collection[Space], bound: ObjectType, sealed: Collection[ObjectType]) -> bool:
    """``can_be_target`` from the facts it reads (for her view, or a position she imagines): an object not yet
    broken, not her bound one, of a type the Samurai have not sealed."""
    object_type = OBJECT_AT[space]
    return object_type is not None and space not in broken and object_type is not bound and object_type not in sealed


def target_refusal(state: GameState, space: Space) -> Reason | None:
    """Why ``space`` cannot be the Target, or None if it can."""
    name = space_name(space)
    object_type = OBJECT_AT[space]
    if object_type is None:
        return Reason(N_("{space} is a room's centre: there is no object there to break."), space=name)
    if space in state.broken:
        # Translators: {object} is an object type's name alone, like "Fan".
        return Reason(N_("The {object} on {space} is already broken."), object=object_type, space=name)
    if object_type is state.bound:
        return Reason(
            # Translators: {object} is an object type's name alone, like "Fan".
            N_("The {object} on {space} is your bound object: breaking it would destroy you."),
            object=object_type, space=name,
        )
    if state.tile(object_type) is TileState.SEALED:
        return Reason(
            # Translators: {object} is an object type's name alone, like "Fan".
            N_("Every {object} is sealed by the Samurai: you cannot break the one on {space}."),
            object=object_type, space=name,
        )
    return None


def legal_targets(state: GameState) -> tuple[Space, ...]:
    return tuple(s for s in OBJECT_SPACES if can_be_target(state, s))


def plan_refusal(state: GameState, plan: Plan) -> Reason | None:
    """Why ``plan`` is illegal now, in words for the Goryō, or None if it is legal."""
    if state.phase is not Phase.GORYO_TURN or state.goryo_space is None:  # as legal_plans asks
        return Reason(N_("It is not your turn to plan a path."))
    path = plan.path
    lengths = (PLAIN_LENGTH, SPRINT_LENGTH) if state.sprint_available else (PLAIN_LENGTH,)
    if len(path) not in lengths:
        if state.sprint_available:
            # Translators: {count} may be 1; {plain} and {sprint} are always 5 and 6.
            template = N_("Your plan has {count} spaces; it must have {plain} spaces (your space and 4 steps), "
                          "or {sprint} with your Sprint.")
        else:
            # Translators: {count} may be 1; {plain} is always 5.
            template = N_("Your plan has {count} spaces; it must have exactly {plain} spaces "
                          "(your space and 4 steps): your Sprint is spent.")
        return Reason(template, count=len(path), plain=PLAIN_LENGTH, sprint=SPRINT_LENGTH)
    if path[0] != state.goryo_space:
        return Reason(N_("Your plan must begin where you stand, on {space}."), space=space_name(state.goryo_space))
    seen: set[Space] = set()
    for space in path:
        if space in seen:
            return Reason(
                N_("Your plan crosses {space} twice; each space may be used once a round."), space=space_name(space)
            )
        seen.add(space)
    for before, after in itertools.pairwise(path):
        if (why := not_adjacent_reason(before, after)) is not None:
            return Reason(
                # Translators: {why} is a whole sentence saying why the two spaces are not adjacent.
                N_("Your plan cannot step from {origin} to {destination}. {why}"),
                origin=space_name(before), destination=space_name(after), why=why,
            )
    refusal = target_refusal(state, plan.target)
    if refusal is not None:
        return refusal
    if plan.false_trail is not None:
        if not state.false_trail_available:
            return Reason(N_("Your False Trail is spent: send the plan without one."))
        if plan.false_trail in seen:
            return Reason(
                N_("The False Trail must go on a space off your path, and {space} is on it."),
                space=space_name(plan.false_trail),
            )
    return None


def legal_paths(state: GameState) -> Iterator[tuple[Space, ...]]:
    """Every legal path (start first, target last), ignoring the False Trail."""
    return iter(legal_path_list(state))


def legal_path_list(state: GameState) -> list[tuple[Space, ...]]:
    """``legal_paths`` as a list, gathered a target's paths at a time (a playout's Goryō draws from it)."""
    found: list[tuple[Space, ...]] = []
    start = state.goryo_space
    if state.phase is not Phase.GORYO_TURN or start is None:
        return found
    lengths = (PLAIN_LENGTH, SPRINT_LENGTH) if state.sprint_available else (PLAIN_LENGTH,)
    broken, bound, sealed = state.broken, state.bound, state.drawn
    for length in lengths:
        for target, paths in PATHS_BY_TARGET[length - 1][start].items():
            if open_target(target, broken, bound, sealed):
                found.extend(paths)
    return found


def legal_plans(state: GameState, *, with_false_trail: bool = False) -> Iterator[Plan]:
    """Every legal plan; with ``with_false_trail`` each False Trail placement too."""
    for path in legal_paths(state):
        yield Plan(path)
        if with_false_trail and state.false_trail_available:
            on_path = set(path)
            for space in SPACES:
                if space not in on_path:
                    yield Plan(path, space)


def has_legal_plan(state: GameState) -> bool:
    start = state.goryo_space
    if state.phase is not Phase.GORYO_TURN or start is None:
        return False
    lengths = (PLAIN_LENGTH, SPRINT_LENGTH) if state.sprint_available else (PLAIN_LENGTH,)
    broken, bound, sealed = state.broken, state.bound, state.drawn
    return any(open_target(target, broken, bound, sealed)
               for length in lengths for target in PATHS_BY_TARGET[length - 1][start])


def answer(plan: Plan, space: Space) -> bool:
    """The truthful answer to an investigation: on the path after its start, or the False Trail."""
    return space == plan.false_trail or space in plan.path[1:]


__all__ = [
    "answer",
    "can_be_target",
    "has_legal_plan",
    "legal_paths",
    "legal_plans",
    "legal_targets",
    "open_target",
    "plan_refusal",
    "target_refusal",
]
