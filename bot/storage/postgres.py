"""The store on PostgreSQL (asyncpg), for several bot processes sharing one database.

Same SQL and records as the SQLite store (``Store``); only the plumbing differs: a
connection pool instead of one connection and a lock, real transactions instead of
BEGIN IMMEDIATE, ``$n`` parameters (translated from ``?``), and ``SELECT … FOR UPDATE``
on the match row an action changes, so that two processes committing to one match
queue on that row and the later one finds the version moved on (StaleMatchError).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from .address import redact, scrub
from .postgres_migrations import migrate
from .sqlite import Store

log = logging.getLogger("bot.storage")

NUDGES = "goryo_outbox"  # the NOTIFY channel on which a process says "this match's outbox waits"
RELISTEN_FIRST, RELISTEN_MOST = 1.0, 30.0  # seconds between tries to reopen a lost LISTEN connection


@functools.lru_cache(maxsize=512)
def dollar_params(sql: str) -> str:
    """``?`` placeholders → ``$1, $2, …`` (our SQL has no ``?`` inside string literals)."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class _Written:
    """What a write statement reports: how many rows it changed (from asyncpg's status tag)."""

    __slots__ = ("rowcount",)

    def __init__(self, status: str) -> None:
        last = status.rsplit(" ", 1)[-1]
        self.rowcount = int(last) if last.isdigit() else -1


class _Connection:
    """The part of aiosqlite's connection the shared SQL uses, on an asyncpg connection."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.raw = connection

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> _Written:
        return _Written(await self.raw.execute(dollar_params(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self.raw.executemany(dollar_params(sql), rows)

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        return await self.raw.fetch(dollar_params(sql), *params)


class PostgresStore(Store):
    """The bot's state in PostgreSQL. Build with ``await PostgresStore.open(url)``."""

    integrity_errors = (asyncpg.IntegrityConstraintViolationError,)
    for_update = " FOR UPDATE"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__(None, redact(url))  # type: ignore[arg-type]
        self._pool = pool
        self._url = url
        self._listener: asyncpg.Connection | None = None  # its own connection: LISTEN holds one for good
        self._nudged: Callable[[int, int | None], None] | None = None
        self._missed: Callable[[], None] | None = None
        self._relisten: asyncio.Task | None = None

    @classmethod
    async def open(cls, url: str, *, durable: bool = True, pool_size: int = 10) -> PostgresStore:  # type: ignore[override]
        """Connect a pool to ``url`` and migrate. ``durable=False`` commits without waiting for the WAL flush."""
        settings = {} if durable else {"synchronous_commit": "off"}
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, server_settings=settings)
        try:
            async with pool.acquire() as connection:
                ran = await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        if ran:
            log.info("database %s: applied %d migration(s)", redact(url), ran)
        return cls(pool, url)

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self._relisten is not None:
                self._relisten.cancel()
            if self._listener is not None:
                await self._listener.close()
            await self._pool.close()

    async def nudge_outbox(self, match_id: int, guild_id: int | None) -> None:
        async with self._pool.acquire() as connection:
            await connection.execute("SELECT pg_notify($1, $2)", NUDGES, f"{match_id}:{guild_id or ''}")

    async def listen_outbox(
        self, nudged: Callable[[int, int | None], None], missed: Callable[[], None] | None = None
    ) -> None:
        """Call ``nudged(match_id, guild_id)`` for each nudge; should the connection drop, it is reopened,
        and ``missed()`` is called once it is back, since nudges sent meanwhile were lost."""
        self._nudged, self._missed = nudged, missed
        if self._listener is None:
            await self._open_listener()

    def _heard(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        match_id, _, guild_id = payload.partition(":")
        if self._nudged is not None:
            self._nudged(int(match_id), int(guild_id) if guild_id else None)

    async def _open_listener(self) -> None:
        listener = await asyncpg.connect(self._url)
        await listener.add_listener(NUDGES, self._heard)
        listener.add_termination_listener(self._listener_lost)
        self._listener = listener

    def _listener_lost(self, _connection: object) -> None:
        if self._closed:
            return
        log.warning("database %s: the LISTEN connection was lost; reopening it", self.path)
        self._relisten = asyncio.get_running_loop().create_task(self._reopen_listener())

    async def _reopen_listener(self) -> None:
        delay = RELISTEN_FIRST
        while not self._closed:
            try:
                await self._open_listener()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning(
                    "database %s: LISTEN not reopened (%s); trying again in %.0f s",
                    self.path, scrub(str(error), self._url), delay,
                )
                await asyncio.sleep(delay)
                delay = min(2 * delay, RELISTEN_MOST)
                continue
            if self._missed is not None:
                self._missed()
            return

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Connection]:  # type: ignore[override]
        async with self._pool.acquire() as connection, connection.transaction():
            yield _Connection(connection)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Connection]:  # type: ignore[override]
        # One snapshot for every SELECT inside, as SQLite's read transaction gives.
        async with self._pool.acquire() as connection, connection.transaction(
            isolation="repeatable_read", readonly=True
        ):
            yield _Connection(connection)

    async def _lock_league(self, db: _Connection) -> None:  # type: ignore[override]
        # A live update locks rating rows one by one; a rebuild deletes and rewrites them all. This waits
        # for the updates under way and holds off new ones (they read the rebuilt rows after it commits).
        await db.execute("LOCK TABLE ratings IN EXCLUSIVE MODE")

    @staticmethod
    async def _one(db: _Connection, sql: str, params: Iterable[Any] = ()) -> asyncpg.Record | None:  # type: ignore[override]
        return await db.raw.fetchrow(dollar_params(sql), *params)

    @staticmethod
    async def _all(db: _Connection, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:  # type: ignore[override]
        return await db.execute_fetchall(sql, params)
