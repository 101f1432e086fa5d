"""Her board marks exactly the objects a legal plan can end on this turn."""

from __future__ import annotations

import dataclasses

import rules
from rules.goryo_turn import PLAIN_LENGTH
from rules.playout import random_match

from . import scenes


def targets_of_legal_paths(state: rules.GameState) -> tuple[set, set]:
    plain = {p[-1] for p in rules.legal_paths(state) if len(p) == PLAIN_LENGTH}
    sprint = {p[-1] for p in rules.legal_paths(state) if len(p) > PLAIN_LENGTH} - plain
    return plain, sprint


def test_marked_targets_match_the_engines_legal_paths():
    states = [scenes.round_two(), dataclasses.replace(scenes.round_two(), sprint_available=False)]
    states += [s for seed in (31, 32) for _, s in random_match(seed) if s.phase is rules.Phase.GORYO_TURN]
    for state in states:
        plain, sprint_only = rules.goryo_view(state).reachable_targets
        assert (set(plain), set(sprint_only)) == targets_of_legal_paths(state)
        assert plain  # a Goryō turn always has a legal plan, or the match would be over


def test_nothing_is_marked_outside_her_turn():
    assert rules.goryo_view(scenes.mid_samurai_turn()).reachable_targets == ((), ())
