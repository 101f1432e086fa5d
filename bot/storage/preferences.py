"""What players and servers chose for themselves (issue 23): how a player hears that their turn has begun,
and each server's settings (kept as the changes made to them: who set what, when).

Records and SQL shared by both backends (``?`` parameters, ``ON CONFLICT`` upserts, which SQLite and
PostgreSQL both speak), and the store's methods on them (``PreferencesSql``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from ai.levels import Level

from .engine import Engine
from .records import utc_text

NoticeMode = Literal["mention", "dm", "off"]
NOTICE_MODES: tuple[NoticeMode, ...] = ("mention", "dm", "off")


@dataclass(frozen=True)
class TurnNotice:
    """How a player is told their turn has begun: a mention in the channel (the default), a DM, or nothing.

    ``language``: theirs when they chose (a DM speaks it); the Goryō's turn DMs are hers in every mode.
    """

    mode: NoticeMode = "mention"
    language: str = "en"


SET_NOTICE = (
    "INSERT INTO turn_notices (user_id, mode, language, changed_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, language = excluded.language,"
    " changed_at = excluded.changed_at"
)
GET_NOTICE = "SELECT mode, language FROM turn_notices WHERE user_id = ?"


def notice_from_row(row: Any) -> TurnNotice:
    return TurnNotice() if row is None else TurnNotice(row["mode"], row["language"])


# --- server settings -------------------------------------------------------------------------

SettingName = Literal["turn_limit", "assist", "threads", "max_level"]
SETTING_NAMES: tuple[SettingName, ...] = ("turn_limit", "assist", "threads", "max_level")


@dataclass(frozen=True)
class SettingChange:
    """One change to a server's settings: who set which setting to what, and when. ``value`` as stored (text)."""

    name: SettingName
    value: str
    changed_by: int
    changed_at: datetime


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings now: each one's newest change, or None where it was never set (the bot's default).

    ``turn_limit`` in seconds; ``assist``: whether matches may show the deduction aid (allowed by default);
    ``threads``: whether a match is played in a thread of its own (off by default); ``max_level``: the highest
    level members may challenge the bot at (None: any, the default).
    """

    changes: dict[str, SettingChange] = field(default_factory=dict)

    @property
    def turn_limit(self) -> float | None:
        change = self.changes.get("turn_limit")
        return None if change is None else float(change.value)

    @property
    def assist(self) -> bool:
        change = self.changes.get("assist")
        return change is None or change.value == "on"

    @property
    def threads(self) -> bool:
        """Whether each accepted challenge opens a thread for its match (off by default)."""
        change = self.changes.get("threads")
        return change is not None and change.value == "on"

    @property
    def max_level(self) -> Level | None:
        """The highest level of the bot its members may choose (``easy`` … ``expert``), None for no cap."""
        change = self.changes.get("max_level")
        return None if change is None else Level(change.value)


ADD_SETTING_CHANGE = (
    "INSERT INTO server_setting_changes (guild_id, name, value, changed_by, changed_at) VALUES (?, ?, ?, ?, ?)"
)
SETTING_CHANGES = (
    "SELECT name, value, changed_by, changed_at FROM server_setting_changes WHERE guild_id = ? ORDER BY changed_at, id"
)
# The limit a match started under: the newest change made before the match's start (a change at the very
# same instant may have come after it, and a setting never changes a running match).
TURN_LIMIT_AT = (
    "SELECT value FROM server_setting_changes WHERE guild_id = ? AND name = 'turn_limit' AND changed_at < ?"
    " ORDER BY changed_at DESC, id DESC LIMIT 1"
)
SHORTEST_TURN_LIMIT = (
    "SELECT MIN(CAST(value AS INTEGER)) AS shortest FROM server_setting_changes WHERE name = 'turn_limit'"
)


def settings_from_rows(rows: list[Any]) -> ServerSettings:
    changes = {}
    for row in rows:  # oldest first: the newest of each name wins
        changes[row["name"]] = SettingChange(
            row["name"], row["value"], row["changed_by"], datetime.fromisoformat(row["changed_at"])
        )
    return ServerSettings(changes)


# --- a thread per match ------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchThread:
    """A match played in a thread opened from its challenge: the thread (the match's channel) and its parent."""

    match_id: int
    thread_id: int
    parent_id: int


ADD_MATCH_THREAD = "INSERT INTO match_threads (match_id, thread_id, parent_id) VALUES (?, ?, ?)"
GET_MATCH_THREAD = "SELECT match_id, thread_id, parent_id FROM match_threads WHERE match_id = ?"
# Threads of matches that finished before a moment and are not archived yet (the archiving sweep's work).
THREADS_TO_ARCHIVE = (
    "SELECT t.match_id, t.thread_id, t.parent_id FROM match_threads t JOIN matches m ON m.id = t.match_id"
    " WHERE t.archived_at IS NULL AND m.status <> 'active' AND m.finished_at IS NOT NULL AND m.finished_at <= ?"
    # not while a rematch is played in the thread
    " AND NOT EXISTS (SELECT 1 FROM matches a WHERE a.channel_id = t.thread_id AND a.status = 'active')"
    " ORDER BY t.match_id"
)
THREAD_ARCHIVED = "UPDATE match_threads SET archived_at = ? WHERE match_id = ? AND archived_at IS NULL"


def thread_from_row(row: Any) -> MatchThread | None:
    return None if row is None else MatchThread(row["match_id"], row["thread_id"], row["parent_id"])


# --- the store's methods ---------------------------------------------------------------------------


class PreferencesSql:
    _engine: Engine

    async def set_turn_notice(self, user_id: int, mode: NoticeMode, *, language: str, now: datetime) -> None:
        """How ``user_id`` wants to hear that their turn has begun, from now on, in every match."""
        if mode not in NOTICE_MODES:
            raise ValueError(f"unknown turn notice {mode!r}")
        async with self._engine.write() as db:
            await db.execute(SET_NOTICE, (user_id, mode, language, utc_text(now)))

    async def turn_notice(self, user_id: int) -> TurnNotice:
        """``user_id``'s choice; a mention in the channel for anyone who never chose."""
        async with self._engine.read() as db:
            return notice_from_row(await db.one(GET_NOTICE, (user_id,)))

    async def change_server_setting(
        self, guild_id: int, name: SettingName, value: str, *, by: int, now: datetime
    ) -> None:
        """Set one of a server's settings, recording who did and when; matches already started keep theirs."""
        if name not in SETTING_NAMES:
            raise ValueError(f"unknown server setting {name!r}")
        async with self._engine.write() as db:
            await db.execute(ADD_SETTING_CHANGE, (guild_id, name, value, by, utc_text(now)))

    async def server_settings(self, guild_id: int) -> ServerSettings:
        async with self._engine.read() as db:
            return settings_from_rows(await db.all(SETTING_CHANGES, (guild_id,)))

    async def turn_limit_at(self, guild_id: int | None, moment: datetime) -> float | None:
        """The server's turn limit (seconds) as it stood at ``moment`` (a match's start); None: the bot's default."""
        if guild_id is None:
            return None
        async with self._engine.read() as db:
            row = await db.one(TURN_LIMIT_AT, (guild_id, utc_text(moment)))
        return None if row is None else float(row["value"])

    async def shortest_turn_limit(self) -> float | None:
        """The shortest turn limit any server ever set (seconds): how far back the reminder sweep must look."""
        async with self._engine.read() as db:
            row = await db.one(SHORTEST_TURN_LIMIT)
        return None if row is None or row["shortest"] is None else float(row["shortest"])

    async def match_thread(self, match_id: int) -> MatchThread | None:
        """The thread ``match_id`` is played in, and its parent channel; None if it is played in a channel."""
        async with self._engine.read() as db:
            return thread_from_row(await db.one(GET_MATCH_THREAD, (match_id,)))

    async def threads_to_archive(self, finished_before: datetime) -> list[MatchThread]:
        """Threads of matches that finished before ``finished_before``, not archived yet."""
        async with self._engine.read() as db:
            rows = await db.all(THREADS_TO_ARCHIVE, (utc_text(finished_before),))
        return [MatchThread(row["match_id"], row["thread_id"], row["parent_id"]) for row in rows]

    async def thread_archived(self, match_id: int, *, now: datetime) -> bool:
        """Note the match's thread as archived; False if it already was (another process got there first)."""
        async with self._engine.write() as db:
            changed = await db.execute(THREAD_ARCHIVED, (utc_text(now), match_id))
        return changed == 1
