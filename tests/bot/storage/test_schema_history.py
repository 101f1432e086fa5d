"""One schema history for both backends (``bot.storage.schema``), held to the two it replaced (issue 33).

Until then each backend wrote its own history; both are frozen in ``frozen_d9518b6``, runners and all. On
SQLite and on the real PostgreSQL, for every schema version v those reached: a database is built at v by
the frozen code, as a bot of that time built it, and given rows in every table it has; the bot's own opener
(the new history) upgrades it, while a twin is upgraded by the frozen code. The two must end alike, schema
and rows; the upgrade must have the schema of a fresh install with the new history; the rows put in at v
must still be there. And a fresh install with the new history must equal one with the frozen code.

The schema is compared as far as each database can describe it: SQLite's objects with their SQL text (so
CHECKs, foreign keys, triggers and WITHOUT ROWID too), its columns, indexes and keys; PostgreSQL's tables,
columns (name, type, nullability, default), indexes, constraints, triggers, their functions and sequences.
"""

from __future__ import annotations

import re
import sqlite3
import uuid
from collections import Counter
from contextlib import closing
from dataclasses import dataclass
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.storage import migrations, postgres_migrations
from bot.storage.dialects import POSTGRES, SQLITE
from bot.storage.postgres import PostgresStore, dollar_params
from bot.storage.schema import SCHEMA_VERSION, render
from bot.storage.sqlite import SqliteStore
from tests.bot.storage.frozen_d9518b6 import postgres as frozen_postgres
from tests.bot.storage.frozen_d9518b6 import sqlite as frozen_sqlite

FROZEN_VERSION = 15
assert len(frozen_sqlite.MIGRATIONS) == len(frozen_postgres.MIGRATIONS) == FROZEN_VERSION

T = "2026-11-22T12:00:00+00:00"
# Discord ids are beyond 32 bits: a column too narrow for them fails here.
ANN, BEN, BOT = 912_345_678_901_234_567, 912_345_678_901_234_568, 912_345_678_901_234_569
GUILD, THREAD = 812_345_678_901_234_567, 712_345_678_901_234_567
LOG = '{"kind": "plan", "path": ["A1", "A2"]}'


@dataclass(frozen=True)
class Put:
    """One step of filling a database: an INSERT of those of ``values`` whose columns exist at its version,
    or ``sql`` as written; skipped where ``table`` does not exist yet."""

    table: str
    values: dict[str, Any] | None = None
    sql: str = ""


def match(channel: int, status: str, **more: Any) -> Put:
    return Put("matches", {
        "guild_id": GUILD, "channel_id": channel, "goryo_id": ANN, "samurai_id": BEN, "initial_state": '{"s": 0}',
        "state": f'{{"s": {channel}}}', "to_move": "goryo" if status == "active" else None, "status": status,
        "created_at": T, "turn_started_at": T, "live_board_round": 2, "live_board_message_id": BOT + channel,
        "server_language": "it", "goryo_language": "en", **more,
    })


def outbox(match_id: int, seq: int, route: str) -> Put:
    return Put("outbox", {
        "match_id": match_id, "seq": seq, "kind": "narration", "route": route, "payload": f'{{"text": "{seq}"}}',
        "status": "done" if seq == 1 else "pending", "attempts": seq, "created_at": T, "next_attempt_at": T,
        "delivered_at": T if seq == 1 else None, "message_id": BOT + seq, "attempted_at": T,
        "attempt": '{"token": "t"}', "refused_at": None,
    })


# Every table, every kind of column (ids past 32 bits, floats, NULLs, defaults), ids handed out and then
# deleted (so a sequence that went back would show), in an order the rules of the database accept.
SEED: tuple[Put, ...] = (
    match(100, "active", ai_side="samurai", ai_level="hard", ai_seed=2**40 + 1, assist=1),
    match(101, "finished", finished_at=T, rating_seq=1),
    match(102, "damaged", damage_reason="replay differs"),
    Put("matches", sql="DELETE FROM matches WHERE id = 3"),
    Put("challenges", {
        "guild_id": GUILD, "channel_id": 200, "challenger_id": ANN, "opponent_id": BEN, "challenger_role": "random",
        "advanced": 1, "created_at": T, "message_id": BOT, "assist": 1, "server_language": "it",
        "challenger_language": "it",
    }),
    Put("actions", {"match_id": 1, "seq": 1, "actor_id": ANN, "action": LOG, "at": T}),
    Put("actions", sql="UPDATE matches SET version = 1 WHERE id = 1"),
    Put("actions", {"match_id": 1, "seq": 2, "actor_id": BEN, "action": LOG, "at": T}),
    Put("actions", sql="UPDATE matches SET version = 2 WHERE id = 1"),
    Put("plan_previews", {"match_id": 1, "latest": 3, "place": '{"message_id": 7}'}),
    Put("builder_places", {"match_id": 1, "place": '{"message_id": 8}'}),
    outbox(1, 1, "public"),
    outbox(1, 2, "goryo"),
    outbox(2, 3, "live"),
    Put("outbox", sql="DELETE FROM outbox WHERE seq = 3"),
    Put("match_summaries", {
        "match_id": 2, "guild_id": GUILD, "channel_id": 101, "goryo_id": ANN, "samurai_id": BEN,
        "finished_at": T, "summary": '{"winner": "goryo"}',
    }),
    Put("ratings", {"guild_id": GUILD, "user_id": ANN, "role": "goryo", "mu": 26.123456789012345,
                    "sigma": 8.0 / 3.0, "matches": 1, "wins": 1}),
    Put("ratings", {"guild_id": GUILD, "user_id": BEN, "role": "samurai", "mu": 23.5, "sigma": 7.25,
                    "matches": 1, "wins": 0}),
    Put("outbox_claims", {"match_id": 1, "holder": "process-a", "expires_at": T}),
    Put("preview_cancels", {"match_id": 1, "version": 2, "preview": 0}),
    Put("turn_notices", {"user_id": ANN, "mode": "dm", "language": "it", "changed_at": T}),
    Put("server_setting_changes", {"guild_id": GUILD, "name": "turn_limit", "value": "86400",
                                   "changed_by": ANN, "changed_at": T}),
    Put("server_setting_changes", {"guild_id": GUILD, "name": "assist", "value": "on",
                                   "changed_by": BEN, "changed_at": T}),
    Put("match_threads", {"match_id": 2, "thread_id": THREAD, "parent_id": 101, "archived_at": T}),
)

# What a migration empties on purpose: 11 deletes the summaries, which the next start rebuilds from the logs.
EMPTIED_BY = {"match_summaries": 11}

Rows = dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]  # table → (its columns, its rows in order)


def insert(table: str, names: list[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"


def ordered(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return sorted(rows, key=repr)


# --- the two backends, each asked the same questions --------------------------------------------------


class Sqlite:
    def __init__(self, tmp_path, request) -> None:
        self.tmp_path = tmp_path
        self.made = 0

    async def new(self) -> str:
        self.made += 1
        return str(self.tmp_path / f"goryo-{self.made}.sqlite3")

    async def frozen_migrate(self, path: str, version: int) -> None:
        async with aiosqlite.connect(path, isolation_level=None) as db:
            await db.execute("PRAGMA foreign_keys = ON")  # as the store of that day opened it
            await frozen_sqlite.migrate(db, frozen_sqlite.MIGRATIONS[:version])

    async def new_migrate(self, path: str, version: int) -> None:
        async with aiosqlite.connect(path, isolation_level=None) as db:
            await db.execute("PRAGMA foreign_keys = ON")  # as the store opens it
            await migrations.migrate(db, migrations.MIGRATIONS[:version])

    async def open_with_the_bot(self, path: str) -> None:
        store = await SqliteStore.open(path)
        await store.close()

    async def fill(self, path: str) -> None:
        with closing(sqlite3.connect(path, isolation_level=None)) as plain:
            plain.execute("PRAGMA foreign_keys = ON")
            for put in SEED:
                columns = {row[1] for row in plain.execute(f"PRAGMA table_info({put.table})")}
                if not columns:
                    continue
                if put.values is None:
                    plain.execute(put.sql)
                    continue
                names = [name for name in put.values if name in columns]
                plain.execute(insert(put.table, names), [put.values[name] for name in names])

    async def put(self, path: str, put: Put) -> None:
        assert put.values is not None
        with closing(sqlite3.connect(path, isolation_level=None)) as plain:
            plain.execute("PRAGMA foreign_keys = ON")
            plain.execute(insert(put.table, list(put.values)), list(put.values.values()))

    async def constraints(self, path: str) -> set[str]:
        """The CHECKs on the ai level and the setting names, as the file keeps them."""
        with closing(sqlite3.connect(path)) as plain:
            sql = " ".join(row[0] for row in plain.execute("SELECT sql FROM sqlite_master WHERE type = 'table'"))
        return set(re.findall(r"CHECK \((?:ai_level|name) IN \([^)]*\)\)", sql))

    async def version(self, path: str) -> int:
        with closing(sqlite3.connect(path)) as plain:
            return int(plain.execute("PRAGMA user_version").fetchone()[0])

    async def shape(self, path: str) -> dict[str, Any]:
        with closing(sqlite3.connect(path)) as plain:
            objects = sorted(plain.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"), key=repr)
            tables = [name for kind, name, _, _ in objects if kind == "table"]
            indexes = {name: list(plain.execute(f"PRAGMA index_xinfo({name})"))
                       for kind, name, _, _ in objects if kind == "index"}
            return {
                "objects": objects,
                "columns": {t: list(plain.execute(f"PRAGMA table_xinfo({t})")) for t in tables},
                "index_list": {t: sorted(plain.execute(f"PRAGMA index_list({t})"), key=repr) for t in tables},
                "indexes": indexes,
                "foreign_keys": {t: list(plain.execute(f"PRAGMA foreign_key_list({t})")) for t in tables},
            }

    async def rows(self, path: str) -> Rows:
        with closing(sqlite3.connect(path)) as plain:
            tables = [row[0] for row in plain.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            found: Rows = {}
            for table in tables:  # sqlite_sequence too: outbox ids are never to be handed out again
                cursor = plain.execute(f"SELECT * FROM {table}")
                found[table] = (tuple(c[0] for c in cursor.description), ordered(cursor.fetchall()))
            return found


class Postgres:
    def __init__(self, tmp_path, request) -> None:
        self.server = request.getfixturevalue("postgres_server")

    async def new(self) -> str:
        name = f"schema_{uuid.uuid4().hex}"
        self.server.psql(f"CREATE DATABASE {name};")
        return re.sub(r"/postgres\?", f"/{name}?", self.server.get_uri(), count=1)

    async def frozen_migrate(self, url: str, version: int) -> None:
        connection = await asyncpg.connect(url)
        try:
            await frozen_postgres.migrate(connection, frozen_postgres.MIGRATIONS[:version])
        finally:
            await connection.close()

    async def new_migrate(self, url: str, version: int) -> None:
        connection = await asyncpg.connect(url)
        try:
            await postgres_migrations.migrate(connection, postgres_migrations.MIGRATIONS[:version])
        finally:
            await connection.close()

    async def open_with_the_bot(self, url: str) -> None:
        store = await PostgresStore.open(url)
        await store.close()

    async def _ask(self, url: str, *queries: str) -> list[list[tuple[Any, ...]]]:
        connection = await asyncpg.connect(url)
        try:
            return [[tuple(row.values()) for row in await connection.fetch(query)] for query in queries]
        finally:
            await connection.close()

    async def fill(self, url: str) -> None:
        connection = await asyncpg.connect(url)
        try:
            for put in SEED:
                columns = {row[0] for row in await connection.fetch(
                    "SELECT column_name FROM information_schema.columns"
                    " WHERE table_schema = 'public' AND table_name = $1", put.table)}
                if not columns:
                    continue
                if put.values is None:
                    await connection.execute(put.sql)
                    continue
                names = [name for name in put.values if name in columns]
                await connection.execute(dollar_params(insert(put.table, names)), *[put.values[name] for name in names])
        finally:
            await connection.close()

    async def put(self, url: str, put: Put) -> None:
        assert put.values is not None
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(dollar_params(insert(put.table, list(put.values))), *put.values.values())
        finally:
            await connection.close()

    async def constraints(self, url: str) -> set[str]:
        """The CHECKs on the ai level and the setting names, by the names PostgreSQL generated for them, in
        the form of the SQL that wrote them."""
        [found] = await self._ask(
            url, "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
                 " WHERE conname IN ('matches_ai_level_check', 'server_setting_changes_name_check')")
        written = {}
        for name, definition in found:
            column = "ai_level" if name == "matches_ai_level_check" else "name"
            levels = re.findall(r"'([a-z_]+)'::text", definition)
            written[name] = f"CHECK ({column} IN ({', '.join(repr(v) for v in levels)}))"
        assert set(written) == {"matches_ai_level_check", "server_setting_changes_name_check"}
        return set(written.values())

    async def version(self, url: str) -> int:
        [[(version,)]] = await self._ask(url, "SELECT version FROM schema_version")
        return int(version)

    async def shape(self, url: str) -> dict[str, Any]:
        public = "'public'::regnamespace"
        answers = await self._ask(
            url,
            "SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'public'",
            "SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default"
            " FROM information_schema.columns WHERE table_schema = 'public'",
            "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
            "SELECT conrelid::regclass::text, conname, contype, pg_get_constraintdef(oid)"
            f" FROM pg_constraint WHERE connamespace = {public}",
            "SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal",
            f"SELECT proname, pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = {public}",
            "SELECT sequencename, data_type, start_value, increment_by, max_value, cycle"
            " FROM pg_sequences WHERE schemaname = 'public'",
        )
        kinds = ("tables", "columns", "indexes", "constraints", "triggers", "functions", "sequences")
        return {kind: ordered(answer) for kind, answer in zip(kinds, answers, strict=True)}

    async def rows(self, url: str) -> Rows:
        connection = await asyncpg.connect(url)
        try:
            found: Rows = {}
            for (table,) in await connection.fetch(  # the version, kept apart, has a question of its own
                    "SELECT table_name FROM information_schema.tables"
                    " WHERE table_schema = 'public' AND table_name <> 'schema_version'"):
                records = await connection.fetch(f"SELECT * FROM {table}")
                columns = tuple(row[0] for row in await connection.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public'"
                    " AND table_name = $1 ORDER BY ordinal_position", table))
                found[table] = (columns, ordered([tuple(r.values()) for r in records]))
            # Where each id sequence stands: ids handed out are never to be handed out again.
            sequences = await connection.fetch(
                "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public'")
            found["(sequences)"] = (("sequencename", "last_value"), ordered([tuple(r.values()) for r in sequences]))
            return found
        finally:
            await connection.close()


SIDES = {"sqlite": Sqlite, "postgresql": Postgres}


@pytest.fixture(params=list(SIDES))
def side(request, tmp_path):
    return SIDES[request.param](tmp_path, request)


# --- the tests ----------------------------------------------------------------------------------------


def normal(sql: str) -> str:
    """SQL with its layout taken out: runs of space as one, none beside brackets and commas."""
    return re.sub(r"\s*([(),])\s*", r"\1", re.sub(r"\s+", " ", sql)).strip()


def test_the_history_in_each_dialect_is_the_frozen_one_statement_for_statement():
    # SQLite keeps each CREATE's text in the file, so its statements are the old ones to the byte;
    # PostgreSQL keeps none, so its statements are the old ones but for their layout.
    assert render(SQLITE)[:FROZEN_VERSION] == frozen_sqlite.MIGRATIONS
    assert [[normal(s) for s in m] for m in render(POSTGRES)[:FROZEN_VERSION]] == [
        [normal(s) for s in m] for m in frozen_postgres.MIGRATIONS]
    assert SCHEMA_VERSION >= FROZEN_VERSION


async def test_a_fresh_install_with_the_new_history_equals_one_with_the_frozen_code(side):
    new, old = await side.new(), await side.new()
    await side.new_migrate(new, FROZEN_VERSION)
    await side.frozen_migrate(old, FROZEN_VERSION)
    assert await side.version(new) == await side.version(old) == FROZEN_VERSION
    assert await side.shape(new) == await side.shape(old)
    assert await side.rows(new) == await side.rows(old)  # empty tables, empty sequences

    # And the bot brings both to its own version alike.
    for database in (new, old):
        await side.open_with_the_bot(database)
        assert await side.version(database) == SCHEMA_VERSION
    assert await side.shape(new) == await side.shape(old)


@pytest.mark.parametrize("version", range(1, FROZEN_VERSION + 1))
async def test_a_database_of_each_earlier_version_upgrades_to_the_fresh_schema_with_its_rows(side, version):
    upgraded, twin, fresh = await side.new(), await side.new(), await side.new()
    for database in (upgraded, twin):
        await side.frozen_migrate(database, version)
        await side.fill(database)
    before = await side.rows(upgraded)
    assert before == await side.rows(twin)
    assert sum(len(rows) for _, rows in before.values()) > 0

    # Up to the last frozen version, the new history does exactly what the old code did, rows and all.
    await side.new_migrate(upgraded, FROZEN_VERSION)
    await side.frozen_migrate(twin, FROZEN_VERSION)
    assert await side.version(upgraded) == await side.version(twin) == FROZEN_VERSION
    assert await side.shape(upgraded) == await side.shape(twin)
    assert await side.rows(upgraded) == await side.rows(twin)

    # Opened by the bot, it has the schema of a fresh install.
    await side.open_with_the_bot(upgraded)
    await side.open_with_the_bot(fresh)
    assert await side.version(upgraded) == await side.version(fresh) == SCHEMA_VERSION
    assert await side.shape(upgraded) == await side.shape(fresh)

    # Every row put in at that version is still there, with the same values in the columns it had then (a
    # migration may add some: SQLite's copy of a table starts its id sequence even with no rows to copy).
    after = await side.rows(upgraded)
    for table, (columns, rows) in before.items():
        now_columns, now_rows = after[table]
        if version < EMPTIED_BY.get(table, 0):
            assert now_rows == [], f"{table} should have been emptied by migration {EMPTIED_BY[table]}"
            continue
        kept = [tuple(row[now_columns.index(c)] for c in columns) for row in now_rows]
        lost = Counter(rows) - Counter(kept)
        assert not lost, f"the upgrade from version {version} lost or changed these rows of {table}: {lost}"


async def filled_at(side, version: int) -> Any:
    """A database at schema ``version`` (by the frozen code up to its last version), with a row in every table."""
    database = await side.new()
    if version <= FROZEN_VERSION:
        await side.frozen_migrate(database, version)
    else:
        await side.new_migrate(database, version)
    await side.fill(database)
    return database


@pytest.mark.parametrize("version", [1, FROZEN_VERSION, 16])  # 16: just before migration 17
async def test_after_the_upgrade_an_expert_match_and_a_max_level_setting_are_stored(side, version):
    # Migration 17 widens two CHECKs: SQLite rewrites them in place (matches has children), PostgreSQL
    # replaces the constraints by name. Before it, both rows are refused; after it, both are stored.
    database = await filled_at(side, version)
    expert = Put("matches", match(300, "active", ai_side="goryo", ai_level="expert", ai_seed=7).values)
    capped = Put("server_setting_changes", {"guild_id": GUILD, "name": "max_level", "value": "hard",
                                            "changed_by": ANN, "changed_at": T})
    if version >= 14:  # the settings table exists: the old CHECK refuses the new name
        with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
            await side.put(database, capped)
    await side.open_with_the_bot(database)
    await side.put(database, expert)
    await side.put(database, capped)
    rows = await side.rows(database)
    columns, matches = rows["matches"]
    assert [row[columns.index("channel_id")] for row in matches if row[columns.index("ai_level")] == "expert"] == [300]
    columns, settings = rows["server_setting_changes"]
    assert ("max_level", "hard") in [(row[columns.index("name")], row[columns.index("value")]) for row in settings]
    # Still refused: a level that is none of the four, a setting that is none of the known.
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("matches", match(301, "active", ai_side="goryo", ai_level="grandmaster").values))
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("server_setting_changes", {**(capped.values or {}), "name": "min_level"}))
    assert await side.constraints(database) >= {
        "CHECK (ai_level IN ('easy', 'normal', 'hard', 'expert'))",
        "CHECK (name IN ('turn_limit', 'assist', 'threads', 'max_level'))",
    }


TOURNAMENT = {"guild_id": GUILD, "channel_id": 100, "name": "Autumn cup", "format": "swiss", "rounds": 3,
              "round_days": 7, "advanced": 0, "assist": 1, "max_players": None, "signup_closes_at": T,
              "created_by": ANN, "created_at": T}


@pytest.mark.parametrize("version", [FROZEN_VERSION, 18])  # 18: the last before migration 19
async def test_after_the_upgrade_a_tournament_with_its_players_matches_and_byes_is_stored(side, version):
    # Migration 19 adds the tournaments' four tables: a database from before it, rows and all, takes them.
    database = await filled_at(side, version)
    before = await side.rows(database)
    assert "tournaments" not in before
    await side.open_with_the_bot(database)
    await side.put(database, Put("tournaments", TOURNAMENT))
    await side.put(database, Put("tournament_players", {"tournament_id": 1, "user_id": ANN, "seq": 1,
                                                        "joined_at": T}))
    await side.put(database, Put("tournament_matches", {"tournament_id": 1, "round": 1, "goryo_id": ANN,
                                                        "samurai_id": BEN, "match_id": 1}))
    await side.put(database, Put("tournament_byes", {"tournament_id": 1, "round": 1, "user_id": BOT}))
    after = await side.rows(database)
    for table in ("tournaments", "tournament_players", "tournament_matches", "tournament_byes"):
        assert len(after[table][1]) == 1, table
    for table, (_columns, rows) in before.items():
        if table not in ("sqlite_sequence", "(sequences)"):  # these count the new tournament's id too
            assert len(after[table][1]) == len(rows), f"the upgrade changed the rows of {table}"
    # The CHECKs hold: no such format, and a match in a round 0.
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("tournaments", {**TOURNAMENT, "format": "knockout"}))
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("tournament_matches", {"tournament_id": 1, "round": 0, "goryo_id": BEN,
                                                            "samurai_id": ANN}))


@pytest.mark.parametrize("version", [FROZEN_VERSION, 19])  # 19: the last before migrations 20 and 21
async def test_after_the_upgrade_a_review_and_the_hints_of_a_match_are_stored(side, version):
    # Migration 20 adds the reviews' table, 21 the hints': a database from before them, rows and all, takes them.
    database = await filled_at(side, version)
    before = await side.rows(database)
    assert "match_reviews" not in before and "match_hints" not in before
    await side.open_with_the_bot(database)
    await side.put(database, Put("match_reviews", {"match_id": 1, "review": '{"turns": []}', "made_at": T}))
    hint = {"match_id": 1, "version": 2, "side": "samurai", "action": LOG, "asked_by": BEN, "asked_at": T}
    await side.put(database, Put("match_hints", hint))
    after = await side.rows(database)
    assert len(after["match_reviews"][1]) == len(after["match_hints"][1]) == 1
    for table, (_columns, rows) in before.items():
        if table not in ("sqlite_sequence", "(sequences)"):  # a table made on the way may add its own sequence
            assert len(after[table][1]) == len(rows), f"the upgrade changed the rows of {table}"
    # The keys and CHECKs hold: one review per match, one hint per version, only the two sides, no version -1.
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await side.put(database, Put("match_reviews", {"match_id": 1, "review": "{}", "made_at": T}))
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await side.put(database, Put("match_hints", {**hint, "side": "goryo"}))
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("match_hints", {**hint, "version": 3, "side": "ghost"}))
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("match_hints", {**hint, "version": -1}))


@pytest.mark.parametrize("version", [FROZEN_VERSION, 21])  # 21: the last before migration 22
async def test_after_the_upgrade_the_outbox_holds_a_tournaments_posts_beside_the_matches_items(side, version):
    # Migration 22: an outbox row is a match's or a tournament's (its match_id empty), and the route 'tournament'.
    database = await filled_at(side, version)
    before = await side.rows(database)
    await side.open_with_the_bot(database)
    await side.put(database, Put("tournaments", TOURNAMENT))
    post = {**(outbox(1, 0, "tournament").values or {}), "match_id": None, "tournament_id": 1}
    await side.put(database, Put("outbox", post))
    after = await side.rows(database)
    assert len(after["outbox"][1]) == len(before["outbox"][1]) + 1  # every match's item kept, the post added
    for table, (_columns, rows) in before.items():
        if table not in ("sqlite_sequence", "(sequences)", "outbox", "tournaments"):
            assert len(after[table][1]) == len(rows), f"the upgrade changed the rows of {table}"
    # The CHECK still holds for any other route, and a post names a tournament that exists.
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await side.put(database, Put("outbox", {**post, "route": "broadcast"}))
    with pytest.raises((sqlite3.IntegrityError, asyncpg.ForeignKeyViolationError)):
        await side.put(database, Put("outbox", {**post, "tournament_id": 99}))
