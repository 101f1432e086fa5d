"""The bot's levels: one closed set, one frozen table of what each does, and the words a match stores for them."""

from __future__ import annotations

import dataclasses
import types

import pytest

import ai
from ai import expert
from ai.levels import PLAYS, Level, play_of
from rules import Side


def test_every_level_has_one_frozen_play_and_they_are_ordered_weakest_first():
    assert tuple(PLAYS) == ai.LEVELS == tuple(Level)
    assert isinstance(PLAYS, types.MappingProxyType)
    with pytest.raises(TypeError):
        PLAYS[Level.EASY] = PLAYS[Level.HARD]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        PLAYS[Level.EASY].depth = 9  # type: ignore[misc]
    budgets = [PLAYS[level].simulations for level in Level]
    assert budgets == sorted(budgets) and budgets[0] < budgets[-1]


def test_the_stored_words_stay_the_same_and_a_word_finds_its_level():
    # What the matches table's CHECK and every stored match, setting and command choice hold.
    assert [level.value for level in Level] == ["easy", "normal", "hard", "expert"]
    assert Level("hard") is Level.HARD and Level.HARD == "hard" and play_of("expert") is PLAYS[Level.EXPERT]
    with pytest.raises(ValueError, match="unknown level 'master': choose one of easy, normal, hard, expert"):
        play_of("master")


def test_the_table_says_what_the_levels_do():
    easy, normal, hard, top = (PLAYS[level] for level in Level)
    assert not easy.mixed and all(p.mixed for p in (normal, hard, top))  # only the easy Goryō plays unmixed
    assert normal.board_only and not any(p.board_only for p in (easy, hard, top))
    assert (hard.judges, top.judges, top.two_hunters, hard.two_hunters) == (True, True, True, False)
    assert top.expert_model and not hard.expert_model and hard.depth == top.depth > normal.depth
    assert top.playouts == expert.CANDIDATES > hard.playouts
    assert ai.budget_for(Level.HARD, 3) == ai.budget_for("hard", 3) == ai.Budget(hard.simulations, 3)
    assert ai.agent(Side.SAMURAI, "normal").level is Level.NORMAL  # a word given is kept as its level
