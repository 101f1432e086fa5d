"""legal_plans lists exactly the plans plan_refusal accepts, checked against a brute force.

The brute force walks the spec's board (retyped in test_palace) with its own
adjacency and its own target rule, so a bug shared by the engine's refusal and
its enumeration still shows up.
"""

import dataclasses
import functools
import itertools
import random

import pytest

import rules
from rules import SPACES, Phase, Plan, space_name
from rules.playout import random_match
from tests.rules.spec_board import spec_adjacent, spec_layout

from .builders import FAN, HELMET, LANTERN, URN, discover, plan, play, seal, started

NAMES = [space_name(s) for s in SPACES]
SPEC = spec_layout()


def spec_neighbours(name):
    return [n for n in NAMES if spec_adjacent(name, n)]


def spec_target_ok(state, name):
    kind = SPEC[name]
    broken = {space_name(s) for s in state.broken}
    sealed_kinds = {t.value for t in state.drawn}
    return kind is not None and name not in broken and kind != state.bound.value and kind not in sealed_kinds


def brute_force_paths(state):
    """Every walk of 4 (or 5 with the Sprint) steps from her space, filtered by the rules."""
    lengths = (5, 6) if state.sprint_available else (5,)
    found = set()

    def walk(path):
        if len(path) in lengths and len(set(path)) == len(path) and spec_target_ok(state, path[-1]):
            found.add(tuple(path))
        if len(path) < max(lengths):
            for n in spec_neighbours(path[-1]):
                walk([*path, n])

    walk([space_name(state.goryo_space)])
    return found


def all_walks(state, length):
    """Every walk, legal or not (repeats included), for plan_refusal to judge."""
    walks = [[space_name(state.goryo_space)]]
    for _ in range(length - 1):
        walks = [[*w, n] for w in walks for n in spec_neighbours(w[-1])]
    return walks


def names(path):
    return tuple(space_name(s) for s in path)


@functools.cache
def goryo_turn_states():
    """Mid-game positions from random play, plus hand-made ones with powers spent."""
    found = []
    for seed in range(40):
        for _, state in random_match(seed):
            if state.phase is Phase.GORYO_TURN and state.round >= 2:
                found.append(state)
    sample = random.Random(2).sample(found, len(SAMPLED) - 3)
    hand_made = started(bound=URN, first=HELMET, start="A1")
    sample += [
        hand_made,
        dataclasses.replace(hand_made, sprint_available=False, false_trail_available=False),
        seal(dataclasses.replace(hand_made, broken=(*hand_made.broken, rules.parse_space("C3"))), LANTERN, FAN),
    ]
    return sample


SAMPLED = range(11)  # 8 from random play, 3 made by hand


@pytest.mark.parametrize("index", SAMPLED)
def test_legal_paths_equal_the_brute_force(index):
    state = goryo_turn_states()[index]
    engine = [names(p) for p in rules.legal_paths(state)]
    assert len(engine) == len(set(engine)), "no path listed twice"
    assert set(engine) == brute_force_paths(state)


@pytest.mark.parametrize("index", SAMPLED)
def test_plan_refusal_agrees_with_the_list_on_every_walk_and_one_step_mutants(index):
    state = goryo_turn_states()[index]
    legal = {names(p) for p in rules.legal_paths(state)}
    candidates = {tuple(w) for length in (4, 5, 6, 7) for w in all_walks(state, length)}
    rng = random.Random(0)
    for path in rng.sample(sorted(legal), min(80, len(legal))):
        for i, replacement in itertools.product(range(len(path)), NAMES):
            candidates.add((*path[:i], replacement, *path[i + 1:]))
        candidates.add(path[:-1])
        candidates.add((*path, rng.choice(NAMES)))
    for candidate in candidates:
        reason = rules.refusal(state, plan(" ".join(candidate)))
        assert (reason is None) == (candidate in legal), (candidate, reason)
        if reason is not None:
            assert len(reason) > 20  # says what is wrong, not just "no"


@pytest.mark.parametrize("index", SAMPLED)
def test_legal_plans_add_every_false_trail_placement_while_available(index):
    state = goryo_turn_states()[index]
    paths = list(rules.legal_paths(state))
    plain = list(rules.legal_plans(state))
    assert plain == [Plan(p) for p in paths]
    with_trail = set(rules.legal_plans(state, with_false_trail=True))
    expected = {Plan(p) for p in paths}
    if state.false_trail_available:
        expected |= {Plan(p, s) for p in paths for s in SPACES if s not in p}
    assert with_trail == expected
    for candidate in random.Random(1).sample(sorted(with_trail, key=repr), min(200, len(with_trail))):
        assert rules.refusal(state, candidate) is None


def test_nothing_is_enumerated_outside_her_turn():
    state = started(bound=URN, first=HELMET, start="A1")
    locked, _ = play(state, plan("A1 B1 C1 C2 C3"))
    assert list(rules.legal_paths(locked)) == []
    assert list(rules.legal_plans(rules.new_game(0))) == []


# --- ruling 5: no legal plan at the start of her turn -----------------------------


def cornered_before_round_3():
    """Round 2, her Sprint plan ends on A1; from there no target lies 4 steps away.

    Bound Lantern, first type Helmet, five other types sealed: only Helmets
    (F2, E4; C6 is broken) and Scrolls (A2, E1, D4, C5) remain breakable, and
    none is an even number of steps <= 4 from A1 (the board is a chessboard:
    4 steps always land on A1's colour).
    """
    state = started(bound=LANTERN, first=HELMET, start="C6")
    state = seal(state, rules.ObjectType.MASK, URN, rules.ObjectType.FLOWER, FAN, rules.ObjectType.MIRROR)
    return dataclasses.replace(state, round=2, goryo_space=rules.parse_space("B3"),
                               broken=(*state.broken, rules.parse_space("B3")))


def test_no_legal_plan_at_turn_start_is_a_samurai_win():
    state = cornered_before_round_3()
    assert rules.has_legal_plan(state)
    state, _ = play(state, plan("B3 C3 C2 C1 B1 A1"))  # Sprint: next round she has only 4 steps
    state, events = discover(state)
    assert state.is_over and state.round == 3
    assert state.outcome == rules.Outcome(rules.Termination.NO_LEGAL_PLAN, rules.Side.SAMURAI)
    assert [type(e).__name__ for e in events][-3:] == ["RoundEnded", "RoundStarted", "MatchEnded"]
    assert events[-1].bound is LANTERN
    assert not rules.has_legal_plan(dataclasses.replace(state, phase=Phase.GORYO_TURN))


def test_the_same_corner_with_the_sprint_unused_would_leave_a_plan():
    state = cornered_before_round_3()
    state, _ = discover(play(state, plan("B3 C3 C2 C1 B1 A1"))[0])
    revived = dataclasses.replace(state, phase=Phase.GORYO_TURN, outcome=None, sprint_available=True)
    assert {space_name(p[-1]) for p in rules.legal_paths(revived)} == {"A2"}  # five steps reach the Scroll


def test_no_legal_plan_right_after_setup_ends_the_match():
    # A hand-made setup: everything but Helmet, Lantern (bound) and Scroll sealed, Sprint gone.
    state = seal(dataclasses.replace(started(bound=LANTERN, first=HELMET, start="F2"), phase=Phase.SETUP, round=0,
                                     goryo_space=None, broken=()), rules.ObjectType.MASK, URN, rules.ObjectType.FLOWER,
                 FAN, rules.ObjectType.MIRROR)
    state = dataclasses.replace(state, sprint_available=False)
    after, events = rules.apply(state, rules.ChooseStart(rules.parse_space("A1")))
    assert after.outcome == rules.Outcome(rules.Termination.NO_LEGAL_PLAN, rules.Side.SAMURAI)
    assert [type(e).__name__ for e in events] == ["StartChosen", "RoundStarted", "MatchEnded"]
