"""A hint asked for in a match (issue 44), as its history keeps it: when (the match's version), for whom, what."""

from __future__ import annotations

from dataclasses import dataclass

import rules

from .matches import MatchRecord


@dataclass(frozen=True)
class HintNote:
    version: int  # the actions applied when it was asked: it stands before action ``version`` in the record
    side: rules.Side
    action: rules.Action
    asked_by: int


def hints_allowed(ai_side: rules.Side | None, assist: bool) -> bool:
    """Hints are for matches against the bot and matches with the deduction aid (both players accepted it)."""
    return ai_side is not None or assist


def allows_hints(record: MatchRecord) -> bool:
    return hints_allowed(record.ai_side, record.assist)


def record_notes(hints: list[HintNote]) -> dict[int, list[str]]:
    """The hints as the record's comments, each before the action it was asked for."""
    from rules.record.notation import action_line

    notes: dict[int, list[str]] = {}
    for hint in hints:
        who = "the Goryō" if hint.side is rules.Side.GORYO else "the Samurai"
        notes.setdefault(hint.version, []).append(f"hint for {who}: {action_line(hint.action)}")
    return notes
