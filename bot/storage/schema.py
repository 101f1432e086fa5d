"""The database schema, one history for every backend: an ordered tuple of migrations, each written once.

Migration N (1-based) takes a database at schema version N-1 to N; each backend's runner
(``migrations`` for SQLite, ``postgres_migrations`` for PostgreSQL) keeps the version and runs each
migration in one transaction with its version bump. A step is SQL both backends speak, with
``{placeholders}`` for the few words in which they differ, or an ``Each`` step written once per backend
where the SQL itself must differ; ``bot.storage.dialects`` lists both kinds, and ``render`` turns the
history into one backend's statements. Never edit a released migration: append a new one.

tests/bot/storage/test_schema_history.py holds this history to the two that came before it, version by version.
"""

from __future__ import annotations

from .dialects import (
    CHANNEL_GUARDS,
    LOG_GUARDS,
    OUTBOX_FOR_TOURNAMENTS,
    WIDER_AI_LEVELS,
    WIDER_OUTBOX_ROUTES,
    WIDER_SETTING_NAMES,
    WIDER_SETTING_NAMES_MAX_LEVEL,
    Dialect,
    Each,
    Rewrite,
)

Step = str | Each
Migration = tuple[Step, ...]

# Each string is one SQL statement (no splitting on ';' needed, so trigger bodies are safe).
HISTORY: tuple[Migration, ...] = (
    # 1: challenges, matches, the append-only action log.
    (
        """
        CREATE TABLE challenges (
            id              {serial_key},
            guild_id        {big},
            channel_id      {big} NOT NULL,
            challenger_id   {big} NOT NULL,
            opponent_id     {big} NOT NULL,
            challenger_role TEXT    NOT NULL CHECK (challenger_role IN ('goryo', 'samurai', 'random')),
            advanced        INTEGER NOT NULL CHECK (advanced IN (0, 1)),
            created_at      TEXT    NOT NULL,
            message_id      {big}
        )
        """,
        # At most one pending challenge per channel.
        "CREATE UNIQUE INDEX challenges_one_per_channel ON challenges (channel_id)",
        """
        CREATE TABLE matches (
            id              {serial_key},
            guild_id        {big},
            channel_id      {big} NOT NULL,
            goryo_id        {big} NOT NULL,
            samurai_id      {big} NOT NULL,
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
        CHANNEL_GUARDS,
        """
        CREATE TABLE actions (
            match_id {big} NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq      INTEGER NOT NULL CHECK (seq >= 1),
            actor_id {big} NOT NULL,
            action   TEXT    NOT NULL,
            at       TEXT    NOT NULL,
            PRIMARY KEY (match_id, seq)
        ){without_rowid}
        """,
        LOG_GUARDS,
    ),
    # 2: the newest plan preview of each match, so Confirm on an older preview is refused, even after a restart.
    (
        """
        CREATE TABLE plan_previews (
            match_id {big} PRIMARY KEY REFERENCES matches(id),
            latest   INTEGER NOT NULL
        ){without_rowid}
        """,
    ),
    # 3: the outbox (what committed actions owe to people, until delivered), the live board
    # of a Samurai turn, and an index for the reminder sweep's "what is due" query.
    (
        """
        CREATE TABLE outbox (
            id              {serial_key},
            match_id        {big} NOT NULL REFERENCES matches (id) ON DELETE RESTRICT,
            seq             INTEGER NOT NULL CHECK (seq >= 0),
            kind            TEXT    NOT NULL,
            route           TEXT    NOT NULL CHECK (route IN ('public', 'goryo', 'live')),
            payload         TEXT    NOT NULL,
            status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
            attempts        INTEGER NOT NULL DEFAULT 0,
            created_at      TEXT    NOT NULL,
            next_attempt_at TEXT    NOT NULL,
            delivered_at    TEXT,
            message_id      {big}
        )
        """,
        "CREATE INDEX outbox_pending ON outbox (next_attempt_at, match_id) WHERE status = 'pending'",
        "CREATE INDEX outbox_by_match ON outbox (match_id, kind, id)",
        "ALTER TABLE matches ADD COLUMN live_board_round INTEGER",
        "ALTER TABLE matches ADD COLUMN live_board_message_id {big}",
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
        "ALTER TABLE matches ADD COLUMN ai_seed {big}",
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
            match_id    {big} PRIMARY KEY REFERENCES matches (id) ON DELETE RESTRICT,
            guild_id    {big},
            channel_id  {big} NOT NULL,
            goryo_id    {big} NOT NULL,
            samurai_id  {big} NOT NULL,
            finished_at TEXT    NOT NULL,
            summary     TEXT    NOT NULL
        )
        """,
        "CREATE INDEX match_summaries_by_guild ON match_summaries (guild_id, finished_at, match_id)",
        "CREATE INDEX match_summaries_by_channel ON match_summaries (channel_id, finished_at, match_id)",
        """
        CREATE TABLE ratings (
            guild_id {big} NOT NULL,
            user_id  {big} NOT NULL,
            role     TEXT    NOT NULL CHECK (role IN ('goryo', 'samurai')),
            mu       {double}    NOT NULL,
            sigma    {double}    NOT NULL,
            matches  INTEGER NOT NULL,
            wins     INTEGER NOT NULL,
            PRIMARY KEY (guild_id, user_id, role)
        ){without_rowid}
        """,
    ),
    # 7: who is delivering a match's outbox right now, until when: with several bot processes
    # on one database, one drains a match at a time (the claim lapses if its holder dies).
    (
        """
        CREATE TABLE outbox_claims (
            match_id   {big} PRIMARY KEY REFERENCES matches (id),
            holder     TEXT    NOT NULL,
            expires_at TEXT    NOT NULL
        ){without_rowid}
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
            match_id {big} NOT NULL REFERENCES matches (id),
            version  INTEGER NOT NULL,
            preview  INTEGER NOT NULL CHECK (preview >= 0),
            PRIMARY KEY (match_id, version, preview)
        ){without_rowid}
        """,
    ),
    # 11: the order the rated matches were folded into the ratings (issue 26), so a rebuild folds them in
    # the order the live updates took under their row locks. The league's rules changed with it (a match
    # given up before the first Discovery is unrated; summaries keep only discovered plans): deleting the
    # summaries makes the next start rebuild them and the ratings from the logs.
    (
        "ALTER TABLE matches ADD COLUMN rating_seq {big}",
        "CREATE INDEX matches_by_rating_seq ON matches (rating_seq) WHERE rating_seq IS NOT NULL",
        "DELETE FROM match_summaries",
    ),
    # 12: when the players were told that the match's channel refuses an outbox item (a permission
    # taken from the bot there): told once, however many tries, restarts and processes follow.
    ("ALTER TABLE outbox ADD COLUMN refused_at TEXT",),
    # 13: how each player is told that their turn has begun (issue 23): 'mention' in the channel (as
    # before, and for anyone with no row), 'dm' with a link, or 'off'; in the language they last set it in.
    # The outbox gains the route of that DM, 'samurai'.
    (
        WIDER_OUTBOX_ROUTES,
        """
        CREATE TABLE turn_notices (
            user_id    {big} PRIMARY KEY,
            mode       TEXT    NOT NULL CHECK (mode IN ('mention', 'dm', 'off')),
            language   TEXT    NOT NULL DEFAULT 'en',
            changed_at TEXT    NOT NULL
        ){without_rowid}
        """,
    ),
    # 14: each server's settings (issue 23), as the changes made to them: who set what, when. The newest
    # change of a setting is its value; a match keeps the value it started under (its created_at).
    (
        """
        CREATE TABLE server_setting_changes (
            id         {serial_key},
            guild_id   {big} NOT NULL,
            name       TEXT    NOT NULL CHECK (name IN ('turn_limit', 'assist')),
            value      TEXT    NOT NULL,
            changed_by {big} NOT NULL,
            changed_at TEXT    NOT NULL
        )
        """,
        "CREATE INDEX server_setting_changes_by_guild ON server_setting_changes (guild_id, name, changed_at)",
    ),
    # 15: a thread per match (issue 23). The ``threads`` setting joins the others; ``match_threads`` says which
    # matches are played in a thread opened from their challenge, where its parent channel is (it hears of the
    # start and the end), and when the finished match's thread was archived.
    (
        WIDER_SETTING_NAMES,
        """
        CREATE TABLE match_threads (
            match_id    {big} PRIMARY KEY REFERENCES matches (id),
            thread_id   {big} NOT NULL,
            parent_id   {big} NOT NULL,
            archived_at TEXT
        )
        """,
    ),
    # 16: where each learner stands in their lesson (issue 36): the steps done, and where ``/goryo learn`` was
    # typed (the lesson's last step starts a first match there).
    (
        """
        CREATE TABLE lessons (
            user_id    {big}   PRIMARY KEY,
            role       TEXT    NOT NULL CHECK (role IN ('goryo', 'samurai')),
            step       INTEGER NOT NULL CHECK (step >= 0),
            guild_id   {big},
            channel_id {big},
            updated_at TEXT    NOT NULL
        )
        """,
    ),
    # 17: the bot's level ``expert`` (issue 37), and the server setting ``max_level`` that can keep members below it.
    (WIDER_AI_LEVELS, WIDER_SETTING_NAMES_MAX_LEVEL),
    # 18: the DM message that shows a learner's lesson step now (issue 42): only its controls act on the lesson,
    # and a message the step moves from (a Resume, a lesson begun again) loses its controls.
    ("ALTER TABLE lessons ADD COLUMN message_id {big}",),
    # 19: tournaments (issue 43). A tournament, who signed up (in order: the last tiebreak), each round's
    # pairing as the matches it is to play (a row before its match is started, so a restart during the
    # pairing starts the rest) and its byes. A match's result is written by the transaction that ends it.
    (
        """
        CREATE TABLE tournaments (
            id               {serial_key},
            guild_id         {big}   NOT NULL,
            channel_id       {big}   NOT NULL,
            name             TEXT    NOT NULL,
            format           TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
            rounds           INTEGER NOT NULL CHECK (rounds >= 1),
            round_days       INTEGER NOT NULL CHECK (round_days >= 1),
            advanced         INTEGER NOT NULL CHECK (advanced IN (0, 1)),
            assist           INTEGER NOT NULL CHECK (assist IN (0, 1)),
            max_players      INTEGER CHECK (max_players >= 3),
            signup_closes_at TEXT    NOT NULL,
            status           TEXT    NOT NULL DEFAULT 'signup'
                                     CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
            round            INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
            round_deadline   TEXT,
            reminded_round   INTEGER,
            announced_round  INTEGER,
            standings_round  INTEGER,
            created_by       {big}   NOT NULL,
            created_at       TEXT    NOT NULL,
            language         TEXT    NOT NULL DEFAULT 'en',
            message_id       {big},
            closed_at        TEXT
        )
        """,
        "CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id)",
        "CREATE INDEX tournaments_open ON tournaments (status) WHERE status IN ('signup', 'running')",
        """
        CREATE TABLE tournament_players (
            tournament_id {big}   NOT NULL REFERENCES tournaments (id),
            user_id       {big}   NOT NULL,
            seq           INTEGER NOT NULL,
            joined_at     TEXT    NOT NULL,
            withdrawn_at  TEXT,
            PRIMARY KEY (tournament_id, user_id)
        ){without_rowid}
        """,
        "CREATE INDEX tournament_players_by_user ON tournament_players (user_id)",
        """
        CREATE TABLE tournament_matches (
            tournament_id {big}   NOT NULL REFERENCES tournaments (id),
            round         INTEGER NOT NULL CHECK (round >= 1),
            goryo_id      {big}   NOT NULL,
            samurai_id    {big}   NOT NULL,
            match_id      {big}   UNIQUE REFERENCES matches (id),
            winner_id     {big},
            decided_at    TEXT,
            PRIMARY KEY (tournament_id, round, goryo_id)
        ){without_rowid}
        """,
        """
        CREATE TABLE tournament_byes (
            tournament_id {big}   NOT NULL REFERENCES tournaments (id),
            round         INTEGER NOT NULL CHECK (round >= 1),
            user_id       {big}   NOT NULL,
            PRIMARY KEY (tournament_id, round)
        ){without_rowid}
        """,
    ),
    # 20: each finished match's review (issue 44), kept once computed: its numbers as JSON (``ai.review``), words
    # and chart made where it is shown.
    (
        """
        CREATE TABLE match_reviews (
            match_id {big} PRIMARY KEY REFERENCES matches (id),
            review   TEXT NOT NULL,
            made_at  TEXT NOT NULL
        )
        """,
    ),
    # 21: the hints asked for in a match (issue 44), noted in its history and its record: at which version, for
    # which side, the suggested action (as the action log writes one), who asked and when. One per version.
    (
        """
        CREATE TABLE match_hints (
            match_id {big}   NOT NULL REFERENCES matches (id),
            version  INTEGER NOT NULL CHECK (version >= 0),
            side     TEXT    NOT NULL CHECK (side IN ('goryo', 'samurai')),
            action   TEXT    NOT NULL,
            asked_by {big}   NOT NULL,
            asked_at TEXT    NOT NULL,
            PRIMARY KEY (match_id, version)
        )
        """,
    ),
    # 22: the outbox also holds a tournament's posts (issue 43), queued in the transaction that decides them
    # (a round announced, reminded, its standings, the tournament over) and delivered as a match's items are:
    # exactly once, after a crash too. A row belongs to a match or to a tournament.
    (
        OUTBOX_FOR_TOURNAMENTS,
        "ALTER TABLE outbox ADD COLUMN tournament_id {big} REFERENCES tournaments (id)",
        "CREATE INDEX outbox_by_tournament ON outbox (tournament_id, id) WHERE tournament_id IS NOT NULL",
    ),
    # 23: where the newest plan preview of each match was shown (its message, and for an ephemeral one the
    # interaction that reaches it), so that its Confirm and Cancel are taken off once a newer preview replaces
    # it or her plan is in, whichever process does it.
    ("ALTER TABLE plan_previews ADD COLUMN place TEXT",),
    # 24: where her path builder was last shown privately in a channel (her DMs shut): an ephemeral message,
    # reached only through the interaction that answered with it, so that it is taken off once her choice is in.
    (
        """
        CREATE TABLE builder_places (
            match_id {big} PRIMARY KEY REFERENCES matches(id),
            place    TEXT NOT NULL
        ){without_rowid}
        """,
    ),
)


SCHEMA_VERSION = len(HISTORY)


class SchemaTooNewError(RuntimeError):
    """The database was written by a newer bot; refuse rather than misread it."""


def render(dialect: Dialect, history: tuple[Migration, ...] = HISTORY) -> tuple[tuple[str | Rewrite, ...], ...]:
    """The history in ``dialect``'s SQL: per migration, the statements its runner executes in order (and,
    for SQLite, the ``Rewrite`` steps its runner carries out)."""
    words = dialect.words()
    return tuple(
        tuple(
            statement
            for step in migration
            for statement in (step.statements(dialect) if isinstance(step, Each) else (step.format_map(words),))
        )
        for migration in history
    )
