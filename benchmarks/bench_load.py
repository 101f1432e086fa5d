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

The bot's own memory apart from the simulator's (issue 46): every run reports the process's resident peak, a bound
from above for the bot's own (the simulator in it keeps no uploads); ``--memory`` plays the same matches a second
time with every allocation traced, to say how much of it is the simulator's (``load_memory.py`` says how);
``--idle 10000`` starts a fresh bot on a database holding 10,000 idle matches and on an empty one, and compares
their resident sizes.

    python benchmarks/bench_load.py --matches 1000 --actions 3 --memory --idle 10000 --sweep-matches 0

What it measures and reports is in ``load_figures.py``, the players in ``load_players.py``, PostgreSQL's
side in ``load_postgres.py``, the sweep in ``load_sweep.py``. A benchmark, not a test: the figures
depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runnable from a checkout without installing

import simcord

import rules
from benchmarks.load_figures import Timings, merged, plain, report, rss_mb
from benchmarks.load_memory import MemoryWatch, ResidentWatch, idle_resident, report_idle, report_memory
from benchmarks.load_players import act, keep_no_uploads, open_matches
from benchmarks.load_postgres import keep_idle_connections, postgres_plans, postgres_table_stats, start_postgres
from benchmarks.load_sweep import sweep_at_scale
from bot import create_bot
from bot.delivery.boards import Drawing
from bot.text.refusal import Refusal


async def run(
    matches: int, actions_per_match: int, think: float, seed: int, database, process: int = 0, processes: int = 1,
    threads: bool = False, memory: MemoryWatch | None = None,
) -> dict:
    resident = ResidentWatch()
    resident.start()
    # Several processes: process k holds shard k of them (and delivers for its servers only).
    sharding = {"shard_count": processes, "shard_ids": (process,)} if processes > 1 else {}
    if memory is not None:
        memory.start()  # before the bot and the simulator are built: every allocation is traced to one of them
    # One set of drawing processes for the bot and its restart, as one process keeps across a reconnect.
    drawing = Drawing()
    bot = create_bot(database=database, environ={}, env_file=None, sync="global", seed=None, drawing=drawing,
                     **sharding)
    timings = Timings()
    async with simcord.run(bot, settle_timeout=60.0) as env:
        keep_no_uploads(env)
        if process:
            # Each process has its own simulated Discord; a later start keeps their snowflakes apart.
            await env.advance_time(600.0 * process)
        baseline = rss_mb()
        opened = time.perf_counter()
        seats = await open_matches(env, matches, seed, process if processes > 1 else None, threads)
        opening = time.perf_counter() - opened
        if memory is not None:
            memory.sample(f"{matches} matches opened")
        timings.instrument(env.bot)

        started = time.perf_counter()
        live = list(seats)
        for _ in range(actions_per_match):
            live = [seat for seat in live if await act(env, seat)]
            print(f"  … a pass over {len(live)} matches done", file=sys.stderr, flush=True)
            if not live:
                break
            await env.advance_time(think)  # players think; the reminder and challenge sweeps run meanwhile
            if memory is not None:
                memory.sample(f"after pass {len(memory.samples)}")
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
    timings.release()
    if bot.store is not None:
        await bot.store.close()
    drawing.close()
    if memory is not None:
        memory.stop()
    watched = resident.stop()
    return {
        "resident": watched,
        "peak_mb": watched["hwm_mb"],  # this run's, before a traced one (--memory) in the same process
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
        "memory": memory.samples if memory is not None else None,
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
    parser.add_argument("--memory", action="store_true",
                        help="also: the same matches again, traced, to split the memory (tracemalloc; slower)")
    parser.add_argument("--idle", type=int, default=0, metavar="N",
                        help="also: a fresh bot's resident size with N idle matches in its database against none")
    args = parser.parse_args()
    if args.database == "postgres" or args.url:
        keep_idle_connections()
    if args.process is not None:
        result = asyncio.run(
            run(args.matches, args.actions, args.think, args.seed, args.url, args.process, args.processes)
        )
        print(json.dumps(plain(result)))
        return
    if args.memory and (args.processes > 1 or args.database != "sqlite"):
        parser.error("--memory measures one bot process on SQLite")
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
                if args.memory:  # the same matches again, traced, on a database of their own
                    traced = run(args.matches, args.actions, args.think, args.seed, Path(folder) / "traced.sqlite3",
                                 threads=args.threads, memory=MemoryWatch())
                    result["memory"] = asyncio.run(traced)["memory"]
        finally:
            if server is not None:
                server.cleanup()
    print(f"database: {args.database}, {args.processes} bot process(es)")
    report(args.matches, result)
    if "resident" in result:  # one process (several report their peaks above)
        report_memory(args.matches, result["resident"], result.get("memory"))
    if args.idle:
        with tempfile.TemporaryDirectory() as folder:
            report_idle(args.idle, *idle_resident(args.idle, Path(folder)))
    if args.sweep_matches:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(sweep_at_scale(args.sweep_matches, Path(folder)))
    if args.profile:
        print("\nTop of the profile (event-loop thread; drawing runs on its own thread and shows as waiting):")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
