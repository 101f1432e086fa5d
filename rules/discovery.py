"""The Discovery turn, in the order of the spec's ruling 7."""

from __future__ import annotations

from typing import Any

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
from .palace import OBJECT_AT, OBJECT_TYPES, SPACES_OF_TYPE
from .pieces import Outcome, Phase, Side, Termination
from .state import GameState, Reveal, evolve


def finish(state: GameState, termination: Termination, winner: Side | None, events: list[Event]) -> GameState:
    outcome = Outcome(termination, winner)
    events.append(MatchEnded(outcome, state.bound))
    return evolve(state, phase=Phase.OVER, outcome=outcome)


def start_round(
    state: GameState, round_number: int, events: list[Event], changes: dict[str, Any] | None = None
) -> GameState:
    """The next round begins; ``changes`` are the Discovery's, made in the same copy of the state."""
    state = evolve(
        state, phase=Phase.GORYO_TURN, round=round_number, plan=None, calls=(), paw_prints=(), **(changes or {})
    )
    events.append(RoundStarted(round_number))
    if not has_legal_plan(state):
        return finish(state, Termination.NO_LEGAL_PLAN, Side.SAMURAI, events)
    return state


def bag_icons_between(before: int, after: int) -> int:
    return sum(1 for icon in layout.GONG_BAG_ICONS if before < icon <= after)


def discover(state: GameState, events: list[Event]) -> GameState:
    """The Discovery. Each step notes what it changes and the state is copied once at the end, into the next
    round or the match's end: copies are most of the engine's cost."""
    plan = state.plan
    assert plan is not None, "a Samurai turn always follows a locked plan"
    sprint_used = len(plan.path) == SPRINT_LENGTH
    reveal = Reveal(state.round, plan.path, plan.false_trail, state.paw_prints)
    events.append(PathRevealed(plan.path, plan.false_trail, sprint_used))

    changes, ending = _resolve(state, plan, events)
    changes["last_reveal"] = reveal
    # The wrap-up runs whether or not the match just ended, so the final state is as
    # complete as after any other Discovery (a spent Sprint never shows as unused).
    _discard_spent_powers(state, plan, sprint_used, events, changes)
    if ending is None:
        events.append(RoundEnded(state.round))
        if state.round < layout.ROUNDS:
            return start_round(state, state.round + 1, events, changes)
        ending = Termination.SURVIVED_FOUR_ROUNDS
    winner = Side.GORYO if ending is Termination.SURVIVED_FOUR_ROUNDS else Side.SAMURAI
    outcome = Outcome(ending, winner)
    events.append(MatchEnded(outcome, state.bound))
    return evolve(state, plan=None, calls=(), paw_prints=(), phase=Phase.OVER, outcome=outcome, **changes)


def _resolve(state: GameState, plan: Plan, events: list[Event]) -> tuple[dict[str, Any], Termination | None]:
    """Break, gong, capture and draws, stopping at the first step that wins the match for the Samurai; the
    fields they change, by name."""
    # Break the target; its tile flips if it was intact.
    target = plan.target
    target_type = OBJECT_AT[target]
    assert target_type is not None
    face_down = state.face_down_types  # exorcism: all but one of these tiles broken side up
    tile_flipped = target_type not in face_down
    broken = (*state.broken, target)
    changes: dict[str, Any] = {"broken": broken, "goryo_space": target}
    events.append(ObjectBroken(target, target_type, tile_flipped))
    exorcism = len(OBJECT_TYPES) - 1
    if tile_flipped:
        face_down.add(target_type)
        if len(face_down) >= exorcism:
            return changes, Termination.EXORCISED

    # Green paw-prints advance the gong, except one on the False Trail.
    green = sum(1 for p in state.paw_prints if p.green and p.space != plan.false_trail)
    on_false_trail = sum(1 for p in state.paw_prints if p.green and p.space == plan.false_trail)
    mallet = min(layout.GONG_LAST_SPACE, state.mallet + green)
    icons = bag_icons_between(state.mallet, mallet)
    events.append(PawPrintsCounted(green, on_false_trail, state.mallet, mallet, icons))
    changes["mallet"] = mallet

    # Each Samurai on the target captures her spirit once.
    captors = state.samurai_on(target)
    flips = min(len(captors), layout.SPIRIT_TOKENS - state.spirits)
    if captors:
        spirits = changes["spirits"] = state.spirits + flips
        events.append(SpiritCaptured(captors, flips, spirits))
        if spirits >= layout.SPIRIT_TOKENS:
            return changes, Termination.CAPTURED_THRICE

    # One draw per bag icon reached and per spirit token flipped; each seals its type.
    causes = [DrawCause.BAG_ICON] * icons + [DrawCause.SPIRIT_CAPTURED] * flips
    bag, drawn = state.bag, state.drawn
    for cause in causes:
        if not bag:
            events.append(BagEmpty(cause))
            continue
        drawn_type = bag[0]
        bag, drawn = bag[1:], (*drawn, drawn_type)
        changes["bag"], changes["drawn"] = bag, drawn
        sealed = tuple(s for s in SPACES_OF_TYPE[drawn_type] if s not in broken)
        events.append(TokenDrawn(drawn_type, sealed, cause))
        face_down.add(drawn_type)
        if len(face_down) >= exorcism:
            return changes, Termination.EXORCISED
    return changes, None


def _discard_spent_powers(
    state: GameState, plan: Plan, sprint_used: bool, events: list[Event], changes: dict[str, Any]
) -> None:
    if sprint_used:
        changes["sprint_available"] = False
        events.append(SprintDiscarded())
    if plan.false_trail is not None and state.investigated(plan.false_trail):
        changes["false_trail_available"] = False
        events.append(FalseTrailDiscarded(plan.false_trail))
