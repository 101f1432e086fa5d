"""The hard Goryō's exorcism odds agree with the engine's own draws."""

import dataclasses
import itertools

import pytest

import rules
from ai.exorcism import chance_all_drawn, exorcism_risk, intact_left, later_draws
from tests.rules.builders import HELMET, URN, sq, started


@pytest.mark.parametrize("bag", range(1, 7))
def test_the_chance_all_intact_types_are_drawn_matches_counting_every_draw(bag):
    for intact in range(bag + 1):
        for draws in range(bag + 1):
            hands = list(itertools.combinations(range(bag), draws))
            covering = sum(1 for hand in hands if set(range(intact)) <= set(hand))
            assert chance_all_drawn(intact, bag, draws) == pytest.approx(covering / len(hands))


def test_later_rounds_draw_chances_add_up_to_one():
    for rounds in range(4):
        assert sum(later_draws(rounds)) == pytest.approx(1.0)
    assert later_draws(0) == (1.0,)


@pytest.mark.parametrize("target", ["A4", "A2", "F2"])  # Fan and Scroll (intact), Helmet (her first type)
@pytest.mark.parametrize("draws", [1, 2, 3])
def test_in_the_last_round_the_risk_is_the_share_of_bag_orders_that_exorcise_her(target, draws):
    # Bound to the Urn, first type Helmet, two types already sealed: round 4, nothing comes after.
    state = started(URN, HELMET, start="A1")
    state = dataclasses.replace(state, round=rules.layout.ROUNDS, drawn=state.bag[:2], bag=state.bag[2:])
    broken = (*state.broken, sq(target))
    orders = list(itertools.permutations(state.bag))
    exorcised = sum(
        dataclasses.replace(state, broken=broken, drawn=state.drawn + order[:draws], bag=order[draws:]).exorcism_reached
        for order in orders
    )
    view = rules.public_view(state)
    assert exorcism_risk(view, URN, sq(target), draws) == pytest.approx(exorcised / len(orders))


def test_a_flip_that_leaves_only_her_bound_object_intact_is_certain_exorcism():
    state = started(URN, HELMET, start="A1")
    state = dataclasses.replace(state, drawn=state.bag[:5], bag=state.bag[5:])
    view = rules.public_view(state)
    last = [t for t, tile in view.tiles if tile is rules.TileState.INTACT and t is not URN]
    assert len(last) == 1 and intact_left(view, URN) == 1
    target = rules.SPACES_OF_TYPE[last[0]][0]
    assert exorcism_risk(view, URN, target, draws_now=0) == 1.0
