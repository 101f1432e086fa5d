"""The store in a SQLite file (aiosqlite), for one bot process.

One connection, in autocommit mode with explicit transactions; every transaction holds an asyncio
lock for its whole duration, so those of concurrent coroutines never interleave on the shared
connection. The SQL itself is also safe across processes (BEGIN IMMEDIATE takes the file's write
lock; version checks in the WHERE clause). The queries are ``bot.storage.sql``'s, shared with PostgreSQL.

Hidden information lives in the stored state and the action log; nothing here logs either above DEBUG.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .contract import Store
from .engine import Db, Missed, Nudged
from .migrations import migrate
from .records import Row
from .schema import SchemaTooNewError
from .sql import SqlStore
from .unavailable import unavailable

log = logging.getLogger("bot.storage")


class SqliteDb:
    """``bot.storage.engine.Db`` on an aiosqlite connection (its ``?`` parameters are SQLite's own)."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    # One trip to the connection's worker thread per call (execute_fetchall runs and fetches there at once):
    # every query of the store goes through these four.
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.connection.execute(sql, tuple(params))
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.connection.executemany(sql, rows)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.connection.execute_fetchall(sql, tuple(params))
        return next(iter(rows), None)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.connection.execute_fetchall(sql, tuple(params)))


class SqliteEngine:
    """``bot.storage.engine.Engine`` on one SQLite connection."""

    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    for_update = ""  # SQLite locks the whole file for a write instead

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self.connection = connection
        self.address = path
        self._db = SqliteDb(connection)
        self._lock = asyncio.Lock()
        self._closed = False

    @asynccontextmanager
    async def write(self) -> AsyncIterator[SqliteDb]:
        """One write transaction: all of it commits, or none of it.

        Statements queue on the connection's worker thread in order, so even when the
        caller is cancelled mid-way the ROLLBACK runs after whatever was already queued.
        """
        async with self._lock:
            try:
                await self.connection.execute("BEGIN IMMEDIATE")
                yield self._db
                await self.connection.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteDb]:
        """A read snapshot, consistent across several SELECTs."""
        async with self._lock:
            try:
                await self.connection.execute("BEGIN")
                yield self._db
            finally:
                await self._rollback()  # nothing to keep; ends the snapshot

    async def _rollback(self) -> None:
        # No transaction open: the COMMIT went through before the failure (e.g. a cancellation).
        with contextlib.suppress(sqlite3.OperationalError):
            await self.connection.execute("ROLLBACK")

    async def lock_league(self, db: Db) -> None:
        """Nothing to do: SQLite's write transaction already keeps matches from being rated meanwhile."""

    async def nudge(self, match_id: int, guild_id: int | None) -> None:
        """Nothing to do: one process on a SQLite file has no one else to tell."""

    async def listen(self, nudged: Nudged, missed: Missed | None) -> None:
        """Nothing to hear: no other process fills this file's outbox."""

    async def close(self) -> None:
        """Close the connection (checkpointing the WAL); closing twice is harmless."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self.connection.close()


def _owner_only(path: str) -> None:
    """Create the database file readable and writable by its owner alone: it holds every secret."""
    if path == ":memory:" or path.startswith("file:"):
        return
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    os.chmod(path, 0o600)  # a file made by an older version may be wider


def _side_files_owner_only(path: str) -> None:
    """The WAL and shared-memory files as private as the database: SQLite copies the file's mode; this makes sure."""
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.chmod(path + suffix, 0o600)


class SqliteStore(SqlStore):
    """The bot's state in a SQLite file. Build with ``await SqliteStore.open(path)``."""

    def __init__(self, engine: SqliteEngine) -> None:
        super().__init__(engine)
        self.connection = engine.connection  # the raw connection, for tools and tests that look under the store

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, durable: bool = True) -> SqliteStore:
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
                row = await cursor.fetchone()
            mode = "" if row is None else str(row[0])
            if mode.lower() != "wal":
                raise RuntimeError(f"SQLite refused WAL mode for {path!r} (got {mode!r})")
            await db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            await db.execute("PRAGMA foreign_keys = ON")
            # Another process (a second bot, sqlite3 shell) may hold the write lock briefly.
            await db.execute("PRAGMA busy_timeout = 5000")
            ran = await migrate(db)
            await asyncio.to_thread(_side_files_owner_only, path)
        except BaseException:
            await db.close()
            raise
        if ran:
            log.info("database %s: applied %d migration(s)", path, ran)
        return cls(SqliteEngine(db, path))


async def open_database(path: str | os.PathLike[str], *, durable: bool, pool_size: int) -> Store:
    """This backend's opener (``bot.storage.OPENERS``), as the contract (which mypy checks it fulfils).

    One connection, so ``pool_size`` is not used.
    """
    try:
        return await SqliteStore.open(path, durable=durable)
    except (OSError, sqlite3.Error, SchemaTooNewError) as error:
        raise unavailable(path, error) from None
