"""PostgreSQL's runner of the schema history (``bot.storage.schema``), the one SQLite runs too.

The version lives in ``schema_version``; a transaction-scoped advisory lock lets several bot
processes start at once. Each migration commits with its version bump.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from .dialects import POSTGRES
from .schema import SchemaTooNewError, render

# Any constant works: it only has to differ from the per-match keys (which are positive ids).
MIGRATION_LOCK = -7_466_982_001


def _sql(statement: object) -> str:
    if not isinstance(statement, str):  # a ``Rewrite`` is SQLite's alone
        raise TypeError(f"not a PostgreSQL statement: {statement!r}")
    return statement


# The history in PostgreSQL's words (the statements its migration N runs: MIGRATIONS[N - 1]).
MIGRATIONS: tuple[tuple[str, ...], ...] = tuple(tuple(_sql(s) for s in m) for m in render(POSTGRES))
SCHEMA_VERSION = len(MIGRATIONS)


async def schema_version(db: asyncpg.Connection) -> int:
    exists = await db.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    return int(await db.fetchval("SELECT version FROM schema_version")) if exists else 0


async def migrate(db: asyncpg.Connection, migrations: Sequence[Sequence[str]] = MIGRATIONS) -> int:
    """Bring the database up to the last of ``migrations``; returns how many ran.

    Each migration commits with its version bump; a failed one leaves the previous version.
    """
    ran = 0
    while True:
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await db.fetchval("SELECT version FROM schema_version")
            if current is None:
                await db.execute("INSERT INTO schema_version (version) VALUES (0)")
                current = 0
            if current > len(migrations):
                raise SchemaTooNewError(
                    f"database schema version {current} is newer than this bot's ({len(migrations)})"
                )
            if current == len(migrations):
                return ran
            for statement in migrations[current]:
                await db.execute(statement)
            await db.execute("UPDATE schema_version SET version = $1", current + 1)
        ran += 1
