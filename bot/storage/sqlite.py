"""Matches, challenges and the append-only action log in SQLite (aiosqlite).

One connection per Store, in autocommit mode with explicit transactions. Every public
method takes an asyncio lock for its whole duration, so transactions from concurrent
coroutines never interleave on the shared connection; the SQL itself is also written to
be safe across processes (BEGIN IMMEDIATE, version checks in the WHERE clause).

Hidden information (the bound object, the bag, an undiscovered plan) lives in the stored
state and the action log; nothing here logs either above DEBUG, and the records keep
them out of their repr.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Self

import aiosqlite

import rules

from ..league import MatchSummary, Rating, RatingKey
from ..outbox import Carrier, OutboxEntry, OutboxItem
from . import preferences, standings
from .migrations import migrate
from .preferences import NOTICE_MODES, SETTING_NAMES, MatchThread, NoticeMode, ServerSettings, SettingName, TurnNotice
from .shards import Shards

log = logging.getLogger("bot.storage")

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


def _utc_text(moment: datetime) -> str:
    if moment.tzinfo is None or moment.utcoffset() is None:
        # A naive time is ambiguous; refusing beats silently storing local time.
        raise ValueError("timestamps must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _parse_time(text: str | None) -> datetime | None:
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


_MATCH_COLUMNS = (
    "id, guild_id, channel_id, goryo_id, samurai_id, state, status, version, "
    "created_at, turn_started_at, reminded_at, finished_at, damage_reason, live_board_round, live_board_message_id, ai_side, ai_level, ai_seed, "
    "assist, server_language, goryo_language"
)
_CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, challenger_id, opponent_id, challenger_role, advanced, created_at, message_id, assist,"
    " server_language, challenger_language"
)


def _match_from_row(row: sqlite3.Row) -> MatchRecord:
    return MatchRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        goryo_id=row["goryo_id"],
        samurai_id=row["samurai_id"],
        state=rules.from_json(row["state"]),
        status=row["status"],
        version=row["version"],
        created_at=_parse_time(row["created_at"]),
        turn_started_at=_parse_time(row["turn_started_at"]),
        reminded_at=_parse_time(row["reminded_at"]),
        finished_at=_parse_time(row["finished_at"]),
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


def _challenge_from_row(row: sqlite3.Row) -> ChallengeRecord:
    return ChallengeRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        challenger_role=row["challenger_role"],
        advanced=bool(row["advanced"]),
        created_at=_parse_time(row["created_at"]),
        message_id=row["message_id"],
        assist=bool(row["assist"]),
        server_language=row["server_language"],
        challenger_language=row["challenger_language"],
    )


def _owner_only(path: str) -> None:
    """Create the database file readable and writable by its owner alone: it holds every secret."""
    if path == ":memory:" or path.startswith("file:"):
        return
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    os.chmod(path, 0o600)  # a file made by an older version may be wider


def _side_text(side: rules.Side | None) -> str | None:
    return None if side is None else side.value


def _busy_kind(error: Exception) -> str | None:
    """Which 'channel busy' rule the database enforced, or None for any other constraint.

    SQLite names the column, PostgreSQL the index; the triggers' words are the same in both.
    """
    text = str(error)
    if any(sign in text for sign in ("channel busy: active match", "matches.channel_id", "matches_one_active_per_channel")):
        return "match"
    if any(sign in text for sign in ("channel busy: pending challenge", "challenges.channel_id", "challenges_one_per_channel")):
        return "challenge"
    return None


def _state_differences(replayed: rules.GameState, stored: rules.GameState) -> list[str]:
    # Field names only: the values may be hidden information and the reason may be shown.
    return [f.name for f in fields(replayed) if getattr(replayed, f.name) != getattr(stored, f.name)]


class Store:
    """The bot's persistent state. Build with ``await Store.open(path)``; ``await close()`` at the end.

    This class holds the SQL both backends share (written to run on SQLite and on
    PostgreSQL alike) on top of SQLite's plumbing; ``PostgresStore`` swaps the plumbing.
    """

    # What the database raises when a constraint or an invariant trigger refuses a write.
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    # Appended to the SELECT of a row about to be changed: SQLite locks the whole file instead.
    for_update = ""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._closed = False
        self.path = path

    # --- lifecycle ------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | os.PathLike, *, durable: bool = True) -> Store:
        """Open (creating if needed) the database file, switch on WAL and foreign keys, migrate.

        ``durable=False`` trades the last commits on power loss (not on a process crash:
        WAL stays atomic either way) for no fsync per action.
        """
        path = os.fspath(path)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        _owner_only(path)
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            async with db.execute("PRAGMA journal_mode = WAL") as cursor:
                mode = (await cursor.fetchone())[0]
            if mode.lower() != "wal":
                raise RuntimeError(f"SQLite refused WAL mode for {path!r} (got {mode!r})")
            await db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            await db.execute("PRAGMA foreign_keys = ON")
            # Another process (a second bot, sqlite3 shell) may hold the write lock briefly.
            await db.execute("PRAGMA busy_timeout = 5000")
            ran = await migrate(db)
            for suffix in ("-wal", "-shm"):  # SQLite copies the file's mode; this makes sure
                if os.path.exists(path + suffix):
                    os.chmod(path + suffix, 0o600)
        except BaseException:
            await db.close()
            raise
        if ran:
            log.info("database %s: applied %d migration(s)", path, ran)
        return cls(db, path)

    async def close(self) -> None:
        """Close the connection (checkpointing the WAL); closing twice is harmless."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- plumbing ---------------------------------------------------------------

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: all of it commits, or none of it.

        Statements queue on the connection's worker thread in order, so even when the
        caller is cancelled mid-way the ROLLBACK runs after whatever was already queued.
        """
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read snapshot, consistent across several SELECTs."""
        async with self._lock:
            try:
                await self._db.execute("BEGIN")
                yield self._db
            finally:
                await self._rollback()  # nothing to keep; ends the snapshot

    async def _rollback(self) -> None:
        try:
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # no transaction open: the COMMIT went through before the failure (e.g. a cancellation)

    @staticmethod
    def _count(cursor: Any) -> int:
        """Rows a write statement changed."""
        return cursor.rowcount

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        async with db.execute(sql, tuple(params)) as cursor:
            return await cursor.fetchone()

    @staticmethod
    async def _all(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    async def _matches_where(self, where: str, params: Iterable[Any] = (), tail: str = "ORDER BY id") -> list[MatchRecord]:
        async with self._read() as db:
            rows = await self._all(db, f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {where} {tail}", params)
        return [_match_from_row(row) for row in rows]

    # --- challenges -------------------------------------------------------------

    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        challenger_role: str,
        advanced: bool,
        now: datetime,
        assist: bool = False,
        server_language: str = "en",
        challenger_language: str = "en",
    ) -> ChallengeRecord:
        """Record a pending challenge; ChannelBusyError if the channel has a match or a challenge."""
        if challenger_role not in CHALLENGER_ROLES:
            raise ValueError(f"challenger_role must be one of {CHALLENGER_ROLES}, not {challenger_role!r}")
        created = _utc_text(now)
        with self._channel_busy():
            async with self._write() as db:
                inserted = await self._one(
                    db,
                    "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, challenger_role,"
                    " advanced, created_at, assist, server_language, challenger_language)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, challenger_id, opponent_id, challenger_role, int(advanced), created,
                     int(assist), server_language, challenger_language),
                )
                challenge_id = inserted[0]
        log.info("challenge %d posted in channel %d", challenge_id, channel_id)
        return ChallengeRecord(
            id=challenge_id,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger_id,
            opponent_id=opponent_id,
            challenger_role=challenger_role,
            advanced=bool(advanced),
            created_at=_parse_time(created),
            message_id=None,
            assist=bool(assist),
            server_language=server_language,
            challenger_language=challenger_language,
        )

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async with self._write() as db:
            await db.execute("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))

    async def drop_unposted_challenges(self) -> int:
        """Remove challenges whose message was never shown (a crash between storing and posting)."""
        async with self._write() as db:
            cursor = await db.execute("DELETE FROM challenges WHERE message_id IS NULL")
            return self._count(cursor)

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        async with self._read() as db:
            row = await self._one(db, f"SELECT {_CHALLENGE_COLUMNS} FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else _challenge_from_row(row)

    async def pending_challenge_in(self, channel_id: int) -> ChallengeRecord | None:
        async with self._read() as db:
            row = await self._one(
                db, f"SELECT {_CHALLENGE_COLUMNS} FROM challenges WHERE channel_id = ?", (channel_id,)
            )
        return None if row is None else _challenge_from_row(row)

    async def pending_challenges(self) -> list[ChallengeRecord]:
        """Every pending challenge, oldest first."""
        async with self._read() as db:
            rows = await self._all(db, f"SELECT {_CHALLENGE_COLUMNS} FROM challenges ORDER BY created_at, id")
        return [_challenge_from_row(row) for row in rows]

    async def delete_challenge(self, challenge_id: int) -> bool:
        """Remove a challenge; True only for the one caller that actually removed it."""
        async with self._write() as db:
            cursor = await db.execute("DELETE FROM challenges WHERE id = ?", (challenge_id,))
            deleted = self._count(cursor) == 1
        if deleted:
            log.info("challenge %d removed", challenge_id)
        return deleted

    @contextmanager
    def _channel_busy(self) -> Iterator[None]:
        """The database's "one match or challenge per channel" rules, as ChannelBusyError."""
        try:
            yield
        except self.integrity_errors as error:
            kind = _busy_kind(error)
            if kind is None:
                raise
            raise ChannelBusyError(kind) from error

    async def _insert_match(
        self, db: aiosqlite.Connection, fields: dict[str, Any], state: rules.GameState, now: datetime,
        outbox: Sequence[OutboxItem],
    ) -> sqlite3.Row:
        """A new match at version 0 with ``fields`` (place, players, options) and its first outbox items; its row."""
        started = _utc_text(now)
        state_json = rules.to_json(state)
        columns = {
            **fields,
            "initial_state": state_json,
            "state": state_json,
            "to_move": _side_text(state.to_move),
            "status": ACTIVE if not state.is_over else FINISHED,
            "version": 0,
            "created_at": started,
            "turn_started_at": started,
        }
        inserted = await self._one(
            db,
            f"INSERT INTO matches ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)}) RETURNING id",
            tuple(columns.values()),
        )
        await self._queue(db, inserted[0], 0, outbox, started)
        return await self._one(db, f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (inserted[0],))

    # --- matches ----------------------------------------------------------------

    async def start_match(
        self,
        *,
        challenge_id: int,
        goryo_id: int,
        samurai_id: int,
        state: rules.GameState,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        server_language: str | None = None,
        goryo_language: str = "en",
        thread_id: int | None = None,
    ) -> MatchRecord:
        """Turn a pending challenge into an active match, in one transaction (with its ``outbox`` items).

        LookupError if the challenge is gone (declined, withdrawn, expired or already
        accepted); ChannelBusyError if the database finds the channel taken.
        ``server_language``: as the accepting interaction showed it (None: the challenge's).
        ``thread_id``: the thread opened from the challenge, where the match is played (its channel), the
        challenge's channel being its parent.
        """
        with self._channel_busy():
            async with self._write() as db:
                # Locked (PostgreSQL) so that a second Accept waits, then finds the challenge gone.
                challenge = await self._one(
                    db, f"SELECT {_CHALLENGE_COLUMNS} FROM challenges WHERE id = ?{self.for_update}", (challenge_id,)
                )
                if challenge is None:
                    raise LookupError(f"challenge {challenge_id} no longer exists")
                if {goryo_id, samurai_id} != {challenge["challenger_id"], challenge["opponent_id"]}:
                    raise ValueError("the players of a match must be the challenger and the opponent")
                await db.execute("DELETE FROM challenges WHERE id = ?", (challenge_id,))
                row = await self._insert_match(
                    db,
                    {
                        "guild_id": challenge["guild_id"],
                        "channel_id": challenge["channel_id"] if thread_id is None else thread_id,
                        "goryo_id": goryo_id,
                        "samurai_id": samurai_id,
                        "assist": challenge["assist"],  # the match keeps the challenge's options
                        "server_language": server_language or challenge["server_language"],
                        "goryo_language": goryo_language,
                    },
                    state,
                    now,
                    outbox,
                )
                if thread_id is not None:
                    await db.execute(preferences.ADD_MATCH_THREAD, (row["id"], thread_id, challenge["channel_id"]))
        log.info("match %d started in channel %d (from challenge %d)", row["id"], row["channel_id"], challenge_id)
        return _match_from_row(row)

    async def start_ai_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        goryo_id: int,
        samurai_id: int,
        state: rules.GameState,
        now: datetime,
        ai_side: rules.Side,
        ai_level: str,
        ai_seed: int,
        outbox: Sequence[OutboxItem] = (),
        assist: bool = False,
        server_language: str = "en",
        goryo_language: str = "en",
    ) -> MatchRecord:
        """Start a match against the bot at once (no challenge to accept), with its ``outbox`` items.

        ChannelBusyError if the channel has an active match or a pending challenge.
        """
        with self._channel_busy():
            async with self._write() as db:
                row = await self._insert_match(
                    db,
                    {
                        "guild_id": guild_id,
                        "channel_id": channel_id,
                        "goryo_id": goryo_id,
                        "samurai_id": samurai_id,
                        "ai_side": ai_side.value,
                        "ai_level": ai_level,
                        "ai_seed": ai_seed,
                        "assist": int(assist),
                        "server_language": server_language,
                        "goryo_language": goryo_language,
                    },
                    state,
                    now,
                    outbox,
                )
        log.info(
            "match %d started against the bot (%s, %s) in channel %d", row["id"], ai_side.value, ai_level, channel_id
        )
        return _match_from_row(row)

    async def ai_waiting_since(self, started_before: datetime) -> list[MatchRecord]:
        """Active matches against the bot where the human has had the turn since before ``started_before``."""
        return await self._matches_where(
            "status = 'active' AND ai_side IS NOT NULL AND to_move IS NOT NULL AND to_move != ai_side"
            " AND turn_started_at <= ?",
            (_utc_text(started_before),),
        )

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._matches_where("id = ?", (match_id,))
        return found[0] if found else None

    async def active_match_in(self, channel_id: int) -> MatchRecord | None:
        found = await self._matches_where("channel_id = ? AND status = 'active'", (channel_id,))
        return found[0] if found else None

    async def active_matches_of(self, user_id: int) -> list[MatchRecord]:
        return await self._matches_where(
            "status = 'active' AND (goryo_id = ? OR samurai_id = ?)", (user_id, user_id)
        )

    async def active_matches(self) -> list[MatchRecord]:
        return await self._matches_where("status = 'active'")

    async def active_match_places(self) -> list[tuple[int, int, int | None]]:
        """(id, channel_id, guild_id) of each active match, without parsing its state.

        The start-up check needs to find a match even when its stored state no
        longer parses, so it can be marked damaged instead of stopping the bot.
        """
        async with self._read() as db:
            rows = await self._all(db, "SELECT id, channel_id, guild_id FROM matches WHERE status = 'active' ORDER BY id")
        return [(row["id"], row["channel_id"], row["guild_id"]) for row in rows]

    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[MatchRecord]:
        """The channel's finished matches, most recent first (a negative limit: all of them)."""
        return await self._matches_where(
            "channel_id = ? AND status = 'finished'", (channel_id, limit if limit >= 0 else 2**62), "ORDER BY id DESC LIMIT ?"
        )

    async def record_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        actor_id: int,
        action: rules.Action,
        new_state: rules.GameState,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        server_language: str | None = None,
        goryo_language: str | None = None,
        preview: int | None = None,
    ) -> MatchRecord:
        """Append ``action`` to the log, store ``new_state`` and queue ``outbox``, in one transaction.

        ``server_language`` and ``goryo_language``, when given, replace the stored ones (as the
        acting interaction showed them), so what the bot later says on its own follows them.

        StaleMatchError if the match is no longer at ``expected_version`` (someone else's
        action won), MatchClosedError if it is finished or damaged, LookupError if unknown,
        PreviewCancelledError if ``preview`` (the plan preview the action was confirmed from)
        was cancelled: checked under the same lock as ``cancel_preview`` takes.
        ``new_state`` must be what rules.apply makes of the stored state and ``action``:
        the store checks, so the log always replays to the stored state.
        """
        at = _utc_text(now)
        action_json = json.dumps(rules.action_to_dict(action), separators=(",", ":"), ensure_ascii=False)
        new_state_json = rules.to_json(new_state)
        async with self._write() as db:
            # The row lock (PostgreSQL) makes a second process's commit of this match wait for ours,
            # then see the new version and refuse as stale; SQLite's write lock already serialises.
            row = await self._one(
                db, f"SELECT state, status, version, to_move FROM matches WHERE id = ?{self.for_update}", (match_id,)
            )
            if row is None:
                raise LookupError(f"match {match_id} does not exist")
            if row["version"] != expected_version:
                raise StaleMatchError(
                    f"match {match_id} is at version {row['version']}, not {expected_version}"
                )
            if row["status"] != ACTIVE:
                raise MatchClosedError(f"match {match_id} is {row['status']}")
            if preview is not None and await self._one(
                db,
                "SELECT 1 FROM preview_cancels WHERE match_id = ? AND version = ? AND preview = ?",
                (match_id, expected_version, preview),
            ):
                raise PreviewCancelledError(f"match {match_id}: preview {preview} was cancelled")
            if rules.to_json(rules.apply(rules.from_json(row["state"]), action).state) != new_state_json:
                raise ValueError("new_state is not the result of applying the action to the stored state")
            await db.execute(
                "INSERT INTO actions (match_id, seq, actor_id, action, at) VALUES (?, ?, ?, ?, ?)",
                (match_id, expected_version + 1, actor_id, action_json, at),
            )
            turn_passed = _side_text(new_state.to_move) != row["to_move"]
            cursor = await db.execute(
                "UPDATE matches SET state = ?, to_move = ?, version = version + 1,"
                " status = CASE WHEN ? THEN 'finished' ELSE status END,"
                " finished_at = CASE WHEN ? THEN ? ELSE finished_at END,"
                " turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END,"
                " reminded_at = CASE WHEN ? THEN NULL ELSE reminded_at END,"
                " server_language = COALESCE(?, server_language), goryo_language = COALESCE(?, goryo_language)"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (
                    new_state_json,
                    _side_text(new_state.to_move),
                    new_state.is_over,
                    new_state.is_over,
                    at,
                    turn_passed,
                    at,
                    turn_passed,
                    server_language,
                    goryo_language,
                    match_id,
                    expected_version,
                ),
            )
            if self._count(cursor) != 1:  # unreachable under the lock; guards against other processes
                raise StaleMatchError(f"match {match_id} moved on during the update")
            if new_state.is_over:  # summarised and rated with the action that ends it: exactly once
                outbox = await self._record_finished(db, match_id, outbox)
            await self._queue(db, match_id, expected_version + 1, outbox, at)
            updated = await self._one(db, f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        record = _match_from_row(updated)
        # The action's type only: a plan's path or a start space would give the Goryō away.
        log.info(
            "match %d: action %d (%s) by %d%s",
            match_id,
            record.version,
            type(action).__name__,
            actor_id,
            f"; match over ({record.state.outcome.termination.value})" if record.state.is_over else "",
        )
        return record

    async def _record_finished(
        self, db: aiosqlite.Connection, match_id: int, outbox: Sequence[OutboxItem]
    ) -> Sequence[OutboxItem]:
        """The league's part of finishing a match, in its transaction; the outbox with the rating changes.

        A fault here must not stop the match from ending: its writes are undone (a savepoint) and the
        match is left without a summary, which the next start-up's rebuild fills in.
        """
        await db.execute("SAVEPOINT league")
        try:
            summary, rating_changes = await standings.record_finished(db, match_id, for_update=self.for_update)
        except Exception:
            await db.execute("ROLLBACK TO league")
            await db.execute("RELEASE league")
            log.exception("match %d: could not rate it; a rebuild at the next start will", match_id)
            return outbox
        await db.execute("RELEASE league")
        return standings.with_rating_changes(outbox, rating_changes, summary)

    async def set_languages(self, match_id: int, *, server_language: str, goryo_language: str) -> None:
        """What a match says from now on, as an interaction that changed no state showed it.

        No version bump: languages are not part of the game, so no action is refused for them.
        """
        async with self._write() as db:
            await db.execute(
                "UPDATE matches SET server_language = ?, goryo_language = ? WHERE id = ?",
                (server_language, goryo_language, match_id),
            )

    async def mark_reminded(
        self, match_id: int, *, version: int, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool:
        """Note the half-time reminder for this turn and queue it; False if already sent or the match moved on."""
        async with self._write() as db:
            cursor = await db.execute(
                "UPDATE matches SET reminded_at = ? WHERE id = ? AND version = ? AND status = 'active'"
                " AND reminded_at IS NULL",
                (_utc_text(now), match_id, version),
            )
            if self._count(cursor) != 1:
                return False
            await self._queue(db, match_id, version, outbox, _utc_text(now))
            return True

    async def reminders_due(self, started_before: datetime) -> list[MatchRecord]:
        """Active matches whose turn began before ``started_before`` and got no reminder yet (indexed)."""
        return await self._matches_where(
            "status = 'active' AND reminded_at IS NULL AND to_move IS NOT NULL AND turn_started_at <= ?",
            (_utc_text(started_before),),
            "ORDER BY turn_started_at",
        )

    async def new_preview(self, match_id: int) -> int:
        """Number a new plan preview of this match (1, 2, …); it replaces every earlier one."""
        async with self._write() as db:
            row = await self._one(
                db,
                "INSERT INTO plan_previews (match_id, latest) VALUES (?, 1)"
                " ON CONFLICT (match_id) DO UPDATE SET latest = plan_previews.latest + 1 RETURNING latest",
                (match_id,),
            )
        assert row is not None
        return int(row[0])

    async def latest_preview(self, match_id: int) -> int | None:
        """The number of this match's newest plan preview; None if none was numbered."""
        async with self._read() as db:
            row = await self._one(db, "SELECT latest FROM plan_previews WHERE match_id = ?", (match_id,))
        return None if row is None else int(row[0])

    async def cancel_preview(self, match_id: int, *, version: int, preview: int) -> bool:
        """Note that the Goryō cancelled this preview, so its Confirm is refused; False if the match is
        no longer active at ``version`` (a Confirm or another action got there first: nothing is noted).

        Under the match's row lock (PostgreSQL; SQLite's write lock serialises anyway), as a commit
        is: a Confirm and a Cancel pressed at once, even on two processes, are decided one way only.
        """
        async with self._write() as db:
            row = await self._one(db, f"SELECT version, status FROM matches WHERE id = ?{self.for_update}", (match_id,))
            if row is None or row["status"] != ACTIVE or row["version"] != version:
                return False
            await db.execute(
                "INSERT INTO preview_cancels (match_id, version, preview) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (match_id, version, preview),
            )
            return True

    async def preview_cancelled(self, match_id: int, *, version: int, preview: int) -> bool:
        async with self._read() as db:
            row = await self._one(
                db,
                "SELECT 1 FROM preview_cancels WHERE match_id = ? AND version = ? AND preview = ?",
                (match_id, version, preview),
            )
        return row is not None

    async def mark_damaged(self, match_id: int, reason: str) -> bool:
        """Take an active match out of play (frees its channel), keeping its rows for inspection.

        True only for the one caller that did it (several processes check at start-up).
        """
        async with self._write() as db:
            cursor = await db.execute(
                "UPDATE matches SET status = 'damaged', damage_reason = ? WHERE id = ? AND status = 'active'",
                (reason, match_id),
            )
            marked = self._count(cursor) == 1
        if marked:
            log.warning("match %d marked damaged: %s", match_id, reason)
        return marked

    # --- the outbox ---------------------------------------------------------------

    @staticmethod
    async def _queue(db: aiosqlite.Connection, match_id: int, seq: int, items: Sequence[OutboxItem], at: str) -> None:
        await db.executemany(
            "INSERT INTO outbox (match_id, seq, kind, route, payload, created_at, next_attempt_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(match_id, seq, item.kind, item.route, item.payload(), at, at) for item in items],
        )

    async def claim_outbox(self, match_id: int, *, holder: str, now: datetime, until: datetime) -> bool:
        """Take the right to deliver this match's outbox until ``until``; False while another holder has it.

        The holder may claim again (extending it); an expired claim goes to whoever asks.
        The upsert is one statement, so two processes asking at once get one yes.
        """
        async with self._write() as db:
            row = await self._one(
                db,
                "INSERT INTO outbox_claims (match_id, holder, expires_at) VALUES (?, ?, ?)"
                " ON CONFLICT (match_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at"
                " WHERE outbox_claims.expires_at <= ? OR outbox_claims.holder = excluded.holder"
                " RETURNING match_id",
                (match_id, holder, _utc_text(until), _utc_text(now)),
            )
        return row is not None

    async def release_outbox(self, match_id: int, *, holder: str) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM outbox_claims WHERE match_id = ? AND holder = ?", (match_id, holder))

    async def pending_outbox(self, match_id: int) -> list[OutboxEntry]:
        """The match's undelivered items, oldest first."""
        return await self._outbox_where("match_id = ? AND status = 'pending'", (match_id,))

    async def outbox_of(self, match_id: int) -> list[OutboxEntry]:
        return await self._outbox_where("match_id = ?", (match_id,))

    async def last_delivered(self, match_id: int, kind: str) -> OutboxEntry | None:
        found = await self._outbox_where(
            "match_id = ? AND kind = ? AND status = 'done'", (match_id, kind), "ORDER BY id DESC LIMIT 1"
        )
        return found[0] if found else None

    async def _outbox_where(self, where: str, params: Iterable[Any], tail: str = "ORDER BY id") -> list[OutboxEntry]:
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT id, match_id, seq, kind, route, payload, status, attempts, message_id, attempted_at, attempt,"
                f" refused_at FROM outbox WHERE {where} {tail}",
                params,
            )
        return [
            OutboxEntry(
                id=row["id"],
                match_id=row["match_id"],
                seq=row["seq"],
                item=OutboxItem.from_row(row["kind"], row["route"], row["payload"]),
                status=row["status"],
                attempts=row["attempts"],
                message_id=row["message_id"],
                attempted_at=_parse_time(row["attempted_at"]),
                carrier=Carrier.from_payload(row["attempt"]),
                refused=row["refused_at"] is not None,
            )
            for row in rows
        ]

    @staticmethod
    def _pending_of(shards: Shards | None) -> str:
        """The waiting items (indexed), of the matches on ``shards``' servers only when given."""
        if shards is None:
            return "FROM outbox WHERE status = 'pending'"
        return (
            "FROM outbox JOIN matches ON matches.id = outbox.match_id"
            f" WHERE outbox.status = 'pending' AND {shards.sql('matches.guild_id')}"
        )

    async def matches_with_due_outbox(self, now: datetime, shards: Shards | None = None) -> list[int]:
        """Matches with an item waiting whose next try is due (indexed); on ``shards``' servers if given."""
        async with self._read() as db:
            # Not DISTINCT in SQL: SQLite would then walk the whole outbox (by match) instead of
            # the few pending rows of the partial index.
            rows = await self._all(
                db,
                f"SELECT match_id {self._pending_of(shards)} AND next_attempt_at <= ?",
                (_utc_text(now),),
            )
        return sorted({row["match_id"] for row in rows})

    async def next_outbox_attempt(self, shards: Shards | None = None) -> datetime | None:
        """When the earliest waiting item is due again (indexed), or None if nothing waits."""
        async with self._read() as db:
            row = await self._one(db, f"SELECT MIN(next_attempt_at) AS at {self._pending_of(shards)}")
        return _parse_time(row["at"])

    async def nudge_outbox(self, match_id: int, guild_id: int | None) -> None:
        """Tell the other processes that this match's outbox waits (its server's process sends it).

        One process on SQLite has no one to tell; PostgreSQL's NOTIFY reaches the others.
        """

    async def listen_outbox(
        self, nudged: Callable[[int, int | None], None], missed: Callable[[], None] | None = None
    ) -> None:
        """Call ``nudged(match_id, guild_id)`` whenever another process nudges a match's outbox, and
        ``missed()`` when some nudges may have gone unheard (a dropped connection, on PostgreSQL)."""

    async def outbox_attempt(self, entry_id: int, *, now: datetime, carrier: Carrier | None = None) -> None:
        """Note that a send of the item begins: when (the latest try: each try first looked for the ones
        before it), and the first interaction to carry it (its reply may hold the item)."""
        async with self._write() as db:
            await db.execute(
                "UPDATE outbox SET attempted_at = ?, attempt = COALESCE(attempt, ?)"
                " WHERE id = ? AND status = 'pending'",
                (_utc_text(now), None if carrier is None else carrier.payload(), entry_id),
            )

    async def outbox_delivered(self, entry_id: int, *, message_id: int | None, now: datetime) -> bool:
        """Mark an item done; False if it already was (a second deliverer lost the race).

        The interaction's token is dropped: nothing needs it any more.
        """
        async with self._write() as db:
            cursor = await db.execute(
                "UPDATE outbox SET status = 'done', delivered_at = ?, message_id = ?, attempts = attempts + 1,"
                " attempt = NULL WHERE id = ? AND status = 'pending'",
                (_utc_text(now), message_id, entry_id),
            )
            return self._count(cursor) == 1

    async def outbox_failed(self, entry_id: int, *, retry_at: datetime | None) -> None:
        """Count a failed try: try again at ``retry_at``, or give up (None)."""
        async with self._write() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = COALESCE(?, next_attempt_at),"
                " status = CASE WHEN CAST(? AS TEXT) IS NULL THEN 'failed' ELSE status END"
                " WHERE id = ? AND status = 'pending'",
                (None if retry_at is None else _utc_text(retry_at), None if retry_at is None else "retry", entry_id),
            )

    async def outbox_wait(self, until: Sequence[tuple[int, datetime]]) -> None:
        """Items held back behind one that failed: not due before that one is tried again (``(id, when)`` pairs)."""
        async with self._write() as db:
            await db.executemany(
                "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending'",
                [(_utc_text(when), entry_id) for entry_id, when in until],
            )

    async def outbox_refused(self, entry_id: int, *, now: datetime) -> bool:
        """Note that the players are being told the channel refuses this item; False if they already were."""
        async with self._write() as db:
            cursor = await db.execute(
                "UPDATE outbox SET refused_at = ? WHERE id = ? AND refused_at IS NULL", (_utc_text(now), entry_id)
            )
            return self._count(cursor) == 1

    async def set_live_board(self, match_id: int, *, round_number: int, message_id: int) -> None:
        async with self._write() as db:
            await db.execute(
                "UPDATE matches SET live_board_round = ?, live_board_message_id = ? WHERE id = ?",
                (round_number, message_id, match_id),
            )

    async def state_at(self, match_id: int, seq: int) -> rules.GameState:
        """The match's state after its first ``seq`` actions (the stored state when that is the latest)."""
        async with self._read() as db:
            match = await self._one(db, "SELECT initial_state, state, version FROM matches WHERE id = ?", (match_id,))
            if match is None:
                raise LookupError(f"match {match_id} does not exist")
            if match["version"] == seq:
                return rules.from_json(match["state"])
            log_rows = await self._all(
                db, "SELECT action FROM actions WHERE match_id = ? AND seq <= ? ORDER BY seq", (match_id, seq)
            )
        state = rules.from_json(match["initial_state"])
        for row in log_rows:
            state = rules.apply(state, rules.action_from_dict(json.loads(row["action"]))).state
        return state

    # --- the log ----------------------------------------------------------------

    async def actions(self, match_id: int) -> list[LoggedAction]:
        async with self._read() as db:
            rows = await self._all(
                db, "SELECT seq, actor_id, action, at FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
            )
        return [
            LoggedAction(
                seq=row["seq"],
                actor_id=row["actor_id"],
                action=rules.action_from_dict(json.loads(row["action"])),
                at=_parse_time(row["at"]),
            )
            for row in rows
        ]

    async def _replay_inputs(self, match_id: int) -> tuple[sqlite3.Row, list[sqlite3.Row]]:
        async with self._read() as db:
            match = await self._one(
                db, "SELECT initial_state, state, version FROM matches WHERE id = ?", (match_id,)
            )
            if match is None:
                raise LookupError(f"match {match_id} does not exist")
            log_rows = await self._all(
                db, "SELECT seq, action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
            )
        return match, log_rows

    async def replay(self, match_id: int) -> rules.GameState:
        """The initial state with every logged action applied in order."""
        match, log_rows = await self._replay_inputs(match_id)
        state = rules.from_json(match["initial_state"])
        for row in log_rows:
            state = rules.apply(state, rules.action_from_dict(json.loads(row["action"]))).state
        return state

    async def verify(self, match_id: int) -> str | None:
        """None if the log replays to the stored state, else a short reason free of hidden information."""
        match, log_rows = await self._replay_inputs(match_id)
        if len(log_rows) != match["version"] or [row["seq"] for row in log_rows] != list(
            range(1, len(log_rows) + 1)
        ):
            return f"the action log holds {len(log_rows)} actions but the match counts {match['version']}"
        try:
            state = rules.from_json(match["initial_state"])
        except (ValueError, KeyError, TypeError, rules.GoryoError):
            return "the initial state can't be read"
        for row in log_rows:
            try:
                action = rules.action_from_dict(json.loads(row["action"]))
            except (ValueError, KeyError, TypeError, rules.GoryoError):
                return f"logged action {row['seq']} can't be read"
            try:
                state = rules.apply(state, action).state
            except rules.IllegalActionError:
                return f"logged action {row['seq']} is illegal on replay"
        try:
            stored = rules.from_json(match["state"])
        except (ValueError, KeyError, TypeError, rules.GoryoError):
            return "the stored state can't be read"
        if stored != state:
            return "the stored state differs from the replay in: " + ", ".join(_state_differences(state, stored))
        return None

    # --- the league (finished matches' summaries and the ratings; see standings) ---------------

    async def ratings(self, guild_id: int | None) -> dict[RatingKey, Rating]:
        async with self._read() as db:
            return await standings.ratings(db, guild_id)

    async def all_ratings(self) -> dict[RatingKey, Rating]:
        async with self._read() as db:
            return await standings.ratings(db, every_guild=True)

    async def rebuild_ratings(self) -> dict[RatingKey, Rating]:
        """Every summary and rating again from the action logs (replacing the stored ones); the ratings."""
        async with self._write() as db:
            await self._lock_league(db)
            ratings = await standings.rebuild(db)
        log.info("league rebuilt from the logs: %d rating(s)", len(ratings))
        return ratings

    async def _lock_league(self, db: aiosqlite.Connection) -> None:
        """Keep matches from being rated while a rebuild runs: SQLite's write transaction already does."""

    async def rebuild_league_if_behind(self) -> bool:
        """At start-up: rebuild if some finished match has no summary (it finished before the league existed)."""
        async with self._read() as db:
            missing = await standings.unsummarised(db)
        if missing:
            await self.rebuild_ratings()
        return bool(missing)

    async def summary(self, match_id: int) -> MatchSummary | None:
        async with self._read() as db:
            found = await standings.summaries(db, "match_id = ?", (match_id,))
        return found[0] if found else None

    async def guild_summaries(self, guild_id: int, *, limit: int = -1) -> list[MatchSummary]:
        """The server's finished matches, newest first."""
        async with self._read() as db:
            return await standings.summaries(db, "guild_id = ?", (guild_id,), limit)

    async def member_summaries(self, guild_id: int, user_id: int) -> list[MatchSummary]:
        """The member's finished matches in the server, newest first."""
        async with self._read() as db:
            return await standings.summaries(
                db, "guild_id = ? AND (goryo_id = ? OR samurai_id = ?)", (guild_id, user_id, user_id)
            )

    async def channel_summaries(self, channel_id: int, *, limit: int = -1) -> list[MatchSummary]:
        """The channel's finished matches, newest first."""
        async with self._read() as db:
            return await standings.summaries(db, "channel_id = ?", (channel_id,), limit)

    async def initial_state(self, match_id: int) -> rules.GameState:
        async with self._read() as db:
            row = await self._one(db, "SELECT initial_state FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise LookupError(f"match {match_id} does not exist")
        return rules.from_json(row["initial_state"])

    # --- players' own choices ------------------------------------------------------

    async def set_turn_notice(self, user_id: int, mode: NoticeMode, *, language: str, now: datetime) -> None:
        """How ``user_id`` wants to hear that their turn has begun, from now on, in every match."""
        if mode not in NOTICE_MODES:
            raise ValueError(f"unknown turn notice {mode!r}")
        async with self._write() as db:
            await db.execute(preferences.SET_NOTICE, (user_id, mode, language, _utc_text(now)))

    async def turn_notice(self, user_id: int) -> TurnNotice:
        """``user_id``'s choice; a mention in the channel for anyone who never chose."""
        async with self._read() as db:
            return preferences.notice_from_row(await self._one(db, preferences.GET_NOTICE, (user_id,)))

    async def change_server_setting(self, guild_id: int, name: SettingName, value: str, *, by: int, now: datetime) -> None:
        """Set one of a server's settings, recording who did and when; matches already started keep theirs."""
        if name not in SETTING_NAMES:
            raise ValueError(f"unknown server setting {name!r}")
        async with self._write() as db:
            await db.execute(preferences.ADD_SETTING_CHANGE, (guild_id, name, value, by, _utc_text(now)))

    async def server_settings(self, guild_id: int) -> ServerSettings:
        async with self._read() as db:
            return preferences.settings_from_rows(await self._all(db, preferences.SETTING_CHANGES, (guild_id,)))

    async def turn_limit_at(self, guild_id: int | None, moment: datetime) -> float | None:
        """The server's turn limit (seconds) as it stood at ``moment`` (a match's start); None: the bot's default."""
        if guild_id is None:
            return None
        async with self._read() as db:
            row = await self._one(db, preferences.TURN_LIMIT_AT, (guild_id, _utc_text(moment)))
        return None if row is None else float(row["value"])

    async def match_thread(self, match_id: int) -> MatchThread | None:
        """The thread ``match_id`` is played in, and its parent channel; None if it is played in a channel."""
        async with self._read() as db:
            return preferences.thread_from_row(await self._one(db, preferences.GET_MATCH_THREAD, (match_id,)))

    async def threads_to_archive(self, finished_before: datetime) -> list[MatchThread]:
        """Threads of matches that finished before ``finished_before``, not archived yet."""
        async with self._read() as db:
            rows = await self._all(db, preferences.THREADS_TO_ARCHIVE, (_utc_text(finished_before),))
        return [preferences.thread_from_row(row) for row in rows]

    async def thread_archived(self, match_id: int, *, now: datetime) -> bool:
        """Note the match's thread as archived; False if it already was (another process got there first)."""
        async with self._write() as db:
            return self._count(await db.execute(preferences.THREAD_ARCHIVED, (_utc_text(now), match_id))) == 1

    async def shortest_turn_limit(self) -> float | None:
        """The shortest turn limit any server ever set (seconds): how far back the reminder sweep must look."""
        async with self._read() as db:
            row = await self._one(db, preferences.SHORTEST_TURN_LIMIT)
        return None if row is None or row["shortest"] is None else float(row["shortest"])
