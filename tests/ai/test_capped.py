"""The advanced-mode Samurai search: a leaf that respects two actions a Samurai, legal and deterministic turns."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import rules
from ai import goryo
from ai import samurai as samurai_search
from ai.capped import capped_plan, capped_rest
from ai.turn import ORDER, Turn
from rules import EndSamuraiTurn, Move, Phase, Samurai, SamuraiCall, Side
from rules.playout import random_match
from tests.rules.builders import HELMET, URN, place, plan, sq, started

STEP_UP = samurai_search._STEP_UP[1]  # one capture still needed: standing on her target wins


def turn_with(per_samurai: int, calls: tuple[SamuraiCall, ...], cubes: int, **where: str) -> Turn:
    spaces = dict(zip(ORDER, (sq("B2"), sq("E2"), sq("B5"), sq("E5")), strict=True))
    spaces.update({Samurai(colour): sq(name) for colour, name in where.items()})
    return Turn(tuple(spaces[s] for s in ORDER), calls, frozenset(), sq("F6"), per_samurai, cubes)


def test_a_samurai_with_one_action_left_cannot_reach_a_target_two_steps_away():
    # Green has sniffed, the first of his two actions; her target C3 is two steps off, far from the others.
    calls = (SamuraiCall(Samurai.PURPLE, moves=2), SamuraiCall(Samurai.GREEN, sniffs=1))
    targets = {sq("C3"): 1.0}
    near = [0.0] * len(rules.SPACES)
    shares = [0.0] * len(rules.SPACES)
    assert capped_rest(turn_with(2, calls, 3), targets, near, shares, STEP_UP, 0.0) == 0.0
    # With three actions a Samurai (basic mode) the same turn still gets him there.
    basic, _ = samurai_search.rest_value(turn_with(3, calls, 3), targets, near, 1)
    assert basic == STEP_UP[0]


def test_a_fresh_samurai_either_moves_twice_or_investigates_never_both_twice():
    targets = {sq("C3"): 0.5}  # two steps from green on B2
    near = [0.0] * len(rules.SPACES)
    shares = [0.0] * len(rules.SPACES)
    shares[sq("B2")] = shares[sq("B3")] = 0.9  # a search where he stands and a sniff next door: likely yes answers
    calls = (SamuraiCall(Samurai.PURPLE, moves=2), SamuraiCall(Samurai.RED, moves=2))
    value = capped_rest(turn_with(2, calls, 2), targets, near, shares, STEP_UP, 0.0)
    reach = 0.5 * STEP_UP[0]
    look = ai.values.GREEN * 1.8
    assert value == max(reach, look)  # one or the other, not their sum


def test_the_hard_samurai_moves_twice_onto_the_target_rather_than_looking_first():
    # Only green is near. Her two possible plans end on C3 or A3, two steps from him either way: a Samurai who
    # sniffs first cannot get there any more, one who moves twice is on one of them. One capture wins the match.
    state = place(started(URN, HELMET, start="A1", advanced=True), purple="F6", red="F4", blue="D6")
    state = dataclasses.replace(state, spirits=2)
    state = rules.apply(state, plan("A1 B1 C1 C2 C3")).state
    view = rules.public_view(state)
    particles = [
        samurai_search.Particle(0.6, 1 << sq("C3") | 1 << sq("C2") | 1 << sq("C1") | 1 << sq("B1"), sq("C3"), None),
        samurai_search.Particle(0.4, 1 << sq("A2") | 1 << sq("A3") | 1 << sq("B3") | 1 << sq("B2"), sq("A3"), None),
    ]
    seen = []
    while state.phase is Phase.SAMURAI_TURN:
        view = rules.public_view(state)
        action = samurai_search.choose_samurai_action(
            view, particles, depth=4, node_budget=6000, lookahead=True, foresight=True, seed=3, capped=True
        )
        seen.append(action)
        if isinstance(action, EndSamuraiTurn):
            assert sq("C3") in state.samurai_spaces
        state = rules.apply(state, action).state
    assert [a for a in seen if isinstance(a, Move) and a.samurai is Samurai.GREEN][-1].to == sq("C3")


def advanced_samurai_views(seed: int) -> list[rules.GameState]:
    return [s for _, s in random_match(seed, advanced=True) if s.phase is Phase.SAMURAI_TURN][:6]


@pytest.mark.long
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_hard_samurai_plays_legal_turns_in_advanced_mode_with_its_real_budget(seed):
    hard = ai.agent(Side.SAMURAI, "hard")
    for state in advanced_samurai_views(seed):
        view = rules.public_view(state)
        action = hard.choose(view, ai.budget_for("hard", seed))
        assert rules.refusal(state, action) is None, action
        after = rules.apply(state, action).state
        assert all(call.actions <= rules.layout.ACTIONS_PER_SAMURAI_ADVANCED for call in after.calls)
        assert hard.choose(view, ai.budget_for("hard", seed)) == action  # a pure function of (view, budget)


def test_a_whole_advanced_turn_of_the_hard_samurai_is_legal_and_repeatable():
    state = advanced_samurai_views(random.Random(5).randrange(1000))[0]

    def whole_turn(state: rules.GameState) -> list[rules.Action]:
        chosen = []
        while state.phase is Phase.SAMURAI_TURN:
            action = ai.agent(Side.SAMURAI, "hard").choose(rules.public_view(state), ai.budget_for("hard", 11))
            assert rules.refusal(state, action) is None
            chosen.append(action)
            state = rules.apply(state, action).state
        return chosen

    first = whole_turn(state)
    assert len([a for a in first if not isinstance(a, EndSamuraiTurn)]) <= rules.layout.SAMURAI_ACTION_CUBES
    assert whole_turn(state) == first


def test_the_goryos_played_out_turn_in_advanced_mode_is_the_capped_search_one_deep_and_legal():
    # She plays a Samurai turn out against each candidate plan; in advanced mode it is the capped search at
    # depth 1 (cheap enough for every candidate), and the turn it plays is one the rules accept.
    for seed in (1, 2):
        state = advanced_samurai_views(seed)[0]
        goryo_plan = state.plan
        assert goryo_plan is not None
        view = rules.public_view(state)
        on_target, _, after = goryo.samurai_turn_against(view, goryo_plan, seed)
        while state.phase is Phase.SAMURAI_TURN:
            seen = rules.public_view(state)
            particles = samurai_search.particles_from(seen, hider_model=goryo.HUNTER_MODEL)
            action = samurai_search.choose_samurai_action(
                seen, particles, depth=1, node_budget=10**9, lookahead=True, foresight=True, seed=seed, capped=True
            )
            assert rules.refusal(state, action) is None, action
            if isinstance(action, EndSamuraiTurn):
                break
            state = rules.apply(state, action).state
        assert state.samurai_spaces == after  # in ``ORDER``, as the rules keep them
        assert on_target == sum(1 for at in after if at == goryo_plan.target)


def leaf_inputs(seed: int):
    """Mid-turn advanced positions of random matches with their belief's targets, closeness, shares and joint."""
    for state in [s for _, s in random_match(seed, advanced=True) if s.phase is Phase.SAMURAI_TURN][:8]:
        particles = samurai_search.particles_from(rules.public_view(state))
        targets = samurai_search.target_weights(particles)
        yield (Turn.from_view(rules.public_view(state)), targets, samurai_search.closeness(targets),
               samurai_search.yes_shares(particles), samurai_search.joint_yes(particles))


def test_the_thorough_leaf_never_does_worse_than_the_greedy_one_and_sometimes_better():
    # Every calling order includes the greedy one, and looking before stepping adds a macro: neither can lose.
    orders_better = looks_better = 0
    for seed in range(12):
        for turn, targets, near, shares, joint in leaf_inputs(seed):
            greedy = capped_plan(turn, targets, near, shares, STEP_UP, 0.0).value
            ordered = capped_plan(turn, targets, near, shares, STEP_UP, 0.0, every_order=True).value
            looking = capped_plan(turn, targets, near, shares, STEP_UP, 0.0, joint=joint, every_order=True).value
            assert greedy <= ordered + 1e-9 and ordered <= looking + 1e-9
            orders_better += ordered > greedy + 1e-9
            looks_better += looking > ordered + 1e-9
    assert orders_better > 0 and looks_better > 0


def test_a_samurai_who_looks_first_steps_where_the_answer_points():
    # Green on B2; her target is C2 (her path crosses B3) or A2 (it does not): a sniff at B3 tells them apart.
    turn = turn_with(2, (SamuraiCall(Samurai.PURPLE, moves=2), SamuraiCall(Samurai.RED, moves=2)), 2)
    targets = {sq("C2"): 0.5, sq("A2"): 0.5}
    near = [0.0] * len(rules.SPACES)
    shares = [0.0] * len(rules.SPACES)
    shares[sq("B3")] = 0.5
    joint = [{} for _ in rules.SPACES]
    joint[sq("B3")] = {sq("C2"): 0.5}
    blind = capped_plan(turn, targets, near, shares, STEP_UP, 0.0).value
    looking = capped_plan(turn, targets, near, shares, STEP_UP, 0.0, joint=joint).value
    # Blind, he sniffs (a green print half the time) and steps onto one of them: half a win.
    assert blind == ai.values.GREEN * 0.5 + 0.5 * STEP_UP[0]
    # Looking first, the print half the time and then always the right target.
    assert looking == ai.values.GREEN * 0.5 + STEP_UP[0]
