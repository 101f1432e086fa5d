"""Agents: legal, deterministic, blind to her secrets, and sensible in plain positions."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import rules
from ai import samurai as samurai_search
from ai.turn import Turn
from rules import EndSamuraiTurn, Phase, Plan, Side
from rules.playout import random_match
from tests.rules.builders import FAN, HELMET, URN, place, plan, started

seeds = st.integers(min_value=0, max_value=2**32 - 1)
CHEAP = {"easy": 1, "normal": 1, "hard": 60, "expert": 60}


def cheap(level: str, seed: int) -> ai.Budget:
    return ai.Budget(CHEAP[level], seed)


def states_to_move(seed: int, advanced: bool) -> list[rules.GameState]:
    opening = rules.new_game(seed, advanced=advanced)
    return [opening] + [s for _, s in random_match(seed, advanced=advanced) if not s.is_over]


def view_for(state: rules.GameState):
    return rules.public_view(state) if state.to_move is Side.SAMURAI else rules.goryo_view(state)


@settings(max_examples=12, deadline=None)
@given(seed=seeds, advanced=st.booleans(), level=st.sampled_from(ai.LEVELS))
def test_every_agent_returns_a_legal_action_for_its_side(seed, advanced, level):
    states = states_to_move(seed, advanced)
    for state in random.Random(seed).sample(states, min(6, len(states))):
        action = ai.agent(state.to_move, level).choose(view_for(state), cheap(level, seed))
        assert rules.refusal(state, action) is None, (level, action)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, advanced=st.booleans())
def test_the_agents_turn_model_allows_exactly_the_engines_samurai_actions(seed, advanced):
    for state in states_to_move(seed, advanced):
        if state.phase is Phase.SAMURAI_TURN:
            modelled = Turn.from_view(rules.public_view(state)).legal_actions()
            assert set(modelled) == set(rules.legal_samurai_actions(state))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_same_view_seed_and_budget_give_the_same_action(level):
    states = [s for s in states_to_move(11, False) if s.phase is not Phase.SETUP][:8]
    for state in states:
        first = ai.agent(state.to_move, level).choose(view_for(state), cheap(level, 5))
        again = ai.agent(state.to_move, level).choose(view_for(state), cheap(level, 5))
        assert first == again


def test_the_samurai_agent_refuses_anything_that_could_hold_her_secrets():
    state = rules.apply(started(URN, HELMET, start="A1"), plan("A1 A2 B2 C2 C1")).state
    samurai = ai.agent(Side.SAMURAI, "hard")
    for secret_holder in (state, rules.goryo_view(state)):
        with pytest.raises(TypeError, match="PublicView"):
            samurai.choose(secret_holder, ai.budget_for("hard", 1))
    with pytest.raises(TypeError, match="GoryoView"):
        ai.agent(Side.GORYO, "easy").choose(state, ai.budget_for("easy", 1))
    with pytest.raises(ValueError, match="not the Samurai's turn"):
        samurai.choose(rules.public_view(started(URN, HELMET, start="A1")), ai.budget_for("hard", 1))


def test_levels_and_budgets_are_checked():
    assert ai.LEVELS == ("easy", "normal", "hard", "expert")
    with pytest.raises(ValueError, match="unknown level"):
        ai.agent(Side.SAMURAI, "master")
    with pytest.raises(ValueError, match="at least one"):
        ai.Budget(0, seed=1)
    assert ai.budget_for("hard", 3).simulations > ai.budget_for("normal", 3).simulations


def play_samurai_turn(state: rules.GameState, level: str, seed: int):
    """The agent's whole turn; each public view it saw with the action it chose."""
    seen = []
    planned_against = rules.public_view(state).samurai_spaces  # where they stood when she planned
    while state.phase is Phase.SAMURAI_TURN:
        view = rules.public_view(state)
        action = ai.agent(Side.SAMURAI, level).choose(view, cheap(level, seed), planned_against)
        seen.append((view, action))
        state = rules.apply(state, action).state
    return seen


@pytest.mark.parametrize("level", ai.LEVELS)
def test_matches_differing_only_in_secrets_get_identical_samurai_decisions(level):
    state = rules.apply(started(URN, HELMET, start="A1", bag=(FAN,)), plan("A1 B1 C1 C2 D2", "B3")).state
    seen = play_samurai_turn(state, level, seed=9)
    last_view = seen[-1][0]
    # A twin: another bound object, another bag order, another plan giving every answer the same.
    others = [p for p in ai.belief(last_view).plans if p != state.plan and rules.OBJECT_AT[p.target] is not FAN]
    twin_plan = max(others, key=lambda p: (p.path != state.plan.path, p.path))
    other_bag = (URN, *tuple(reversed([t for t in state.bag if t is not FAN])))
    twin = dataclasses.replace(state, bound=FAN, bag=other_bag, plan=twin_plan)
    assert rules.public_view(twin) == rules.public_view(state)
    assert (twin.bound, twin.bag, twin.plan) != (state.bound, state.bag, state.plan)
    assert play_samurai_turn(twin, level, seed=9) == seen


def test_a_samurai_shown_one_possible_plan_collects_its_prints_and_stands_on_its_target():
    state = place(started(URN, HELMET, start="A1"), green="B1", purple="C3")
    state = rules.apply(state, plan("A1 A2 B2 C2 C1")).state
    truth = [samurai_search.Particle(1.0, sum(1 << s for s in state.plan.path[1:]), state.plan.target, None)]
    while state.phase is Phase.SAMURAI_TURN:
        view = rules.public_view(state)
        action = samurai_search.choose_samurai_action(
            view, truth, depth=1, node_budget=10**6, lookahead=True, foresight=True, seed=1
        )
        if isinstance(action, EndSamuraiTurn):
            on_target = state.samurai_on(state.plan.target)
            greens = sum(p.green for p in state.paw_prints)
        state = rules.apply(state, action).state
    assert len(on_target) >= 2  # Samurai within reach of C1 all end there
    assert greens >= 2


def test_the_goryo_never_breaks_the_tile_that_would_exorcise_her_and_lays_her_false_trail():
    state = started(URN, HELMET, start="A1")
    # Five tiles face down already (Helmet first, four sealed): flipping a sixth intact one is fatal.
    state = dataclasses.replace(state, drawn=state.bag[:4], bag=state.bag[4:])
    intact = [t for t, tile in state.tiles.items() if tile is rules.TileState.INTACT and t is not URN]
    assert len(intact) == 2 and state.tiles_face_down == 5
    for level in ai.LEVELS:
        chosen = ai.agent(Side.GORYO, level).choose(rules.goryo_view(state), ai.budget_for(level, 2))
        assert isinstance(chosen, Plan) and rules.is_legal(state, chosen)
        if rules.OBJECT_AT[chosen.target] in intact:
            assert state.tiles_face_down + 1 < 7
        assert chosen.false_trail is not None


def test_the_goryo_starts_on_the_first_type_away_from_the_samurai():
    state = rules.GameState(advanced=False, bound=URN, first_type=FAN, bag=())
    action = ai.agent(Side.GORYO, "normal").choose(rules.goryo_view(state), ai.budget_for("normal", 0))
    assert rules.is_legal(state, action)
    samurai = state.samurai_spaces
    nearest = {s: min(ai.geometry.DISTANCE[a][s] for a in samurai) for s in rules.SPACES_OF_TYPE[FAN]}
    assert nearest[action.space] == max(nearest.values())


@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_in_advanced_mode_no_agent_gives_a_samurai_a_third_action(seed):
    state = rules.new_game(seed, advanced=True)
    while not state.is_over:
        level = ("easy", "normal", "hard")[state.round % 3]
        action = ai.agent(state.to_move, level).choose(view_for(state), cheap(level, seed))
        assert rules.refusal(state, action) is None, (level, action)
        state = rules.apply(state, action).state
        assert all(call.actions <= rules.layout.ACTIONS_PER_SAMURAI_ADVANCED for call in state.calls)
