"""FROZEN: SQLite's schema history and its runner, copied whole from
`bot/storage/migrations.py` at commit d9518b6 (schema version 15), the last commit with two separate histories.
Test data for tests/bot/storage/test_schema_history.py: databases are built with it at each earlier
version, as a bot of that time built them. Never edit; never import it from the bot.

The original docstring follows.

The database schema, as an ordered list of migrations tracked by PRAGMA user_version.

Migration N (1-based) takes a database at user_version N-1 to N. Each runs in its own
transaction together with the version bump, so a crash mid-migration leaves the file at
the previous version and the next start simply runs it again. Never edit a released
migration: append a new one.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

# Each migration is a tuple of single SQL statements (no splitting on ';' needed, so
# trigger bodies are safe).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: challenges, matches, the append-only action log.
    (
        """
        CREATE TABLE challenges (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id        INTEGER,
            channel_id      INTEGER NOT NULL,
            challenger_id   INTEGER NOT NULL,
            opponent_id     INTEGER NOT NULL,
            challenger_role TEXT    NOT NULL CHECK (challenger_role IN ('goryo', 'samurai', 'random')),
            advanced        INTEGER NOT NULL CHECK (advanced IN (0, 1)),
            created_at      TEXT    NOT NULL,
            message_id      INTEGER
        )
        """,
        # At most one pending challenge per channel.
        "CREATE UNIQUE INDEX challenges_one_per_channel ON challenges (channel_id)",
        """
        CREATE TABLE matches (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id        INTEGER,
            channel_id      INTEGER NOT NULL,
            goryo_id        INTEGER NOT NULL,
            samurai_id      INTEGER NOT NULL,
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
        # The rule "one match per channel" lives in the database, not only in code.
        "CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (channel_id) WHERE status = 'active'",
        "CREATE INDEX matches_by_channel ON matches (channel_id, id)",
        "CREATE INDEX matches_active_goryo ON matches (goryo_id) WHERE status = 'active'",
        "CREATE INDEX matches_active_samurai ON matches (samurai_id) WHERE status = 'active'",
        # A challenge can't be posted over an active match, nor a match started over
        # someone else's pending challenge (start_match deletes its own challenge first).
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
        """
        CREATE TABLE actions (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq      INTEGER NOT NULL CHECK (seq >= 1),
            actor_id INTEGER NOT NULL,
            action   TEXT    NOT NULL,
            at       TEXT    NOT NULL,
            PRIMARY KEY (match_id, seq)
        ) WITHOUT ROWID
        """,
        # The log is append-only, and gapless: action N+1 is only written while the match is at version N.
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
    # 2: the newest plan preview of each match, so Confirm on an older preview is refused, even after a restart.
    (
        """
        CREATE TABLE plan_previews (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id),
            latest   INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
    ),
    # 3: the outbox (what committed actions owe to people, until delivered), the live board
    # of a Samurai turn, and an index for the reminder sweep's "what is due" query.
    (
        """
        CREATE TABLE outbox (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            match_id        INTEGER NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq             INTEGER NOT NULL CHECK (seq >= 0),
            kind            TEXT    NOT NULL,
            route           TEXT    NOT NULL CHECK (route IN ('public', 'goryo', 'live')),
            payload         TEXT    NOT NULL,
            status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
            attempts        INTEGER NOT NULL DEFAULT 0,
            created_at      TEXT    NOT NULL,
            next_attempt_at TEXT    NOT NULL,
            delivered_at    TEXT,
            message_id      INTEGER
        )
        """,
        "CREATE INDEX outbox_pending ON outbox (next_attempt_at, match_id) WHERE status = 'pending'",
        "CREATE INDEX outbox_by_match ON outbox (match_id, kind, id)",
        "ALTER TABLE matches ADD COLUMN live_board_round INTEGER",
        "ALTER TABLE matches ADD COLUMN live_board_message_id INTEGER",
        # ISO-8601 UTC text sorts as time, so "turn started before the cut-off" is a range scan.
        """
        CREATE INDEX matches_reminder_due ON matches (turn_started_at)
        WHERE status = 'active' AND reminded_at IS NULL AND to_move IS NOT NULL
        """,
    ),
    # 4: matches against the bot: which side it plays, how well, and the seed its decisions derive from.
    # The bot's own user id stands in goryo_id/samurai_id; these columns say that seat is played by the AI.
    (
        "ALTER TABLE matches ADD COLUMN ai_side TEXT CHECK (ai_side IN ('goryo', 'samurai'))",
        "ALTER TABLE matches ADD COLUMN ai_level TEXT CHECK (ai_level IN ('easy', 'normal', 'hard'))",
        "ALTER TABLE matches ADD COLUMN ai_seed INTEGER",
        # The sweep that claims a win on time for the bot: active AI matches by when the turn began.
        "CREATE INDEX matches_ai_by_turn ON matches (turn_started_at) WHERE status = 'active' AND ai_side IS NOT NULL",
    ),
    # 5: the deduction aid, an option of the challenge that the match keeps (issue 12).
    (
        "ALTER TABLE challenges ADD COLUMN assist INTEGER NOT NULL DEFAULT 0 CHECK (assist IN (0, 1))",
        "ALTER TABLE matches ADD COLUMN assist INTEGER NOT NULL DEFAULT 0 CHECK (assist IN (0, 1))",
    ),
    # 6: the league: each finished match's public summary and the ratings it moved, written in the
    # transaction that finishes it (both can be rebuilt from the action log: bot/storage/standings.py).
    (
        """
        CREATE TABLE match_summaries (
            match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE RESTRICT,
            guild_id    INTEGER,
            channel_id  INTEGER NOT NULL,
            goryo_id    INTEGER NOT NULL,
            samurai_id  INTEGER NOT NULL,
            finished_at TEXT    NOT NULL,
            summary     TEXT    NOT NULL
        )
        """,
        "CREATE INDEX match_summaries_by_guild ON match_summaries (guild_id, finished_at, match_id)",
        "CREATE INDEX match_summaries_by_channel ON match_summaries (channel_id, finished_at, match_id)",
        """
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            user_id  INTEGER NOT NULL,
            role     TEXT    NOT NULL CHECK (role IN ('goryo', 'samurai')),
            mu       REAL    NOT NULL,
            sigma    REAL    NOT NULL,
            matches  INTEGER NOT NULL,
            wins     INTEGER NOT NULL,
            PRIMARY KEY (guild_id, user_id, role)
        ) WITHOUT ROWID
        """,
    ),
    # 7: who is delivering a match's outbox right now, until when: with several bot processes
    # on one database, one drains a match at a time (the claim lapses if its holder dies).
    (
        """
        CREATE TABLE outbox_claims (
            match_id   INTEGER PRIMARY KEY REFERENCES matches (id),
            holder     TEXT    NOT NULL,
            expires_at TEXT    NOT NULL
        ) WITHOUT ROWID
        """,
    ),
    # 8: an outbox item's latest try, written just before it is sent: after a crash, a tried item is
    # looked for where it would have landed before it is sent again. ``attempt``: the interaction
    # that carried it (application id, token, until when), so its reply can be found and filled.
    (
        "ALTER TABLE outbox ADD COLUMN attempted_at TEXT",
        "ALTER TABLE outbox ADD COLUMN attempt TEXT",
    ),
    # 9: who hears which language (issue 14). The server's, from the interactions in it, for what the
    # match posts in its channel; the Goryō's, from her last interaction, for her DMs; a challenge keeps
    # its challenger's, for the Goryō she may become. Outbox items carry theirs in their payload.
    (
        "ALTER TABLE matches ADD COLUMN server_language TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE matches ADD COLUMN goryo_language TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE challenges ADD COLUMN server_language TEXT NOT NULL DEFAULT 'en'",
        "ALTER TABLE challenges ADD COLUMN challenger_language TEXT NOT NULL DEFAULT 'en'",
    ),
    # 10: plan previews the Goryō cancelled, so that their Confirm is refused whichever process
    # it reaches; preview 0 stands for buttons from before previews were numbered.
    (
        """
        CREATE TABLE preview_cancels (
            match_id INTEGER NOT NULL REFERENCES matches (id),
            version  INTEGER NOT NULL,
            preview  INTEGER NOT NULL CHECK (preview >= 0),
            PRIMARY KEY (match_id, version, preview)
        ) WITHOUT ROWID
        """,
    ),
    # 11: the order the rated matches were folded into the ratings (issue 26), so a rebuild folds them in
    # the order the live updates took under their row locks. The league's rules changed with it (a match
    # given up before the first Discovery is unrated; summaries keep only discovered plans): deleting the
    # summaries makes the next start rebuild them and the ratings from the logs.
    (
        "ALTER TABLE matches ADD COLUMN rating_seq INTEGER",
        "CREATE INDEX matches_by_rating_seq ON matches (rating_seq) WHERE rating_seq IS NOT NULL",
        "DELETE FROM match_summaries",
    ),
    # 12: when the players were told that the match's channel refuses an outbox item (a permission
    # taken from the bot there): told once, however many tries, restarts and processes follow.
    ("ALTER TABLE outbox ADD COLUMN refused_at TEXT",),
    # 13: how each player is told that their turn has begun (issue 23): 'mention' in the channel (as
    # before, and for anyone with no row), 'dm' with a link, or 'off'; in the language they last set it in.
    # The outbox gains the route of that DM, 'samurai': SQLite changes a CHECK only by rebuilding the table.
    (
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
        """
        CREATE TABLE turn_notices (
            user_id    INTEGER PRIMARY KEY,
            mode       TEXT    NOT NULL CHECK (mode IN ('mention', 'dm', 'off')),
            language   TEXT    NOT NULL DEFAULT 'en',
            changed_at TEXT    NOT NULL
        ) WITHOUT ROWID
        """,
    ),
    # 14: each server's settings (issue 23), as the changes made to them: who set what, when. The newest
    # change of a setting is its value; a match keeps the value it started under (its created_at).
    (
        """
        CREATE TABLE server_setting_changes (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id   INTEGER NOT NULL,
            name       TEXT    NOT NULL CHECK (name IN ('turn_limit', 'assist')),
            value      TEXT    NOT NULL,
            changed_by INTEGER NOT NULL,
            changed_at TEXT    NOT NULL
        )
        """,
        "CREATE INDEX server_setting_changes_by_guild ON server_setting_changes (guild_id, name, changed_at)",
    ),
    # 15: a thread per match (issue 23). The ``threads`` setting joins the others (SQLite cannot widen a CHECK
    # in place, so the table is copied); ``match_threads`` says which matches are played in a thread opened
    # from their challenge, where its parent channel is (it hears of the start and the end), and when the
    # finished match's thread was archived.
    (
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
        """
        CREATE TABLE match_threads (
            match_id    INTEGER PRIMARY KEY REFERENCES matches (id),
            thread_id   INTEGER NOT NULL,
            parent_id   INTEGER NOT NULL,
            archived_at TEXT
        )
        """,
    ),
)

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNewError(RuntimeError):
    """The file was written by a newer bot; refuse rather than misread it."""


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None  # PRAGMA user_version always answers
    return int(row[0])


async def migrate(db: aiosqlite.Connection, migrations: Sequence[Sequence[str]] = MIGRATIONS) -> int:
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
                await db.execute(statement)
            # user_version lives in the file header, so it commits or rolls back with the rest.
            await db.execute(f"PRAGMA user_version = {current + 1}")
            await db.execute("COMMIT")
            ran += 1
        except BaseException:
            await db.execute("ROLLBACK")
            raise
