"""A Samurai player who peeks at the plan, so random play reaches every kind of ending.

rules.playout's uniform Samurai almost never capture or exorcise; this one
mostly walks towards the target and investigates true spaces, which gives
captures, gong draws, exorcisms and cornered Goryō for the property tests.
"""

from __future__ import annotations

import random

import rules
from rules import EndSamuraiTurn, GameState, Move, Phase, Search
from rules.palace import DISTANCES
from rules.playout import random_action


def hunting_action(state: GameState, rng: random.Random) -> rules.Action:
    if state.phase is not Phase.SAMURAI_TURN or rng.random() < 0.2:
        return random_action(state, rng)
    plan = state.plan
    distance = DISTANCES[plan.target]  # steps from her target (the palace's distances are symmetric)
    useful = []
    for action in rules.legal_samurai_actions(state):
        if isinstance(action, Move):
            if distance[action.to] < distance[state.samurai_space(action.samurai)]:
                useful.append(action)
        else:
            space = state.samurai_space(action.samurai) if isinstance(action, Search) else action.space
            if rules.answer(plan, space):
                useful.append(action)
    return rng.choice(useful) if useful else EndSamuraiTurn()


def play_out(seed: int, *, advanced: bool = False, hunting: bool = True) -> list[tuple[rules.Action, GameState]]:
    """Like rules.playout.random_match, with the hunting Samurai if asked."""
    rng = random.Random(seed)
    choose = hunting_action if hunting else random_action
    state = rules.new_game(seed, advanced=advanced)
    history = []
    while not state.is_over:
        action = choose(state, rng)
        state = rules.apply(state, action).state
        history.append((action, state))
    return history
