"""The store's records and errors, and how a row of either backend becomes a record.

Both backends hand back the same records: rows are read by column name (``Row`` and
``asyncpg.Record`` alike), and times are stored as ISO-8601 UTC text on both.
Hidden information (the bound object, the bag, an undiscovered plan) lives in the stored
state and the action log; the records keep them out of their repr.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta
from typing import Any

import rules

# A row of either backend: Row or asyncpg.Record, both read by column name and by position.
Row = Any

CHALLENGER_ROLES = ("goryo", "samurai", "random")
ACTIVE, FINISHED, DAMAGED = "active", "finished", "damaged"


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


# --- records ----------------------------------------------------------------


@dataclass(frozen=True)
class MatchRecord:
    id: int
    guild_id: int | None
    channel_id: int
    goryo_id: int
    samurai_id: int
    state: rules.GameState = field(repr=False)  # holds the bound object and the plan
    status: str  # "active" | "finished" | "damaged"
    version: int  # number of actions applied
    created_at: datetime
    turn_started_at: datetime  # when the side now to move got the turn
    reminded_at: datetime | None  # half-time reminder sent for this turn
    finished_at: datetime | None = None
    damage_reason: str | None = None
    live_board_round: int | None = None  # the Samurai turn whose latest board message this is
    live_board_message_id: int | None = None
    ai_side: rules.Side | None = None  # the side the bot itself plays (a match against the AI), else None
    ai_level: str | None = None
    ai_seed: int | None = None  # each AI decision's seed derives from it and the match version
    assist: bool = False  # the public deduction aid is shown (chosen with the challenge)
    server_language: str = "en"  # what the match says in its channel (``locales``), as its server last showed
    goryo_language: str = "en"  # what she is told in her DMs, as her last interaction showed

    @property
    def is_active(self) -> bool:
        return self.status == ACTIVE

    def player_side(self, user_id: int) -> rules.Side | None:
        """The side ``user_id`` plays; someone playing both sides plays the side to move."""
        if user_id == self.goryo_id and user_id == self.samurai_id:
            return self.state.to_move or rules.Side.GORYO
        if user_id == self.goryo_id:
            return rules.Side.GORYO
        if user_id == self.samurai_id:
            return rules.Side.SAMURAI
        return None

    def player_of(self, side: rules.Side) -> int:
        return self.goryo_id if side is rules.Side.GORYO else self.samurai_id

    def turn_deadline(self, limit: timedelta) -> datetime | None:
        """When the side to move runs out of time; None once the match is over."""
        return None if self.state.to_move is None else self.turn_started_at + limit


@dataclass(frozen=True)
class ChallengeRecord:
    id: int
    guild_id: int | None
    channel_id: int
    challenger_id: int
    opponent_id: int
    challenger_role: str  # "goryo" | "samurai" | "random"
    advanced: bool
    created_at: datetime
    message_id: int | None
    assist: bool = False
    server_language: str = "en"  # the challenge's words and the match's, in its channel
    challenger_language: str = "en"  # hers, if the challenger becomes the Goryō


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    actor_id: int
    action: rules.Action = field(repr=False)  # a Plan is secret until its discovery
    at: datetime


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
        ai_level=row["ai_level"],
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
        challenger_role=row["challenger_role"],
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


