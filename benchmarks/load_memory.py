"""The bot's own memory, apart from the simulator's, for ``bench_load.py`` (issue 46).

``--memory``: Python's allocations are traced (tracemalloc) from before the bot is built, and after the matches
are opened and after each pass over them a snapshot is split between the simulator and the bot. An allocation
belongs to whichever of them made it: walking its traceback from the innermost frame outwards, the first frame
in SimCord or in this benchmark's players makes it the simulator's; the first in the bot's packages (``bot``,
``rules``, ``ai``, ``render``, ``locales``) or in discord.py (the bot's own cache of Discord, as it would keep it
against the real one) makes it the bot's; an allocation with neither (the interpreter's, asyncio's) is the bot's.
The bot's own figure at each sample is the process's resident size as tracing began (the interpreter and every
module imported, SimCord's among them) plus the bot's traced bytes: a bound from above for what is the bot's,
not counting the allocator's unreturned free space (after the first snapshot that is mostly the snapshots' own,
a measurement's, so the resident size is reported beside it but not taken for the bot's). The drawing and thinking
processes are processes of their own and are reported apart.

``--idle N``: the same bot started on an empty database and on one holding N matches kept but idle (half
finished, half waiting for their Goryō), each in a fresh process, its resident size once started and settled.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import rules

FRAMES = 12  # deep enough to reach a decisive frame from inside asyncio, aiosqlite and discord.py
OURS = ("bot", "rules", "ai", "render", "locales")
REPO = Path(__file__).resolve().parent.parent
SIMULATOR = (os.sep + "simcord" + os.sep, str(REPO / "benchmarks") + os.sep)
BOT = (*(str(REPO / package) + os.sep for package in OURS), os.sep + "discord" + os.sep)


def rss_mb(pid: int | str = "self") -> float:
    with open(f"/proc/{pid}/status") as status:
        kib = next((int(line.split()[1]) for line in status if line.startswith("VmRSS:")), 0)
    return kib / 1024


def children_mb() -> float:
    """The resident size of this process's children (the drawing and thinking processes), together."""
    own = os.getpid()
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            if parent == own:
                total += rss_mb(entry)
        except (OSError, ValueError, IndexError):
            continue
    return total


def owner(traceback: tracemalloc.Traceback) -> tuple[str, str]:
    """("simulator" | "bot", the package of the frame that decided it)."""
    for frame in reversed(traceback):  # the innermost frame first
        name = frame.filename
        if any(part in name for part in SIMULATOR):
            return "simulator", "simcord" if "simcord" in name else "benchmarks"
        for prefix in BOT:
            if prefix in name:
                return "bot", prefix.rstrip(os.sep).rsplit(os.sep, 1)[-1]
    return "bot", "interpreter and libraries"


class MemoryWatch:
    def __init__(self) -> None:
        self.samples: list[dict] = []
        self.untraced_mb = 0.0

    def start(self) -> None:
        self.untraced_mb = rss_mb()  # the interpreter and the modules: all counted as the bot's
        tracemalloc.start(FRAMES)

    def sample(self, moment: str) -> None:
        gc.collect()
        began = time.perf_counter()
        snapshot = tracemalloc.take_snapshot()
        sides: Counter[str] = Counter()
        packages: Counter[str] = Counter()
        for statistic in snapshot.statistics("traceback"):
            side, package = owner(statistic.traceback)
            sides[side] += statistic.size
            if side == "bot":
                packages[package] += statistic.size
        rss = rss_mb()
        simulator = sides["simulator"] / 2**20
        tracing = tracemalloc.get_tracemalloc_memory() / 2**20  # the measurement's own: neither's
        self.samples.append({
            "moment": moment, "rss_mb": rss, "simulator_traced_mb": simulator, "bot_traced_mb": sides["bot"] / 2**20,
            "tracing_mb": tracing, "untraced_mb": self.untraced_mb, "bot_mb": self.untraced_mb + sides["bot"] / 2**20,
            "children_mb": children_mb(),
            "bot_packages_mb": {name: size / 2**20 for name, size in packages.most_common(6)},
            "seconds": time.perf_counter() - began,
        })
        print(f"  … memory at {moment}: resident {rss:.0f} MB, the simulator's {simulator:.0f} MB, tracing's "
              f"{tracing:.0f} MB, the bot's {self.samples[-1]['bot_mb']:.0f} MB", file=sys.stderr, flush=True)

    def stop(self) -> None:
        tracemalloc.stop()


def report_memory(samples: list[dict]) -> None:
    peak = max(samples, key=lambda sample: sample["bot_mb"])
    print(f"  the bot's own memory (traced from the start, {FRAMES} frames; the resident size as tracing began, "
          f"{samples[0]['untraced_mb']:.0f} MB, plus the bot's traced):")
    for sample in samples:
        print(f"    {sample['moment']:<22} the bot's {sample['bot_mb']:4.0f} MB "
              f"(traced {sample['bot_traced_mb']:.0f} MB); "
              f"the simulator's traced {sample['simulator_traced_mb']:.0f} MB; resident {sample['rss_mb']:.0f} MB "
              f"(tracing's own {sample['tracing_mb']:.0f} MB); drawing and thinking processes "
              f"{sample['children_mb']:.0f} MB")
    packages = ", ".join(f"{name} {size:.0f} MB" for name, size in peak["bot_packages_mb"].items())
    print(f"    the bot's peak: {peak['bot_mb']:.0f} MB at {peak['moment']} (goal at most 300 MB); its traced "
          f"allocations by package: {packages}")


async def fill(database: Path, count: int) -> None:
    """``count`` matches kept but idle: the even ones finished (resigned), the odd ones waiting for their Goryō."""
    from bot.storage.sqlite import SqliteStore

    store = await SqliteStore.open(database, durable=False)
    began = datetime(2026, 1, 1, tzinfo=UTC)
    for index in range(count):
        now = began + timedelta(seconds=index)
        challenge = await store.create_challenge(
            guild_id=1, channel_id=10_000 + index, challenger_id=1, opponent_id=2, challenger_role="goryo",
            advanced=False, now=now,
        )
        state = rules.new_game(index)
        record = await store.start_match(challenge_id=challenge.id, goryo_id=1, samurai_id=2, state=state, now=now)
        if index % 2 == 0:
            resign = rules.Resign(rules.Side.SAMURAI)
            await store.record_action(record.id, expected_version=record.version, actor_id=2, action=resign,
                                      new_state=rules.apply(state, resign).state, now=now)
    await store.close()


async def settled_resident(database: Path) -> dict:
    """The bot started on ``database`` against SimCord, settled: its resident size (run in a fresh process)."""
    import simcord

    from bot import create_bot

    bot = create_bot(database=database, environ={}, env_file=None, sync="global")
    async with simcord.run(bot, settle_timeout=120.0) as env:
        await env.settle()
        gc.collect()
        resident = rss_mb()
        active = len(await bot.store.active_matches())
    await bot.close()  # SimCord lets go of the bot without closing it: its database thread would stay
    return {"rss_mb": resident, "active": active}


def idle_resident(count: int, folder: Path) -> tuple[dict, dict, float]:
    """Resident size of a fresh bot process on an empty database and on one with ``count`` idle matches."""
    empty, kept = folder / "empty.sqlite3", folder / "kept.sqlite3"
    began = time.perf_counter()
    asyncio.run(fill(kept, count))
    filling = time.perf_counter() - began
    figures = []
    for database in (empty, kept):
        done = subprocess.run([sys.executable, __file__, str(database)], capture_output=True, text=True, check=True)
        figures.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return figures[0], figures[1], filling


def report_idle(count: int, empty: dict, kept: dict, filling: float) -> None:
    ratio = kept["rss_mb"] / empty["rss_mb"]
    print(f"idle matches kept in the database ({count}: half finished, half waiting; inserted in {filling:.0f} s):")
    print(f"  a fresh bot, started and settled: {empty['rss_mb']:.0f} MB on an empty database, {kept['rss_mb']:.0f} MB "
          f"with them ({kept['active']} of them active) = {ratio:.2f}× (goal: within 10%)")


if __name__ == "__main__":  # one fresh bot process for idle_resident
    sys.path.insert(0, str(REPO))
    print(json.dumps(asyncio.run(settled_resident(Path(sys.argv[1])))))
