"""A finished match as the plain-text record players keep (``rules.record``), with its descriptive tags.

Pure: the names are looked up by the command that asks, and handed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import rules
from rules.record import format_record

from .matches import LoggedAction, MatchRecord


@dataclass(frozen=True)
class RecordNames:
    """What the record calls the places and the people (as Discord named them when it was asked for)."""

    server: str
    channel: str
    goryo: str
    samurai: str


def record_tags(match: MatchRecord, names: RecordNames) -> dict[str, str]:
    return {
        "Event": f"Goryō match {match.id}",
        "Site": names.server,
        "Channel": names.channel,
        "Date": match.created_at.strftime("%Y.%m.%d"),
        "Goryo": names.goryo,
        "Samurai": names.samurai,
        "Level": match.ai_level or "-",  # the bot's level, in a match against it
        "Aid": "on" if match.assist else "off",
    }


def record_text(match: MatchRecord, initial: rules.GameState, logged: Sequence[LoggedAction], names: RecordNames,
                notes: dict[int, list[str]] | None = None) -> str:
    """The record of ``match`` (finished) from its setup and its action log; ``notes`` as ``format_record``'s."""
    return format_record(initial, [entry.action for entry in logged], record_tags(match, names), notes)


def record_filename(match_id: int) -> str:
    return f"goryo-match-{match_id}.txt"
