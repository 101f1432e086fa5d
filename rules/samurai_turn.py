"""The Samurai's turn: checking Move, Search and Sniff, and listing legal ones."""

from __future__ import annotations

from . import layout
from .actions import Move, SamuraiAction, Search, Sniff
from .palace import NEIGHBOURS, Space, not_adjacent_reason, space_name
from .pieces import Phase, Samurai
from .state import SAMURAI_ORDER, GameState, SamuraiCall


def call_refusal(state: GameState, samurai: Samurai) -> str | None:
    """Why ``samurai`` may not take an action now at all, or None."""
    if state.phase is not Phase.SAMURAI_TURN:
        return "It is not the Samurai's turn."
    if state.actions_used >= layout.SAMURAI_ACTION_CUBES:
        return f"All {layout.SAMURAI_ACTION_CUBES} action cubes are used this turn: end the turn."
    current = state.current_call
    if current is not None and current.samurai is samurai:
        if current.actions >= state.actions_per_samurai:
            return f"The {samurai} Samurai has taken his {state.actions_per_samurai} actions: call another Samurai or end the turn."
        return None
    if any(c.samurai is samurai for c in state.calls):
        return f"The {samurai} Samurai's turn is over: once another Samurai is called, an earlier one cannot act again."
    if len(state.calls) >= layout.MAX_SAMURAI_CALLED:
        return f"{layout.MAX_SAMURAI_CALLED} Samurai have already been called this turn: end the turn."
    return None


def _call_for(state: GameState, samurai: Samurai) -> SamuraiCall:
    current = state.current_call
    if current is not None and current.samurai is samurai:
        return current
    return SamuraiCall(samurai)


def investigation_refusal(state: GameState, space: Space) -> str | None:
    if space == state.round_start:
        return f"{space_name(space)} is where the Goryō began this round: it cannot be investigated."
    if state.investigated(space):
        return f"{space_name(space)} has already been investigated this round."
    return None


def samurai_action_refusal(state: GameState, action: SamuraiAction) -> str | None:
    """Why the Samurai may not take ``action`` now, in words, or None if it is legal."""
    refusal = call_refusal(state, action.samurai)
    if refusal is not None:
        return refusal
    call = _call_for(state, action.samurai)
    at = state.samurai_space(action.samurai)
    if isinstance(action, Move):
        if call.moves >= layout.MOVES_PER_SAMURAI:
            return f"The {action.samurai} Samurai has already moved {layout.MOVES_PER_SAMURAI} times this turn."
        if (why := not_adjacent_reason(at, action.to)) is not None:
            return f"The {action.samurai} Samurai on {space_name(at)} cannot reach {space_name(action.to)} in one move. {why}"
        return None
    if isinstance(action, Search):
        if call.searches >= layout.SEARCHES_PER_SAMURAI:
            return f"The {action.samurai} Samurai has already searched this turn."
        return investigation_refusal(state, at)
    if call.sniffs >= layout.SNIFFS_PER_SAMURAI:
        return f"The {action.samurai} Samurai has already sniffed this turn."
    if (why := not_adjacent_reason(at, action.space)) is not None:
        return (
            f"The {action.samurai} Samurai on {space_name(at)} can only sniff a space next to him "
            f"(across a bridge counts). {why}"
        )
    return investigation_refusal(state, action.space)


def legal_samurai_actions(state: GameState) -> list[SamuraiAction]:
    """Every Move, Search and Sniff the Samurai may take now (ending is always allowed)."""
    found: list[SamuraiAction] = []
    for samurai in SAMURAI_ORDER:
        if call_refusal(state, samurai) is not None:
            continue
        call = _call_for(state, samurai)
        at = state.samurai_space(samurai)
        if call.moves < layout.MOVES_PER_SAMURAI:
            found.extend(Move(samurai, n) for n in NEIGHBOURS[at])
        if call.searches < layout.SEARCHES_PER_SAMURAI and investigation_refusal(state, at) is None:
            found.append(Search(samurai))
        if call.sniffs < layout.SNIFFS_PER_SAMURAI:
            found.extend(Sniff(samurai, n) for n in NEIGHBOURS[at] if investigation_refusal(state, n) is None)
    return found


def record_action(state: GameState, action: SamuraiAction) -> tuple[SamuraiCall, ...]:
    """The turn's calls after ``action`` (assumed legal) places its cube."""
    call = _call_for(state, action.samurai)
    if isinstance(action, Move):
        call = SamuraiCall(call.samurai, call.moves + 1, call.searches, call.sniffs)
    elif isinstance(action, Search):
        call = SamuraiCall(call.samurai, call.moves, call.searches + 1, call.sniffs)
    else:
        call = SamuraiCall(call.samurai, call.moves, call.searches, call.sniffs + 1)
    current = state.current_call
    if current is not None and current.samurai is action.samurai:
        return state.calls[:-1] + (call,)
    return state.calls + (call,)


def investigated_space(state: GameState, action: Search | Sniff) -> Space:
    return state.samurai_space(action.samurai) if isinstance(action, Search) else action.space
