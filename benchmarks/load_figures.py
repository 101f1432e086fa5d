"""What ``bench_load.py`` measures per action and how it reports it: the bot's handling time and its steps, the
first response to each interaction, the wait for a pooled connection, the autocomplete answers, memory.

Timings hooks into a running bot (``instrument``); ``plain`` and ``merged`` carry several processes'
figures across to one report.
"""

from __future__ import annotations

import platform
import resource
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

from bot.play.service import STEPS


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
    _patched: dict[str, object] = field(default_factory=dict)  # discord.InteractionResponse's own methods

    def instrument(self, bot) -> None:
        parts = bot.parts
        act = parts.acting.act
        pool = getattr(bot.store, "_pool", None)
        if pool is not None:  # PostgreSQL: time each wait for a connection (a SimCord-free internal, bench only)
            bot.store._pool = TimedPool(pool, self.pool_waits)
        load = parts.service.load

        async def timed_load(*args, **kwargs):  # the load step without the wait for the match's lock
            began = time.perf_counter()
            try:
                return await load(*args, **kwargs)
            finally:
                self.load_query.append(time.perf_counter() - began)

        parts.service.load = timed_load
        offer = parts.choices.offer

        async def timed_offer(*args, **kwargs):  # finding the match, checking the caller, asking the rules
            began = time.perf_counter()
            try:
                return await offer(*args, **kwargs)
            finally:
                self.autocomplete.append(time.perf_counter() - began)

        parts.choices.offer = timed_offer

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

        parts.acting.act = timed_act
        parts.service.checkpoint = checkpoint
        parts.deliverer.checkpoint = checkpoint

        async def arrived(interaction) -> None:
            self._arrived[interaction.id] = time.perf_counter()

        bot.add_listener(arrived, "on_interaction")
        self._watch_first_responses()

    def _watch_first_responses(self) -> None:
        """Time each interaction's first answer to Discord (a message, a defer or an edit of the clicked one)."""
        import discord

        timings = self
        for name in ("send_message", "defer", "edit_message"):
            original = self._patched[name] = getattr(discord.InteractionResponse, name)

            def timed(original):
                async def answer(response, *args, **kwargs):
                    arrived = timings._arrived.pop(response._parent.id, None)
                    if arrived is not None:
                        timings.first_response.append(time.perf_counter() - arrived)
                    return await original(response, *args, **kwargs)

                return answer

            setattr(discord.InteractionResponse, name, timed(original))

    def release(self) -> None:
        """Give discord.py its own methods back: a later run in this process (``--memory``) times for itself."""
        import discord

        for name, original in self._patched.items():
            setattr(discord.InteractionResponse, name, original)
        self._patched.clear()


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


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return kib / 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


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
        f"{result['end_mb']:.0f} MB at the end (the simulator keeping no uploads)"
    )
    for row in result.get("table_stats") or []:
        print("    table " + ", ".join(f"{key} {value}" for key, value in row.items() if key != "relname")
              + f": {row['relname']}")
    for name, plan in (result.get("plans") or {}).items():
        print(f"    EXPLAIN {name}: "
              + " | ".join(line.strip() for line in plan if "cost=" in line or "Execution" in line))
    if result["errors"]:
        print(f"  UNEXPECTED ERRORS: {len(result['errors'])}: {result['errors'][:3]!r}")
