"""The Goryō levels' judgement: easy's readable best path; hard's start judged by the round it opens, her plans by
the turn played out."""

import dataclasses

import ai
import rules
from ai import goryo, hiding
from ai.geometry import DISTANCE
from rules import ChooseStart
from tests.rules.builders import FAN, HELMET, URN, fresh, place, started


def test_her_imagined_first_round_is_the_view_the_rules_give_after_her_start():
    for game_seed in range(3):
        state = rules.new_game(game_seed)
        for start in rules.SPACES_OF_TYPE[state.first_type]:
            after = rules.apply(state, ChooseStart(start)).state
            assert goryo.round_one_view(rules.goryo_view(state), start) == rules.goryo_view(after)


def test_the_hard_goryo_judges_a_start_among_three_samurai_worst_and_never_takes_it():
    # F1 is a corner with three Samurai around it; the other Fans have the board to themselves.
    state = place(fresh(URN, FAN), green="E1", purple="F2", red="E2", blue="A6")
    view = rules.goryo_view(state)
    trapped = rules.parse_space("F1")
    values = {s: goryo.start_value(view, s, seed=0) for s in rules.SPACES_OF_TYPE[FAN]}
    assert min(values, key=values.__getitem__) == trapped
    starts = {goryo.choose_start(view, "hard", seed).space for seed in range(6)}
    assert trapped not in starts


def test_her_played_out_plans_count_her_room_from_where_the_samurai_end_the_turn(monkeypatch):
    state = rules.apply(place(fresh(URN, FAN), green="A1", purple="A2", red="B1", blue="B2"),
                        ChooseStart(rules.parse_space("E6"))).state
    view = rules.goryo_view(state)
    ranked = goryo.ranked_plans(view, "hard", 0)[:6]
    judged = goryo.judge_plans(view, ranked, 0)
    monkeypatch.setattr(goryo, "NEXT_FREEDOM", 0.0)
    blind = goryo.judge_plans(view, ranked, 0)
    before = goryo.samurai_spaces(view.public)
    moved = 0
    for (value, plan, _), (blind_value, _, _) in zip(judged, blind, strict=True):
        _, _, after = goryo.samurai_turn_against(view.public, plan, 0)
        room = hiding.freedom_from(after, plan.target) - hiding.freedom_from(before, plan.target)
        # A turn that brings the Samurai nearer her target leaves her no more room next round.
        if min(DISTANCE[a][plan.target] for a in after) < min(DISTANCE[b][plan.target] for b in before):
            assert room <= 0
        assert abs(value - blind_value - 1.0 * room) < 1e-9
        moved += room != 0
    assert moved > 0


def test_the_easy_goryo_plays_the_path_the_hard_samurai_expect_of_her_but_slips_on_a_seeded_coin_toss():
    # She plays the best path by the judgement the hard Samurai model her with, undrawn, about one plan in two.
    slips = 0
    for game_seed in range(4):
        state = rules.new_game(game_seed, advanced=game_seed % 2 == 1)
        state = rules.apply(state, goryo.choose_start(rules.goryo_view(state), "easy")).state
        view = rules.goryo_view(state)
        known = ai.belief(view.public)
        expected = max(goryo.legal_paths(view), key=lambda p: hiding.plan_score(view.public, p, known, (view.bound,)))
        chosen = [goryo.choose_plan(view, "easy", 1, seed).path for seed in range(40)]
        assert chosen == [goryo.choose_plan(view, "easy", 1, seed).path for seed in range(40)]  # after a restart
        assert 12 <= chosen.count(expected) <= 32
        slips += len(set(chosen)) > 1
    assert slips == 4


def test_the_easy_goryos_slips_never_take_a_plan_that_exorcises_her_at_once():
    # Six tiles face down: breaking an object whose tile is still intact (12 of her 16 plans from E4) ends the match.
    state = started(URN, HELMET, start="E4")
    state = dataclasses.replace(state, drawn=state.bag[:5], bag=state.bag[5:])
    assert state.tiles_face_down == 6
    view = rules.goryo_view(state)
    paths = {goryo.choose_plan(view, "easy", 1, seed).path for seed in range(40)}
    assert len(paths) > 1  # she slipped
    assert all(state.tiles[rules.OBJECT_AT[path[-1]]] is not rules.TileState.INTACT for path in paths)
