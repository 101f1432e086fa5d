"""The belief set is exactly the plans consistent with the public view, and never loses her real one."""

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import rules
from rules import PawPrint, Phase, Plan, Search, Sniff
from rules.playout import random_match
from tests.rules.builders import FAN, FLOWER, HELMET, LANTERN, MASK, MIRROR, SCROLL, URN, place, plan, seal, sq, started

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def brute_force(state: rules.GameState) -> set[Plan]:
    """Every legal plan under every object that could be her bound one, filtered by this round's answers."""
    candidates = [t for t, tile in state.tiles.items() if tile is rules.TileState.INTACT]
    found = set()
    for bound in candidates:
        if state.phase is Phase.SAMURAI_TURN:
            planning = dataclasses.replace(state, bound=bound, phase=Phase.GORYO_TURN)
        else:
            planning = dataclasses.replace(state, bound=bound)
        for candidate in rules.legal_plans(planning, with_false_trail=True):
            if all(rules.answer(candidate, p.space) == p.green for p in state.paw_prints):
                found.add(candidate)
    return found


def turn_states(seed: int, advanced: bool = False) -> list[rules.GameState]:
    return [s for _, s in random_match(seed, advanced=advanced) if s.phase in (Phase.GORYO_TURN, Phase.SAMURAI_TURN)]


@settings(max_examples=25, deadline=None)
@given(seed=seeds, advanced=st.booleans())
def test_belief_always_holds_her_real_plan_and_counts_match(seed, advanced):
    for state in turn_states(seed, advanced):
        view = rules.public_view(state)
        known = ai.belief(view)
        assert known.plan_count == sum(1 for _ in known.plans)
        assert known.path_count == len(set(known.paths)) <= known.total_paths
        assert sum(known.ending(s) for s in rules.SPACES) == known.path_count
        assert state.bound in known.possible_bound
        if state.phase is Phase.SAMURAI_TURN:
            assert state.plan in set(known.plans)
            assert state.plan.path in known.paths
        else:
            assert known.path_count == known.total_paths == len(list(rules.legal_paths(state))) or (
                # other bound candidates open more targets than her own legal ones
                known.path_count > len(list(rules.legal_paths(state)))
            )


@settings(max_examples=6, deadline=None)
@given(seed=seeds)
def test_belief_is_exactly_the_brute_force_set_of_consistent_plans(seed):
    states = [s for s in turn_states(seed) if s.phase is Phase.SAMURAI_TURN][::3]
    for state in states:
        assert set(ai.belief(rules.public_view(state)).plans) == brute_force(state)


@settings(max_examples=20, deadline=None)
@given(seed=seeds)
def test_belief_never_grows_as_answers_arrive_within_a_round(seed):
    previous: set[Plan] | None = None
    for state in turn_states(seed):
        plans = set(ai.belief(rules.public_view(state)).plans)
        if state.phase is Phase.SAMURAI_TURN and previous is not None:
            assert plans <= previous
        previous = plans if state.phase is Phase.SAMURAI_TURN else None


def in_samurai_turn(state: rules.GameState, locked: Plan) -> rules.GameState:
    return rules.apply(state, locked).state


def test_a_no_removes_every_path_through_it_and_a_yes_keeps_only_those_through_it_or_a_false_trail():
    state = in_samurai_turn(place(started(URN, HELMET, start="A1"), green="B2"), plan("A1 A2 B2 C2 C1"))
    before = ai.belief(rules.public_view(state))
    after_yes = rules.apply(state, Sniff(rules.Samurai.GREEN, sq("A2"))).state
    yes = ai.belief(rules.public_view(after_yes))
    # Her False Trail could explain one yes anywhere: every path stays, but each keeps one plan only.
    assert yes.path_count == before.path_count == before.total_paths
    assert yes.plan_count < before.plan_count
    assert all(sq("A2") in p.path or p.forced_false_trail == sq("A2") for p in yes.possible)
    assert any(p.forced_false_trail == sq("A2") for p in yes.possible)
    assert yes.crossing(sq("A2")) == sum(1 for p in yes.possible if sq("A2") in p.path)
    after_no = rules.apply(after_yes, Search(rules.Samurai.GREEN)).state  # B2 is on her path: yes
    assert PawPrint(sq("B2"), True) in after_no.paw_prints
    both = ai.belief(rules.public_view(after_no))
    assert both.path_count < yes.path_count and both.total_paths == before.total_paths


def test_without_her_false_trail_a_yes_off_a_path_rules_it_out():
    state = started(URN, HELMET, start="A1")
    state = dataclasses.replace(state, false_trail_available=False)
    state = in_samurai_turn(place(state, green="B2"), plan("A1 A2 B2 C2 C1"))
    state = rules.apply(state, Sniff(rules.Samurai.GREEN, sq("A2"))).state
    known = ai.belief(rules.public_view(state))
    assert known.path_count == known.plan_count
    assert all(sq("A2") in p for p in known.paths)


def test_an_object_is_a_possible_bound_one_exactly_when_some_consistent_plan_allows_it():
    # Five types sealed: only her bound Urn and the Fan are intact, so a plan to a Fan means the Urn is hers.
    state = seal(started(URN, HELMET, start="A1"), LANTERN, MASK, SCROLL, FLOWER, MIRROR)
    state = in_samurai_turn(state, plan("A1 B1 C1 C2 B2 B3"))
    answered = ()
    for name in ("D2", "C3", "A5", "A2"):  # all no: only two routes are left, both to a Fan
        answered += (PawPrint(sq(name), False),)
        asked = dataclasses.replace(state, paw_prints=answered)
        known = ai.belief(rules.public_view(asked))
        for bound in (URN, FAN):
            planning = dataclasses.replace(asked, bound=bound, phase=Phase.GORYO_TURN)
            fits = any(
                all(rules.answer(p, print_.space) == print_.green for print_ in answered)
                for p in rules.legal_plans(planning, with_false_trail=True)
            )
            assert (bound in known.possible_bound) == fits
    assert set(known.paths) == {rules.parse_plan("A1 B1 C1 C2 B2 B3"), rules.parse_plan("A1 B1 B2 B3 A3 A4")}
    assert known.possible_bound == (URN,)


def test_information_gain_is_one_bit_at_an_even_split_and_zero_when_settled():
    state = in_samurai_turn(started(URN, HELMET, start="A1"), plan("A1 A2 B2 C2 C1"))
    known = ai.belief(rules.public_view(state))
    for space in rules.SPACES:
        gain = ai.information_gain(known, space)
        share = known.crossing(space) / known.path_count
        assert 0.0 <= gain <= 1.0
        assert (gain == 0.0) == (share in (0.0, 1.0))
    best = ai.best_investigation(rules.public_view(state))
    assert best is not None
    space, bits = best
    assert space != state.goryo_space
    assert bits == max(ai.information_gain(known, s) for s in rules.SPACES if s != state.goryo_space)
