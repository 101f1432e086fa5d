"""Taking a move back (issue 34): ``Undo`` restores the turn as it was before its last move, while that
move revealed nothing; an answered investigation, and everything before it, stands."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import EndSamuraiTurn, Move, Phase, Search, Sniff, Undo
from rules.events import MoveTakenBack
from rules.playout import random_action

from .builders import GREEN, HELMET, PURPLE, URN, plan, play, sq, started


def turn(advanced=False):
    state = started(bound=URN, first=HELMET, start="A1", advanced=advanced)
    return play(state, plan("A1 B1 C1 C2 C3", "E1"))[0]


def test_undo_takes_back_the_last_move_and_the_call_it_began():
    before = turn()
    moved, _ = play(before, Move(GREEN, sq("B3")))
    after, events = rules.apply(moved, Undo())
    assert after == before
    assert events == (MoveTakenBack(GREEN, sq("B2"), sq("B3"), True),)


def test_pressed_again_it_takes_back_the_move_before_but_keeps_the_call_a_first_move_made():
    start = turn()
    one, _ = play(start, Move(GREEN, sq("B3")))
    two, _ = play(one, Move(GREEN, sq("C3")))
    back, events = rules.apply(two, Undo())
    assert back == one
    assert events == (MoveTakenBack(GREEN, sq("B3"), sq("C3"), False),)
    assert rules.apply(back, Undo()).state == start


def test_an_answered_investigation_and_everything_before_it_stands():
    state, _ = play(turn(), Move(GREEN, sq("B3")), Search(GREEN))
    reason = rules.refusal(state, Undo())
    assert reason is not None and "investigation" in reason
    with pytest.raises(rules.IllegalActionError):
        rules.apply(state, Undo())
    # A move after the answer can be taken back, back to the answer and no further.
    moved, _ = play(state, Move(PURPLE, sq("E3")))
    back = rules.apply(moved, Undo()).state
    assert back == state
    assert rules.refusal(back, Undo()) is not None


def test_nothing_to_take_back_at_the_turn_start_nor_outside_the_samurai_turn():
    assert "no Samurai has moved" in rules.refusal(turn(), Undo())
    her_turn = started(bound=URN, first=HELMET, start="A1")
    assert rules.refusal(her_turn, Undo()) == "It is not the Samurai's turn."
    ended, _ = play(turn(), Move(GREEN, sq("B3")), EndSamuraiTurn())
    assert ended.phase is not Phase.SAMURAI_TURN and not ended.takeable
    assert rules.refusal(ended, Undo()) is not None


def test_a_sniff_also_fixes_the_moves_before_it():
    state, _ = play(turn(), Move(GREEN, sq("B3")), Sniff(GREEN, sq("C3")))
    assert not state.takeable and rules.refusal(state, Undo()) is not None


def test_undo_and_a_state_with_moves_to_take_back_survive_json():
    state, _ = play(turn(), Move(GREEN, sq("B3")), Move(GREEN, sq("C3")))
    assert rules.from_json(rules.to_json(state)) == state
    assert rules.action_from_dict(rules.action_to_dict(Undo())) == Undo()


def test_a_state_stored_before_undo_existed_reads_with_nothing_to_take_back():
    import json
    data = json.loads(rules.to_json(turn()))
    del data["takeable"]
    assert rules.from_json(json.dumps(data)) == turn()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), advanced=st.booleans(),
       undo_rate=st.floats(min_value=0.05, max_value=0.6))
def test_any_sequence_of_actions_and_undos_equals_replaying_the_actions_that_stand(seed, advanced, undo_rate):
    rng = random.Random(seed)
    initial = rules.new_game(seed, advanced=advanced)
    state = initial
    standing: list[rules.Action] = []
    for _ in range(150):
        if state.is_over:
            break
        if rng.random() < undo_rate:
            legal = rules.refusal(state, Undo()) is None
            if legal:
                state = rules.apply(state, Undo()).state
                # What stands: every action but the last move, which must be the last action standing.
                assert isinstance(standing[-1], Move)
                standing.pop()
            else:
                with pytest.raises(rules.IllegalActionError):
                    rules.apply(state, Undo())
        else:
            action = random_action(state, rng)
            state = rules.apply(state, action).state
            standing.append(action)
        replayed = initial
        for action in standing:
            replayed = rules.apply(replayed, action).state
        assert replayed == state
        assert rules.from_json(rules.to_json(state)) == state
