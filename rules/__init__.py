"""Goryō's rules as a pure engine: no I/O, no asyncio, no Discord, no drawing.

    state = rules.new_game(seed=7)
    state, events = rules.apply(state, rules.ChooseStart(rules.parse_space("C1")))
    plans = list(rules.legal_plans(state))
"""

from .actions import (
    Abort,
    Action,
    ChooseStart,
    EndSamuraiTurn,
    Move,
    Plan,
    Resign,
    SamuraiAction,
    Search,
    Sniff,
    TimeOut,
    Undo,
)
from .errors import GoryoError, IllegalActionError, InvalidNotationError
from .events import Event
from .game import Step, apply, is_legal, new_game, refusal, samurai_named, undo_refusal
from .goryo_turn import answer, has_legal_plan, legal_paths, legal_plans, legal_targets, open_target
from .palace import (
    NEIGHBOURS,
    OBJECT_AT,
    OBJECT_SPACES,
    OBJECT_TYPES,
    SPACES,
    SPACES_OF_TYPE,
    ObjectType,
    Space,
    are_adjacent,
    object_on,
    parse_plan,
    parse_space,
    space_name,
)
from .pieces import InvestigationKind, Outcome, Phase, Samurai, Side, Termination, TileState
from .reasons import Reason
from .samurai_turn import legal_samurai_actions
from .serialization import action_from_dict, action_to_dict, from_json, to_json
from .state import GameState, MoveMade, PawPrint, Reveal, SamuraiCall
from .views import GoryoView, PublicView, goryo_view, public_view

__all__ = [
    "NEIGHBOURS",
    "OBJECT_AT",
    "OBJECT_SPACES",
    "OBJECT_TYPES",
    "SPACES",
    "SPACES_OF_TYPE",
    "Abort",
    "Action",
    "ChooseStart",
    "EndSamuraiTurn",
    "Event",
    "GameState",
    "GoryoError",
    "GoryoView",
    "IllegalActionError",
    "InvalidNotationError",
    "InvestigationKind",
    "Move",
    "MoveMade",
    "ObjectType",
    "Outcome",
    "PawPrint",
    "Phase",
    "Plan",
    "PublicView",
    "Reason",
    "Resign",
    "Reveal",
    "Samurai",
    "SamuraiAction",
    "SamuraiCall",
    "Search",
    "Side",
    "Sniff",
    "Space",
    "Step",
    "Termination",
    "TileState",
    "TimeOut",
    "Undo",
    "action_from_dict",
    "action_to_dict",
    "answer",
    "apply",
    "are_adjacent",
    "from_json",
    "goryo_view",
    "has_legal_plan",
    "is_legal",
    "legal_paths",
    "legal_plans",
    "legal_samurai_actions",
    "legal_targets",
    "new_game",
    "object_on",
    "open_target",
    "parse_plan",
    "parse_space",
    "public_view",
    "refusal",
    "samurai_named",
    "space_name",
    "to_json",
    "undo_refusal",
]
