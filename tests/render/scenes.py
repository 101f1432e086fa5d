"""Representative moments of one scripted match, shared by the tests, the golden images and the benchmark.

Seed 7 binds the Goryō to the Fan and reveals the Mirror first; every action
after that is written out, so the pictures only change when the drawing does.
"""

from __future__ import annotations

import rules
from rules import (
    ChooseStart,
    EndSamuraiTurn,
    GameState,
    GoryoView,
    Move,
    Plan,
    PublicView,
    Resign,
    Samurai,
    Search,
    Side,
    Sniff,
    parse_plan,
    parse_space,
)

SEED = 7
GREEN, PURPLE, RED, BLUE = Samurai


def play(state: GameState, *actions) -> GameState:
    for action in actions:
        state = rules.apply(state, action).state
    return state


def plan(path: str, false_trail: str | None = None) -> Plan:
    return Plan(parse_plan(path), parse_space(false_trail) if false_trail else None)


def setup_done() -> GameState:
    """Round 1: the Goryō broke the Mirror on C3 and plans her first path."""
    return play(rules.new_game(SEED), ChooseStart(parse_space("C3")))


def mid_samurai_turn() -> GameState:
    """Round 1, four actions in: three paw-prints (two yes, one no), green and purple called."""
    return play(
        setup_done(),
        plan("C3 C2 D2 D1 E1"),
        Sniff(GREEN, parse_space("C2")),
        Move(GREEN, parse_space("B1")),
        Sniff(PURPLE, parse_space("D2")),
        Search(PURPLE),
    )


def round_two() -> GameState:
    """After round 1's discovery: the Scroll on E1 broken, two green prints rang a bag icon (Mask sealed)."""
    return play(mid_samurai_turn(), EndSamuraiTurn())


SPRINT_PLAN = "E1 F1 F2 F3 F4 F5"
FALSE_TRAIL = "D3"


def preview() -> GoryoView:
    """Round 2, her board with a Sprint path and a False Trail not yet confirmed."""
    return rules.goryo_view(round_two(), preview=plan(SPRINT_PLAN, FALSE_TRAIL))


def discovery_with_sprint_and_false_trail() -> GameState:
    """Round 2 discovered: Sprint used, the False Trail sniffed, blue on the target captures her once."""
    return play(
        round_two(),
        plan(SPRINT_PLAN, FALSE_TRAIL),
        Move(PURPLE, parse_space("E3")),
        Sniff(PURPLE, parse_space("D3")),
        Search(PURPLE),
        Move(BLUE, parse_space("F5")),
        Search(BLUE),
        Sniff(BLUE, parse_space("F4")),
        EndSamuraiTurn(),
    )


def final() -> GameState:
    """Round 3: the Goryō resigns; the Samurai win and her bound Fan is shown."""
    return play(discovery_with_sprint_and_false_trail(), Resign(Side.GORYO))


def public(state: GameState) -> PublicView:
    return rules.public_view(state)
