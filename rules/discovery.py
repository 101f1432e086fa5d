"""The Discovery turn, in the order of the spec's ruling 7."""

from __future__ import annotations

import dataclasses

from . import layout
from .actions import Plan
from .events import (
    BagEmpty,
    DrawCause,
    Event,
    FalseTrailDiscarded,
    MatchEnded,
    ObjectBroken,
    PathRevealed,
    PawPrintsCounted,
    RoundEnded,
    RoundStarted,
    SpiritCaptured,
    SprintDiscarded,
    TokenDrawn,
)
from .goryo_turn import SPRINT_LENGTH, has_legal_plan
from .palace import OBJECT_AT, SPACES_OF_TYPE
from .pieces import Outcome, Phase, Side, Termination, TileState
from .state import GameState, Reveal


def finish(state: GameState, termination: Termination, winner: Side | None, events: list[Event]) -> GameState:
    outcome = Outcome(termination, winner)
    events.append(MatchEnded(outcome, state.bound))
    return dataclasses.replace(state, phase=Phase.OVER, outcome=outcome)


def start_round(state: GameState, round_number: int, events: list[Event]) -> GameState:
    state = dataclasses.replace(
        state, phase=Phase.GORYO_TURN, round=round_number, plan=None, calls=(), paw_prints=()
    )
    events.append(RoundStarted(round_number))
    if not has_legal_plan(state):
        return finish(state, Termination.NO_LEGAL_PLAN, Side.SAMURAI, events)
    return state


def bag_icons_between(before: int, after: int) -> int:
    return sum(1 for icon in layout.GONG_BAG_ICONS if before < icon <= after)


def discover(state: GameState, events: list[Event]) -> GameState:
    plan = state.plan
    assert plan is not None, "a Samurai turn always follows a locked plan"
    sprint_used = len(plan.path) == SPRINT_LENGTH
    reveal = Reveal(state.round, plan.path, plan.false_trail, state.paw_prints)
    events.append(PathRevealed(plan.path, plan.false_trail, sprint_used))
    state = dataclasses.replace(state, last_reveal=reveal)

    state, ending = _resolve(state, plan, events)
    # The wrap-up runs whether or not the match just ended, so the final state is as
    # complete as after any other Discovery (a spent Sprint never shows as unused).
    state = _discard_spent_powers(state, plan, sprint_used, events)
    if ending is None:
        events.append(RoundEnded(state.round))
        if state.round < layout.ROUNDS:
            return start_round(state, state.round + 1, events)
        ending = Termination.SURVIVED_FOUR_ROUNDS
    state = dataclasses.replace(state, plan=None, calls=(), paw_prints=())
    winner = Side.GORYO if ending is Termination.SURVIVED_FOUR_ROUNDS else Side.SAMURAI
    return finish(state, ending, winner, events)


def _resolve(state: GameState, plan: Plan, events: list[Event]) -> tuple[GameState, Termination | None]:
    """Break, gong, capture and draws, stopping at the first step that wins the match for the Samurai."""
    # Break the target; its tile flips if it was intact.
    target = plan.target
    target_type = OBJECT_AT[target]
    assert target_type is not None
    tile_flipped = state.tile(target_type) is TileState.INTACT
    state = dataclasses.replace(state, broken=state.broken + (target,), goryo_space=target)
    events.append(ObjectBroken(target, target_type, tile_flipped))
    if tile_flipped and state.exorcism_reached:
        return state, Termination.EXORCISED

    # Green paw-prints advance the gong, except one on the False Trail.
    green = sum(1 for p in state.paw_prints if p.green and p.space != plan.false_trail)
    on_false_trail = sum(1 for p in state.paw_prints if p.green and p.space == plan.false_trail)
    mallet = min(layout.GONG_LAST_SPACE, state.mallet + green)
    icons = bag_icons_between(state.mallet, mallet)
    events.append(PawPrintsCounted(green, on_false_trail, state.mallet, mallet, icons))
    state = dataclasses.replace(state, mallet=mallet)

    # Each Samurai on the target captures her spirit once.
    captors = state.samurai_on(target)
    flips = min(len(captors), layout.SPIRIT_TOKENS - state.spirits)
    if captors:
        state = dataclasses.replace(state, spirits=state.spirits + flips)
        events.append(SpiritCaptured(captors, flips, state.spirits))
        if state.spirits >= layout.SPIRIT_TOKENS:
            return state, Termination.CAPTURED_THRICE

    # One draw per bag icon reached and per spirit token flipped; each seals its type.
    causes = [DrawCause.BAG_ICON] * icons + [DrawCause.SPIRIT_CAPTURED] * flips
    for cause in causes:
        if not state.bag:
            events.append(BagEmpty(cause))
            continue
        drawn_type = state.bag[0]
        state = dataclasses.replace(state, bag=state.bag[1:], drawn=state.drawn + (drawn_type,))
        sealed = tuple(s for s in SPACES_OF_TYPE[drawn_type] if s not in state.broken)
        events.append(TokenDrawn(drawn_type, sealed, cause))
        if state.exorcism_reached:
            return state, Termination.EXORCISED
    return state, None


def _discard_spent_powers(state: GameState, plan: Plan, sprint_used: bool, events: list[Event]) -> GameState:
    if sprint_used:
        state = dataclasses.replace(state, sprint_available=False)
        events.append(SprintDiscarded())
    if plan.false_trail is not None and state.investigated(plan.false_trail):
        state = dataclasses.replace(state, false_trail_available=False)
        events.append(FalseTrailDiscarded(plan.false_trail))
    return state
