"""The store on PostgreSQL (asyncpg), for several bot processes sharing one database.

The queries are ``bot.storage.sql``'s, shared with SQLite; this module is the plumbing: a connection
pool, real transactions (a read is one REPEATABLE READ snapshot), ``$n`` parameters (translated from
``?``), ``SELECT … FOR UPDATE`` on the match row an action changes, so that two processes committing
to one match queue on that row and the later one finds the version moved on (StaleMatchError), and
LISTEN/NOTIFY, by which a process tells the others that a match's outbox waits.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from .address import for_driver, redact, scrub
from .contract import Store
from .engine import Db, Missed, Nudged
from .postgres_migrations import migrate
from .records import Row
from .schema import SchemaTooNewError
from .sql import SqlStore
from .unavailable import unavailable

log = logging.getLogger("bot.storage")

NUDGES = "goryo_outbox"  # the NOTIFY channel on which a process says "this match's outbox waits"
RELISTEN_FIRST, RELISTEN_MOST = 1.0, 30.0  # seconds between tries to reopen a lost LISTEN connection


@functools.lru_cache(maxsize=512)
def dollar_params(sql: str) -> str:
    """``?`` placeholders → ``$1, $2, …`` (our SQL has no ``?`` inside string literals)."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def _rows_changed(status: str) -> int:
    """How many rows a statement changed, from asyncpg's status tag ("UPDATE 1", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PostgresDb:
    """``bot.storage.engine.Db`` on an asyncpg connection."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rows_changed(await self.connection.execute(dollar_params(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self.connection.executemany(dollar_params(sql), rows)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.connection.fetchrow(dollar_params(sql), *params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.connection.fetch(dollar_params(sql), *params))


class PostgresEngine:
    """``bot.storage.engine.Engine`` on an asyncpg pool, plus one connection of its own for LISTEN."""

    integrity_errors: tuple[type[Exception], ...] = (asyncpg.IntegrityConstraintViolationError,)
    for_update = " FOR UPDATE"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.address = redact(url)
        self._pool = pool
        self._url = url
        self._closed = False
        self._listener: asyncpg.Connection | None = None  # its own connection: LISTEN holds one for good
        self._nudged: Nudged | None = None
        self._missed: Missed | None = None
        self._relisten: asyncio.Task[None] | None = None

    @asynccontextmanager
    async def write(self) -> AsyncIterator[PostgresDb]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield PostgresDb(connection)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresDb]:
        # One snapshot for every SELECT inside, as SQLite's read transaction gives.
        async with self._pool.acquire() as connection, connection.transaction(
            isolation="repeatable_read", readonly=True
        ):
            yield PostgresDb(connection)

    async def lock_league(self, db: Db) -> None:
        # A live update locks rating rows one by one; a rebuild deletes and rewrites them all. This waits
        # for the updates under way and holds off new ones (they read the rebuilt rows after it commits).
        await db.execute("LOCK TABLE ratings IN EXCLUSIVE MODE")

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self._relisten is not None:
                self._relisten.cancel()
            if self._listener is not None:
                await self._listener.close()
            await self._pool.close()

    # --- LISTEN/NOTIFY: the outbox's nudges between processes -----------------------------------------

    async def nudge(self, match_id: int, guild_id: int | None) -> None:
        async with self._pool.acquire() as connection:
            await connection.execute("SELECT pg_notify($1, $2)", NUDGES, f"{match_id}:{guild_id or ''}")

    async def listen(self, nudged: Nudged, missed: Missed | None) -> None:
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
        log.warning("database %s: the LISTEN connection was lost; reopening it", self.address)
        self._relisten = asyncio.get_running_loop().create_task(self._reopen_listener())

    async def _reopen_listener(self) -> None:
        delay = RELISTEN_FIRST
        while not self._closed:
            try:
                await self._open_listener()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning(
                    "database %s: LISTEN not reopened (%s); trying again in %.0f s",
                    self.address, scrub(str(error), self._url), delay,
                )
                await asyncio.sleep(delay)
                delay = min(2 * delay, RELISTEN_MOST)
                continue
            if self._missed is not None:
                self._missed()
            return


class PostgresStore(SqlStore):
    """The bot's state in PostgreSQL. Build with ``await PostgresStore.open(url)``."""

    @classmethod
    async def open(cls, url: str, *, durable: bool = True, pool_size: int = 10) -> PostgresStore:
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
        return cls(PostgresEngine(pool, url))


async def open_database(url: str | os.PathLike[str], *, durable: bool, pool_size: int) -> Store:
    """This backend's opener (``bot.storage.OPENERS``), as the contract (which mypy checks it fulfils)."""
    url = os.fspath(url)
    try:
        return await PostgresStore.open(for_driver(url), durable=durable, pool_size=pool_size)
    # Refused, unknown host, wrong password, no such database, a malformed URL, a newer schema.
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError, SchemaTooNewError) as error:
        raise unavailable(url, error) from None
