"""A finished match's review: how far each Samurai action narrowed where she could be, what would have
narrowed her most, and how surprising her plan was to the hard Samurai.

Counts are the deduction aid's (``belief``: her paths consistent with everything public). The best action
is the legal investigation leaving the fewest paths in expectation, each consistent path counted alike and
its answer set by the path (yes on it, no off it); a yes off a path still fits it while her False Trail is
unplaced, exactly as ``belief`` counts after a yes. Her plan's surprise is how many consistent paths the
hard Samurai's model (``agents.samurai_model``) found likelier than the one she walked, as the Discovery
came. Pure: the action log in, numbers out; the words and the chart are made where they are shown.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules import (
    Action,
    EndSamuraiTurn,
    GameState,
    Move,
    ObjectType,
    Phase,
    Plan,
    PublicView,
    Search,
    Sniff,
    Space,
    Undo,
    action_from_dict,
    action_to_dict,
    apply,
    legal_samurai_actions,
    parse_space,
    public_view,
    space_name,
)
from rules.events import SpiritCaptured, TokenDrawn
from rules.samurai_turn import investigated_space

from . import opponent
from .agents import samurai_model
from .belief import Belief, belief

MODEL_LEVEL = "hard"  # whose model of her judges how surprising her plan was


@dataclass(frozen=True, slots=True)
class Option:
    """A Samurai action and the paths it leaves in expectation."""

    action: Move | Search | Sniff
    expected: float


@dataclass(frozen=True, slots=True)
class StepReview:
    """One action of a Samurai turn: her consistent paths before and after it, and the best one there was."""

    action: Move | Search | Sniff | Undo
    before: int
    after: int
    expected: float  # what the action left in expectation (``before`` for a move or an undo)
    best: Option | None  # the legal investigation leaving fewest in expectation; None when none was left


@dataclass(frozen=True, slots=True)
class TurnReview:
    round: int
    total: int  # the paths she could choose from this round
    steps: tuple[StepReview, ...]
    at_discovery: int  # consistent paths when the turn ended (the last ``after``, or ``total``)
    her_path: tuple[Space, ...] | None  # revealed at the Discovery; None when the match ended before it
    more_likely: int | None  # consistent paths the hard Samurai found likelier than hers
    captures: int  # spirit tokens flipped at the Discovery
    sealed: tuple[ObjectType, ...]  # types sealed at the Discovery


@dataclass(frozen=True, slots=True)
class Review:
    turns: tuple[TurnReview, ...]


def expected_left(known: Belief, space: Space, false_trail_available: bool) -> float:
    """Her consistent paths left, in expectation, once ``space`` is investigated (see the module's note)."""
    total = known.path_count
    if total == 0:
        return 0.0
    bit = 1 << space
    crossing = sum(1 for p in known.possible if p.mask & bit)
    # A yes off a path still fits it when her False Trail could lie there (unplaced, and not already forced).
    lying = sum(1 for p in known.possible if not p.mask & bit and p.forced_false_trail is None) \
        if false_trail_available else 0
    return (crossing * (crossing + lying) + (total - crossing) ** 2) / total


def best_option(state: GameState, view: PublicView, known: Belief) -> Option | None:
    """The legal investigation leaving fewest paths in expectation (ties: the first the rules list)."""
    best: Option | None = None
    for action in legal_samurai_actions(state):
        if isinstance(action, Move):
            continue
        expected = expected_left(known, investigated_space(state, action), view.false_trail_available)
        if best is None or expected < best.expected - 1e-9:
            best = Option(action, expected)
    return best


def review(initial: GameState, actions: Sequence[Action]) -> Review:
    """The review of the match ``actions`` play from ``initial`` (usually finished; a turn cut short counts too)."""
    turns: list[TurnReview] = []
    views: list[PublicView] = []  # the public history, for the model's evidence of her earlier rounds
    state = initial
    steps: list[StepReview] = []
    planned: PublicView | None = None
    for action in actions:
        if isinstance(action, (Move, Search, Sniff, Undo)) and state.phase is Phase.SAMURAI_TURN:
            view = public_view(state)
            known = belief(view)
            after_state = apply(state, action).state
            after = belief(public_view(after_state)).path_count
            expected = float(known.path_count)
            if isinstance(action, (Search, Sniff)):
                expected = expected_left(known, investigated_space(state, action), view.false_trail_available)
            steps.append(StepReview(action, known.path_count, after, expected, best_option(state, view, known)))
            state = after_state
        elif isinstance(action, Plan):
            state = apply(state, action).state
            planned = public_view(state)
            steps = []
        elif state.phase is Phase.SAMURAI_TURN and planned is not None:  # the turn ends: a Discovery, or the match
            turns.append(_turn(state, action, planned, steps, views))
            state = apply(state, action).state
        else:
            state = apply(state, action).state
        views.append(public_view(state))
    return Review(tuple(turns))


def _turn(state: GameState, ending: Action, planned: PublicView, steps: list[StepReview],
          history: list[PublicView]) -> TurnReview:
    view = public_view(state)
    known = belief(view)
    total = belief(planned).path_count
    if not isinstance(ending, EndSamuraiTurn) or state.plan is None:
        return TurnReview(view.round, total, tuple(steps), known.path_count, None, None, 0, ())
    path = state.plan.path
    weights = samurai_model(MODEL_LEVEL, view, planned.samurai_spaces, opponent.evidence_from(history))
    hers = next((p.weight for p, possible in zip(weights, known.possible, strict=True)
                 if possible.path == path), None)
    more_likely = None if hers is None else sum(1 for p in weights if p.weight > hers * (1 + 1e-9))
    events = apply(state, ending).events
    captures = sum(e.tokens_flipped for e in events if isinstance(e, SpiritCaptured))
    sealed = tuple(e.object_type for e in events if isinstance(e, TokenDrawn))
    return TurnReview(view.round, total, tuple(steps), known.path_count, path, more_likely, captures, sealed)


# --- kept as JSON (the bot stores a review once computed) ----------------------------------------------

REVIEW_FORMAT = 1


def review_to_json(made: Review) -> str:
    return json.dumps({"format": REVIEW_FORMAT, "turns": [_turn_dict(t) for t in made.turns]},
                      separators=(",", ":"))


def review_from_json(text: str) -> Review:
    data = json.loads(text)
    if data.get("format") != REVIEW_FORMAT:
        raise ValueError(f"unsupported review format {data.get('format')!r}")
    return Review(tuple(_turn_from(t) for t in data["turns"]))


def _turn_dict(turn: TurnReview) -> dict[str, Any]:
    return {
        "round": turn.round, "total": turn.total, "at_discovery": turn.at_discovery,
        "her_path": None if turn.her_path is None else [space_name(s) for s in turn.her_path],
        "more_likely": turn.more_likely, "captures": turn.captures, "sealed": [t.value for t in turn.sealed],
        "steps": [
            {"action": action_to_dict(s.action), "before": s.before, "after": s.after, "expected": s.expected,
             "best": None if s.best is None else {"action": action_to_dict(s.best.action),
                                                  "expected": s.best.expected}}
            for s in turn.steps
        ],
    }


def _turn_from(data: dict[str, Any]) -> TurnReview:
    steps = tuple(
        StepReview(_samurai_action(s["action"]), int(s["before"]), int(s["after"]), float(s["expected"]),
                   None if s["best"] is None else Option(_investigation(s["best"]["action"]),
                                                         float(s["best"]["expected"])))
        for s in data["steps"]
    )
    path = None if data["her_path"] is None else tuple(parse_space(s) for s in data["her_path"])
    return TurnReview(int(data["round"]), int(data["total"]), steps, int(data["at_discovery"]), path,
                      data["more_likely"], int(data["captures"]), tuple(ObjectType(t) for t in data["sealed"]))


def _samurai_action(data: dict[str, Any]) -> Move | Search | Sniff | Undo:
    action = action_from_dict(data)
    if not isinstance(action, (Move, Search, Sniff, Undo)):
        raise TypeError(f"not a Samurai action: {data!r}")
    return action


def _investigation(data: dict[str, Any]) -> Move | Search | Sniff:
    action = _samurai_action(data)
    if isinstance(action, Undo):
        raise TypeError(f"not an investigation: {data!r}")
    return action
