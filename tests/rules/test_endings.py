"""Every way a match ends: who wins, why, and that MatchEnded names the bound object."""

import dataclasses

import pytest

import rules
from rules import Abort, ChooseStart, EndSamuraiTurn, Outcome, Phase, Resign, Search, Side, Sniff, Termination, TimeOut
from rules.events import DrawCause, MatchEnded, ObjectBroken, SpiritCaptured, TokenDrawn

from .builders import (
    BLUE,
    FAN,
    FLOWER,
    GREEN,
    HELMET,
    LANTERN,
    MASK,
    MIRROR,
    PURPLE,
    RED,
    SCROLL,
    URN,
    discover,
    fresh,
    kinds,
    place,
    plan,
    play,
    seal,
    sq,
    started,
)


def locked(**changes):
    """Bound Urn, first Helmet, from A1 to the Mirror on C3, plus any state changes."""
    state = dataclasses.replace(started(bound=URN, first=HELMET, start="A1"), **changes)
    return play(state, plan("A1 B1 C1 C2 C3"))[0]


def assert_ended(state, events, termination, winner, bound=URN):
    assert state.is_over and state.phase is Phase.OVER and state.to_move is None
    assert state.outcome == Outcome(termination, winner)
    assert events[-1] == MatchEnded(Outcome(termination, winner), bound)
    assert sum(isinstance(e, MatchEnded) for e in events) == 1
    assert rules.public_view(state).bound is bound  # revealed at the end


# --- three spirit tokens ---------------------------------------------------------


def test_two_samurai_on_the_target_flip_the_second_and_third_tokens_at_once():
    state, events = discover(place(locked(spirits=1), green="C3", red="C3"))
    assert SpiritCaptured((GREEN, RED), 2, 3) in events
    assert_ended(state, events, Termination.CAPTURED_THRICE, Side.SAMURAI)
    assert not any(isinstance(e, TokenDrawn) for e in events)  # the match is already won


def test_flips_stop_at_the_third_token():
    state, events = discover(place(locked(spirits=2), green="C3", purple="C3", red="C3"))
    assert SpiritCaptured((GREEN, PURPLE, RED), 1, 3) in events
    assert state.spirits == 3
    assert_ended(state, events, Termination.CAPTURED_THRICE, Side.SAMURAI)


def test_a_third_capture_in_a_later_round_wins():
    state, events = discover(place(locked(spirits=2, round=3), blue="C3"))
    assert_ended(state, events, Termination.CAPTURED_THRICE, Side.SAMURAI)


def test_two_captures_do_not_end_the_match():
    state, events = discover(place(locked(spirits=0), green="C3", red="C3"))
    assert state.spirits == 2 and not state.is_over and state.round == 2
    assert SpiritCaptured((GREEN, RED), 2, 2) in events
    assert sum(isinstance(e, TokenDrawn) for e in events) == 2  # one per token flipped


# --- all but one tile broken side up (ruling 6) ------------------------------------


def six_tiles_down(bag_first=()):
    """Helmet broken, four types sealed: Fan and Mirror still intact beside the bound Urn."""
    state = started(bound=URN, first=HELMET, start="A1", bag=bag_first)
    return seal(state, *[t for t in (LANTERN, MASK, SCROLL, FLOWER) if t not in bag_first])


def test_her_own_break_of_the_second_last_intact_tile_exorcises_her():
    state = seal(six_tiles_down(), FAN)  # only Mirror and the bound Urn intact
    assert state.tiles_face_down == 6
    state, _ = play(place(state, green="C3"), plan("A1 B1 C1 C2 C3"))
    state, events = discover(state, Sniff(GREEN, sq("C2")))
    assert kinds(events) == ["SamuraiTurnEnded", "PathRevealed", "ObjectBroken", "MatchEnded"]
    assert events[2] == ObjectBroken(sq("C3"), MIRROR, True)
    assert_ended(state, events, Termination.EXORCISED, Side.SAMURAI)
    assert state.mallet == 0 and state.spirits == 0  # it ended before the gong and the capture


def test_a_draw_that_leaves_one_intact_tile_exorcises_her():
    state = dataclasses.replace(six_tiles_down(bag_first=(FAN,)), mallet=1)
    state, _ = play(state, plan("A1 B1 C1 C2 C3"))  # Mirror flips: 6 down
    state, events = discover(state, Sniff(GREEN, sq("C2")))
    assert kinds(events)[-3:] == ["PawPrintsCounted", "TokenDrawn", "MatchEnded"]
    assert_ended(state, events, Termination.EXORCISED, Side.SAMURAI)


def test_a_spirit_draw_can_exorcise_her_too():
    state, _ = play(six_tiles_down(bag_first=(FAN,)), plan("A1 B1 C1 C2 C3"))
    state, events = discover(place(state, red="C3"))
    assert kinds(events)[-3:] == ["SpiritCaptured", "TokenDrawn", "MatchEnded"]
    assert_ended(state, events, Termination.EXORCISED, Side.SAMURAI)


def test_drawing_a_type_she_already_broke_flips_no_new_tile():
    state, _ = play(six_tiles_down(bag_first=(MIRROR, FAN)), plan("A1 B1 C1 C2 C3"))
    state, events = discover(place(state, red="C3"))  # one draw: the Mirror she just broke
    assert TokenDrawn(MIRROR, (sq("D2"), sq("B6"), sq("F6")), DrawCause.SPIRIT_CAPTURED) in events
    assert state.tiles_face_down == 6 and not state.is_over and state.round == 2


def test_exorcism_is_not_checked_against_the_bound_tile():
    state = seal(six_tiles_down(), FAN)
    assert state.tile(URN) is rules.TileState.INTACT and not state.exorcism_reached


# --- the wrap-up still runs when a Discovery ends the match -----------------------


def test_a_match_won_by_capture_still_spends_the_sprint_and_the_investigated_false_trail():
    state = dataclasses.replace(started(bound=URN, first=HELMET, start="A1"), spirits=2)
    state, _ = play(state, plan("A1 A2 B2 C2 C1 B1", false_trail="F6"))  # Sprint, to the Lantern on B1
    state, events = discover(place(state, red="B1", blue="F5"), Sniff(RED, sq("C1")), Sniff(BLUE, sq("F6")))
    assert_ended(state, events, Termination.CAPTURED_THRICE, Side.SAMURAI)
    assert not state.sprint_available and not state.false_trail_available
    assert kinds(events)[-3:] == ["SprintDiscarded", "FalseTrailDiscarded", "MatchEnded"]
    view = rules.public_view(state)
    assert not view.sprint_available and not view.false_trail_available
    # Like after any Discovery, the round's plan and prints live on only in the reveal.
    assert state.plan is None and state.calls == () and state.paw_prints == ()
    assert state.last_reveal.path == plan("A1 A2 B2 C2 C1 B1").path and len(state.last_reveal.paw_prints) == 2


def test_a_match_won_by_exorcism_at_the_break_still_spends_the_sprint():
    state = seal(started(bound=URN, first=HELMET, start="E4"), LANTERN, MASK, SCROLL, FLOWER, FAN)
    state, _ = play(state, plan("E4 F4 F3 E3 D3 D2"))  # Sprint; the Mirror flips: seven tiles down
    assert not state.is_over
    state, events = discover(state)
    assert state.outcome == Outcome(Termination.EXORCISED, Side.SAMURAI)
    assert not state.sprint_available and "SprintDiscarded" in kinds(events)
    assert state.false_trail_available  # no False Trail was laid


# --- round 4 ----------------------------------------------------------------------


def test_surviving_the_fourth_round_wins_for_the_goryo():
    state, events = discover(locked(round=4))
    assert kinds(events)[-2:] == ["RoundEnded", "MatchEnded"]
    assert_ended(state, events, Termination.SURVIVED_FOUR_ROUNDS, Side.GORYO)
    assert state.round == 4 and len(state.broken) == 2


def test_round_4_draws_that_leave_two_intact_tiles_still_lose_for_the_samurai_faq_4():
    state = dataclasses.replace(started(bound=URN, first=HELMET, start="A1", bag=(FAN,)), round=4, mallet=1)
    state, _ = play(state, plan("A1 B1 C1 C2 C3"))
    state, events = discover(state, Sniff(GREEN, sq("C2")))
    assert TokenDrawn(FAN, (sq("F1"), sq("B3"), sq("A4"), sq("E6")), DrawCause.BAG_ICON) in events
    assert state.tiles_face_down == 3
    assert_ended(state, events, Termination.SURVIVED_FOUR_ROUNDS, Side.GORYO)


def test_round_4_draws_that_leave_one_intact_tile_win_for_the_samurai_faq_4():
    state = dataclasses.replace(six_tiles_down(bag_first=(FAN,)), round=4, mallet=1)
    state, _ = play(state, plan("A1 B1 C1 C2 C3"))
    state, events = discover(state, Sniff(GREEN, sq("C2")))
    assert_ended(state, events, Termination.EXORCISED, Side.SAMURAI)
    assert "RoundEnded" not in kinds(events)


# --- leaving the table ------------------------------------------------------------


PHASES = ["setup", "goryo", "samurai", "mid-samurai"]


def every_phase():
    setup = fresh(bound=URN, first=HELMET)
    goryo = started(bound=URN, first=HELMET, start="A1")
    samurai = play(goryo, plan("A1 B1 C1 C2 C3"))[0]
    mid_samurai = play(samurai, Search(GREEN))[0]
    return {"setup": setup, "goryo": goryo, "samurai": samurai, "mid-samurai": mid_samurai}


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("side", list(Side))
def test_either_side_may_resign_at_any_time(phase, side):
    state, events = rules.apply(every_phase()[phase], Resign(side))
    assert_ended(state, list(events), Termination.RESIGNED, side.other)


@pytest.mark.parametrize("phase", PHASES)
def test_the_side_to_move_may_time_out_and_the_other_wins(phase):
    state = every_phase()[phase]
    late = state.to_move
    assert "not" in rules.refusal(state, TimeOut(late.other))
    state, events = rules.apply(state, TimeOut(late))
    assert_ended(state, list(events), Termination.TIMED_OUT, late.other)


@pytest.mark.parametrize("phase", PHASES)
def test_an_aborted_match_has_no_winner(phase):
    state, events = rules.apply(every_phase()[phase], Abort())
    assert_ended(state, list(events), Termination.ABORTED, None)


def test_nothing_is_accepted_once_the_match_is_over():
    over, _ = rules.apply(every_phase()["samurai"], Resign(Side.GORYO))
    for action in (Resign(Side.SAMURAI), Abort(), TimeOut(Side.GORYO), EndSamuraiTurn(), Search(GREEN),
                   ChooseStart(sq("A1")), plan("A1 B1 C1 C2 C3")):
        assert rules.refusal(over, action) == "The match is over."
        with pytest.raises(rules.IllegalActionError):
            rules.apply(over, action)
