"""The last round's chance of winning, which the hard Samurai's capped search weighs in advanced mode."""

import dataclasses
from fractions import Fraction

import pytest

import rules
from ai import samurai as samurai_search
from ai.last_round import LastRound, icons_reached, win_chance
from rules import Move, Samurai, SamuraiCall, Sniff
from tests.rules.builders import FAN, FLOWER, HELMET, MASK, MIRROR, SCROLL, URN, place, plan, seal, sq, started

# Her bound object and one other type are intact: one more seal is the exorcism. Three tokens in the bag.
STAKES = LastRound(need=3, mallet=7, bag=3, intact=frozenset({HELMET, FAN}), greens=0)
A3 = sq("A3")  # a Flower: face down, so her break flips nothing
B3 = sq("B3")  # a Fan: intact, so her break flips the last tile to seal


def test_the_gong_draws_once_per_icon_it_reaches():
    assert icons_reached(7, 1) == 1
    assert icons_reached(6, 1) == 0
    assert icons_reached(6, 4) == 2
    assert icons_reached(11, 5) == 1  # the gong ends at 12


def test_a_print_that_reaches_no_icon_and_a_capture_short_of_the_third_win_only_through_their_draws():
    nobody = [sq("F6")] * 4
    assert win_chance(STAKES, {A3: 1.0}, nobody, 0, ()) == 0.0
    # One yes: the gong reaches 8, one draw from three tokens, one of them the last type to seal.
    assert win_chance(STAKES, {A3: 1.0}, nobody, 1, ()) == pytest.approx(1 / 3)
    # After a first yes this turn (the gong at 8) a second reaches no icon: worth nothing more.
    even = LastRound(3, 7, 3, STAKES.intact, greens=1)
    assert win_chance(even, {A3: 1.0}, nobody, 1, ()) == win_chance(even, {A3: 1.0}, nobody, 0, ())
    # A capture draws a token too; two captures and a yes draw all three.
    assert win_chance(STAKES, {A3: 1.0}, [A3, *nobody[1:]], 0, ()) == pytest.approx(1 / 3)
    assert win_chance(STAKES, {A3: 1.0}, [A3, A3, *nobody[2:]], 1, ()) == pytest.approx(1.0)
    # Three on her target capture the third spirit.
    assert win_chance(STAKES, {A3: 1.0}, [A3, A3, A3, sq("F6")], 0, ()) == 1.0


def test_her_break_of_the_last_intact_type_but_hers_is_her_exorcism_whatever_the_samurai_do():
    nobody = [sq("F6")] * 4
    assert win_chance(STAKES, {B3: 0.25, A3: 0.75}, nobody, 0, ()) == pytest.approx(0.25)


def test_investigations_still_planned_count_by_their_chance_of_a_yes():
    nobody = [sq("F6")] * 4
    stakes = LastRound(3, 6, 3, frozenset({HELMET, FAN, MIRROR}), greens=0)  # two to seal, gong two off its icon
    # Two planned yeses at one half each: both yes (a quarter) reach 8, one draw; two seals need two draws.
    assert win_chance(stakes, {A3: 1.0}, nobody, 0, (0.5, 0.5)) == 0.0
    # With two Samurai on her target, two draws from the captures and one more if both answer yes.
    on = [A3, A3, sq("F6"), sq("F6")]
    expected = Fraction(3, 4) * Fraction(1, 3) + Fraction(1, 4) * 1  # 2 of 3 draws hold both seals 1 time in 3
    assert win_chance(stakes, {A3: 1.0}, on, 0, (0.5, 0.5)) == pytest.approx(float(expected))


def last_round_with_one_action_left() -> rules.GameState:
    """Round 4, no spirit captured, the gong at 6; green on B2 has one action left, the turn's last cube.

    Intact: her bound Urn and the Fan; the bag holds the Fan and the Lantern (whose tile is broken on D3).
    """
    state = place(started(URN, HELMET, start="A1", advanced=True), green="B2", purple="F6", red="F4", blue="D6")
    state = rules.apply(state, plan("A1 B1 C1 C2 C3")).state
    state = seal(state, MASK, SCROLL, FLOWER, MIRROR)
    calls = (
        SamuraiCall(Samurai.PURPLE, moves=2), SamuraiCall(Samurai.RED, moves=2), SamuraiCall(Samurai.GREEN, moves=1),
    )
    return dataclasses.replace(state, round=4, spirits=0, mallet=6, broken=(sq("A1"), sq("D3")), calls=calls)


def test_in_the_last_round_the_hard_samurai_captures_for_the_draw_rather_than_look_for_a_print_reaching_no_icon():
    state = last_round_with_one_action_left()
    view = rules.public_view(state)
    assert LastRound.of(view) == LastRound(need=3, mallet=6, bag=2, intact=frozenset({URN, FAN}), greens=0)
    a2, b1 = sq("A2"), sq("B1")
    particles = [  # both her possible paths cross A2 next to green; one ends on B1, next to him too
        samurai_search.Particle(0.4, 1 << a2 | 1 << b1, b1, None),
        samurai_search.Particle(0.6, 1 << a2 | 1 << sq("F1"), sq("F1"), None),
    ]

    def choose(last_round: bool) -> rules.Action:
        return samurai_search.choose_samurai_action(
            view, particles, depth=4, node_budget=6000, lookahead=True, foresight=True, seed=1, capped=True,
            thorough=last_round,
        )

    # A sure yes on A2 takes the gong to 7, no icon: it cannot win. A capture on B1 draws a token, the Fan half
    # the time: the exorcism. The fixed scale (a print 0.8, a capture 1) prefers the sure print.
    assert choose(last_round=False) == Sniff(Samurai.GREEN, a2)
    assert choose(last_round=True) == Move(Samurai.GREEN, b1)
    assert rules.refusal(state, Move(Samurai.GREEN, b1)) is None
