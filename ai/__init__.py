"""Computer opponents for Goryō, and the Samurai's exact belief about her plan.

Built on ``rules`` alone: no I/O, no asyncio, no Discord, no drawing.

    known = ai.belief(rules.public_view(state))      # what the Samurai can deduce
    samurai = ai.agent(rules.Side.SAMURAI, "hard")
    action = samurai.choose(rules.public_view(state), ai.budget_for("hard", seed=7))
"""

from .agents import Agent, Budget, GoryoAgent, SamuraiAgent, agent, budget_for
from .belief import Belief, PossiblePath, belief, best_investigation, information_gain
from .levels import LEVELS, PLAYS, Level, Play, play_of

__all__ = [
    "LEVELS", "PLAYS", "Agent", "Belief", "Budget", "GoryoAgent", "Level", "Play", "PossiblePath", "SamuraiAgent",
    "agent", "belief", "best_investigation", "budget_for", "information_gain", "play_of",
]
