"""The store's errors, and how a row of either backend becomes a record (``bot.records.matches``).

Both backends hand back the same records: rows are read by column name (``Row`` and
``asyncpg.Record`` alike), and times are stored as ISO-8601 UTC text on both."""

from __future__ import annotations

from dataclasses import fields
from datetime import UTC, datetime
from typing import Any

import rules
from ai.levels import Level

from ..records.matches import ChallengeRecord, MatchRecord, Role

# A row of either backend: Row or asyncpg.Record, both read by column name and by position.
Row = Any


class ChannelBusyError(Exception):
    """The channel already has an active match or a pending challenge.

    ``kind`` says which: "match" or "challenge".
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        what = "a match is being played" if kind == "match" else "a challenge is waiting for an answer"
        super().__init__(f"channel busy: {what} there")


class StaleMatchError(Exception):
    """The match moved on since it was loaded (another action got there first)."""


class MatchClosedError(StaleMatchError):
    """The match is no longer active (finished or damaged), so it takes no more actions."""


class PreviewCancelledError(StaleMatchError):
    """The plan came from a preview the Goryō cancelled (on whichever process) before it was committed."""


# --- time -------------------------------------------------------------------


def utc_text(moment: datetime) -> str:
    if moment.tzinfo is None or moment.utcoffset() is None:
        # A naive time is ambiguous; refusing beats silently storing local time.
        raise ValueError("timestamps must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def time_of(text: str) -> datetime:
    return datetime.fromisoformat(text)


def time_or_none(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


MATCH_COLUMNS = (
    "id, guild_id, channel_id, goryo_id, samurai_id, state, status, version, "
    "created_at, turn_started_at, reminded_at, finished_at, damage_reason, live_board_round, live_board_message_id,"
    " ai_side, ai_level, ai_seed, "
    "assist, server_language, goryo_language"
)
CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, challenger_id, opponent_id, challenger_role, advanced, created_at, message_id, assist,"
    " server_language, challenger_language"
)


def match_from_row(row: Row) -> MatchRecord:
    return MatchRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        goryo_id=row["goryo_id"],
        samurai_id=row["samurai_id"],
        state=rules.from_json(row["state"]),
        status=row["status"],
        version=row["version"],
        created_at=time_of(row["created_at"]),
        turn_started_at=time_of(row["turn_started_at"]),
        reminded_at=time_or_none(row["reminded_at"]),
        finished_at=time_or_none(row["finished_at"]),
        damage_reason=row["damage_reason"],
        live_board_round=row["live_board_round"],
        live_board_message_id=row["live_board_message_id"],
        ai_side=rules.Side(row["ai_side"]) if row["ai_side"] is not None else None,
        ai_level=Level(row["ai_level"]) if row["ai_level"] is not None else None,
        ai_seed=row["ai_seed"],
        assist=bool(row["assist"]),
        server_language=row["server_language"],
        goryo_language=row["goryo_language"],
    )


def challenge_from_row(row: Row) -> ChallengeRecord:
    return ChallengeRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        challenger_role=Role(row["challenger_role"]),
        advanced=bool(row["advanced"]),
        created_at=time_of(row["created_at"]),
        message_id=row["message_id"],
        assist=bool(row["assist"]),
        server_language=row["server_language"],
        challenger_language=row["challenger_language"],
    )


def side_text(side: rules.Side | None) -> str | None:
    return None if side is None else side.value


def busy_kind(error: Exception) -> str | None:
    """Which 'channel busy' rule the database enforced, or None for any other constraint.

    SQLite names the column, PostgreSQL the index; the triggers' words are the same in both.
    """
    text = str(error)
    if any(sign in text for sign in ("channel busy: active match", "matches.channel_id",
                                     "matches_one_active_per_channel")):
        return "match"
    if any(sign in text for sign in ("channel busy: pending challenge", "challenges.channel_id",
                                     "challenges_one_per_channel")):
        return "challenge"
    return None


def state_differences(replayed: rules.GameState, stored: rules.GameState) -> list[str]:
    # Field names only: the values may be hidden information and the reason may be shown.
    return [f.name for f in fields(replayed) if getattr(replayed, f.name) != getattr(stored, f.name)]


