"""The deduction aid's value and its words: the count sentence, the alt-text lists, the round summary."""

from __future__ import annotations

import dataclasses

import pytest

from locales import speaking
from rules import SPACES, PawPrint, parse_plan, parse_space
from rules import space_name as rules_space_name
from words import DeductionAid, aid_line, round_summary
from words.aid import MOST_SPACES_LISTED, aid_caption, aid_sentences

ZEROS = (0,) * len(SPACES)


def counts(**by_name: int) -> tuple[int, ...]:
    values = list(ZEROS)
    for name, count in by_name.items():
        values[parse_space(name)] = count
    return tuple(values)


def test_from_paths_counts_crossings_after_the_start_and_endings():
    paths = [parse_plan("C3 C2 D2 D1 E1"), parse_plan("C3 C2 C1 B1 A1"), parse_plan("C3 B3 B2 C2 C1")]
    aid = DeductionAid.from_paths(paths, 10)
    assert (aid.paths_possible, aid.paths_total, aid.only_path) == (3, 10, None)
    assert aid.crossing == counts(C2=3, D2=1, D1=1, E1=1, C1=2, B1=1, A1=1, B3=1, B2=1)
    assert aid.ending == counts(E1=1, A1=1, C1=1)
    assert aid.crossing[parse_space("C3")] == 0, "her start is not crossed"
    assert aid.share(parse_space("C2")) == 1 and aid.share(parse_space("C1")) == pytest.approx(2 / 3)
    single = DeductionAid.from_paths(paths[:1], 10)
    assert single.only_path == paths[0]


@pytest.mark.parametrize("fields, wrong", [
    ((5, 4, ZEROS, ZEROS), "paths_possible"),
    ((1, 4, ZEROS[1:], counts(A1=1)), "one count per space"),
    ((1, 4, counts(A1=2), counts(A1=1)), "between 0 and paths_possible"),
    ((2, 4, counts(A1=2), counts(A1=1)), "add up to 1"),
    ((2, 4, counts(A1=2), counts(A1=2), parse_plan("B1 A1")), "only_path"),
    ((1, 4, counts(A1=1), counts(A1=1)), "only_path"),
])
def test_inconsistent_numbers_are_refused_with_the_reason(fields, wrong):
    with pytest.raises(ValueError, match=wrong):
        DeductionAid(*fields)


def test_the_count_sentence_for_open_untouched_and_single_paths():
    open_round = DeductionAid(23, 41, counts(C2=23, D2=10), counts(D2=10, C2=13))
    assert aid_line(open_round) == "23 of her 41 possible paths fit the answers."
    assert aid_caption(open_round) == "23 of 41 paths fit"
    untouched = DeductionAid(41, 41, counts(C2=41), counts(C2=41))
    assert aid_line(untouched) == "All 41 of her possible paths still fit: no answer has ruled one out yet."
    single = DeductionAid.from_paths([parse_plan("C3 C2 D2 D1 E1")], 41)
    assert aid_line(single) == "Only one of her paths fits the answers: C3 → C2 → D2 → D1 → E1."
    assert aid_caption(single) == "Only one path fits: C3 → C2 → D2 → D1 → E1"
    assert aid_sentences(single)[1] == "It ends on the Scroll on E1."


def test_the_alt_text_lists_the_busiest_spaces_first_and_says_how_many_more():
    many = {name: 30 - k for k, name in enumerate(
        ["A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2", "D2", "E2", "F2", "A3", "B3"])}
    aid = DeductionAid(30, 60, counts(**many), counts(A1=30))
    said = aid_sentences(aid)
    assert said[1].startswith("Paths crossing each space: A1 30, B1 29, C1 28,")
    assert said[1].endswith(f"and {len(many) - MOST_SPACES_LISTED} more.")
    assert said[2] == "Paths ending on each space: A1 30."


def test_the_round_summary_gives_the_count_and_the_most_telling_investigation():
    assert round_summary(12, parse_space("D2"), (6, 6)) == (
        "Before the Discovery, 12 of her paths still fitted the answers. "
        "Investigating D2 would have told the Samurai the most: it split them 6 yes to 6 no.")
    assert round_summary(1, None, None) == "Before the Discovery, only one of her paths still fitted the answers."
    assert round_summary(5, None, None).count(".") == 1


# --- how the latest answer bears on the paths left (issue 24) --------------------------------

PATHS = [parse_plan("C3 C2 D2 D1 E1"), parse_plan("C3 C2 C1 B1 A1"), parse_plan("C3 B3 B2 C2 C1")]


def with_answer(space: str, green: bool, paths=PATHS) -> DeductionAid:
    aid = DeductionAid.from_paths(paths, 10)
    return dataclasses.replace(aid, last_answer=PawPrint(parse_space(space), green))


@pytest.mark.parametrize("language, space, green, said", [
    ("en", "C2", True, ("3 of her 10 possible paths fit the answers. Every one of them passes C2, where the last "
                       "answer was yes.")),
    ("en", "C1", True, ("3 of her 10 possible paths fit the answers. 2 of them pass C1, where the last answer was "
                       "yes; in the others her False Trail would be there.")),
    ("en", "A3", False, ("3 of her 10 possible paths fit the answers. None of them passes A3, where the last answer "
                        "was no.")),
    ("it", "C2", True, ("3 dei suoi 10 percorsi possibili sono compatibili con le risposte. Passano tutti da C2, dove "
                       "l'ultima risposta è stata sì.")),
    ("it", "D2", True, ("3 dei suoi 10 percorsi possibili sono compatibili con le risposte. 1 passa da D2, dove "
                       "l'ultima risposta è stata sì; negli altri lì ci sarebbe la sua Falsa Pista.")),
])
def test_the_aid_line_says_how_the_last_answer_bears_on_the_paths_left(language, space, green, said):
    """A yes that leaves the count as it was (every path passed there, or her False Trail explains it)
    would otherwise look like an aid that did not notice the answer."""
    with speaking(language):
        assert aid_line(with_answer(space, green)) == said


def test_without_an_answer_or_with_one_path_left_the_line_is_the_count_alone():
    assert aid_line(DeductionAid.from_paths(PATHS, 10)) == "3 of her 10 possible paths fit the answers."
    single = with_answer("C2", True, PATHS[:1])
    assert aid_line(single) == "Only one of her paths fits the answers: C3 → C2 → D2 → D1 → E1."


def test_the_bot_gives_the_aid_the_rounds_latest_answer():
    from bot.delivery.assist import deduction_aid
    from tests.render import aid_scenes

    view = aid_scenes.early()
    aid = deduction_aid(view)
    assert aid.last_answer == view.paw_prints[-1]
    assert rules_space_name(view.paw_prints[-1].space) in aid_line(aid)
