"""A hint (issue 44): what the hard level would play now for the side asking, and the facts behind one line of why.

The Samurai's hint is the hard Samurai's choice from the public view alone (with where they stood when she
planned, and her discovered rounds, as the bot's own Samurai get them); the Goryō's is the hard Goryō's from
her own view. Pure, and a function of its inputs and seed: the same hint when asked again.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import (
    SPACES,
    Action,
    ChooseStart,
    GameState,
    Move,
    Phase,
    PublicView,
    Search,
    Side,
    Sniff,
    Space,
    goryo_view,
    is_legal,
    legal_paths,
)

from .agents import agent, budget_for
from .belief import belief
from .geometry import DISTANCE
from .opponent import Evidence
from .samurai import SamuraiSpaces

LEVEL = "hard"
NEAR = 2  # a move's why: her paths ending within this many steps of where it leads (a turn's two moves)


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action; ``total`` and ``share`` are the numbers its line of why names.

    For an investigation: her consistent paths, and how many pass the space; for a move: her consistent paths,
    and how many end within ``NEAR`` steps of the space reached; for her plan: her legal paths (``share`` 0); for her
    start: the spaces she may start on (``share`` 0); for ending the turn: her consistent paths.
    """

    action: Action
    total: int
    share: int = 0


def samurai_hint(view: PublicView, seed: int, planned_against: SamuraiSpaces | None = None,
                 evidence: Evidence = ()) -> Hint:
    """The hard Samurai's next action for the Samurai on turn, from everything public."""
    action = agent(Side.SAMURAI, LEVEL).choose(view, budget_for(LEVEL, seed), planned_against, evidence)
    known = belief(view)
    if isinstance(action, (Search, Sniff)):
        space = dict(view.samurai_spaces)[action.samurai] if isinstance(action, Search) else action.space
        return Hint(action, known.path_count, known.crossing(space))
    if isinstance(action, Move):
        near = sum(1 for p in known.possible if DISTANCE[action.to][p.target] <= NEAR)
        return Hint(action, known.path_count, near)
    return Hint(action, known.path_count)


def goryo_hint(state: GameState, seed: int) -> Hint:
    """The hard Goryō's start or plan for her, from her own view (the state is hers to read: the hint is hers)."""
    action = agent(Side.GORYO, LEVEL).choose(goryo_view(state), budget_for(LEVEL, seed))
    if state.phase is Phase.SETUP:
        return Hint(action, sum(1 for s in SPACES if is_legal(state, ChooseStart(Space(s)))))
    return Hint(action, sum(1 for _ in legal_paths(state)))
