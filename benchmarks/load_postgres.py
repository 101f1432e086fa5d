"""PostgreSQL for ``bench_load.py``: a throwaway server, the pool kept from timing out under SimCord, and the
evidence read back after a run (each table's counters, the plans of the queries every action runs)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.load_players import Seat


async def postgres_table_stats(store) -> list[dict]:
    """PostgreSQL's counters per table (scans by index and in full, live and dead rows, vacuums):
    evidence for the load step."""
    pool = getattr(store, "_pool", None)
    if pool is None:
        return []
    async with pool.acquire() as connection:
        rows = await connection.fetch(
            "SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup, n_dead_tup, n_tup_hot_upd, n_tup_upd,"
            " autovacuum_count, autoanalyze_count FROM pg_stat_user_tables"
            " WHERE relname IN ('matches', 'outbox', 'outbox_claims', 'actions', 'plan_previews') ORDER BY relname"
        )
    return [dict(row) for row in rows]


async def postgres_plans(store, seat: Seat) -> dict[str, list[str]]:
    """EXPLAIN ANALYZE of the queries every action runs, on the database as the run left it."""
    pool = getattr(store, "_pool", None)
    if pool is None:
        return {}
    match, channel, user = seat.match_id, seat.table_channel.id, seat.goryo.id
    queries = {
        "load (get_match)": ("SELECT * FROM matches WHERE id = $1 ORDER BY id", (match,)),
        "the channel's match": ("SELECT * FROM matches WHERE channel_id = $1 AND status = 'active'", (channel,)),
        "a member's matches": (
            "SELECT id FROM matches WHERE status = 'active' AND (goryo_id = $1 OR samurai_id = $1) ORDER BY id", (user,)
        ),
        "pending outbox": ("SELECT * FROM outbox WHERE match_id = $1 AND status = 'pending' ORDER BY id", (match,)),
        "last discovery": (
            ("SELECT * FROM outbox WHERE match_id = $1 AND kind = 'discovery' AND status = 'done' "
             "ORDER BY id DESC LIMIT 1"),
            (match,),
        ),
        "due outbox": ("SELECT DISTINCT match_id FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1",
                       ("9999",)),
        "reminders due": (
            (
                "SELECT id FROM matches WHERE status = 'active' AND reminded_at IS NULL AND to_move IS NOT NULL"
                " AND turn_started_at <= $1 ORDER BY turn_started_at"
            ),
            ("9999",),
        ),
    }
    found = {}
    async with pool.acquire() as connection:
        for name, (sql, params) in queries.items():
            rows = await connection.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", *params)
            found[name] = [row[0] for row in rows]
    return found


def keep_idle_connections() -> None:
    """Bench only: asyncpg closes a pooled connection idle for 300 s and expires a cached prepared
    statement after 300 s, each with a loop timer, and SimCord's settle waits for such timers when they
    fall due within its limit (a run of a few minutes stalls on them). Keeping both changes nothing
    the bench measures."""
    import functools

    import asyncpg

    asyncpg.create_pool = functools.partial(
        asyncpg.create_pool, max_inactive_connection_lifetime=0, max_cached_statement_lifetime=0
    )


def start_postgres(folder: Path) -> tuple[object, str]:
    import pgserver

    server = pgserver.get_server(folder / "postgres", cleanup_mode="stop")
    server.psql("CREATE DATABASE bench;")
    return server, server.get_uri().replace("/postgres?", "/bench?", 1)
