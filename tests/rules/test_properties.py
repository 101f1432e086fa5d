"""Property tests over random legal play (rules.playout), kept to a few seconds."""

import dataclasses
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import Abort, EndSamuraiTurn, Phase, Plan, Resign, Side, TimeOut
from rules.events import MatchEnded, PlanLocked
from rules.playout import random_action, random_match
from tests.rules.builders import every_samurai_action

from . import invariants
from .hunter import hunting_action, play_out

seeds = st.integers(min_value=0, max_value=2**32 - 1)
few = settings(max_examples=40, deadline=None)


@settings(max_examples=80, deadline=None)
@given(seed=seeds, advanced=st.booleans(), hunting=st.booleans())
def test_random_play_ends_by_round_4_with_one_winner_and_holds_every_invariant(seed, advanced, hunting):
    rng = random.Random(seed)
    choose = hunting_action if hunting else random_action
    state = rules.new_game(seed, advanced=advanced)
    invariants.check(state, 0)
    discoveries = 0
    actions = 0
    while not state.is_over:
        action = choose(state, rng)
        before = state
        state, events = rules.apply(state, action)
        actions += 1
        assert actions < 200
        if isinstance(action, EndSamuraiTurn):
            discoveries += 1
            assert state.round == before.round + 1 or state.is_over
            assert state.mallet >= before.mallet and state.spirits >= before.spirits
            assert state.drawn[: len(before.drawn)] == before.drawn
            invariants.check_discovery(before, state)
        if isinstance(action, Plan):
            assert events == (PlanLocked(before.round),), "locking a plan tells the channel nothing else"
        assert sum(isinstance(e, MatchEnded) for e in events) == (1 if state.is_over else 0)
        invariants.check(state, discoveries)
    invariants.check_end(state)
    assert discoveries <= 4


@few
@given(seed=seeds, advanced=st.booleans())
def test_json_round_trip_is_the_identity_for_every_reached_state(seed, advanced):
    for action, state in play_out(seed, advanced=advanced):
        text = rules.to_json(state)
        assert rules.from_json(text) == state
        assert rules.to_json(rules.from_json(text)) == text
        data = json.loads(json.dumps(rules.action_to_dict(action)))
        assert rules.action_from_dict(data) == action


def test_every_kind_of_action_round_trips_through_a_dict():
    state = rules.new_game(5)
    actions = [rules.ChooseStart(rules.parse_space("F6")), Plan(rules.parse_plan("A1 B1 C1 C2 C3")),
               Plan(rules.parse_plan("A1 B1 C1 C2 D2 D3"), rules.parse_space("B2")),
               rules.Move(rules.Samurai.RED, rules.parse_space("A5")), rules.Search(rules.Samurai.BLUE),
               rules.Sniff(rules.Samurai.PURPLE, rules.parse_space("E3")), EndSamuraiTurn(), Abort(),
               *[cls(side) for cls in (Resign, TimeOut) for side in Side]]
    for action in actions:
        assert rules.action_from_dict(json.loads(json.dumps(rules.action_to_dict(action)))) == action
    assert len({json.dumps(rules.action_to_dict(a)) for a in actions}) == len(actions)
    assert rules.from_json(rules.to_json(state)) == state


def hidden_variants(state):
    """The same state with only hidden information changed."""
    if state.bag:
        for i in {0, len(state.bag) - 1}:
            token = state.bag[i]
            yield dataclasses.replace(state, bound=token, bag=(*state.bag[:i], state.bound, *state.bag[i + 1:]))
        yield dataclasses.replace(state, bag=tuple(reversed(state.bag)))
    if state.phase is Phase.SAMURAI_TURN:
        others = [p for p in rules.legal_paths(dataclasses.replace(state, phase=Phase.GORYO_TURN))
                  if p != state.plan.path]
        for path in others[:2]:
            yield dataclasses.replace(state, plan=Plan(path))
        yield dataclasses.replace(state, plan=dataclasses.replace(state.plan, false_trail=None))


@settings(max_examples=20, deadline=None)
@given(seed=seeds)
def test_the_public_view_ignores_hidden_information(seed):
    for _, state in play_out(seed):
        if state.is_over:
            continue
        view = rules.public_view(state)
        assert view.bound is None
        for variant in hidden_variants(state):
            assert rules.public_view(variant) == view
            assert_same_samurai_replies(state, variant)


def assert_same_samurai_replies(state, variant):
    """What the Samurai are told (refusals, moves) may not depend on hidden information;
    only the yes/no of an investigation may (spec section 4)."""
    if state.phase is not Phase.SAMURAI_TURN:
        return
    for action in list(every_samurai_action())[::7]:  # a spread of mostly illegal actions
        assert rules.refusal(variant, action) == rules.refusal(state, action)
    for action in rules.legal_samurai_actions(state)[::3]:
        events = rules.apply(state, action).events
        other = rules.apply(variant, action).events
        if isinstance(action, rules.Move):
            assert other == events
        else:
            assert [dataclasses.replace(e, answer=True) for e in other] == [
                dataclasses.replace(e, answer=True) for e in events
            ]


@settings(max_examples=25, deadline=None)
@given(seed=seeds, pick=st.randoms(use_true_random=False))
def test_refusal_and_apply_agree_on_arbitrary_actions(seed, pick):
    """Any action, legal or not: apply raises exactly when refusal gives a reason, and changes nothing then."""
    all_samurai = list(every_samurai_action())
    for _, state in play_out(seed)[:-1]:
        candidates = [*pick.sample(all_samurai, 20), EndSamuraiTurn(), TimeOut(Side.GORYO), TimeOut(Side.SAMURAI)]
        if state.phase is Phase.GORYO_TURN:
            candidates += [Plan(tuple(pick.choice(rules.SPACES) for _ in range(pick.choice((5, 6)))))]
            candidates += list(rules.legal_plans(state))[:3]
        for action in candidates:
            reason = rules.refusal(state, action)
            assert rules.is_legal(state, action) == (reason is None)
            snapshot = rules.to_json(state)
            try:
                rules.apply(state, action)
            except rules.IllegalActionError as error:
                assert reason is not None and str(error) == reason
            else:
                assert reason is None
            assert rules.to_json(state) == snapshot


def test_play_reaches_every_kind_of_ending_and_each_holds_up():
    seen = {}
    for seed in range(300):
        history = play_out(seed, advanced=seed % 2 == 1, hunting=seed % 3 != 0)
        final = history[-1][1]
        invariants.check_end(final)
        seen.setdefault(final.outcome.termination, seed)
    assert set(seen) == {
        rules.Termination.SURVIVED_FOUR_ROUNDS, rules.Termination.EXORCISED,
        rules.Termination.CAPTURED_THRICE, rules.Termination.NO_LEGAL_PLAN,
    }, seen


def test_the_playout_module_itself_plays_legal_matches_to_the_end():
    for seed in range(20):
        history = random_match(seed, advanced=seed % 2 == 0)
        invariants.check_end(history[-1][1])
        assert all(not state.is_over for _, state in history[:-1])
