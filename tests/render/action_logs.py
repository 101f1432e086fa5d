"""Whole matches as action logs, for replay and league tests and benchmarks/bench_replay.py.

- ``scripted_match``: tests/render/scenes.py's match (seed 7) written as a log, ending in a resign
  after a third plan was locked in.
- ``longest_match``: the worst case for a replay's size and build time: random play in which the
  Samurai use every action cube of all four rounds, 33 actions (the start, 4 plans, 24 Samurai
  actions, 4 turn ends) and 4 discoveries.
"""

from __future__ import annotations

import random

import rules
from rules import (
    ChooseStart,
    EndSamuraiTurn,
    Move,
    Phase,
    Resign,
    Samurai,
    Search,
    Side,
    Sniff,
    legal_samurai_actions,
    parse_space,
)
from rules.playout import random_action

from .scenes import FALSE_TRAIL, SEED, SPRINT_PLAN, plan

GREEN, PURPLE, RED, BLUE = Samurai
THIRD_PLAN = "F5 F6 E6 E5 D5"  # locked in round 3, never discovered: the Samurai player resigns

LONGEST_SEED = 11  # the first seed whose match reaches the 33-action maximum


def two_rounds() -> list[rules.Action]:
    """Round 1 as in scenes.py; round 2 used the Sprint, the False Trail was sniffed, blue captured her once."""
    return [
        ChooseStart(parse_space("C3")),
        plan("C3 C2 D2 D1 E1"),
        Sniff(GREEN, parse_space("C2")), Move(GREEN, parse_space("B1")), Sniff(PURPLE, parse_space("D2")),
        Search(PURPLE), EndSamuraiTurn(),
        plan(SPRINT_PLAN, FALSE_TRAIL),
        Move(PURPLE, parse_space("E3")), Sniff(PURPLE, parse_space("D3")), Search(PURPLE),
        Move(BLUE, parse_space("F5")), Search(BLUE), Sniff(BLUE, parse_space("F4")), EndSamuraiTurn(),
    ]


def scripted_match() -> tuple[rules.GameState, list[rules.Action]]:
    """Two discovered rounds, a third plan locked in, then the Samurai player resigns: 17 actions."""
    return rules.new_game(SEED), [*two_rounds(), plan(THIRD_PLAN), Resign(Side.SAMURAI)]


def longest_match(seed: int = LONGEST_SEED) -> tuple[rules.GameState, list[rules.Action]]:
    """A random legal match in which the Samurai never end a turn while they have an action left."""
    rng = random.Random(seed)
    initial = state = rules.new_game(seed)
    actions: list[rules.Action] = []
    while not state.is_over:
        if state.phase is Phase.SAMURAI_TURN and (choices := legal_samurai_actions(state)):
            action = rng.choice(choices)
        else:
            action = random_action(state, rng)
        state = rules.apply(state, action).state
        actions.append(action)
    return initial, actions
