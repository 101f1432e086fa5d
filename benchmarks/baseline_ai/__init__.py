"""A frozen copy of ``ai/`` as it stood before issue 25: the baseline ``bench_ai.py`` measures against.

Do not edit: its figures are only worth comparing if it stays as it was. It is
reachable from the benchmark only (level names ``baseline-easy`` and so on),
never from the bot.

Computer opponents for Goryō, and the Samurai's exact belief about her plan.

Built on ``rules`` alone: no I/O, no asyncio, no Discord, no drawing.

    known = ai.belief(rules.public_view(state))      # what the Samurai can deduce
    samurai = ai.agent(rules.Side.SAMURAI, "hard")
    action = samurai.choose(rules.public_view(state), ai.budget_for("hard", seed=7))
"""

from .agents import LEVELS, Agent, Budget, GoryoAgent, SamuraiAgent, agent, budget_for
from .belief import Belief, PossiblePath, belief, best_investigation, information_gain

__all__ = [
    "LEVELS", "Agent", "Belief", "Budget", "GoryoAgent", "PossiblePath", "SamuraiAgent", "agent", "belief",
    "best_investigation", "budget_for", "information_gain",
]
