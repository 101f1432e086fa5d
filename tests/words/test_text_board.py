"""The board as text (issue 45): equal in facts to the picture drawn from the same view, within one message,
in every language; the public one tells no secret."""

from __future__ import annotations

import itertools
import re

import pytest
from PIL import Image, ImageChops

import rules
from locales import LANGUAGES, speaking
from render import board
from render import geometry as g
from render.images import final_picture, goryo_picture, public_picture
from rules import SPACES, space_name
from rules.state import SAMURAI_ORDER
from tests.render import action_logs, scenes
from words.marks import BoardMarks, goryo_marks, public_marks
from words.phrases import pawn_letter, plan_name
from words.text_board import MESSAGE_LIMIT, cell, goryo_text_board, object_initials, public_text_board

INSET = 6  # px inside a space's box: a path's line runs from centre to centre, never into a third space


def states_of_a_match(initial: rules.GameState, actions: list[rules.Action]) -> list[rules.GameState]:
    states = [initial]
    for action in actions:
        states.append(rules.apply(states[-1], action).state)
    return states


SCRIPTED = states_of_a_match(*action_logs.scripted_match())
LONGEST = states_of_a_match(*action_logs.longest_match())
EVERY_STATE = SCRIPTED + LONGEST


def drawn_spaces(picture: Image.Image, blank: Image.Image) -> set[rules.Space]:
    """The spaces on which the picture draws anything beyond the empty palace."""
    drawn = set()
    for space in SPACES:
        x0, y0, x1, y1 = g.cell_box(space)
        box = (x0 + INSET, y0 + INSET, x1 - INSET, y1 - INSET)
        if ImageChops.difference(picture.crop(box).convert("RGB"), blank.crop(box).convert("RGB")).getbbox():
            drawn.add(space)
    return drawn


def grid_spaces(text: str) -> set[rules.Space]:
    """The spaces the text board's grid marks: every cell with more than its object's letters."""
    header, *rows = text.split("```")[1].strip("\n").splitlines()
    starts = [header.index(letter) for letter in "ABCDEF"]
    marked = set()
    for row_number, row in enumerate(rows):
        cells = [row[start:end].strip() for start, end in itertools.pairwise([*starts, len(row) + 1])]
        assert all(re.fullmatch(r"\S\S( \S+)?", c) for c in cells), row
        for column, said in enumerate(cells):
            if " " in said:
                marked.add(rules.palace.space_at(column, row_number))
    return marked


def check_equal(text: str, marks: BoardMarks, picture: Image.Image, view: rules.PublicView) -> None:
    blank = board.canvas()
    assert drawn_spaces(picture, blank) == set(marks.marked()) == grid_spaces(text)
    listed = text.split("```")[0]
    for samurai in SAMURAI_ORDER:
        assert space_name(view.samurai_space(samurai)) in listed.splitlines()[2 + SAMURAI_ORDER.index(samurai)]
    for space in marks.marked():
        assert space_name(space) in listed, f"{space_name(space)} is marked on the grid but not said in the list"
        assert cell(space, marks.at(space)) in text


@pytest.mark.parametrize("index", range(0, len(EVERY_STATE), 3))
def test_the_public_text_board_marks_exactly_the_spaces_its_picture_draws_on(index):
    state = EVERY_STATE[index]
    view = rules.public_view(state)
    picture = public_picture(view) if view.outcome is None else final_picture(view)
    text = public_text_board(view)
    check_equal(text, public_marks(view), picture, view)


@pytest.mark.parametrize("index", range(1, len(EVERY_STATE), 3))
def test_her_text_board_marks_exactly_the_spaces_her_picture_draws_on(index):
    view = rules.goryo_view(EVERY_STATE[index])
    text = goryo_text_board(view)
    check_equal(text, goryo_marks(view), goryo_picture(view), view.public)


def test_her_path_and_false_trail_are_on_her_own_text_board_with_her_bound_object():
    view = scenes.preview()
    text = goryo_text_board(view)
    assert view.plan is not None and view.plan.false_trail is not None
    assert plan_name(view.plan.path) in text and space_name(view.plan.false_trail) in text
    marks = goryo_marks(view)
    assert [marks.at(s).step for s in view.plan.path] == list(range(1, len(view.plan.path) + 1))
    assert f"· 1-{len(view.plan.path)} your path's steps" in text
    assert "Your bound object: the Fan" in text and "Her bound object" not in text


def test_the_public_text_board_tells_no_secret():
    for state in (scenes.mid_samurai_turn(), scenes.round_two(), *SCRIPTED[:-1]):
        view = rules.public_view(state)
        text = public_text_board(view)
        secret = rules.goryo_view(state)
        assert view.outcome is None and "bound" not in text.lower() and "!" not in text.split("```")[1]
        if secret.plan is not None:
            assert plan_name(secret.plan.path) not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_board_of_two_matches_fits_one_message_in_every_language(language):
    longest = 0
    with speaking(language):
        for state in EVERY_STATE:
            for text in (public_text_board(rules.public_view(state)), goryo_text_board(rules.goryo_view(state))):
                longest = max(longest, len(text))
                assert text.count("```") == 2
    assert 500 < longest <= MESSAGE_LIMIT, longest


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_grid_s_letters_are_unique_in_every_language(language):
    with speaking(language):
        initials = [object_initials(kind) for kind in rules.ObjectType]
        letters = [pawn_letter(s) for s in SAMURAI_ORDER]
    assert len(set(initials)) == len(initials) and all(len(i) == 2 for i in initials)
    assert len(set(letters)) == len(letters)
    assert not set("".join(letters)) & set("@+-xo!*>0123456789")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_names_each_mark_the_grid_uses_in_words(language):
    seen = set()
    with speaking(language):
        for state in itertools.islice(EVERY_STATE, 0, None, 4):
            public, secret = rules.public_view(state), rules.goryo_view(state)
            for text, marks in ((public_text_board(public), public_marks(public)),
                                (goryo_text_board(secret), goryo_marks(secret)),
                                (goryo_text_board(scenes.preview()), goryo_marks(scenes.preview()))):
                key = text.split("```")[2]
                for space in marks.marked():
                    said = cell(space, marks.at(space)).partition(" ")[2]
                    for samurai in marks.at(space).samurai:
                        assert f"· {pawn_letter(samurai)} " in key
                        said = said.replace(pawn_letter(samurai), "", 1)
                    if marks.at(space).step is not None:
                        assert f"· 1-{len(marks.path)} " in key
                        said = said.replace(str(marks.at(space).step), "")
                    for mark in said:
                        assert f"· {mark} " in key, (mark, key)
                        seen.add(mark)
    assert {"@", "+", "-", "x", "o", "!", "*", ">", "F"} <= seen
