"""The Samurai's turn (ruling 8) and the investigation answers (rulings 3-4).

Her plan in most tests: bound Urn, first Helmet, start A1, path A1 B1 C1 C2 C3,
False Trail on E1. Samurai start on B2 (green), E2 (purple), B5 (red), E5 (blue).
"""


import pytest

import rules
from rules import SPACES, EndSamuraiTurn, Move, Phase, Search, Sniff, space_name
from rules.events import Investigated, SamuraiMoved, SamuraiTurnEnded
from rules.pieces import InvestigationKind
from tests.rules.builders import every_samurai_action

from .builders import BLUE, GREEN, HELMET, PURPLE, RED, URN, place, plan, play, sq, started

PATH = "A1 B1 C1 C2 C3"
TRAIL = "E1"


def turn(advanced=False, false_trail=TRAIL):
    state = started(bound=URN, first=HELMET, start="A1", advanced=advanced)
    return play(state, plan(PATH, false_trail))[0]


@pytest.fixture
def samurai_turn():
    return turn()


def refused(state, action, *words):
    reason = rules.refusal(state, action)
    assert reason is not None, action
    for word in words:
        assert word in reason, (word, reason)
    with pytest.raises(rules.IllegalActionError):
        rules.apply(state, action)
    return reason


# --- calling Samurai -------------------------------------------------------------


def test_up_to_three_different_samurai_in_sequence(samurai_turn):
    state, _ = play(samurai_turn, Move(GREEN, sq("A2")), Move(PURPLE, sq("E1")), Move(RED, sq("A5")))
    refused(state, Move(BLUE, sq("E4")), "3 Samurai")


def test_never_back_to_an_earlier_samurai(samurai_turn):
    state, _ = play(samurai_turn, Move(GREEN, sq("A2")), Move(PURPLE, sq("E1")))
    refused(state, Move(GREEN, sq("A3")), "green", "earlier one cannot act again")
    refused(state, Search(GREEN), "green")
    assert rules.refusal(state, Move(PURPLE, sq("F1"))) is None  # the current one goes on


def test_a_samurai_continues_until_another_is_called(samurai_turn):
    state, _ = play(samurai_turn, Move(GREEN, sq("A2")), Search(GREEN), Sniff(GREEN, sq("A3")))
    assert [(c.samurai, c.moves, c.searches, c.sniffs) for c in state.calls] == [(GREEN, 1, 1, 1)]


# --- per Samurai -----------------------------------------------------------------


def test_at_most_two_moves_each(samurai_turn):
    state, _ = play(samurai_turn, Move(GREEN, sq("B1")), Move(GREEN, sq("C1")))
    refused(state, Move(GREEN, sq("C2")), "green", "moved 2 times")
    assert rules.refusal(state, Search(GREEN)) is None


def test_at_most_one_search_each(samurai_turn):
    state, _ = play(samurai_turn, Search(GREEN), Move(GREEN, sq("B1")))
    refused(state, Search(GREEN), "already searched")


def test_at_most_one_sniff_each(samurai_turn):
    state, _ = play(samurai_turn, Sniff(GREEN, sq("B1")))
    refused(state, Sniff(GREEN, sq("A2")), "already sniffed")


def test_at_most_three_actions_each(samurai_turn):
    state, _ = play(samurai_turn, Move(GREEN, sq("B1")), Search(GREEN), Sniff(GREEN, sq("C1")))
    refused(state, Move(GREEN, sq("B2")), "green", "3 actions")


def test_at_most_two_actions_each_in_advanced_mode():
    state, _ = play(turn(advanced=True), Move(GREEN, sq("B1")), Search(GREEN))
    refused(state, Move(GREEN, sq("B2")), "2 actions")
    refused(state, Sniff(GREEN, sq("C1")), "2 actions")
    state, _ = play(state, Move(PURPLE, sq("E1")), Search(PURPLE), Move(RED, sq("A5")), Search(RED))
    assert state.actions_used == 6
    refused(state, Move(BLUE, sq("E4")))


def test_six_actions_in_all(samurai_turn):
    state, _ = play(
        samurai_turn,
        Move(GREEN, sq("B1")), Search(GREEN), Sniff(GREEN, sq("C1")),
        Move(PURPLE, sq("E1")), Move(PURPLE, sq("F1")), Search(PURPLE),
    )
    assert state.actions_used == 6
    reason = refused(state, Move(RED, sq("A5")), "6 action cubes")
    assert "end the turn" in reason
    assert rules.legal_samurai_actions(state) == []
    assert rules.refusal(state, EndSamuraiTurn()) is None


# --- moving ----------------------------------------------------------------------


@pytest.mark.parametrize("to", ["A1", "C1", "A3", "C3", "B2", "D2", "B4"])
def test_a_move_is_one_orthogonal_step(samurai_turn, to):
    refused(samurai_turn, Move(GREEN, sq(to)), "green", "B2", to, "bridge")


def test_moves_cross_bridges_and_not_walls(samurai_turn):
    state, events = play(samurai_turn, Move(GREEN, sq("C2")), Move(GREEN, sq("D2")))
    assert state.samurai_space(GREEN) == sq("D2")
    assert events == [SamuraiMoved(GREEN, sq("B2"), sq("C2")), SamuraiMoved(GREEN, sq("C2"), sq("D2"))]
    state = place(samurai_turn, red="C1")
    refused(state, Move(RED, sq("D1")), "C1", "D1")
    state = place(samurai_turn, red="B3")
    refused(state, Move(RED, sq("B4")), "B3", "B4")
    state = place(samurai_turn, red="A3")
    assert rules.refusal(state, Move(RED, sq("A4"))) is None


def test_several_samurai_may_share_a_space_hers_included(samurai_turn):
    state, _ = play(samurai_turn, Move(GREEN, sq("A2")), Move(GREEN, sq("A1")))
    state, _ = play(place(state, purple="B1"), Move(PURPLE, sq("A1")))
    assert state.samurai_on(sq("A1")) == (GREEN, PURPLE)


# --- investigating ---------------------------------------------------------------


def test_her_start_space_cannot_be_searched_or_sniffed(samurai_turn):
    state = place(samurai_turn, green="A1", purple="A2")
    refused(state, Search(GREEN), "A1", "began this round")
    refused(state, Sniff(PURPLE, sq("A1")), "A1", "began this round")


def test_no_space_is_investigated_twice_in_a_round(samurai_turn):
    state, _ = play(samurai_turn, Sniff(GREEN, sq("C2")))
    state = place(state, purple="C2")
    refused(state, Search(PURPLE), "C2", "already been investigated")
    state = place(state, purple="C3")
    refused(state, Sniff(PURPLE, sq("C2")), "C2", "already been investigated")


def test_sniff_reaches_one_adjacent_space_bridges_included(samurai_turn):
    refused(samurai_turn, Sniff(GREEN, sq("C3")), "next to him")
    refused(samurai_turn, Sniff(GREEN, sq("B2")), "next to him")  # his own space is a Search
    state = place(samurai_turn, green="C2")
    assert rules.refusal(state, Sniff(GREEN, sq("D2"))) is None
    state = place(samurai_turn, green="C1")
    refused(state, Sniff(GREEN, sq("D1")), "next to him")


def test_answers_are_yes_on_her_path_after_the_start_and_on_the_false_trail(samurai_turn):
    yes = set(PATH.split()[1:]) | {TRAIL}
    for s in SPACES:
        name = space_name(s)
        if name == "A1":
            continue
        state, events = play(place(samurai_turn, green=name), Search(GREEN))
        assert events == [Investigated(GREEN, InvestigationKind.SEARCH, s, name in yes)], name
        assert state.paw_prints[-1].space == s and state.paw_prints[-1].green == (name in yes)


def test_sniff_answers_like_search(samurai_turn):
    _, events = play(place(samurai_turn, red="D2"), Sniff(RED, sq("C2")), Sniff(BLUE, sq("E4")))
    assert [e.answer for e in events] == [True, False]
    assert [e.kind for e in events] == [InvestigationKind.SNIFF] * 2


def test_without_a_false_trail_its_space_answers_no():
    _, events = play(place(turn(false_trail=None), green="E1"), Search(GREEN))
    assert events[-1].answer is False


def test_the_turn_may_end_at_once_with_no_action(samurai_turn):
    state, events = play(samurai_turn, EndSamuraiTurn())
    assert events[0] == SamuraiTurnEnded(0)
    assert state.round == 2 and state.phase is Phase.GORYO_TURN


def test_the_turn_may_end_part_way_through_a_samurai(samurai_turn):
    state, events = play(samurai_turn, Move(GREEN, sq("B1")), EndSamuraiTurn())
    assert SamuraiTurnEnded(1) in events and state.round == 2


def test_samurai_actions_are_refused_on_her_turn():
    state = started(bound=URN, first=HELMET, start="A1")
    refused(state, Move(GREEN, sq("B1")), "not the Samurai's turn")
    refused(state, EndSamuraiTurn(), "not the Samurai's turn")


def test_legal_samurai_actions_list_exactly_what_refusal_allows_at_every_step():
    from rules.playout import random_match

    checked = 0
    for seed in range(12):
        for advanced in (False, True):
            for _, state in random_match(seed, advanced=advanced):
                if state.phase is not Phase.SAMURAI_TURN:
                    continue
                listed = rules.legal_samurai_actions(state)
                assert len(listed) == len(set(listed))
                assert set(listed) == {a for a in every_samurai_action() if rules.refusal(state, a) is None}
                checked += 1
    assert checked > 100


def test_rules_answer_says_no_for_her_start_yes_after_it_and_for_the_false_trail():
    locked = plan(PATH, TRAIL)
    assert rules.answer(locked, sq("A1")) is False  # unreachable in play (refused), but the bot may ask
    assert all(rules.answer(locked, sq(n)) for n in [*PATH.split()[1:], TRAIL])
    assert not any(rules.answer(locked, s) for s in SPACES if space_name(s) not in [*PATH.split(), TRAIL])


@pytest.mark.parametrize("text, samurai", [("green", GREEN), (" Purple ", PURPLE), ("RED", RED), ("Blue", BLUE)])
def test_samurai_are_named_by_colour_in_any_case(text, samurai):
    assert rules.samurai_named(text) is samurai


@pytest.mark.parametrize("text", ["yellow", "", "g", "🟢"])
def test_an_unknown_samurai_colour_is_refused_listing_the_colours(text):
    with pytest.raises(rules.IllegalActionError) as refused:
        rules.samurai_named(text)
    assert all(colour in str(refused.value) for colour in ("green", "purple", "red", "blue"))


# --- walls are named as walls (issue 9, item 5) ------------------------------------


def test_a_move_through_a_wall_says_a_wall_is_there_and_where_to_cross(samurai_turn):
    state = place(samurai_turn, red="B4")
    reason = refused(state, Move(RED, sq("B3")))
    assert reason == (
        "The red Samurai on B4 cannot reach B3 in one move. A wall separates B4 from B3: "
        "change rooms only across a bridge (the nearest is A3–A4)."
    )
    assert "up, down, left or right" not in reason  # B3 *is* one space up: that advice contradicted itself


def test_a_sniff_through_a_wall_says_so_too(samurai_turn):
    reason = refused(place(samurai_turn, purple="D1"), Sniff(PURPLE, sq("C1")))
    assert "can only sniff a space next to him" in reason
    assert "A wall separates D1 from C1" in reason and "the nearest is C2–D2" in reason


def test_a_far_space_is_called_not_adjacent_without_mentioning_a_wall(samurai_turn):
    reason = refused(samurai_turn, Move(GREEN, sq("E5")), "B2 and E5 are not adjacent", "bridge")
    assert "wall" not in reason


# --- hand-built actions naming no real Samurai (issue 10) ---------------------------


@pytest.mark.parametrize("who", ["pink", None, 3, "Green"])
@pytest.mark.parametrize("build", [lambda who: Move(who, sq("B1")), lambda who: Search(who),
                                   lambda who: Sniff(who, sq("B1"))])
def test_an_action_naming_an_unknown_samurai_is_refused_in_words(samurai_turn, who, build):
    action = build(who)
    reason = rules.refusal(samurai_turn, action)
    assert reason == f"{str(who)!r} is not a Samurai: choose green, purple, red, blue."
    with pytest.raises(rules.IllegalActionError, match="is not a Samurai"):
        rules.apply(samurai_turn, action)
