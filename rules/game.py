"""Starting a match and applying actions: state in, action in, new state and events out."""

from __future__ import annotations

import random
from typing import NamedTuple

from . import discovery
from .actions import Abort, Action, ChooseStart, EndSamuraiTurn, Move, Plan, Resign, Search, Sniff, TimeOut, Undo
from .errors import IllegalActionError
from .events import Event, Investigated, MoveTakenBack, PlanLocked, SamuraiMoved, SamuraiTurnEnded, StartChosen
from .goryo_turn import answer, plan_refusal
from .palace import OBJECT_AT, OBJECT_TYPES, SPACE_COUNT, SPACES_OF_TYPE, Space, space_name
from .pieces import InvestigationKind, Phase, Samurai, Side, Termination
from .reasons import N_, Reason
from .samurai_turn import (
    investigated_space,
    record_action,
    samurai_action_allowed,
    samurai_action_refusal,
)
from .state import SAMURAI_ORDER, GameState, MoveMade, PawPrint, evolve

_SAMURAI_ACTIONS = (Move, Search, Sniff)  # checked by the quick path first: most actions of a match are these


class Step(NamedTuple):
    state: GameState
    events: tuple[Event, ...]


def new_game(seed: int | str | None = None, *, advanced: bool = False) -> GameState:
    """Shuffle the bag and draw the bound object and the first type.

    The whole of chance in Goryō is the bag's order, so it is fixed here: the same
    seed and the same actions replay the same match.
    """
    bag = list(OBJECT_TYPES)
    random.Random(seed).shuffle(bag)
    bound, first_type, *rest = bag
    return GameState(advanced=advanced, bound=bound, first_type=first_type, bag=tuple(rest))


def refusal(state: GameState, action: Action) -> Reason | None:
    """Why ``action`` is illegal in ``state``, in words a player understands, or None.

    The Reason is the English sentence; the bot says it in the player's language (see ``reasons``).
    """
    if state.is_over:
        return Reason(N_("The match is over."))
    if not all(_on_the_board(s) for s in _spaces_named(action)):
        return Reason(N_("That names a space that is not on the palace board: columns A–F, rows 1–6."))
    if isinstance(action, (Move, Search, Sniff)) and not isinstance(action.samurai, Samurai):
        # Hand-built actions could name anything; the engine would fail deep inside otherwise.
        return _not_a_samurai(str(action.samurai))
    if isinstance(action, ChooseStart):
        if state.phase is not Phase.SETUP:
            return Reason(N_("The starting space has already been chosen."))
        if OBJECT_AT[action.space] is not state.first_type:
            choices = ", ".join(space_name(s) for s in SPACES_OF_TYPE[state.first_type])
            # Translators: {object} is an object type's name alone, like "Fan"; {choices} lists spaces, like "A1, C3".
            return Reason(N_("Start on a {object}, the first type drawn: {choices}."), object=state.first_type,
                          choices=choices)
        return None
    if isinstance(action, Plan):
        return plan_refusal(state, action)
    if isinstance(action, (Move, Search, Sniff)):
        return samurai_action_refusal(state, action)
    if isinstance(action, Undo):
        return undo_refusal(state)
    if isinstance(action, EndSamuraiTurn):
        return None if state.phase is Phase.SAMURAI_TURN else Reason(N_("It is not the Samurai's turn."))
    if isinstance(action, TimeOut):
        if state.to_move is action.side:
            return None
        if action.side is Side.GORYO:
            return Reason(N_("It is not the Goryō's turn."))
        return Reason(N_("It is not the Samurai's turn."))
    if isinstance(action, (Resign, Abort)):
        return None
    raise TypeError(f"not an action: {action!r}")


def _spaces_named(action: Action) -> tuple[Space | None, ...]:
    if isinstance(action, ChooseStart):
        return (action.space,)
    if isinstance(action, Plan):
        return (*action.path, action.false_trail) if action.false_trail is not None else tuple(action.path)
    if isinstance(action, Move):
        return (action.to,)
    if isinstance(action, Sniff):
        return (action.space,)
    return ()


def _on_the_board(space: object) -> bool:
    # Actions built by hand (not via parse_space) could hold any int; without this
    # an off-board False Trail was accepted and broke serialisation later.
    return isinstance(space, int) and not isinstance(space, bool) and 0 <= space < SPACE_COUNT


def is_legal(state: GameState, action: Action) -> bool:
    return refusal(state, action) is None


def apply(state: GameState, action: Action) -> Step:
    """Apply a legal action; an illegal one raises IllegalActionError with the reason."""
    if not isinstance(action, _SAMURAI_ACTIONS) or not samurai_action_allowed(state, action):
        reason = refusal(state, action)
        if reason is not None:
            raise IllegalActionError(reason)
    return advance(state, action)


def advance(state: GameState, action: Action) -> Step:
    """``apply`` without its check, for callers that chose ``action`` among the legal ones (``rules.playout``):
    an illegal action gives a state no match can reach."""
    kind = type(action)
    if kind is Move:
        assert isinstance(action, Move)
        index = SAMURAI_ORDER.index(action.samurai)
        spaces = state.samurai_spaces
        origin = spaces[index]
        made = MoveMade(action.samurai, origin, state.calls)
        state = evolve(state, samurai_spaces=(*spaces[:index], action.to, *spaces[index + 1:]),
                       calls=record_action(state, action), takeable=(*state.takeable, made))
        return Step(state, (SamuraiMoved(action.samurai, origin, action.to),))
    if kind is Search or kind is Sniff:
        assert isinstance(action, (Search, Sniff)) and state.plan is not None
        space = investigated_space(state, action)
        yes = answer(state.plan, space)
        # An answer fixes everything before it: nothing earlier can be taken back.
        state = evolve(
            state, calls=record_action(state, action), paw_prints=(*state.paw_prints, PawPrint(space, yes)),
            takeable=(),
        )
        investigation = InvestigationKind.SEARCH if kind is Search else InvestigationKind.SNIFF
        return Step(state, (Investigated(action.samurai, investigation, space, yes),))
    events: list[Event] = []
    if isinstance(action, ChooseStart):
        state = evolve(state, goryo_space=action.space, broken=(action.space,))
        events.append(StartChosen(action.space, state.first_type))
        state = discovery.start_round(state, 1, events)
    elif isinstance(action, Plan):
        state = evolve(state, plan=action, phase=Phase.SAMURAI_TURN)
        events.append(PlanLocked(state.round))
    elif isinstance(action, Undo):
        state = _taken_back(state, events)
    elif isinstance(action, EndSamuraiTurn):
        events.append(SamuraiTurnEnded(state.actions_used))
        state = discovery.discover(state, events)
    elif isinstance(action, Resign):
        state = discovery.finish(state, Termination.RESIGNED, action.side.other, events)
    elif isinstance(action, TimeOut):
        state = discovery.finish(state, Termination.TIMED_OUT, action.side.other, events)
    elif isinstance(action, Abort):
        state = discovery.finish(state, Termination.ABORTED, None, events)
    if state.takeable and not isinstance(action, (Move, Undo)):
        # An answer, or the turn's end, fixes everything before it: nothing earlier can be taken back.
        state = evolve(state, takeable=())
    return Step(state, tuple(events))


def undo_refusal(state: GameState) -> Reason | None:
    """Why the Samurai may not take a move back now, or None."""
    if state.phase is not Phase.SAMURAI_TURN:
        return Reason(N_("It is not the Samurai's turn."))
    if state.takeable:
        return None
    if state.paw_prints:
        return Reason(N_("There is no move to take back since the last investigation: "
                         "an answered investigation, and everything before it, stands."))
    return Reason(N_("There is no move to take back: no Samurai has moved yet this turn."))


def _taken_back(state: GameState, events: list[Event]) -> GameState:
    """The state before the turn's last move (``Undo``, assumed legal), and the event saying so."""
    made = state.takeable[-1]
    index = SAMURAI_ORDER.index(made.samurai)
    at = state.samurai_spaces[index]
    spaces = (*state.samurai_spaces[:index], made.origin, *state.samurai_spaces[index + 1:])
    uncalled = len(made.calls_before) < len(state.calls)
    events.append(MoveTakenBack(made.samurai, made.origin, at, uncalled))
    return evolve(state, samurai_spaces=spaces, calls=made.calls_before, takeable=state.takeable[:-1])


def samurai_named(name: str) -> Samurai:
    """``"Green"`` → Samurai.GREEN, with a readable refusal for anything else."""
    try:
        return Samurai(name.strip().lower())
    except ValueError:
        raise IllegalActionError(_not_a_samurai(name)) from None


def _not_a_samurai(name: str) -> Reason:
    colours = ", ".join(s.value for s in Samurai)
    # Translators: {name} is what was typed, quoted; {colours} lists the values the command accepts.
    return Reason(N_("{name} is not a Samurai: choose {colours}."), name=repr(name.strip()[:20]), colours=colours)
