"""Setup: the bag, the bound object, the first break, the pieces on their starting places."""

import pytest

import rules
from rules import OBJECT_AT, OBJECT_TYPES, SPACES, SPACES_OF_TYPE, ChooseStart, Phase, Samurai, TileState, space_name
from rules.events import RoundStarted, StartChosen

from .builders import FAN, HELMET, URN, fresh, plan, sq

SEEDS = range(200)


@pytest.mark.parametrize("advanced", [False, True])
def test_new_game_draws_bound_then_first_type_leaving_six_in_the_bag(advanced):
    for seed in SEEDS:
        state = rules.new_game(seed, advanced=advanced)
        assert state.advanced is advanced
        assert state.bound is not state.first_type
        assert len(state.bag) == 6
        assert (sorted(t.value for t in (*state.bag, state.bound, state.first_type))
                == sorted(t.value for t in OBJECT_TYPES))
        assert state.drawn == ()


def test_the_bound_object_and_first_type_vary_with_the_shuffle():
    games = [rules.new_game(seed) for seed in SEEDS]
    assert {g.bound for g in games} == set(OBJECT_TYPES)
    assert {g.first_type for g in games} == set(OBJECT_TYPES)


def test_the_pieces_start_where_the_rulebook_puts_them():
    state = rules.new_game(3)
    assert state.phase is Phase.SETUP and state.round == 0 and state.to_move is rules.Side.GORYO
    assert {str(s): space_name(state.samurai_space(s)) for s in Samurai} == {
        "green": "B2", "purple": "E2", "red": "B5", "blue": "E5",
    }
    assert state.mallet == 0 and state.spirits == 0
    assert state.sprint_available and state.false_trail_available
    assert state.goryo_space is None and state.broken == () and state.plan is None
    assert state.outcome is None


def test_first_type_is_shown_its_tile_broken_side_up_the_rest_intact():
    state = fresh(bound=URN, first=HELMET)
    assert state.tiles == {t: (TileState.BROKEN if t is HELMET else TileState.INTACT) for t in OBJECT_TYPES}
    view = rules.public_view(state)
    assert view.first_type is HELMET
    assert view.bound is None and view.bag_count == 6


def test_the_bound_object_is_only_in_the_goryos_view():
    state = fresh(bound=URN, first=HELMET)
    assert rules.goryo_view(state).bound is URN
    assert rules.public_view(state).bound is None


def test_choose_start_only_on_a_space_of_the_first_type():
    state = fresh(bound=URN, first=HELMET)
    for s in SPACES:
        reason = rules.refusal(state, ChooseStart(s))
        if OBJECT_AT[s] is HELMET:
            assert reason is None, space_name(s)
        else:
            assert reason is not None and "Helmet" in reason
            assert all(space_name(h) in reason for h in SPACES_OF_TYPE[HELMET])
            with pytest.raises(rules.IllegalActionError):
                rules.apply(state, ChooseStart(s))


@pytest.mark.parametrize("start", ["A1", "F2", "E4", "C6"])
def test_choose_start_breaks_that_space_and_puts_her_pawn_there(start):
    before = fresh(bound=URN, first=HELMET)
    after, events = rules.apply(before, ChooseStart(sq(start)))
    assert after.goryo_space == sq(start)
    assert after.broken == (sq(start),)
    assert after.tile(HELMET) is TileState.BROKEN
    assert after.phase is Phase.GORYO_TURN and after.round == 1
    assert events == (StartChosen(sq(start), HELMET), RoundStarted(1))
    assert after.samurai_spaces == before.samurai_spaces and after.bag == before.bag


def test_the_start_can_be_chosen_once_and_only_in_setup():
    state = rules.apply(fresh(bound=URN, first=HELMET), ChooseStart(sq("A1"))).state
    assert rules.refusal(state, ChooseStart(sq("F2"))) == "The starting space has already been chosen."


def test_nothing_but_the_start_or_a_resignation_is_taken_during_setup():
    state = fresh(bound=URN, first=FAN)
    assert rules.refusal(state, plan("B3 B2 C2 D2 D1")) is not None
    assert rules.refusal(state, rules.Search(Samurai.GREEN)) is not None
    assert rules.refusal(state, rules.EndSamuraiTurn()) is not None
    assert rules.refusal(state, rules.Resign(rules.Side.SAMURAI)) is None
