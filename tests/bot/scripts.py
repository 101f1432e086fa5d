"""Whole matches to replay through the bot: the rules' own players pick the moves.

``scripted_match(ending)`` finds the first seed whose match, played by the
hunting Samurai of ``tests/rules/hunter.py``, ends that way; the bot, seeded with
the same GORYO_SEED, then replays exactly those actions.
"""

from __future__ import annotations

from functools import cache

import rules
from tests.rules.hunter import play_out


@cache
def scripted_match(ending: rules.Termination) -> tuple[int, tuple[rules.Action, ...]]:
    for seed in range(5000):
        history = play_out(seed)
        if history[-1][1].outcome.termination is ending:
            return seed, tuple(action for action, _ in history)
    raise LookupError(f"no seed below 5000 ends with {ending}")
