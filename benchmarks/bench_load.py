"""Load: N matches in play at once on one bot process, through SimCord (issue 5).

    python benchmarks/bench_load.py --matches 200
    python benchmarks/bench_load.py --matches 50 --profile load.prof

Starts the real bot on a real SQLite file, opens N matches in N channels, then plays
random legal actions round-robin across all of them, each through the commands a person
would use (``/goryo start``, ``/goryo path`` + Confirm, ``/goryo move`` ...), letting a
little virtual time pass between passes so the background sweeps run as in real life.

Reports actions per second (wall clock, SimCord included), the bot's own handling time
per action — ``MatchService.play`` (load, check, apply, commit with its outbox) and the
delivery that follows (drawing and sending) — as median and p95 with a per-step
breakdown, the time from an interaction reaching the bot to its first response to
Discord (which must come within 3 s) as median, p95 and p99, and the process's peak memory.
Goal at N = 200: p95 under 150 ms, peak under 300 MB.

Then the reminder sweep at ``--sweep-matches`` (10,000) active matches inserted directly
through the store: the indexed "what is due" query against the old pass over every match.

On PostgreSQL (issue 15): ``--database postgres`` starts a throwaway PostgreSQL server
(pgserver, as the tests do) and runs the bot on it; ``--processes 2`` runs two bot
processes (two OS processes, each its own SimCord and half the matches) on that one
database, and reports their figures together: throughput is all actions over the
slower process's wall time. Each process holds one of N shards (GORYO_SHARD_IDS=k of
GORYO_SHARD_COUNT=N) and its matches are on servers of its shard, so it delivers the outbox
of its own matches only, as in production. DMs come to shard 0 alone: the Goryō of a process
without it plays in the channel (where her answers are private), as on a development server.

On PostgreSQL the breakdown adds the wait for a pooled connection (``pool wait``, per
statement group) and how many of the pool's connections were busy when each action began.

    python benchmarks/bench_load.py --matches 200 --database postgres --processes 2 --sweep-matches 0

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import platform
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runnable from a checkout without installing

import simcord

import rules
import rules.playout
from bot import create_bot
from bot.delivery.boards import Drawing
from bot.play.service import STEPS
from bot.storage.sqlite import SqliteStore
from bot.text.refusal import Refusal
from tests.bot.helpers import command_for


@dataclass
class Timings:
    """Per applied action: Game.act (play, then deliver), each step of it (from the checkpoints),
    and per interaction the time to its first response."""

    total: list[float] = field(default_factory=list)
    steps: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    first_response: list[float] = field(default_factory=list)
    _started: float = 0.0
    _last: float = 0.0
    _pending: dict[str, float] = field(default_factory=dict)
    _arrived: dict[int, float] = field(default_factory=dict)

    pool_waits: list[float] = field(default_factory=list)
    load_query: list[float] = field(default_factory=list)
    autocomplete: list[float] = field(default_factory=list)  # the bot's answer to one autocomplete (issue 22)
    busy_at_load: list[int] = field(default_factory=list)

    def instrument(self, bot) -> None:
        game = bot.game
        act = game.act
        pool = getattr(bot.store, "_pool", None)
        if pool is not None:  # PostgreSQL: time each wait for a connection (a SimCord-free internal, bench only)
            bot.store._pool = TimedPool(pool, self.pool_waits)
        load = game.service.load

        async def timed_load(*args, **kwargs):  # the load step without the wait for the match's lock
            began = time.perf_counter()
            try:
                return await load(*args, **kwargs)
            finally:
                self.load_query.append(time.perf_counter() - began)

        game.service.load = timed_load
        offer = game.choices.offer

        async def timed_offer(*args, **kwargs):  # finding the match, checking the caller, asking the rules
            began = time.perf_counter()
            try:
                return await offer(*args, **kwargs)
            finally:
                self.autocomplete.append(time.perf_counter() - began)

        game.choices.offer = timed_offer

        async def timed_act(*args, **kwargs):
            self._started = self._last = time.perf_counter()
            if pool is not None:
                self.busy_at_load.append(pool.get_size() - pool.get_idle_size())
            self._pending = {}
            result = await act(*args, **kwargs)  # a refusal raises: only applied actions are counted
            self.total.append(time.perf_counter() - self._started)
            for step, seconds in self._pending.items():
                self.steps[step].append(seconds)
            self._pending.clear()
            return result

        def checkpoint(step: str) -> None:
            now = time.perf_counter()
            # The deliverer's points ("drawing …", "sending …", "sent …", "delivered …") all count as delivery.
            step = "deliver" if step.split()[0] in ("drawing", "sending", "sent", "delivered") else step
            self._pending[step] = self._pending.get(step, 0.0) + now - self._last
            self._last = now

        game.act = timed_act
        game.service.checkpoint = checkpoint
        game.deliverer.checkpoint = checkpoint

        async def arrived(interaction) -> None:
            self._arrived[interaction.id] = time.perf_counter()

        bot.add_listener(arrived, "on_interaction")
        self._watch_first_responses()

    def _watch_first_responses(self) -> None:
        """Time each interaction's first answer to Discord (a message, a defer or an edit of the clicked one)."""
        import discord

        timings = self
        for name in ("send_message", "defer", "edit_message"):
            original = getattr(discord.InteractionResponse, name)

            def timed(original):
                async def answer(response, *args, **kwargs):
                    arrived = timings._arrived.pop(response._parent.id, None)
                    if arrived is not None:
                        timings.first_response.append(time.perf_counter() - arrived)
                    return await original(response, *args, **kwargs)

                return answer

            setattr(discord.InteractionResponse, name, timed(original))


class TimedPool:
    """An asyncpg pool whose ``acquire`` notes how long each caller waited for a connection."""

    def __init__(self, pool, waits: list[float]) -> None:
        self._pool = pool
        self._waits = waits

    def acquire(self):
        return _TimedAcquire(self._pool.acquire(), self._waits)

    def __getattr__(self, name):
        return getattr(self._pool, name)


class _TimedAcquire:
    def __init__(self, context, waits: list[float]) -> None:
        self._context = context
        self._waits = waits

    async def __aenter__(self):
        began = time.perf_counter()
        connection = await self._context.__aenter__()
        self._waits.append(time.perf_counter() - began)
        return connection

    async def __aexit__(self, *exc):
        return await self._context.__aexit__(*exc)


@dataclass
class Seat:
    table_channel: simcord.ChannelHandle
    goryo: simcord.MemberActor
    samurai: simcord.MemberActor
    match_id: int = 0
    rng: random.Random = field(default_factory=random.Random)
    in_channel: bool = False  # her commands in the channel: this process does not hold shard 0, where DMs go


def forget_uploads(env: simcord.Env) -> None:
    """Drop what the simulated Discord keeps of past traffic: uploaded images, request log, transcript.

    Real Discord keeps uploads on its own servers, not in the bot's process; SimCord keeps
    every PNG in memory, which would make the peak measure the simulator, not the bot.
    (These are SimCord internals: fine for a benchmark, never for a test.)
    """
    env.backend.cdn._blobs.clear()
    env.backend.http_requests.clear()
    env.backend.transcript.clear()


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return kib / 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def open_matches(
    env: simcord.Env, count: int, seed: int, shard: int | None = None, threads: bool = False
) -> list[Seat]:
    seats: list[Seat] = []
    guild = None
    for index in range(count):
        if index % 400 == 0:  # Discord allows 500 channels per server
            where = {} if shard is None else {"shard_id": shard}  # a server on this process's own shard
            guild = env.create_guild(name=f"server {index // 400}", **where)
            if threads:  # each match in a thread of its own (issue 23), as /goryo settings threads:True sets it
                await env.bot.store.change_server_setting(guild.id, "threads", "on", by=0,
                                                          now=env.bot.game.service.clock())
        channel = guild.create_text_channel(f"dojo-{index}")
        goryo = guild.add_member(env.create_user(f"goryo{index}"))
        samurai = guild.add_member(env.create_user(f"samurai{index}"))
        posted = await goryo.slash(channel, "goryo challenge", opponent=samurai, role="goryo")
        accepted = await samurai.click(posted.response, label="Accept")
        assert accepted.acknowledged
        if threads:
            [channel] = channel.threads  # the match is played there
        record = await env.bot.store.active_match_in(channel.id)
        assert record.goryo_id == goryo.id, "two processes' simulated channels share an id"
        seats.append(Seat(channel, goryo, samurai, record.id, random.Random(seed * 100_003 + index), bool(shard)))
        if (index + 1) % 200 == 0:
            print(f"  … {index + 1} matches open", file=sys.stderr, flush=True)
    return seats


async def act(env: simcord.Env, seat: Seat) -> bool:
    """One random legal action in this seat's match; False once the match is over."""
    record = await env.bot.store.get_match(seat.match_id)
    state = record.state
    if state.is_over:
        return False
    action = rules.playout.random_action(state, seat.rng)
    channel, goryo, samurai = seat.table_channel, seat.goryo, seat.samurai
    her = goryo if seat.in_channel else goryo.user
    where = (channel,) if seat.in_channel else ()
    if isinstance(action, rules.ChooseStart):
        await her.autocomplete(*where, "goryo start", "space", "", match=seat.match_id)  # as she types (issue 22)
        await her.slash(*where, "goryo start", space=rules.space_name(action.space), match=seat.match_id)
    elif isinstance(action, rules.Plan):
        await her.autocomplete(*where, "goryo path", "spaces", "", match=seat.match_id)
        preview = await her.slash(*where, "goryo path", **command_for(action)[1], match=seat.match_id)
        await her.click(preview.response, label="Confirm")
    else:
        name, options = command_for(action)
        if isinstance(action, (rules.Move, rules.Sniff)):
            option = "to" if isinstance(action, rules.Move) else "space"
            await samurai.autocomplete(channel, f"goryo {name}", option, "", samurai=options["samurai"])
        await samurai.slash(channel, f"goryo {name}", **options)
    return True


async def run(
    matches: int, actions_per_match: int, think: float, seed: int, database, process: int = 0, processes: int = 1,
    threads: bool = False,
) -> dict:
    # Several processes: process k holds shard k of them (and delivers for its servers only).
    sharding = {"shard_count": processes, "shard_ids": (process,)} if processes > 1 else {}
    # One set of drawing processes for the bot and its restart, as one process keeps across a reconnect.
    drawing = Drawing()
    bot = create_bot(database=database, environ={}, env_file=None, sync="global", seed=None, drawing=drawing,
                     **sharding)
    timings = Timings()
    async with simcord.run(bot, settle_timeout=60.0) as env:
        if process:
            # Each process has its own simulated Discord; a later start keeps their snowflakes apart.
            await env.advance_time(600.0 * process)
        baseline = rss_mb()
        opened = time.perf_counter()
        seats = await open_matches(env, matches, seed, process if processes > 1 else None, threads)
        opening = time.perf_counter() - opened
        forget_uploads(env)
        timings.instrument(env.bot)

        started = time.perf_counter()
        live = list(seats)
        for _ in range(actions_per_match):
            live = [seat for seat in live if await act(env, seat)]
            print(f"  … a pass over {len(live)} matches done", file=sys.stderr, flush=True)
            if not live:
                break
            await env.advance_time(think)  # players think; the reminder and challenge sweeps run meanwhile
            forget_uploads(env)
        elapsed = time.perf_counter() - started
        # A restart replays every active match's log against its row before serving (the start-up check).
        old_store = env.bot.store
        restarted = time.perf_counter()
        await env.restart_bot(
            create_bot(database=database, environ={}, env_file=None, sync="global", drawing=drawing, **sharding)
        )
        restart = time.perf_counter() - restarted
        if old_store is not None:
            await old_store.close()
        bot = env.bot
        table_stats = await postgres_table_stats(env.bot.store)
        plans = await postgres_plans(env.bot.store, seats[len(seats) // 2])
        unexpected = [e for e in env.errors if not isinstance(getattr(e, "original", e), (Refusal, rules.GoryoError))]
        active = len(await env.bot.store.active_matches())
    if bot.store is not None:
        await bot.store.close()
    drawing.close()
    return {
        "opening": opening,
        "elapsed": elapsed,
        "timings": timings,
        "errors": unexpected,
        "active_at_end": active,
        "restart": restart,
        "baseline_mb": baseline,
        "end_mb": rss_mb(),
        "table_stats": table_stats,
        "plans": plans,
    }


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


def plain(result: dict) -> dict:
    """The result without the live Timings object, so it can cross a process boundary."""
    timings: Timings = result["timings"]
    return result | {
        "timings": {"total": timings.total, "steps": dict(timings.steps), "first_response": timings.first_response,
                    "pool_waits": timings.pool_waits, "busy_at_load": timings.busy_at_load,
                    "load_query": timings.load_query, "autocomplete": timings.autocomplete},
        "errors": [repr(e) for e in result["errors"]],
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def merged(results: list[dict]) -> dict:
    timings = Timings()
    for result in results:
        timings.total += result["timings"]["total"]
        timings.first_response += result["timings"]["first_response"]
        timings.pool_waits += result["timings"]["pool_waits"]
        timings.busy_at_load += result["timings"]["busy_at_load"]
        timings.load_query += result["timings"]["load_query"]
        timings.autocomplete += result["timings"]["autocomplete"]
        for step, spent in result["timings"]["steps"].items():
            timings.steps[step] += spent
    return {
        "opening": max(r["opening"] for r in results),
        "elapsed": max(r["elapsed"] for r in results),
        "timings": timings,
        "errors": [e for r in results for e in r["errors"]],
        "active_at_end": max(r["active_at_end"] for r in results),  # each counts the shared database's
        "peak_mb": max(r["peak_mb"] for r in results),
        "restart": max(r["restart"] for r in results),
        "baseline_mb": max(r["baseline_mb"] for r in results),
        "end_mb": max(r["end_mb"] for r in results),
        "table_stats": results[0]["table_stats"],
        "plans": results[0]["plans"],
    }


def processes(count: int, args: argparse.Namespace, url: str) -> dict:
    """``count`` bot processes (this script with --process K), each with its share of the matches, at once."""
    share = args.matches // count
    children = [
        subprocess.Popen(
            [sys.executable, __file__, "--process", str(k), "--processes", str(count), "--url", url,
             "--matches", str(share),
             "--actions", str(args.actions), "--think", str(args.think), "--seed", str(args.seed + k)],
            stdout=subprocess.PIPE, text=True,
        )
        for k in range(count)
    ]
    results = []
    for child in children:
        out, _ = child.communicate()
        if child.returncode != 0:
            raise SystemExit(f"bot process failed ({child.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return merged(results)


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


def report(matches: int, result: dict) -> None:
    timings: Timings = result["timings"]
    total = timings.total
    # Linux reports KiB; with several processes, the largest bot process's peak.
    peak_mb = result.get("peak_mb") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"Python {platform.python_version()} on {platform.machine()}, {matches} matches at once")
    print(f"  opening {matches} matches (challenge + accept): {result['opening']:.1f} s")
    print(f"  actions applied: {len(total)} in {result['elapsed']:.1f} s wall"
          f" = {len(total) / result['elapsed']:.1f} actions/s")
    print(f"  matches still active at the end: {result['active_at_end']}")
    print(f"  restart with the start-up check of every active match: {result['restart']:.2f} s")
    print(
        f"  handling per action (Game.act: play, then deliver): median {statistics.median(total) * 1000:.1f} ms, "
        f"p95 {percentile(total, 0.95) * 1000:.1f} ms, max {max(total) * 1000:.1f} ms"
    )
    first = timings.first_response
    print(
        f"  first response to Discord, per interaction ({len(first)}): "
        f"median {statistics.median(first) * 1000:.1f} ms, "
        f"p95 {percentile(first, 0.95) * 1000:.1f} ms, p99 {percentile(first, 0.99) * 1000:.1f} ms, "
        f"max {max(first) * 1000:.1f} ms (Discord allows 3000 ms)"
    )
    share = sum(total)
    for step in (*STEPS, "deliver"):
        spent = timings.steps.get(step, [])
        if spent:
            print(
                f"    {step:<7} median {statistics.median(spent) * 1000:6.2f} ms"
                f"  p95 {percentile(spent, 0.95) * 1000:6.2f} ms"
                f"  {sum(spent) / share:5.1%} of handling"
            )
    if timings.load_query:
        query = timings.load_query
        print(f"    of load, reading the match (no lock wait): median {statistics.median(query) * 1000:.2f} ms, "
              f"p95 {percentile(query, 0.95) * 1000:.2f} ms")
    if timings.autocomplete:
        offers = timings.autocomplete
        print(f"  autocomplete, the bot's answer ({len(offers)}): median {statistics.median(offers) * 1000:.2f} ms, "
              f"p95 {percentile(offers, 0.95) * 1000:.2f} ms, max {max(offers) * 1000:.1f} ms (goal: p95 20 ms)")
    if timings.pool_waits:
        waits = timings.pool_waits
        busy = timings.busy_at_load
        print(
            f"    pool wait per connection asked ({len(waits)}): median {statistics.median(waits) * 1000:.2f} ms, "
            f"p95 {percentile(waits, 0.95) * 1000:.2f} ms, max {max(waits) * 1000:.1f} ms; "
            f"connections busy as an action began: median {statistics.median(busy):.0f}, max {max(busy)}"
        )
    print(
        f"  memory: peak (max RSS) {peak_mb:.0f} MB; {result['baseline_mb']:.0f} MB once started, "
        f"{result['end_mb']:.0f} MB at the end (the simulator's copies of uploaded images dropped after each pass)"
    )
    for row in result.get("table_stats") or []:
        print("    table " + ", ".join(f"{key} {value}" for key, value in row.items() if key != "relname")
              + f": {row['relname']}")
    for name, plan in (result.get("plans") or {}).items():
        print(f"    EXPLAIN {name}: "
              + " | ".join(line.strip() for line in plan if "cost=" in line or "Execution" in line))
    if result["errors"]:
        print(f"  UNEXPECTED ERRORS: {len(result['errors'])}: {result['errors'][:3]!r}")


async def sweep_at_scale(count: int, folder: Path) -> None:
    """The reminder sweep's query at ``count`` active matches: indexed due query vs a pass over all."""
    from datetime import UTC, datetime, timedelta

    store = await SqliteStore.open(folder / "sweep.sqlite3", durable=False)
    start_time = datetime(2026, 1, 1, tzinfo=UTC)
    filled = time.perf_counter()
    for index in range(count):
        challenge = await store.create_challenge(
            guild_id=1, channel_id=10_000 + index, challenger_id=1, opponent_id=2, challenger_role="goryo",
            advanced=False, now=start_time + timedelta(seconds=index),
        )
        await store.start_match(challenge_id=challenge.id, goryo_id=1, samurai_id=2,
                                state=rules.new_game(index), now=start_time + timedelta(seconds=index))
    print(f"sweep at {count} active matches (inserted through the store in {time.perf_counter() - filled:.0f} s):")
    limit = timedelta(hours=24)
    for due in (0, 100):
        now = start_time + limit / 2 + timedelta(seconds=due - 1)  # the first `due` matches are past half time
        indexed, scanned = [], []
        for _ in range(5):
            began = time.perf_counter()
            found = await store.reminders_due(now - limit / 2)
            indexed.append(time.perf_counter() - began)
            began = time.perf_counter()
            every = [m for m in await store.active_matches()
                     if m.reminded_at is None and now >= m.turn_started_at + limit / 2]
            scanned.append(time.perf_counter() - began)
            assert len(found) == len(every) == due, (len(found), len(every), due)
        print(f"  {due:>3} due: indexed query median {statistics.median(indexed) * 1000:.1f} ms; "
              f"the old pass over every match {statistics.median(scanned) * 1000:.0f} ms")
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="matches in play at once (50, 200, 1000)")
    parser.add_argument("--actions", type=int, default=20, help="actions to play in each match (at most)")
    parser.add_argument("--think", type=float, default=5.0, help="virtual seconds between passes over all matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", action="store_true", help="each match in a thread of its own (the server setting)")
    parser.add_argument("--profile", metavar="FILE", help="profile the run with cProfile; print the top entries")
    parser.add_argument("--sweep-matches", type=int, default=10_000, help="active matches for the sweep (0: skip)")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite",
                        help="sqlite (a file) or postgres (a throwaway server started here)")
    parser.add_argument("--processes", type=int, default=1, help="bot processes sharing the database (postgres)")
    parser.add_argument("--process", type=int, help=argparse.SUPPRESS)  # one of --processes, run by the parent
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.database == "postgres" or args.url:
        keep_idle_connections()
    if args.process is not None:
        result = asyncio.run(
            run(args.matches, args.actions, args.think, args.seed, args.url, args.process, args.processes)
        )
        print(json.dumps(plain(result)))
        return
    if args.processes > 1 and args.database != "postgres":
        parser.error("several processes share a PostgreSQL database: add --database postgres")

    with tempfile.TemporaryDirectory() as folder:
        server = None
        database: object = Path(folder) / "load.sqlite3"
        if args.database == "postgres":
            server, database = start_postgres(Path(folder))
        try:
            if args.processes > 1:
                result = processes(args.processes, args, database)
            else:
                work = run(args.matches, args.actions, args.think, args.seed, database, threads=args.threads)
                if args.profile:
                    profiler = cProfile.Profile()
                    result = profiler.runcall(asyncio.run, work)
                    profiler.dump_stats(args.profile)
                else:
                    result = asyncio.run(work)
        finally:
            if server is not None:
                server.cleanup()
    print(f"database: {args.database}, {args.processes} bot process(es)")
    report(args.matches, result)
    if args.sweep_matches:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(sweep_at_scale(args.sweep_matches, Path(folder)))
    if args.profile:
        print("\nTop of the profile (event-loop thread; drawing runs on its own thread and shows as waiting):")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
