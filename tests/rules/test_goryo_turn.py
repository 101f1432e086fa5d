"""The Goryō's turn: placement rules 1-7 and rulings 2-3, each with its refusal.

The position: bound Urn, first type Helmet, she broke A1. The north-west room:
    A1 Helmet   B1 Lantern  C1 Mask
    A2 Scroll   B2 (green)  C2 Urn  ==bridge== D2
    A3 Flower   B3 Fan      C3 Mirror
                ||bridge to A4
"""

import dataclasses

import pytest

import rules
from rules import SPACES, IllegalActionError, Plan, Samurai, space_name

from .builders import FAN, HELMET, LANTERN, MIRROR, SCROLL, URN, place, plan, play, seal, sq, started


@pytest.fixture
def at_a1():
    return started(bound=URN, first=HELMET, start="A1")


def no_sprint(state):
    return dataclasses.replace(state, sprint_available=False)


def broken_also(state, *names):
    return dataclasses.replace(state, broken=state.broken + tuple(sq(n) for n in names))


# --- ruling 2 / rule 3: five spaces, six with the Sprint ------------------------


def test_a_plan_of_five_spaces_is_legal(at_a1):
    assert rules.refusal(at_a1, plan("A1 B1 C1 C2 C3")) is None


@pytest.mark.parametrize("path", ["A1", "A1 B1", "A1 B1 C1", "A1 B1 C1 C2"])
def test_fewer_than_five_spaces_is_refused_all_cubes_must_be_placed(at_a1, path):
    reason = rules.refusal(at_a1, plan(path))
    count = len(path.split())
    assert reason is not None and f"has {count} spaces" in reason and "5 spaces" in reason and "Sprint" in reason


def test_six_spaces_use_the_sprint_while_it_is_unused(at_a1):
    assert rules.refusal(at_a1, plan("A1 B1 C1 C2 D2 D3")) is None


def test_six_spaces_are_refused_once_the_sprint_is_spent(at_a1):
    reason = rules.refusal(no_sprint(at_a1), plan("A1 B1 C1 C2 D2 D3"))
    assert reason is not None and "6 spaces" in reason and "exactly 5" in reason and "Sprint is spent" in reason


def test_seven_spaces_are_refused_even_with_the_sprint(at_a1):
    reason = rules.refusal(at_a1, plan("A1 B1 C1 C2 D2 D3 E3"))
    assert reason is not None and "has 7 spaces" in reason


# --- rule 2: start on her space, then orthogonal steps --------------------------


def test_the_plan_must_start_on_her_space(at_a1):
    reason = rules.refusal(at_a1, plan("B1 C1 C2 C3 B3"))
    assert reason is not None and "begin where you stand, on A1" in reason


def test_a_plan_that_skips_its_start_and_is_five_long_is_still_refused(at_a1):
    assert rules.refusal(at_a1, plan("A2 A3 B3 C3 C2")) is not None


@pytest.mark.parametrize("path, a, b", [("A1 B2 C2 C3 B3", "A1", "B2"), ("A1 B1 B2 C3 B3", "B2", "C3"),
                                        ("A1 A2 A3 A5 A6", "A3", "A5")])
def test_diagonal_or_jumping_steps_are_refused_naming_both_spaces(at_a1, path, a, b):
    reason = rules.refusal(at_a1, plan(path))
    assert reason is not None and f"{a} and {b} are not adjacent" in reason and "bridge" in reason


# --- rule 7: rooms change only across bridges -----------------------------------


def test_walls_stop_her_c1_to_d1(at_a1):
    reason = rules.refusal(at_a1, plan("A1 B1 C1 D1 E1"))
    assert reason == (
        "Your plan cannot step from C1 to D1. A wall separates C1 from D1: "
        "change rooms only across a bridge (the nearest is C2–D2)."
    )


def test_walls_stop_her_b3_to_b4():
    state = started(bound=URN, first=FAN, start="B3")
    reason = rules.refusal(state, plan("B3 B4 C4 C5 C6"))
    assert reason is not None and "A wall separates B3 from B4" in reason and "the nearest is A3–A4" in reason


def test_north_bridge_c2_d2_is_crossed_without_a_cube_on_it(at_a1):
    assert rules.refusal(at_a1, plan("A1 B1 C1 C2 D2 D3")) is None


def test_west_bridge_a3_a4_is_crossed(at_a1):
    assert rules.refusal(at_a1, plan("A1 A2 A3 A4 A5")) is None


def test_south_and_east_bridges_are_crossed():
    state = started(bound=URN, first=SCROLL, start="C5")
    assert rules.refusal(state, plan("C5 D5 D4 E4 F4 F3")) is None  # south then east, with the Sprint


# --- rule 1: each space once -----------------------------------------------------


@pytest.mark.parametrize("path, twice", [("A1 B1 B2 B1 C1", "B1"), ("A1 B1 B2 A2 A1", "A1")])
def test_no_space_twice_in_a_round(at_a1, path, twice):
    reason = rules.refusal(at_a1, plan(path))
    assert reason is not None and f"crosses {twice} twice" in reason


# --- rules 5-6 / ruling 2: the target --------------------------------------------


def test_the_target_may_not_be_a_centre(at_a1):
    reason = rules.refusal(at_a1, plan("A1 A2 A3 B3 B2"))
    assert reason is not None and "B2" in reason and "centre" in reason


def test_the_target_may_not_be_broken(at_a1):
    reason = rules.refusal(broken_also(at_a1, "C3"), plan("A1 B1 C1 C2 C3"))
    assert reason is not None and "Mirror on C3 is already broken" in reason


def test_the_target_may_not_be_her_bound_object(at_a1):
    reason = rules.refusal(at_a1, plan("A1 A2 B2 B1 C1 C2"))
    assert reason is not None and "Urn on C2" in reason and "bound" in reason


def test_the_target_may_not_be_sealed(at_a1):
    reason = rules.refusal(seal(at_a1, MIRROR), plan("A1 B1 C1 C2 C3"))
    assert reason is not None and "Mirror" in reason and "sealed" in reason and "C3" in reason


def test_the_target_may_hold_a_samurai(at_a1):
    state = place(at_a1, green="C3", purple="C3")
    assert rules.refusal(state, plan("A1 B1 C1 C2 C3")) is None


def test_the_target_may_be_a_type_broken_elsewhere_faq_1(at_a1):
    assert rules.refusal(broken_also(at_a1, "D2"), plan("A1 B1 C1 C2 C3")) is None  # D2 is a Mirror too


def test_another_space_of_the_first_type_may_be_the_target():
    state = started(bound=URN, first=HELMET, start="F2")
    assert rules.refusal(state, plan("F2 F3 F4 F5 E5 E4")) is None  # E4 is a Helmet


def test_a_plan_may_cross_centres_samurai_broken_bound_and_sealed_spaces(at_a1):
    state = seal(broken_also(at_a1, "C1"), SCROLL)
    state = place(state, red="B2", blue="A2")
    assert rules.refusal(state, plan("A1 A2 B2 C2 C3")) is None  # sealed Scroll, two Samurai on a centre, bound Urn
    assert rules.refusal(state, plan("A1 B1 C1 C2 C3")) is None  # broken Mask


def test_legal_targets_are_exactly_those_target_refusal_allows(at_a1):
    state = seal(broken_also(at_a1, "C3"), LANTERN)
    from rules.goryo_turn import target_refusal

    allowed = {space_name(s) for s in rules.legal_targets(state)}
    assert allowed == {space_name(s) for s in SPACES if target_refusal(state, s) is None}
    assert not allowed & {"A1", "C3", "B2", "E2", "B5", "E5"}  # broken, centres
    assert not allowed & {"B1", "D3", "A5", "F5"}  # sealed Lanterns
    assert not allowed & {"C2", "D1", "F4", "A6"}  # bound Urns
    assert {"F2", "E4", "C6", "D2", "B6", "F6"} <= allowed  # other Helmets and Mirrors


# --- ruling 3: the False Trail ---------------------------------------------------


def test_the_false_trail_may_go_on_any_space_off_the_path(at_a1):
    path = "A1 B1 C1 C2 C3"
    on_path = set(path.split())
    for s in SPACES:
        reason = rules.refusal(at_a1, plan(path, space_name(s)))
        if space_name(s) in on_path:
            assert reason is not None and "off your path" in reason and space_name(s) in reason
        else:
            assert reason is None, space_name(s)


def test_the_false_trail_is_refused_once_spent(at_a1):
    spent = dataclasses.replace(at_a1, false_trail_available=False)
    reason = rules.refusal(spent, plan("A1 B1 C1 C2 C3", "F6"))
    assert reason is not None and "False Trail is spent" in reason
    assert rules.refusal(spent, plan("A1 B1 C1 C2 C3")) is None


def test_sprint_and_false_trail_together(at_a1):
    assert rules.refusal(at_a1, plan("A1 B1 C1 C2 D2 D3", "B2")) is None


# --- when and how ---------------------------------------------------------------


def test_a_plan_is_refused_outside_her_turn(at_a1):
    locked, _ = play(at_a1, plan("A1 B1 C1 C2 C3"))
    assert rules.refusal(locked, plan("A1 B1 C1 C2 C3")) == "It is not your turn to plan a path."


def test_an_illegal_plan_raises_with_its_reason_and_changes_nothing(at_a1):
    bad = plan("A1 B1 C1 D1 E1")
    snapshot = rules.to_json(at_a1)
    with pytest.raises(IllegalActionError, match="A wall separates C1 from D1"):
        rules.apply(at_a1, bad)
    assert rules.to_json(at_a1) == snapshot


def test_locking_a_plan_hands_the_turn_to_the_samurai(at_a1):
    locked, events = play(at_a1, plan("A1 B1 C1 C2 C3", "F6"))
    assert locked.phase is rules.Phase.SAMURAI_TURN and locked.to_move is rules.Side.SAMURAI
    assert locked.plan == Plan(plan("A1 B1 C1 C2 C3").path, sq("F6"))
    assert [type(e).__name__ for e in events] == ["PlanLocked"]
    assert locked.goryo_space == sq("A1")  # her pawn stays until the discovery


def test_off_board_spaces_are_refused_not_crashed_on(at_a1):
    path = plan("A1 B1 C1 C2 C3").path
    for bad in (Plan(path, rules.Space(36)), Plan((*path[:-1], rules.Space(36))),
                Plan((*path[:-1], rules.Space(-1)))):
        assert "not on the palace board" in rules.refusal(at_a1, bad)
    assert "not on the palace board" in rules.refusal(rules.new_game(1), rules.ChooseStart(rules.Space(-1)))
    assert "not on the palace board" in rules.refusal(play(at_a1, plan("A1 B1 C1 C2 C3"))[0],
                                                      rules.Move(Samurai.GREEN, rules.Space(99)))


def test_a_plan_without_her_pawn_on_the_palace_is_refused_as_legal_plans_sees_it(at_a1):
    # Not reachable in play (her start places the pawn), but a hand-built state must not crash the refusal.
    nowhere = dataclasses.replace(at_a1, goryo_space=None)
    assert list(rules.legal_plans(nowhere)) == []
    assert rules.refusal(nowhere, plan("A1 B1 C1 C2 C3")) == "It is not your turn to plan a path."
