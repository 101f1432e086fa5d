"""Random legal play: for property tests, benchmarks and load tests."""

from __future__ import annotations

import random

from .actions import Action, ChooseStart, EndSamuraiTurn, Plan
from .game import advance
from .goryo_turn import legal_path_list
from .palace import SPACES, SPACES_OF_TYPE
from .pieces import Phase
from .samurai_turn import legal_samurai_actions
from .state import GameState

_SAMURAI_TURN = Phase.SAMURAI_TURN  # most of a match's actions: a module name is read faster than an enum member
_END = EndSamuraiTurn()


def random_action(state: GameState, rng: random.Random) -> Action:
    """A uniformly chosen legal action for the side to move (never resigning)."""
    phase = state.phase
    if phase is _SAMURAI_TURN:
        actions = legal_samurai_actions(state)
        if not actions or rng.random() < 0.1:
            return _END
        return rng.choice(actions)
    if phase is Phase.SETUP:
        return ChooseStart(rng.choice(SPACES_OF_TYPE[state.first_type]))
    if phase is Phase.GORYO_TURN:
        path = rng.choice(legal_path_list(state))
        false_trail = None
        if state.false_trail_available and rng.random() < 0.3:
            false_trail = rng.choice([s for s in SPACES if s not in path])
        return Plan(path, false_trail)
    raise ValueError("the match is over")


def random_match(seed: int, *, advanced: bool = False) -> list[tuple[Action, GameState]]:
    """Play one random legal match; each action with the state it produced."""
    from .game import new_game

    rng = random.Random(seed)
    state = new_game(seed, advanced=advanced)
    history: list[tuple[Action, GameState]] = []
    while state.outcome is None:  # is_over, without a property call a step
        action = random_action(state, rng)
        state = advance(state, action).state  # chosen among the legal actions: no need to check it again
        history.append((action, state))
    return history
