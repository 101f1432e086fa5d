"""One decision of the bot's agent: the work the thinking processes run for its matches.

Apart from ``aiplay`` so that a thinking process, which imports the module of the function it is handed, loads
``rules`` and ``ai`` only, not discord.py and the rest of the bot (about 50 MB a process).
"""

from __future__ import annotations

import ai
import rules
from ai.levels import Level
from ai.opponent import Evidence


def decide(
    side: rules.Side, level: Level, view: rules.PublicView | rules.GoryoView, seed: int,
    planned_against: tuple[tuple[rules.Samurai, rules.Space], ...] | None = None,
    evidence: Evidence = (),
) -> rules.Action:
    """One decision of the bot's agent (CPU-bound: run it in a worker).

    ``planned_against``: for its Samurai, where they stood when she planned (``samurai_when_planned``);
    ``evidence``: her discovered rounds so far (``hider_evidence``).
    """
    if side is rules.Side.SAMURAI:
        samurai = ai.agent(side, level)
        assert isinstance(samurai, ai.SamuraiAgent) and isinstance(view, rules.PublicView)  # see view_for
        return samurai.choose(view, ai.budget_for(level, seed), planned_against, evidence)
    return ai.agent(side, level).choose(view, ai.budget_for(level, seed))
