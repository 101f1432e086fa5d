"""Where SQLite's and PostgreSQL's schema SQL must differ, and nothing else: each dialect's words, and the
few steps written once per backend because their SQL cannot be shared.

``bot.storage.schema`` writes every migration once, in the SQL both backends speak, with a ``{placeholder}``
wherever a word differs; ``schema.render(dialect)`` fills in that dialect's words below. The differences:

- ``{serial_key}``: a table's own id, growing and never reused (outbox ids are the nonces of Discord sends):
  ``INTEGER PRIMARY KEY AUTOINCREMENT`` / ``BIGSERIAL PRIMARY KEY``;
- ``{big}``: Discord ids and other numbers beyond 32 bits: ``INTEGER`` (SQLite's are 64-bit) / ``BIGINT``;
- ``{double}``: a floating-point number: ``REAL`` / ``DOUBLE PRECISION``;
- ``{without_rowid}``: after a table keyed by its primary key alone, SQLite stores it clustered on that key
  (`` WITHOUT ROWID``); PostgreSQL has no such clause;
- the database's own rules (``CHANNEL_GUARDS``, ``LOG_GUARDS``): SQLite's triggers ``RAISE(ABORT, …)``;
  PostgreSQL's call plpgsql functions, which also lock the channel, since under READ COMMITTED two writers
  could both pass the same EXISTS check;
- widening a CHECK (``WIDER_OUTBOX_ROUTES``, ``WIDER_SETTING_NAMES``): SQLite cannot change a CHECK in
  place, so it copies the table; PostgreSQL drops the constraint and adds the wider one. A table with
  children (``matches``) cannot be copied safely with foreign keys on, so ``WIDER_AI_LEVELS`` widens its
  CHECK where SQLite keeps it, the table's text in ``sqlite_master`` (a ``Rewrite`` step, run by SQLite's
  runner as SQLite's documentation says: "Making Other Kinds Of Table Schema Changes"); a wider CHECK
  cannot make any stored row invalid.

Times are ISO-8601 UTC ``TEXT`` on both, so both hand back identical records. The steps below are part of
released migrations: never edit them (append a migration instead).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    """One backend's words for the shared migrations' ``{placeholders}`` (named as the fields are)."""

    name: str  # which text of an ``Each`` step this backend runs
    serial_key: str
    big: str
    double: str
    without_rowid: str

    def words(self) -> dict[str, str]:
        return {"serial_key": self.serial_key, "big": self.big, "double": self.double,
                "without_rowid": self.without_rowid}


SQLITE = Dialect(
    name="sqlite",
    serial_key="INTEGER PRIMARY KEY AUTOINCREMENT",
    big="INTEGER",
    double="REAL",
    without_rowid=" WITHOUT ROWID",
)
POSTGRES = Dialect(
    name="postgresql",
    serial_key="BIGSERIAL PRIMARY KEY",
    big="BIGINT",
    double="DOUBLE PRECISION",
    without_rowid="",
)


@dataclass(frozen=True)
class Each:
    """A step whose SQL must differ by backend, written in each one's SQL (run as written, nothing filled in).

    One field per dialect, named as the dialect is: a dialect without its text for every such step fails
    when its runner renders the history, on import, not on a customer's database.
    """

    sqlite: tuple[str | Rewrite, ...]
    postgresql: tuple[str, ...]

    def statements(self, dialect: Dialect) -> tuple[str | Rewrite, ...]:
        written: tuple[str | Rewrite, ...] = getattr(self, dialect.name)
        return written


@dataclass(frozen=True)
class Rewrite:
    """SQLite only: in ``table``'s text in ``sqlite_master``, ``old`` (there exactly once) becomes ``new``.

    The way SQLite's documentation gives to change a CHECK without copying the table (which a table with
    children cannot survive with foreign keys on): its runner does it within the migration's transaction,
    bumps ``schema_version`` so every connection rereads the schema, and checks the file's integrity.
    """

    table: str
    old: str
    new: str


_REFUSE = "USING ERRCODE = 'unique_violation'"  # so a busy channel reads like the unique index's refusal

# Migration 1: a challenge can't be posted over an active match, nor a match started over someone else's
# pending challenge (start_match deletes its own challenge first).
CHANNEL_GUARDS = Each(
    sqlite=(
        """
        CREATE TRIGGER challenges_not_over_a_match BEFORE INSERT ON challenges
        WHEN EXISTS (SELECT 1 FROM matches WHERE channel_id = NEW.channel_id AND status = 'active')
        BEGIN SELECT RAISE(ABORT, 'channel busy: active match'); END
        """,
        """
        CREATE TRIGGER matches_not_over_a_challenge BEFORE INSERT ON matches
        WHEN NEW.status = 'active' AND EXISTS (SELECT 1 FROM challenges WHERE channel_id = NEW.channel_id)
        BEGIN SELECT RAISE(ABORT, 'channel busy: pending challenge'); END
        """,
    ),
    # Under READ COMMITTED two writers could both pass an EXISTS check; the advisory lock on
    # the channel makes the second wait for the first and then see what it committed.
    postgresql=(
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
    ),
)

# Migration 1: the action log is append-only, and gapless: action N+1 is only written while the match is
# at version N.
LOG_GUARDS = Each(
    sqlite=(
        """
        CREATE TRIGGER actions_in_order BEFORE INSERT ON actions
        WHEN NEW.seq IS NOT (SELECT version + 1 FROM matches WHERE id = NEW.match_id)
        BEGIN SELECT RAISE(ABORT, 'action log out of order'); END
        """,
        """
        CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
        """,
        """
        CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
        """,
    ),
    postgresql=(
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
)

# Migration 13: the outbox gains the route 'samurai' (the Samurai's turn notice by DM).
WIDER_OUTBOX_ROUTES = Each(
    sqlite=(
        """
        CREATE TABLE outbox_rebuilt (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            match_id        INTEGER NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq             INTEGER NOT NULL CHECK (seq >= 0),
            kind            TEXT    NOT NULL,
            route           TEXT    NOT NULL CHECK (route IN ('public', 'goryo', 'live', 'samurai')),
            payload         TEXT    NOT NULL,
            status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
            attempts        INTEGER NOT NULL DEFAULT 0,
            created_at      TEXT    NOT NULL,
            next_attempt_at TEXT    NOT NULL,
            delivered_at    TEXT,
            message_id      INTEGER,
            attempted_at    TEXT,
            attempt         TEXT,
            refused_at      TEXT
        )
        """,
        """
        INSERT INTO outbox_rebuilt (id, match_id, seq, kind, route, payload, status, attempts, created_at,
                                    next_attempt_at, delivered_at, message_id, attempted_at, attempt, refused_at)
        SELECT id, match_id, seq, kind, route, payload, status, attempts, created_at,
               next_attempt_at, delivered_at, message_id, attempted_at, attempt, refused_at FROM outbox
        """,
        # Outbox ids are the nonces of Discord sends: the new table goes on from the old one's last id,
        # never reusing one.
        "DELETE FROM sqlite_sequence WHERE name = 'outbox_rebuilt'",
        (
            "INSERT INTO sqlite_sequence (name, seq)"
            " SELECT 'outbox_rebuilt', seq FROM sqlite_sequence WHERE name = 'outbox'"
        ),
        "DROP TABLE outbox",
        "ALTER TABLE outbox_rebuilt RENAME TO outbox",
        "CREATE INDEX outbox_pending ON outbox (next_attempt_at, match_id) WHERE status = 'pending'",
        "CREATE INDEX outbox_by_match ON outbox (match_id, kind, id)",
    ),
    postgresql=(
        "ALTER TABLE outbox DROP CONSTRAINT outbox_route_check",
        "ALTER TABLE outbox ADD CONSTRAINT outbox_route_check CHECK (route IN ('public', 'goryo', 'live', 'samurai'))",
    ),
)

# Migration 15: the server setting ``threads`` joins the others.
WIDER_SETTING_NAMES = Each(
    sqlite=(
        """
        CREATE TABLE server_setting_changes_new (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id   INTEGER NOT NULL,
            name       TEXT    NOT NULL CHECK (name IN ('turn_limit', 'assist', 'threads')),
            value      TEXT    NOT NULL,
            changed_by INTEGER NOT NULL,
            changed_at TEXT    NOT NULL
        )
        """,
        (
            "INSERT INTO server_setting_changes_new"
            " SELECT id, guild_id, name, value, changed_by, changed_at FROM server_setting_changes"
        ),
        "DROP TABLE server_setting_changes",
        "ALTER TABLE server_setting_changes_new RENAME TO server_setting_changes",
        "CREATE INDEX server_setting_changes_by_guild ON server_setting_changes (guild_id, name, changed_at)",
    ),
    postgresql=(
        "ALTER TABLE server_setting_changes DROP CONSTRAINT server_setting_changes_name_check",
        (
            "ALTER TABLE server_setting_changes ADD CONSTRAINT server_setting_changes_name_check"
            " CHECK (name IN ('turn_limit', 'assist', 'threads'))"
        ),
    ),
)

# Migration 17: the bot's level ``expert`` (issue 37). ``matches`` has children (actions, outbox, ...): SQLite
# rewrites the CHECK's text in place rather than copying the table.
WIDER_AI_LEVELS = Each(
    sqlite=(
        Rewrite(
            "matches",
            "CHECK (ai_level IN ('easy', 'normal', 'hard'))",
            "CHECK (ai_level IN ('easy', 'normal', 'hard', 'expert'))",
        ),
    ),
    postgresql=(
        "ALTER TABLE matches DROP CONSTRAINT matches_ai_level_check",
        (
            "ALTER TABLE matches ADD CONSTRAINT matches_ai_level_check"
            " CHECK (ai_level IN ('easy', 'normal', 'hard', 'expert'))"
        ),
    ),
)

# Migration 17: the server setting ``max_level`` (issue 37), the highest level its members may challenge the bot at.
WIDER_SETTING_NAMES_MAX_LEVEL = Each(
    sqlite=(
        Rewrite(
            "server_setting_changes",
            "CHECK (name IN ('turn_limit', 'assist', 'threads'))",
            "CHECK (name IN ('turn_limit', 'assist', 'threads', 'max_level'))",
        ),
    ),
    postgresql=(
        "ALTER TABLE server_setting_changes DROP CONSTRAINT server_setting_changes_name_check",
        (
            "ALTER TABLE server_setting_changes ADD CONSTRAINT server_setting_changes_name_check"
            " CHECK (name IN ('turn_limit', 'assist', 'threads', 'max_level'))"
        ),
    ),
)


# Migration 22: the outbox also holds what a tournament owes its channel (issue 43's posts: a round's
# announcement, its reminder, the standings, the final ones, a cancellation): a row is a match's or a
# tournament's, so ``match_id`` may be empty, and the route ``tournament`` joins the others. Dropping a NOT NULL
# and widening a CHECK make no stored row invalid: SQLite rewrites the table's text in place.
OUTBOX_FOR_TOURNAMENTS = Each(
    sqlite=(
        Rewrite(
            "outbox",
            "match_id        INTEGER NOT NULL REFERENCES matches (id) ON DELETE RESTRICT",
            "match_id        INTEGER REFERENCES matches (id) ON DELETE RESTRICT",
        ),
        Rewrite(
            "outbox",
            "CHECK (route IN ('public', 'goryo', 'live', 'samurai'))",
            "CHECK (route IN ('public', 'goryo', 'live', 'samurai', 'tournament'))",
        ),
    ),
    postgresql=(
        "ALTER TABLE outbox ALTER COLUMN match_id DROP NOT NULL",
        "ALTER TABLE outbox DROP CONSTRAINT outbox_route_check",
        (
            "ALTER TABLE outbox ADD CONSTRAINT outbox_route_check"
            " CHECK (route IN ('public', 'goryo', 'live', 'samurai', 'tournament'))"
        ),
    ),
)
