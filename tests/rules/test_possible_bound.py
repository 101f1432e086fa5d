"""``possible_bound``: the types that can still be her bound object, from the public view alone."""

from __future__ import annotations

import rules
from rules import OBJECT_AT, TileState
from rules.playout import random_match
from rules.views import possible_bound

from .builders import FAN, HELMET, MASK, URN, seal, started


def test_her_bound_object_is_always_among_the_possible_ones_and_the_ruled_out_never_are():
    narrowed = 0
    for seed in range(4):
        for _, state in random_match(seed):
            view = rules.public_view(state)
            possible = possible_bound(view)
            assert state.bound in possible
            if state.is_over:
                assert possible == (state.bound,)
                continue
            ruled_out = {state.first_type, *state.drawn, *(OBJECT_AT[s] for s in state.broken)}
            assert ruled_out.isdisjoint(possible)
            assert set(possible) | ruled_out == {t for t, _ in view.tiles}
            narrowed += len(possible) < 6
    assert narrowed > 0, "some match broke or sealed more than the first type"


def test_the_first_type_and_a_sealed_type_are_ruled_out_and_the_rest_stay_in_garden_order():
    state = seal(started(bound=URN, first=HELMET, start="A1", bag=(FAN, MASK)), MASK)
    view = rules.public_view(state)
    assert HELMET not in possible_bound(view) and MASK not in possible_bound(view)
    assert possible_bound(view) == tuple(t for t, tile in view.tiles if tile is TileState.INTACT)
    assert len(possible_bound(view)) == 6 and URN in possible_bound(view)
