"""The Samurai's turn: checking Move, Search and Sniff, and listing legal ones."""

from __future__ import annotations

from . import layout
from .actions import Move, SamuraiAction, Search, Sniff
from .palace import NEIGHBOURS, SPACES, Space, not_adjacent_reason, space_name
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


# Actions are immutable values, so each possible one is made once: listing the legal actions (the heart of
# every search and playout) then only filters these tables. Indexed by the Samurai's place in SAMURAI_ORDER.
_MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(Move(samurai, n) for n in NEIGHBOURS[at]) for at in SPACES) for samurai in SAMURAI_ORDER
)
_SEARCHES: tuple[Search, ...] = tuple(Search(samurai) for samurai in SAMURAI_ORDER)
_SNIFFS: tuple[tuple[tuple[tuple[int, Sniff], ...], ...], ...] = tuple(
    tuple(tuple((n, Sniff(samurai, n)) for n in NEIGHBOURS[at]) for at in SPACES) for samurai in SAMURAI_ORDER
)
_ALL_SNIFFS: tuple[tuple[tuple[Sniff, ...], ...], ...] = tuple(
    tuple(tuple(sniff for _, sniff in by_space) for by_space in by_samurai) for by_samurai in _SNIFFS
)
_AROUND: tuple[int, ...] = tuple(sum(1 << n for n in NEIGHBOURS[at]) for at in SPACES)  # neighbours as a bitmask


def _cubes_used(calls: tuple[SamuraiCall, ...]) -> int:
    used = 0
    for call in calls:
        used += call.moves + call.searches + call.sniffs
    return used


def investigated_mask(state: GameState) -> int:
    """The spaces that may not be investigated now, as a bitmask: her round's start and those already asked."""
    start = state.goryo_space  # her round's start: the pawn stays there until the discovery
    mask = 0 if start is None else 1 << start
    for print_ in state.paw_prints:
        mask |= 1 << print_.space
    return mask


def legal_samurai_actions(state: GameState) -> list[SamuraiAction]:
    """Every Move, Search and Sniff the Samurai may take now (ending is always allowed).

    The same list, in the same order, as asking ``can_act`` and ``can_investigate`` of each one; worked out
    once per call from the turn's calls and a bitmask of the spaces already asked."""
    found: list[SamuraiAction] = []
    calls = state.calls
    if state.phase is not Phase.SAMURAI_TURN or _cubes_used(calls) >= layout.SAMURAI_ACTION_CUBES:
        return found
    current = calls[-1] if calls else None
    may_call = len(calls) < layout.MAX_SAMURAI_CALLED
    called = tuple(c.samurai for c in calls)  # a tuple: ``in`` on it compares by identity, with no enum hashing
    per_samurai = layout.ACTIONS_PER_SAMURAI_ADVANCED if state.advanced else layout.ACTIONS_PER_SAMURAI
    asked = investigated_mask(state)
    spaces = state.samurai_spaces
    for index, samurai in enumerate(SAMURAI_ORDER):
        if current is not None and current.samurai is samurai:
            if current.moves + current.searches + current.sniffs >= per_samurai:
                continue
            moves, searches, sniffs = current.moves, current.searches, current.sniffs
        elif may_call and samurai not in called:
            moves = searches = sniffs = 0
        else:
            continue
        at = spaces[index]
        if moves < layout.MOVES_PER_SAMURAI:
            found.extend(_MOVES[index][at])
        if searches < layout.SEARCHES_PER_SAMURAI and not asked >> at & 1:
            found.append(_SEARCHES[index])
        if sniffs < layout.SNIFFS_PER_SAMURAI:
            if asked & _AROUND[at]:
                found.extend(sniff for n, sniff in _SNIFFS[index][at] if not asked >> n & 1)
            else:
                found.extend(_ALL_SNIFFS[index][at])
    return found


def samurai_action_allowed(state: GameState, action: SamuraiAction) -> bool:
    """True only when ``action`` is legal now: ``rules.apply``'s quick check before the full one.

    It answers from the same facts as ``samurai_action_refusal`` with no sentence built; whenever it says no,
    ``apply`` asks the full refusal, which says why (so an odd hand-built action is judged as before)."""
    samurai = action.samurai
    if type(samurai) is not Samurai or state.outcome is not None or state.phase is not Phase.SAMURAI_TURN:
        return False
    calls = state.calls
    if _cubes_used(calls) >= layout.SAMURAI_ACTION_CUBES:
        return False
    current = calls[-1] if calls else None
    if current is not None and current.samurai is samurai:
        if current.actions >= state.actions_per_samurai:
            return False
        moves, searches, sniffs = current.moves, current.searches, current.sniffs
    elif len(calls) < layout.MAX_SAMURAI_CALLED and samurai not in tuple(c.samurai for c in calls):
        moves = searches = sniffs = 0
    else:
        return False
    at = state.samurai_spaces[SAMURAI_ORDER.index(samurai)]  # by identity: no enum hashing
    if type(action) is Move:
        to = action.to
        return moves < layout.MOVES_PER_SAMURAI and type(to) is int and _AROUND[at] >> to & 1 == 1
    if type(action) is Search:
        return searches < layout.SEARCHES_PER_SAMURAI and not investigated_mask(state) >> at & 1
    if type(action) is Sniff:
        space = action.space
        return (sniffs < layout.SNIFFS_PER_SAMURAI and type(space) is int and _AROUND[at] >> space & 1 == 1
                and not investigated_mask(state) >> space & 1)
    return False


# Every call a turn can hold, made once: placing a cube looks the next one up instead of building it.
_CALLS: dict[tuple[int, int, int, int], SamuraiCall] = {
    (index, moves, searches, sniffs): SamuraiCall(samurai, moves, searches, sniffs)
    for index, samurai in enumerate(SAMURAI_ORDER)
    for moves in range(layout.MOVES_PER_SAMURAI + 1)
    for searches in range(layout.SEARCHES_PER_SAMURAI + 1)
    for sniffs in range(layout.SNIFFS_PER_SAMURAI + 1)
}


def record_action(state: GameState, action: SamuraiAction) -> tuple[SamuraiCall, ...]:
    """The turn's calls after ``action`` (assumed legal) places its cube."""
    samurai = action.samurai
    calls = state.calls
    current = calls[-1] if calls else None
    if current is not None and current.samurai is samurai:
        moves, searches, sniffs = current.moves, current.searches, current.sniffs
        calls = calls[:-1]
    else:
        moves = searches = sniffs = 0
    kind = type(action)
    if kind is Move:
        moves += 1
    elif kind is Search:
        searches += 1
    else:
        sniffs += 1
    key = (SAMURAI_ORDER.index(samurai), moves, searches, sniffs)
    call = _CALLS.get(key) or SamuraiCall(samurai, moves, searches, sniffs)
    return (*calls, call)


def investigated_space(state: GameState, action: Search | Sniff) -> Space:
    return state.samurai_space(action.samurai) if isinstance(action, Search) else action.space
