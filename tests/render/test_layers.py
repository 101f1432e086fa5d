"""The bands pasted from earlier pictures (render/layers.py) change nothing: a picture drawn after
a whole match of others is byte for byte the one drawn with no band kept."""

from __future__ import annotations

import dataclasses

import pytest

import rules
from render import discovery_board, final_board, goryo_board, layers, public_board

from . import aid_scenes, scenes
from .action_logs import longest_match


def views_of_a_match(seed: int) -> list[rules.GameState]:
    """Every state of a match in which the Samurai use all their actions: the gong, the tiles and the
    table change often, so a band missing from a key would be pasted where it no longer belongs."""
    state, actions = longest_match(seed)
    states = [state]
    for action in actions:
        states.append(rules.apply(states[-1], action).state)
    return states


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_picture_of_a_match_is_the_same_with_the_bands_kept_or_not(language):
    states = views_of_a_match(11)[::2]
    kept = []
    for state in states:  # in order, each reusing what the pictures before it drew
        kept.append((public_board(rules.public_view(state), language=language),
                     goryo_board(rules.goryo_view(state), language=language)))
    for state, (public, goryo) in zip(reversed(states), reversed(kept), strict=True):
        layers.forget()
        assert public_board(rules.public_view(state), language=language) == public
        layers.forget()
        assert goryo_board(rules.goryo_view(state), language=language) == goryo


def test_the_aid_discovery_and_final_pictures_are_the_same_with_the_bands_kept_or_not():
    early = aid_scenes.early()
    states = views_of_a_match(12)
    last = rules.public_view(states[-1])
    revealed = next(rules.public_view(s) for s in reversed(states) if s.last_reveal is not None) \
        if any(s.last_reveal is not None for s in states) else last
    draw = [lambda: public_board(early, aid_scenes.aid_for(early)), lambda: discovery_board(revealed),
            lambda: final_board(last), lambda: public_board(early)]
    warm = [make() for make in draw]
    for make, picture in zip(draw, warm, strict=True):
        layers.forget()
        assert make() == picture


def test_a_band_kept_for_one_language_is_not_pasted_into_another():
    view = rules.public_view(views_of_a_match(11)[4])
    english = public_board(view, language="en")
    italian = public_board(view, language="it")
    layers.forget()
    assert public_board(view, language="it") == italian != english


@pytest.mark.parametrize("change", [{"round": 3}, {"calls": ()}])
def test_a_caption_that_differs_in_one_fact_is_drawn_again(change):
    """Each fact the caption shows is part of its band's key: the same view with one fact changed,
    drawn right after it, is the picture drawn from nothing."""
    view = rules.public_view(scenes.mid_samurai_turn())
    changed = dataclasses.replace(view, **change)
    public_board(view)
    warm = public_board(changed)
    layers.forget()
    assert public_board(changed) == warm != public_board(view)
