"""Issue 37: the faster engine reaches exactly the states the engine before it reached.

``replays.json`` holds seeded random matches recorded once from the engine as it stood before issue 37
(``python -m tests.rules.record_replays``): every action, what each changed in the state, and the events told.
Issue 34 added one field since, ``takeable`` (the turn's moves that can be taken back): every other field is
compared as recorded, and it by its rule.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import rules
from rules.playout import random_match
from rules.serialization import action_from_dict, action_to_dict, state_from_dict, state_to_dict

from .record_replays import REPLAYS

MATCHES = json.loads(REPLAYS.read_text(encoding="utf-8"))


def recorded(state: rules.GameState) -> dict:
    """The state as the fixture recorded it: every field but the one issue 34 added since."""
    return {key: value for key, value in state_to_dict(state).items() if key != "takeable"}


@pytest.mark.parametrize("match", MATCHES, ids=lambda m: f"seed{m['seed']}")
def test_every_recorded_state_and_event_is_reached_again(match):
    state = rules.new_game(match["seed"], advanced=match["advanced"])
    expected = match["start"]
    assert recorded(state) == expected
    assert state == state_from_dict(expected)
    for number, step in enumerate(match["steps"]):
        action = action_from_dict(step["action"])
        result = rules.apply(state, action)
        expected = {**expected, **step["changed"]}
        assert recorded(result.state) == expected, f"step {number}"
        assert dataclasses.replace(result.state, takeable=()) == state_from_dict(expected), f"step {number}"
        assert [repr(e) for e in result.events] == step["events"], f"step {number}"
        # A move can be taken back until an answer or the turn's end; the Undo is not among random play's actions.
        taken = len(state.takeable) + 1 if isinstance(action, rules.Move) else 0
        assert len(result.state.takeable) == taken, f"step {number}"
        state = result.state
    assert state.is_over


@pytest.mark.parametrize("match", MATCHES, ids=lambda m: f"seed{m['seed']}")
def test_random_play_chooses_the_recorded_actions(match):
    played = random_match(match["seed"], advanced=match["advanced"])
    assert [action_to_dict(a) for a, _ in played] == [s["action"] for s in match["steps"]]
