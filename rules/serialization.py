"""States and actions to JSON and back, exactly, with a format version."""

from __future__ import annotations

import json
from typing import Any

from .actions import Abort, Action, ChooseStart, EndSamuraiTurn, Move, Plan, Resign, Search, Sniff, TimeOut, Undo
from .errors import GoryoError
from .palace import ObjectType, Space, parse_space, space_name
from .pieces import Outcome, Phase, Samurai, Side, Termination
from .state import SAMURAI_ORDER, GameState, MoveMade, PawPrint, Reveal, SamuraiCall

FORMAT_VERSION = 1


class UnsupportedFormatError(GoryoError):
    pass


def _space(space: Space | None) -> str | None:
    return None if space is None else space_name(space)


def _parse_optional_space(text: str | None) -> Space | None:
    return None if text is None else parse_space(text)


def _plan_dict(plan: Plan) -> dict[str, Any]:
    return {"path": [space_name(s) for s in plan.path], "false_trail": _space(plan.false_trail)}


def _plan_from(data: dict[str, Any]) -> Plan:
    return Plan(tuple(parse_space(s) for s in data["path"]), _parse_optional_space(data["false_trail"]))


def _prints_dict(prints: tuple[PawPrint, ...]) -> list[dict[str, Any]]:
    return [{"space": space_name(p.space), "green": p.green} for p in prints]


def _prints_from(data: list[dict[str, Any]]) -> tuple[PawPrint, ...]:
    return tuple(PawPrint(parse_space(p["space"]), bool(p["green"])) for p in data)


def _calls_dict(calls: tuple[SamuraiCall, ...]) -> list[dict[str, Any]]:
    return [{"samurai": c.samurai.value, "moves": c.moves, "searches": c.searches, "sniffs": c.sniffs} for c in calls]


def _calls_from(data: list[dict[str, Any]]) -> tuple[SamuraiCall, ...]:
    return tuple(
        SamuraiCall(Samurai(c["samurai"]), int(c["moves"]), int(c["searches"]), int(c["sniffs"])) for c in data
    )


def state_to_dict(state: GameState) -> dict[str, Any]:
    reveal = state.last_reveal
    outcome = state.outcome
    return {
        "format": FORMAT_VERSION,
        "advanced": state.advanced,
        "bound": state.bound.value,
        "bag": [t.value for t in state.bag],
        "first_type": state.first_type.value,
        "phase": state.phase.value,
        "round": state.round,
        "goryo_space": _space(state.goryo_space),
        "samurai": {s.value: space_name(at) for s, at in zip(SAMURAI_ORDER, state.samurai_spaces, strict=True)},
        "broken": [space_name(s) for s in state.broken],
        "drawn": [t.value for t in state.drawn],
        "mallet": state.mallet,
        "spirits": state.spirits,
        "sprint_available": state.sprint_available,
        "false_trail_available": state.false_trail_available,
        "plan": None if state.plan is None else _plan_dict(state.plan),
        "calls": _calls_dict(state.calls),
        "paw_prints": _prints_dict(state.paw_prints),
        "last_reveal": None
        if reveal is None
        else {
            "round": reveal.round,
            "path": [space_name(s) for s in reveal.path],
            "false_trail": _space(reveal.false_trail),
            "paw_prints": _prints_dict(reveal.paw_prints),
        },
        "outcome": None
        if outcome is None
        else {
            "termination": outcome.termination.value,
            "winner": None if outcome.winner is None else outcome.winner.value,
        },
        "takeable": [
            {"samurai": m.samurai.value, "origin": space_name(m.origin), "calls_before": _calls_dict(m.calls_before)}
            for m in state.takeable
        ],
    }


def state_from_dict(data: dict[str, Any]) -> GameState:
    if data.get("format") != FORMAT_VERSION:
        raise UnsupportedFormatError(f"unsupported state format {data.get('format')!r}")
    reveal = data["last_reveal"]
    outcome = data["outcome"]
    return GameState(
        advanced=bool(data["advanced"]),
        bound=ObjectType(data["bound"]),
        bag=tuple(ObjectType(t) for t in data["bag"]),
        first_type=ObjectType(data["first_type"]),
        phase=Phase(data["phase"]),
        round=int(data["round"]),
        goryo_space=_parse_optional_space(data["goryo_space"]),
        samurai_spaces=tuple(parse_space(data["samurai"][s.value]) for s in SAMURAI_ORDER),
        broken=tuple(parse_space(s) for s in data["broken"]),
        drawn=tuple(ObjectType(t) for t in data["drawn"]),
        mallet=int(data["mallet"]),
        spirits=int(data["spirits"]),
        sprint_available=bool(data["sprint_available"]),
        false_trail_available=bool(data["false_trail_available"]),
        plan=None if data["plan"] is None else _plan_from(data["plan"]),
        calls=_calls_from(data["calls"]),
        paw_prints=_prints_from(data["paw_prints"]),
        last_reveal=None
        if reveal is None
        else Reveal(
            int(reveal["round"]),
            tuple(parse_space(s) for s in reveal["path"]),
            _parse_optional_space(reveal["false_trail"]),
            _prints_from(reveal["paw_prints"]),
        ),
        outcome=None
        if outcome is None
        else Outcome(
            Termination(outcome["termination"]),
            None if outcome["winner"] is None else Side(outcome["winner"]),
        ),
        # States stored before moves could be taken back have none to take back.
        takeable=tuple(
            MoveMade(Samurai(m["samurai"]), parse_space(m["origin"]), _calls_from(m["calls_before"]))
            for m in data.get("takeable", ())
        ),
    )


def to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), separators=(",", ":"), ensure_ascii=False)


def from_json(text: str) -> GameState:
    return state_from_dict(json.loads(text))


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, ChooseStart):
        return {"type": "start", "space": space_name(action.space)}
    if isinstance(action, Plan):
        return {"type": "plan", **_plan_dict(action)}
    if isinstance(action, Move):
        return {"type": "move", "samurai": action.samurai.value, "to": space_name(action.to)}
    if isinstance(action, Search):
        return {"type": "search", "samurai": action.samurai.value}
    if isinstance(action, Sniff):
        return {"type": "sniff", "samurai": action.samurai.value, "space": space_name(action.space)}
    if isinstance(action, EndSamuraiTurn):
        return {"type": "end"}
    if isinstance(action, Undo):
        return {"type": "undo"}
    if isinstance(action, Resign):
        return {"type": "resign", "side": action.side.value}
    if isinstance(action, TimeOut):
        return {"type": "timeout", "side": action.side.value}
    if isinstance(action, Abort):
        return {"type": "abort"}
    raise TypeError(f"not an action: {action!r}")


def action_from_dict(data: dict[str, Any]) -> Action:
    kind = data["type"]
    if kind == "start":
        return ChooseStart(parse_space(data["space"]))
    if kind == "plan":
        return _plan_from(data)
    if kind == "move":
        return Move(Samurai(data["samurai"]), parse_space(data["to"]))
    if kind == "search":
        return Search(Samurai(data["samurai"]))
    if kind == "sniff":
        return Sniff(Samurai(data["samurai"]), parse_space(data["space"]))
    if kind == "end":
        return EndSamuraiTurn()
    if kind == "undo":
        return Undo()
    if kind == "resign":
        return Resign(Side(data["side"]))
    if kind == "timeout":
        return TimeOut(Side(data["side"]))
    if kind == "abort":
        return Abort()
    raise UnsupportedFormatError(f"unknown action type {kind!r}")
