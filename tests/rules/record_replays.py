"""Record the seeded random matches that ``test_replays`` replays (issue 37).

    python -m tests.rules.record_replays

Run once, from the engine as it stood before issue 37 made it faster; the file is the proof that the faster
engine reaches the same states and tells the same events. Rerun it only after a deliberate change to the
rules, and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import rules
from rules.playout import random_match
from rules.serialization import action_to_dict, state_to_dict

REPLAYS = Path(__file__).with_name("replays.json")
SEEDS = range(16)  # odd seeds in advanced mode


def changed(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``after`` that differ from ``before``: each step stores only what it changed."""
    return {key: value for key, value in after.items() if before.get(key) != value}


def record() -> list[dict[str, Any]]:
    matches = []
    for seed in SEEDS:
        advanced = seed % 2 == 1
        state = rules.new_game(seed, advanced=advanced)
        before = state_to_dict(state)
        steps = []
        for action, expected in random_match(seed, advanced=advanced):
            step = rules.apply(state, action)
            assert step.state == expected
            after = state_to_dict(step.state)
            steps.append({"action": action_to_dict(action), "changed": changed(before, after),
                          "events": [repr(e) for e in step.events]})
            state, before = step.state, after
        matches.append({"seed": seed, "advanced": advanced,
                        "start": state_to_dict(rules.new_game(seed, advanced=advanced)),
                        "steps": steps})
    return matches


def main() -> None:
    text = json.dumps(record(), indent=None, separators=(",", ":"), ensure_ascii=False)
    REPLAYS.write_text(text.replace('{"action"', '\n{"action"') + "\n", encoding="utf-8")
    print(f"wrote {REPLAYS} ({len(text) // 1024} KB)")


if __name__ == "__main__":
    main()
