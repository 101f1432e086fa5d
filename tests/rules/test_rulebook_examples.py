"""The rulebook's worked examples and FAQ, replayed on our palace (spec section 1).

The rulebook's pictures use the printed board; here each example keeps its
story (who stands where, what is sealed or broken, what is asked and answered)
on our layout, and checks the engine reaches the rulebook's conclusion.
"""

import dataclasses

import rules
from rules import Move, Search, Sniff, space_name
from rules.events import DrawCause, PawPrintsCounted, SpiritCaptured, TokenDrawn

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
    kinds,
    place,
    plan,
    play,
    seal,
    sq,
    started,
)


def squares(names):
    return tuple(sq(n) for n in names.split())


def example_1_position():
    """Example 1 fits our north-east room: the Goryō on the Helmet (F2), the Lantern (D3)
    sealed, the Mask (F3) broken, and the Scroll (E1) the object she can still break."""
    state = seal(started(bound=URN, first=HELMET, start="F2"), LANTERN)
    return dataclasses.replace(state, broken=(*state.broken, sq("F3")))


def test_example_1_sealed_and_broken_objects_in_her_room_cannot_be_targets():
    state = example_1_position()
    assert "sealed" in rules.refusal(state, plan("F2 F1 E1 E2 E3 D3"))  # the Lantern
    assert "already broken" in rules.refusal(state, plan("F2 E2 D2 D3 E3 F3"))  # the Mask


def test_example_1_the_scroll_in_her_room_has_exactly_two_paths_without_the_sprint():
    """The rulebook's black and red paths: two ways of four steps, both staying in the room."""
    to_scroll = [p for p in rules.legal_paths(example_1_position()) if space_name(p[-1]) == "E1"]
    assert set(to_scroll) == {rules.parse_plan("F2 E2 D2 D1 E1"), rules.parse_plan("F2 F3 E3 E2 E1")}
    assert all(len(p) == 5 for p in to_scroll), "no Sprint needed"
    assert {rules.OBJECT_AT[p[-1]] for p in to_scroll} == {SCROLL}
    assert all(rules.palace.ROOM_OF[s] == rules.palace.ROOM_OF[sq("F2")] for p in to_scroll for s in p)


def test_example_2_searches_sniffs_and_calling_samurai_in_turn():
    """Her path crosses the green Samurai's centre and the Urn beside it."""
    state = started(bound=MASK, first=FAN, start="B3")
    state, _ = play(state, plan("B3 B2 C2 D2 D1"))
    state, events = play(state, Search(GREEN), Sniff(GREEN, sq("C2")))  # (1) and (2): yes, yes
    assert [e.answer for e in events] == [True, True]
    state, events = play(state, Move(PURPLE, sq("F2")), Move(PURPLE, sq("F3")), Sniff(PURPLE, sq("E3")))  # (3), (4)
    assert events[-1].space == sq("E3") and events[-1].answer is False  # the Flower: no
    assert [p.green for p in state.paw_prints] == [True, True, False]
    assert rules.refusal(state, Move(GREEN, sq("A2"))) is not None  # green's turn is over
    state, _ = play(state, Move(RED, sq("A5")))  # (5) the Red Samurai guards the Lantern
    assert rules.refusal(state, Move(BLUE, sq("E4"))) is not None  # three Samurai called
    assert rules.refusal(state, rules.EndSamuraiTurn()) is None


def test_example_3_the_sprint_reaches_one_step_further():
    state = example_1_position()
    assert all(len(p) == 6 for p in rules.legal_paths(state) if space_name(p[-1]) == "A2")
    spent = dataclasses.replace(state, sprint_available=False)
    assert not any(space_name(p[-1]) == "A2" for p in rules.legal_paths(spent))


def test_example_4_a_false_trail_fools_the_search_but_its_print_is_discarded():
    state = started(bound=URN, first=HELMET, start="A1")
    state, _ = play(state, plan("A1 B1 C1 C2 C3", "B3"))  # the green cube on a plausible step
    state, events = play(state, Sniff(GREEN, sq("B3")))
    assert events[-1].answer is True and state.paw_prints[-1].green
    state, events = discover(state)
    assert PawPrintsCounted(0, 1, 0, 0, 0) in events and state.mallet == 0
    assert not state.false_trail_available


def test_examples_5_and_6_a_discovery_with_two_prints_a_capture_and_two_draws():
    """Two green prints move the mallet 2 (a bag icon); Red on her target flips a spirit;
    the two draws (Helmet, Urn) seal every intact Helmet and Urn."""
    state = started(bound=MASK, first=FAN, start="B3", bag=(HELMET, URN))
    state = dataclasses.replace(state, broken=(*state.broken, sq("D1")))  # an Urn she broke before: not sealed
    state, _ = play(state, plan("B3 C3 C2 D2 D3"))
    state = place(state, red="D3")
    state, events = discover(state, Sniff(GREEN, sq("C2")), Sniff(PURPLE, sq("D2")))
    assert kinds(events)[:3] == ["SamuraiTurnEnded", "PathRevealed", "ObjectBroken"]
    assert state.goryo_space == sq("D3") and sq("D3") in state.broken  # (2) piece and pawn on the target
    assert PawPrintsCounted(2, 0, 0, 2, 1) in events  # (4), (5)
    assert SpiritCaptured((RED,), 1, 1) in events  # (6)
    assert [e for e in events if isinstance(e, TokenDrawn)] == [
        TokenDrawn(HELMET, squares("A1 F2 E4 C6"), DrawCause.BAG_ICON),
        TokenDrawn(URN, squares("C2 F4 A6"), DrawCause.SPIRIT_CAPTURED),
    ]
    view = rules.goryo_view(state)  # her ○ marks
    assert set(view.public.sealed) == set(squares("A1 F2 E4 C6 C2 F4 A6"))
    assert not set(view.legal_targets) & set(squares("A1 F2 E4 C6 C2 F4 A6"))


# --- the FAQ --------------------------------------------------------------------


def test_faq_1_same_type_as_a_broken_object_yes_sealed_no():
    state = dataclasses.replace(started(bound=URN, first=HELMET, start="A1"), broken=squares("A1 D2"))
    assert rules.refusal(state, plan("A1 B1 C1 C2 C3")) is None  # a Mirror like D2
    assert "sealed" in rules.refusal(seal(state, MIRROR), plan("A1 B1 C1 C2 C3"))


def test_faq_2_each_flipped_spirit_draws_one_token():
    state = started(bound=URN, first=HELMET, start="A1", bag=(SCROLL, FLOWER))
    state, _ = play(state, plan("A1 B1 C1 C2 C3"))
    state, events = discover(place(state, purple="C3", blue="C3"))
    assert SpiritCaptured((PURPLE, BLUE), 2, 2) in events
    assert [e.object_type for e in events if isinstance(e, TokenDrawn)] == [SCROLL, FLOWER]


def test_faq_3_the_mistakes_it_punishes_are_refused_instead_ruling_1():
    state = seal(started(bound=URN, first=HELMET, start="A1"), MIRROR)
    assert "sealed" in rules.refusal(state, plan("A1 B1 C1 C2 C3"))  # breaking a sealed object
    assert "off your path" in rules.refusal(state, plan("A1 A2 A3 A4 A5", "A3"))  # a power misused
    assert "not adjacent" in rules.refusal(state, plan("A1 B2 C2 C1 B1"))  # cubes misplaced
    assert "bound" in rules.refusal(state, plan("A1 A2 B2 B1 C1 C2"))  # her own bound object


# FAQ 4 (the Goryō wins round 4 only with 2+ tiles intact after the draws) is in test_endings.


def test_faq_5_the_sprint_follows_the_placement_rules_and_is_discarded():
    state = started(bound=URN, first=HELMET, start="A1")
    # the extra step obeys the walls
    assert "A wall separates C3 from D3" in rules.refusal(state, plan("A1 B1 C1 C2 C3 D3"))
    assert "twice" in rules.refusal(state, plan("A1 B1 C1 C2 C1 D2"))
    state, _ = discover(play(state, plan("A1 B1 C1 C2 D2 D3"))[0])
    assert not state.sprint_available


def test_faq_6_the_false_trail_anywhere_reused_until_investigated():
    state = started(bound=URN, first=HELMET, start="A1")
    state, _ = discover(play(state, plan("A1 B1 C1 C2 C3", "E5"))[0])  # a centre far away; nobody looks
    assert state.false_trail_available
    state, _ = play(state, plan("C3 B3 A3 A4 B4", "A1"))  # again, on a broken space
    state, _ = discover(place(state, green="A1"), Search(GREEN))
    assert not state.false_trail_available


def test_faq_7_the_first_cube_goes_on_her_start():
    state = started(bound=URN, first=HELMET, start="A1")
    assert "begin where you stand" in rules.refusal(state, plan("B1 C1 C2 C3 B3"))


def test_faq_8_she_always_moves_four_steps_or_five_with_the_sprint():
    state = started(bound=URN, first=HELMET, start="A1")
    assert {len(p) for p in rules.legal_paths(state)} == {5, 6}
    spent = dataclasses.replace(state, sprint_available=False)
    assert {len(p) for p in rules.legal_paths(spent)} == {5}
