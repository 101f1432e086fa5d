"""A view no match can reach is refused with one named error that says why, before anything is drawn."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import render
import rules
from rules import PawPrint, Phase, Samurai, SamuraiCall

from . import scenes

GREEN, PURPLE, RED, BLUE = Samurai


def mid() -> rules.PublicView:
    return rules.public_view(scenes.mid_samurai_turn())


IMPOSSIBLE = {
    "the gong's mallet": {"mallet": 13},
    "the round": {"round": 5},
    "the spirits captured": {"spirits": 4},
    "a Samurai": {"samurai_spaces": ((GREEN, 40), (PURPLE, 1), (RED, 2), (BLUE, 3))},
    "the Samurai on the palace": {"samurai_spaces": ((GREEN, 0), (GREEN, 1), (RED, 2), (BLUE, 3))},
    "a paw-print": {"paw_prints": (PawPrint(36, True),)},
    "a seal": {"sealed": (-1,)},
    "green's moves": {"calls": (SamuraiCall(GREEN, 3, 0, 0),)},
    "the garden": {"tiles": ()},
}


@pytest.mark.parametrize("fact", IMPOSSIBLE)
@pytest.mark.parametrize("draw", [render.public_board, render.discovery_board, render.final_board])
def test_an_impossible_public_view_is_refused_naming_what_is_wrong(draw, fact):
    view = dataclasses.replace(mid(), **IMPOSSIBLE[fact])
    with pytest.raises(render.UndrawableView, match=fact):
        draw(view)


def test_an_impossible_goryo_view_is_refused_naming_what_is_wrong():
    view = rules.goryo_view(scenes.mid_samurai_turn())
    with pytest.raises(render.UndrawableView, match="the gong's mallet"):
        render.goryo_board(dataclasses.replace(view, public=dataclasses.replace(view.public, mallet=-1)))
    with pytest.raises(render.UndrawableView, match="her plan"):
        render.goryo_board(dataclasses.replace(view, plan=rules.Plan((0, 1, 2, 3, 4, 5, 11))))


def test_the_error_crosses_back_from_a_drawing_process_with_its_reason():
    """The bot draws in other processes: the error must survive pickling, its words intact."""
    with pytest.raises(render.UndrawableView) as refused:
        render.public_board(dataclasses.replace(mid(), mallet=40))
    again = pickle.loads(pickle.dumps(refused.value))
    assert isinstance(again, render.UndrawableView) and str(again) == str(refused.value)
    assert "40" in str(again)


def test_every_view_of_real_matches_is_drawn():
    from rules.playout import random_match

    for seed in (1, 2):
        for _, state in random_match(seed)[::4]:
            assert render.public_board(rules.public_view(state))
            assert render.goryo_board(rules.goryo_view(state))


def test_whatever_else_fails_while_drawing_is_the_same_named_error():
    """A fact the checks let through but no drawing can show (a setup revealing a type of no known object)."""
    odd = dataclasses.replace(mid(), phase=Phase.SETUP, first_type="thing")
    with pytest.raises(render.UndrawableView, match="drawing failed"):
        render.public_board(odd)
