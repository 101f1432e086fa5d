"""The Samurai's turn: checking Move, Search and Sniff, and listing legal ones."""

from __future__ import annotations

from . import layout
from .actions import Move, SamuraiAction, Search, Sniff
from .palace import NEIGHBOURS, Space, not_adjacent_reason, space_name
from .pieces import Phase, Samurai
from .reasons import N_, Reason
from .state import SAMURAI_ORDER, GameState, SamuraiCall


def can_act(state: GameState, samurai: Samurai) -> bool:
    """Whether ``samurai`` may take an action now at all; ``call_refusal`` says why not. The list of
    legal actions asks this, so that ruling out an option costs no sentence."""
    if state.phase is not Phase.SAMURAI_TURN or state.actions_used >= layout.SAMURAI_ACTION_CUBES:
        return False
    current = state.current_call
    if current is not None and current.samurai is samurai:
        return current.actions < state.actions_per_samurai
    return all(c.samurai is not samurai for c in state.calls) and len(state.calls) < layout.MAX_SAMURAI_CALLED


def call_refusal(state: GameState, samurai: Samurai) -> Reason | None:
    """Why ``samurai`` may not take an action now at all, or None."""
    if state.phase is not Phase.SAMURAI_TURN:
        return Reason(N_("It is not the Samurai's turn."))
    if state.actions_used >= layout.SAMURAI_ACTION_CUBES:
        return Reason(
            # Translators: {cubes} is always 6.
            N_("All {cubes} action cubes are used this turn: end the turn."), cubes=layout.SAMURAI_ACTION_CUBES
        )
    current = state.current_call
    if current is not None and current.samurai is samurai:
        if current.actions >= state.actions_per_samurai:
            return Reason(
                # Translators: {samurai} is a Samurai's name with its article; {actions} is always 2 or 3.
                N_("{samurai} has taken his {actions} actions: call another Samurai or end the turn."),
                samurai=samurai, actions=state.actions_per_samurai,
            )
        return None
    if any(c.samurai is samurai for c in state.calls):
        return Reason(
            # Translators: {samurai} is a Samurai's name with its article.
            N_("{samurai}'s turn is over: once another Samurai is called, an earlier one cannot act again."),
            samurai=samurai,
        )
    if len(state.calls) >= layout.MAX_SAMURAI_CALLED:
        return Reason(
            # Translators: {called} is always 3.
            N_("{called} Samurai have already been called this turn: end the turn."), called=layout.MAX_SAMURAI_CALLED
        )
    return None


def _call_for(state: GameState, samurai: Samurai) -> SamuraiCall:
    current = state.current_call
    if current is not None and current.samurai is samurai:
        return current
    return SamuraiCall(samurai)


def can_investigate(state: GameState, space: Space) -> bool:
    """Whether ``space`` may be searched or sniffed this round; ``investigation_refusal`` says why not.
    The list of legal actions asks this, so that ruling out an option costs no sentence."""
    return space != state.round_start and not state.investigated(space)


def investigation_refusal(state: GameState, space: Space) -> Reason | None:
    if space == state.round_start:
        return Reason(
            N_("{space} is where the Goryō began this round: it cannot be investigated."), space=space_name(space)
        )
    if state.investigated(space):
        return Reason(N_("{space} has already been investigated this round."), space=space_name(space))
    return None


def samurai_action_refusal(state: GameState, action: SamuraiAction) -> Reason | None:
    """Why the Samurai may not take ``action`` now, in words, or None if it is legal."""
    refusal = call_refusal(state, action.samurai)
    if refusal is not None:
        return refusal
    call = _call_for(state, action.samurai)
    at = state.samurai_space(action.samurai)
    if isinstance(action, Move):
        if call.moves >= layout.MOVES_PER_SAMURAI:
            return Reason(
                # Translators: {samurai} is a Samurai's name with its article; {moves} is always 2.
                N_("{samurai} has already moved {moves} times this turn."),
                samurai=action.samurai, moves=layout.MOVES_PER_SAMURAI,
            )
        if (why := not_adjacent_reason(at, action.to)) is not None:
            return Reason(
                # Translators: {samurai} is a Samurai's name with its article; {why} is a whole sentence saying why
                # the two spaces are not adjacent.
                N_("{samurai} on {origin} cannot reach {destination} in one move. {why}"),
                samurai=action.samurai, origin=space_name(at), destination=space_name(action.to), why=why,
            )
        return None
    if isinstance(action, Search):
        if call.searches >= layout.SEARCHES_PER_SAMURAI:
            # Translators: {samurai} is a Samurai's name with its article.
            return Reason(N_("{samurai} has already searched this turn."), samurai=action.samurai)
        return investigation_refusal(state, at)
    if call.sniffs >= layout.SNIFFS_PER_SAMURAI:
        # Translators: {samurai} is a Samurai's name with its article.
        return Reason(N_("{samurai} has already sniffed this turn."), samurai=action.samurai)
    if (why := not_adjacent_reason(at, action.space)) is not None:
        return Reason(
            # Translators: {samurai} is a Samurai's name with its article; {why} is a whole sentence.
            N_("{samurai} on {origin} can only sniff a space next to him (across a bridge counts). {why}"),
            samurai=action.samurai, origin=space_name(at), why=why,
        )
    return investigation_refusal(state, action.space)


def legal_samurai_actions(state: GameState) -> list[SamuraiAction]:
    """Every Move, Search and Sniff the Samurai may take now (ending is always allowed)."""
    found: list[SamuraiAction] = []
    for samurai in SAMURAI_ORDER:
        if not can_act(state, samurai):
            continue
        call = _call_for(state, samurai)
        at = state.samurai_space(samurai)
        if call.moves < layout.MOVES_PER_SAMURAI:
            found.extend(Move(samurai, n) for n in NEIGHBOURS[at])
        if call.searches < layout.SEARCHES_PER_SAMURAI and can_investigate(state, at):
            found.append(Search(samurai))
        if call.sniffs < layout.SNIFFS_PER_SAMURAI:
            found.extend(Sniff(samurai, n) for n in NEIGHBOURS[at] if can_investigate(state, n))
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
