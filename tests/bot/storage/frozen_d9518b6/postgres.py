"""FROZEN: PostgreSQL's schema history and its runner, copied whole from
`bot/storage/postgres_migrations.py` at commit d9518b6 (schema version 15), the last commit with two separate histories.
Test data for tests/bot/storage/test_schema_history.py: databases are built with it at each earlier
version, as a bot of that time built them. Never edit; never import it from the bot.

The original docstring follows.

The PostgreSQL schema: the same migrations as ``bot.storage.migrations`` (SQLite), one for one.

Migration N here makes the same tables, columns, indexes and rules as SQLite's migration N,
in PostgreSQL's words: BIGINT for Discord ids, BIGSERIAL keys, plpgsql triggers. Times stay
ISO-8601 UTC text, so both backends hand back identical records. The version lives in
``schema_version``; a transaction-scoped advisory lock lets several bot processes start at
once. Never edit a released migration: append one here for each one appended there.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from tests.bot.storage.frozen_d9518b6.sqlite import SchemaTooNewError

# Any constant works: it only has to differ from the per-match keys (which are positive ids).
MIGRATION_LOCK = -7_466_982_001

_REFUSE = "USING ERRCODE = 'unique_violation'"  # so a busy channel reads like the unique index's refusal

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: challenges, matches, the append-only action log.
    (
        """
        CREATE TABLE challenges (
            id              BIGSERIAL PRIMARY KEY,
            guild_id        BIGINT,
            channel_id      BIGINT  NOT NULL,
            challenger_id   BIGINT  NOT NULL,
            opponent_id     BIGINT  NOT NULL,
            challenger_role TEXT    NOT NULL CHECK (challenger_role IN ('goryo', 'samurai', 'random')),
            advanced        INTEGER NOT NULL CHECK (advanced IN (0, 1)),
            created_at      TEXT    NOT NULL,
            message_id      BIGINT
        )
        """,
        "CREATE UNIQUE INDEX challenges_one_per_channel ON challenges (channel_id)",
        """
        CREATE TABLE matches (
            id              BIGSERIAL PRIMARY KEY,
            guild_id        BIGINT,
            channel_id      BIGINT  NOT NULL,
            goryo_id        BIGINT  NOT NULL,
            samurai_id      BIGINT  NOT NULL,
            initial_state   TEXT    NOT NULL,
            state           TEXT    NOT NULL,
            to_move         TEXT    CHECK (to_move IN ('goryo', 'samurai')),
            status          TEXT    NOT NULL CHECK (status IN ('active', 'finished', 'damaged')),
            version         INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
            created_at      TEXT    NOT NULL,
            turn_started_at TEXT    NOT NULL,
            reminded_at     TEXT,
            finished_at     TEXT,
            damage_reason   TEXT
        )
        """,
        "CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (channel_id) WHERE status = 'active'",
        "CREATE INDEX matches_by_channel ON matches (channel_id, id)",
        "CREATE INDEX matches_active_goryo ON matches (goryo_id) WHERE status = 'active'",
        "CREATE INDEX matches_active_samurai ON matches (samurai_id) WHERE status = 'active'",
        # Under READ COMMITTED two writers could both pass an EXISTS check; the advisory lock on
        # the channel makes the second wait for the first and then see what it committed.
        f"""
        CREATE FUNCTION challenges_not_over_a_match() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock(NEW.channel_id);
            IF EXISTS (SELECT 1 FROM matches WHERE channel_id = NEW.channel_id AND status = 'active') THEN
                RAISE EXCEPTION 'channel busy: active match' {_REFUSE};
            END IF;
            RETURN NEW;
        END $$
        """,
        """
        CREATE TRIGGER challenges_not_over_a_match BEFORE INSERT ON challenges
        FOR EACH ROW EXECUTE FUNCTION challenges_not_over_a_match()
        """,
        f"""
        CREATE FUNCTION matches_not_over_a_challenge() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF NEW.status = 'active' THEN
                PERFORM pg_advisory_xact_lock(NEW.channel_id);
                IF EXISTS (SELECT 1 FROM challenges WHERE channel_id = NEW.channel_id) THEN
                    RAISE EXCEPTION 'channel busy: pending challenge' {_REFUSE};
                END IF;
            END IF;
            RETURN NEW;
        END $$
        """,
        """
        CREATE TRIGGER matches_not_over_a_challenge BEFORE INSERT ON matches
        FOR EACH ROW EXECUTE FUNCTION matches_not_over_a_challenge()
        """,
        """
        CREATE TABLE actions (
            match_id BIGINT  NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq      INTEGER NOT NULL CHECK (seq >= 1),
            actor_id BIGINT  NOT NULL,
            action   TEXT    NOT NULL,
            at       TEXT    NOT NULL,
            PRIMARY KEY (match_id, seq)
        )
        """,
        # Append-only and gapless, as in SQLite.
        """
        CREATE FUNCTION actions_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF NEW.seq IS DISTINCT FROM (SELECT version + 1 FROM matches WHERE id = NEW.match_id) THEN
                RAISE EXCEPTION 'action log out of order' USING ERRCODE = 'check_violation';
            END IF;
            RETURN NEW;
        END $$
        """,
        """
        CREATE TRIGGER actions_in_order BEFORE INSERT ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_in_order()
        """,
        """
        CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'the action log is append-only' USING ERRCODE = 'check_violation';
        END $$
        """,
        """
        CREATE TRIGGER actions_no_update_or_delete BEFORE UPDATE OR DELETE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_append_only()
        """,
    ),
    # 2: the newest plan preview of each match.
    (
        """
        CREATE TABLE plan_previews (
            match_id BIGINT  PRIMARY KEY REFERENCES matches (id),
            latest   INTEGER NOT NULL
        )
        """,
    ),
    # 3: the outbox, the live board of a Samurai turn, the reminder sweep's index.
    (
        """
        CREATE TABLE outbox (
            id              BIGSERIAL PRIMARY KEY,
            match_id        BIGINT  NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq             INTEGER NOT NULL CHECK (seq >= 0),
            kind            TEXT    NOT NULL,
            route           TEXT    NOT NULL CHECK (route IN ('public', 'goryo', 'live')),
            payload         TEXT    NOT NULL,
            status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
            attempts        INTEGER NOT NULL DEFAULT 0,
            created_at      TEXT    NOT NULL,
            next_attempt_at TEXT    NOT NULL,
            delivered_at    TEXT,
            message_id      BIGINT
        )
        """,
        "CREATE INDEX outbox_pending ON outbox (next_attempt_at, match_id) WHERE status = 'pending'",
        "CREATE INDEX outbox_by_match ON outbox (match_id, kind, id)",
        "ALTER TABLE matches ADD COLUMN live_board_round INTEGER",
        "ALTER TABLE matches ADD COLUMN live_board_message_id BIGINT",
        """
        CREATE INDEX matches_reminder_due ON matches (turn_started_at)
        WHERE status = 'active' AND reminded_at IS NULL AND to_move IS NOT NULL
        """,
    ),
    # 4: matches against the bot: its side, its level, the seed of its decisions.
    (
        "ALTER TABLE matches ADD COLUMN ai_side TEXT CHECK (ai_side IN ('goryo', 'samurai'))",
        "ALTER TABLE matches ADD COLUMN ai_level TEXT CHECK (ai_level IN ('easy', 'normal', 'hard'))",
        "ALTER TABLE matches ADD COLUMN ai_seed BIGINT",
        "CREATE INDEX matches_ai_by_turn ON matches (turn_started_at) WHERE status = 'active' AND ai_side IS NOT NULL",
    ),
    # 5: the deduction aid, an option of the challenge that the match keeps.
    (
        "ALTER TABLE challenges ADD COLUMN assist INTEGER NOT NULL DEFAULT 0 CHECK (assist IN (0, 1))",
        "ALTER TABLE matches ADD COLUMN assist INTEGER NOT NULL DEFAULT 0 CHECK (assist IN (0, 1))",
    ),
    # 6: the league: each finished match's public summary and the ratings it moved.
    (
        """
        CREATE TABLE match_summaries (
            match_id    BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE RESTRICT,
            guild_id    BIGINT,
            channel_id  BIGINT NOT NULL,
            goryo_id    BIGINT NOT NULL,
            samurai_id  BIGINT NOT NULL,
            finished_at TEXT   NOT NULL,
            summary     TEXT   NOT NULL
        )
        """,
        "CREATE INDEX match_summaries_by_guild ON match_summaries (guild_id, finished_at, match_id)",
        "CREATE INDEX match_summaries_by_channel ON match_summaries (channel_id, finished_at, match_id)",
        """
        CREATE TABLE ratings (
            guild_id BIGINT           NOT NULL,
            user_id  BIGINT           NOT NULL,
            role     TEXT             NOT NULL CHECK (role IN ('goryo', 'samurai')),
            mu       DOUBLE PRECISION NOT NULL,
            sigma    DOUBLE PRECISION NOT NULL,
            matches  INTEGER          NOT NULL,
            wins     INTEGER          NOT NULL,
            PRIMARY KEY (guild_id, user_id, role)
        )
        """,
    ),
    # 7: who is delivering a match's outbox right now, until when.
    (
        """
        CREATE TABLE outbox_claims (
            match_id   BIGINT PRIMARY KEY REFERENCES matches (id),
            holder     TEXT   NOT NULL,
            expires_at TEXT   NOT NULL
        )
        """,
    ),
    # 8: an outbox item's first try and the interaction that carried it (recovering an in-doubt send).
    (
        "ALTER TABLE outbox ADD COLUMN attempted_at TEXT",
        "ALTER TABLE outbox ADD COLUMN attempt TEXT",
    ),
    # 9: who hears which language (issue 14), as in SQLite's migration 9.
    (
        "ALTER TABLE matches ADD COLUMN server_language TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE matches ADD COLUMN goryo_language TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE challenges ADD COLUMN server_language TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE challenges ADD COLUMN challenger_language TEXT NOT NULL DEFAULT 'en'",
    ),
    # 10: plan previews the Goryō cancelled (0: an unnumbered preview).
    (
        """
        CREATE TABLE preview_cancels (
            match_id BIGINT  NOT NULL REFERENCES matches (id),
            version  INTEGER NOT NULL,
            preview  INTEGER NOT NULL CHECK (preview >= 0),
            PRIMARY KEY (match_id, version, preview)
        )
        """,
    ),
    # 11: the order rated matches were folded into the ratings; summaries rebuilt (as SQLite's 11).
    (
        "ALTER TABLE matches ADD COLUMN rating_seq BIGINT",
        "CREATE INDEX matches_by_rating_seq ON matches (rating_seq) WHERE rating_seq IS NOT NULL",
        "DELETE FROM match_summaries",
    ),
    # 12: when the players were told that the channel refuses an outbox item, as in SQLite's migration 12.
    ("ALTER TABLE outbox ADD COLUMN refused_at TEXT",),
    # 13: how each player is told that their turn has begun (issue 23), and the outbox route of that DM,
    # as in SQLite's migration 13.
    (
        "ALTER TABLE outbox DROP CONSTRAINT outbox_route_check",
        "ALTER TABLE outbox ADD CONSTRAINT outbox_route_check CHECK (route IN ('public', 'goryo', 'live', 'samurai'))",
        """
        CREATE TABLE turn_notices (
            user_id    BIGINT PRIMARY KEY,
            mode       TEXT   NOT NULL CHECK (mode IN ('mention', 'dm', 'off')),
            language   TEXT   NOT NULL DEFAULT 'en',
            changed_at TEXT   NOT NULL
        )
        """,
    ),
    # 14: each server's settings (issue 23), as the changes made to them, as in SQLite's migration 14.
    (
        """
        CREATE TABLE server_setting_changes (
            id         BIGSERIAL PRIMARY KEY,
            guild_id   BIGINT NOT NULL,
            name       TEXT    NOT NULL CHECK (name IN ('turn_limit', 'assist')),
            value      TEXT    NOT NULL,
            changed_by BIGINT NOT NULL,
            changed_at TEXT    NOT NULL
        )
        """,
        "CREATE INDEX server_setting_changes_by_guild ON server_setting_changes (guild_id, name, changed_at)",
    ),
    # 15: a thread per match (issue 23), as in SQLite's migration 15.
    (
        "ALTER TABLE server_setting_changes DROP CONSTRAINT server_setting_changes_name_check",
        ("ALTER TABLE server_setting_changes ADD CONSTRAINT server_setting_changes_name_check"
        " CHECK (name IN ('turn_limit', 'assist', 'threads'))"),
        """
        CREATE TABLE match_threads (
            match_id    BIGINT PRIMARY KEY REFERENCES matches (id),
            thread_id   BIGINT NOT NULL,
            parent_id   BIGINT NOT NULL,
            archived_at TEXT
        )
        """,
    ),
)

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
