"""Hidden information alone never changes a public picture or its alt text.

Two matches that differ only in the bound object, the bag's order or the
undiscovered plan must give byte-identical public images until the rules
reveal the difference; the Goryō's own board must show it.
"""

from __future__ import annotations

import dataclasses

import render
import rules
import words
from rules import GameState, Plan

from . import aid_scenes, scenes


def other_bound(state: GameState) -> GameState:
    """Swap the bound object with a token still in the bag: another match with the same public history."""
    swapped, *rest = state.bag
    return dataclasses.replace(state, bound=swapped, bag=(state.bound, *rest))


def other_bag_order(state: GameState) -> GameState:
    return dataclasses.replace(state, bag=tuple(reversed(state.bag)))


def other_plan(state: GameState) -> GameState:
    """Round 2 planned elsewhere: a different path, with and without a False Trail."""
    assert state.plan is not None
    alternative = next(p for p in rules.legal_plans(scenes.round_two(), with_false_trail=True)
                       if p.path != state.plan.path and p.false_trail is not None)
    return dataclasses.replace(state, plan=alternative)


def samurai_turn_of_round_two() -> GameState:
    """Round 2, Samurai to act, a discovery (round 1) already public; no investigation yet."""
    return scenes.play(scenes.round_two(), scenes.plan(scenes.SPRINT_PLAN, scenes.FALSE_TRAIL))


def public_outputs(state: GameState) -> tuple:
    view = rules.public_view(state)
    return (
        render.public_board(view),
        render.discovery_board(view),
        words.describe_public(view),
        words.describe_discovery(view),
    )


def test_hidden_changes_leave_every_public_picture_identical():
    for state in (scenes.setup_done(), scenes.mid_samurai_turn(), samurai_turn_of_round_two()):
        baseline = public_outputs(state)
        for variant in (other_bound(state), other_bag_order(state)):
            assert variant != state
            assert public_outputs(variant) == baseline


def test_an_undiscovered_plan_leaves_the_public_and_discovery_pictures_identical():
    state = samurai_turn_of_round_two()
    variant = other_plan(state)
    assert variant.plan != state.plan
    assert public_outputs(variant) == public_outputs(state)


def test_the_goryo_board_shows_her_bound_object_and_her_plan():
    state = scenes.mid_samurai_turn()
    mine = render.goryo_board(rules.goryo_view(state))
    assert render.goryo_board(rules.goryo_view(other_bound(state))) != mine
    replanned = dataclasses.replace(state, plan=Plan(rules.parse_plan("C3 B3 A3 A4 B4")))
    assert render.goryo_board(rules.goryo_view(replanned)) != mine


def test_a_preview_is_drawn_on_her_board_before_she_confirms():
    state = scenes.round_two()
    plain = render.goryo_board(rules.goryo_view(state))
    assert render.goryo_board(scenes.preview()) != plain


def test_with_the_aid_hidden_changes_leave_the_public_pictures_and_alt_texts_identical():
    """Issue 12: the aid's numbers come from the public view, so two matches with the same public history
    get the same numbers; with them, the pictures and alt texts must not tell the matches apart."""
    for state in (scenes.mid_samurai_turn(), samurai_turn_of_round_two()):
        aid = aid_scenes.aid_for(rules.public_view(state))
        assert aid.paths_possible > 1
        baseline = (render.public_board(rules.public_view(state), aid),
                    words.describe_public(rules.public_view(state), aid))
        variants = [other_bound(state), other_bag_order(state)]
        if state.round == 2:
            variants.append(other_plan(state))
        for variant in variants:
            view = rules.public_view(variant)
            assert aid_scenes.aid_for(view) == aid, "the numbers depend on public facts only"
            assert (render.public_board(view, aid), words.describe_public(view, aid)) == baseline
