"""The store's schema on both backends: migrations, SQLite's own settings (WAL, foreign keys), times
stored as UTC, and the two backends' schemas kept alike."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import asyncpg
import pytest

import rules
from bot.storage import (
    open_store,
)
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION, SchemaTooNewError, migrate, schema_version
from bot.storage.schema import HISTORY
from bot.storage.sqlite import SqliteStore
from tests.bot.storage.stores import (
    challenge,
    new_match,
    raw,
)

# --- schema ----------------------------------------------------------------------


async def test_a_fresh_file_gets_every_migration_and_reopening_runs_none(db_path):
    store = await SqliteStore.open(db_path)
    await new_match(store)
    await store.close()
    with raw(db_path) as plain:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {row[0] for row in plain.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"challenges", "matches", "actions"} <= tables

    reopened = await SqliteStore.open(db_path)
    try:
        assert await migrate(reopened.connection) == 0
        assert len(await reopened.active_matches()) == 1
    finally:
        await reopened.close()


async def test_an_upgrade_runs_only_the_new_migration_and_a_failed_one_changes_nothing(db_path):
    store = await SqliteStore.open(db_path)
    try:
        match = await new_match(store)
        db = store.connection
        failing = (*MIGRATIONS, ("ALTER TABLE matches ADD COLUMN note TEXT", "NOT SQL AT ALL"))
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, failing)
        async with db.execute("SELECT * FROM matches") as cursor:
            assert "note" not in [column[0] for column in cursor.description]
        assert await schema_version(db) == SCHEMA_VERSION

        upgrade = (*MIGRATIONS, ("ALTER TABLE matches ADD COLUMN note TEXT",))
        assert await migrate(db, upgrade) == 1
        assert await migrate(db, upgrade) == 0
        assert await schema_version(db) == SCHEMA_VERSION + 1
        assert await store.get_match(match.id) == match
    finally:
        await store.close()


async def test_a_missing_directory_is_created(tmp_path):
    store = await SqliteStore.open(tmp_path / "data" / "goryo.sqlite3")
    await store.close()
    assert (tmp_path / "data" / "goryo.sqlite3").is_file()


async def test_a_database_from_a_newer_bot_is_refused(db_path):
    with raw(db_path) as plain:
        plain.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNewError):
        await SqliteStore.open(db_path)


async def test_the_file_is_in_wal_mode(sqlite_store, db_path):
    with raw(db_path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_the_connection_enforces_foreign_keys(sqlite_store):
    async with sqlite_store.connection.execute("PRAGMA foreign_keys") as cursor:
        assert (await cursor.fetchone())[0] == 1


# --- timestamps ------------------------------------------------------------------


async def test_times_are_stored_as_utc_text_and_come_back_aware(store, database):
    tokyo = timezone(timedelta(hours=9))
    posted = await challenge(store, now=datetime(2026, 11, 22, 21, 0, tzinfo=tokyo))
    assert posted.created_at == datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    assert posted.created_at.utcoffset() == timedelta(0)
    text = await database.fetchval("SELECT created_at FROM challenges")
    assert text == "2026-11-22T12:00:00.000000+00:00"
    assert (await store.get_challenge(posted.id)).created_at.tzinfo is not None


async def test_a_naive_time_is_refused(store):
    with pytest.raises(ValueError, match="aware"):
        await challenge(store, now=datetime(2026, 11, 22, 12, 0))
    assert await store.pending_challenges() == []


# --- the two backends' schemas ---------------------------------------------------------


async def test_postgresql_has_a_migration_for_each_of_sqlites_and_the_same_columns(db_path, postgres_url):
    from bot.storage import postgres_migrations

    # A migration appended on one side only fails here, before it can fail in production.
    assert postgres_migrations.SCHEMA_VERSION == SCHEMA_VERSION
    lite = await SqliteStore.open(db_path)
    await lite.close()
    pg = await open_store(postgres_url)
    await pg.close()
    with raw(db_path) as plain:
        tables = [row[0] for row in plain.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        lite_columns = {t: sorted(row[1] for row in plain.execute(f"PRAGMA table_info({t})")) for t in tables}
    connection = await asyncpg.connect(postgres_url)
    try:
        rows = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = 'public' AND table_name <> 'schema_version'"
        )
        assert await connection.fetchval("SELECT version FROM schema_version") == SCHEMA_VERSION
    finally:
        await connection.close()
    pg_columns: dict[str, list[str]] = {}
    for row in rows:
        pg_columns.setdefault(row["table_name"], []).append(row["column_name"])
    assert {t: sorted(c) for t, c in pg_columns.items()} == lite_columns


def test_a_lessons_side_is_stored_as_the_word_its_table_has_always_allowed():
    """The lesson's side is a ``rules.Side``, written as its value: the words of migration 16's CHECK, so lessons
    stored before it was typed read back unchanged and no migration was needed (the contract's lessons tour
    writes and reads them on both backends)."""
    [lessons] = [step for step in HISTORY if "CREATE TABLE lessons" in str(step[0])]
    allowed = re.search(r"role\s+TEXT\s+NOT NULL CHECK \(role IN \(([^)]*)\)\)", str(lessons[0]))
    assert allowed is not None
    assert {word.strip(" '") for word in allowed[1].split(",")} == {side.value for side in rules.Side}
