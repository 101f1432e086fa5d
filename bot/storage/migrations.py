"""SQLite's runner of the schema history (``bot.storage.schema``), its version kept in PRAGMA user_version.

Migration N (1-based) takes a database at user_version N-1 to N. Each runs in its own
transaction together with the version bump, so a crash mid-migration leaves the file at
the previous version and the next start simply runs it again.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from .dialects import SQLITE, Rewrite
from .schema import SchemaTooNewError, render

# The history in SQLite's words (the statements its migration N runs: MIGRATIONS[N - 1]).
MIGRATIONS: tuple[tuple[str | Rewrite, ...], ...] = render(SQLITE)
SCHEMA_VERSION = len(MIGRATIONS)


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None  # PRAGMA user_version always answers
    return int(row[0])


async def rewrite(db: aiosqlite.Connection, step: Rewrite) -> None:
    """``step`` done the way SQLite's documentation gives for changing a CHECK without copying the table
    ("Making Other Kinds Of Table Schema Changes"), inside the caller's transaction. The table is named
    ``sqlite_master`` rather than its newer alias ``sqlite_schema``, which SQLite before 3.33 lacks."""
    async with db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (step.table,)) as cursor:
        row = await cursor.fetchone()
    if row is None or str(row[0]).count(step.old) != 1:
        raise RuntimeError(f"table {step.table}'s schema does not hold {step.old!r} exactly once")
    async with db.execute("PRAGMA schema_version") as cursor:
        version = await cursor.fetchone()
    assert version is not None  # PRAGMA schema_version always answers
    await db.execute("PRAGMA writable_schema = ON")
    try:
        await db.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = ?",
                         (step.old, step.new, step.table))
        # Every connection (this one too) rereads the schema when this number moves.
        await db.execute(f"PRAGMA schema_version = {int(version[0]) + 1}")
    finally:
        await db.execute("PRAGMA writable_schema = OFF")
    async with db.execute("PRAGMA integrity_check") as cursor:
        verdict = await cursor.fetchall()
    if [tuple(r) for r in verdict] != [("ok",)]:
        raise RuntimeError(f"the file failed its integrity check after rewriting {step.table}: {verdict}")


async def migrate(db: aiosqlite.Connection, migrations: Sequence[Sequence[str | Rewrite]] = MIGRATIONS) -> int:
    """Bring the database up to the last of ``migrations``; returns how many ran.

    Expects an autocommit connection (isolation_level=None). Safe to run again, and safe
    if two processes start at once: the version is re-read under the write lock.
    """
    ran = 0
    while True:
        await db.execute("BEGIN IMMEDIATE")
        try:
            current = await schema_version(db)
            if current > len(migrations):
                raise SchemaTooNewError(
                    f"database schema version {current} is newer than this bot's ({len(migrations)})"
                )
            if current == len(migrations):
                await db.execute("COMMIT")
                return ran
            for statement in migrations[current]:
                if isinstance(statement, Rewrite):
                    await rewrite(db, statement)
                else:
                    await db.execute(statement)
            # user_version lives in the file header, so it commits or rolls back with the rest.
            await db.execute(f"PRAGMA user_version = {current + 1}")
            await db.execute("COMMIT")
            ran += 1
        except BaseException:
            await db.execute("ROLLBACK")
            raise
