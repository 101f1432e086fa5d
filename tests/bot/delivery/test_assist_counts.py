"""The aid's numbers, end to end from ``bot.delivery.assist``: equal to a brute-force count, and her real path
among them."""

from hypothesis import given, settings
from hypothesis import strategies as st

import render
import rules
import words
from bot.delivery import assist
from render.replay import FrameKind, replay_frames
from rules.playout import random_match
from tests.bot.aid_oracle import expected_aid, expected_summary
from tests.render.action_logs import scripted_match

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=8, deadline=None)
@given(seed=seeds, advanced=st.booleans())
def test_the_aid_counts_equal_a_brute_force_count_and_always_hold_her_real_path(seed, advanced):
    history = random_match(seed, advanced=advanced)
    turns = [s for _, s in history if s.phase is rules.Phase.SAMURAI_TURN]
    for state in turns[::2]:
        aid = assist.aid_of(state, True)
        assert aid == expected_aid(state)
        real = state.plan.path
        assert all(aid.crossing[s] >= 1 for s in real[1:]) and aid.ending[real[-1]] >= 1
        if aid.paths_possible == 1:
            assert aid.only_path == real
        assert words.aid_line(aid) in words.describe_public(rules.public_view(state), aid)
        assert assist.aid_of(state, False) is None
    for (action, _after), (_, before) in zip(history[1:], history, strict=False):
        if isinstance(action, rules.EndSamuraiTurn):
            assert assist.round_summary(before) == expected_summary(before)
            break
    else:
        raise AssertionError("every random match has a Discovery")


def test_no_aid_outside_the_samurai_turn():
    state = rules.new_game(3)
    assert assist.aid_of(state, True) is None
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    assert state.phase is rules.Phase.GORYO_TURN and assist.aid_of(state, True) is None
    assert assist.round_summary(state) is None


def test_the_replay_of_a_match_with_the_aid_shows_it_as_the_channel_did():
    initial, actions = scripted_match()
    plain = replay_frames(initial, actions)
    aided = replay_frames(initial, actions, assist.deduction_aid)
    state, after_each = initial, []
    for action in actions:
        state = rules.apply(state, action).state
        after_each.append(state)
    live = [frame for frame in aided if frame.kind is FrameKind.ACTION]
    assert len(live) == len(after_each) and len(aided) == len(plain)
    plain_live = (f for f in plain if f.kind is FrameKind.ACTION)
    for frame, plain_frame, state in zip(live, plain_live, after_each, strict=True):
        # The very picture the live board showed: the match's state and its assist flag decide it.
        assert frame.png == render.public_board(rules.public_view(state), assist.aid_of(state, True))
        assert (frame.png != plain_frame.png) is (state.phase is rules.Phase.SAMURAI_TURN)
