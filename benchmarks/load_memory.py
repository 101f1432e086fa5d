"""The bot's own memory, apart from the simulator's, for ``bench_load.py`` (issue 46).

The bound. SimCord and the benchmark's players run in the bot's process, so the process's resident peak (VmHWM)
in a run without tracing is a bound from above for the bot's own peak: it holds the bot, the simulator and
nothing else (the simulator keeps no uploads: ``load_players.keep_no_uploads``). ``ResidentWatch`` samples the
resident size twice a second with glibc's own account of its heap (``mallinfo2``: in use, and freed but held),
so the report says how much of the peak is the allocator's unreturned space rather than memory in use.

``--memory`` adds a second run of the same matches with every Python allocation traced (tracemalloc, 12
frames), to say what the simulator's part of that peak is. After the matches are opened and after each pass a
snapshot is split: walking an allocation's traceback from the innermost frame outwards, the first frame in
SimCord or in this benchmark's players makes it the simulator's; the first in the bot's packages (``bot``,
``rules``, ``ai``, ``render``, ``locales``) or in discord.py (the bot's own cache of Discord, as it would keep it
against the real one) makes it the bot's; an allocation with neither (the interpreter's, asyncio's) is the
bot's. Tracing makes the resident size of that run the measurement's (its snapshots), so the bound stays the
first run's; the resident peak less the simulator's live allocations is an estimate of the bot's alone, not a
bound (two runs, their moments not the same). The drawing and thinking processes are processes of their own
and are reported apart.

``--idle N``: the same bot started on an empty database and on one holding N matches kept but idle (half
finished, half waiting for their Goryō), each in a fresh process, its resident size once started and settled.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import json
import os
import subprocess
import sys
import threading
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import rules

FRAMES = 12  # deep enough to reach a decisive frame from inside asyncio, aiosqlite and discord.py
OURS = ("bot", "rules", "ai", "render", "locales")
REPO = Path(__file__).resolve().parent.parent
SIMULATOR = (os.sep + "simcord" + os.sep, str(REPO / "benchmarks") + os.sep)
BOT = (*(str(REPO / package) + os.sep for package in OURS), os.sep + "discord" + os.sep)


def status_mb(field: str, pid: int | str = "self") -> float:
    """A size from /proc/PID/status (VmRSS: resident now, VmHWM: resident at its highest), in MB."""
    with open(f"/proc/{pid}/status") as status:
        kib = next((int(line.split()[1]) for line in status if line.startswith(f"{field}:")), 0)
    return kib / 1024


def rss_mb(pid: int | str = "self") -> float:
    return status_mb("VmRSS", pid)


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def _mallinfo2() -> Callable[[], _MallInfo2] | None:
    try:
        function = ctypes.CDLL("libc.so.6").mallinfo2  # glibc 2.33 and later
    except (OSError, AttributeError):
        return None
    function.restype = _MallInfo2
    return function


class ResidentWatch:
    """The resident size every half second, from a thread of its own, and glibc's heap at its highest.

    glibc's heap (``mallinfo2``, every arena together) is what C and Python's larger objects take: ``in use``, and
    ``held`` (freed, not given back to the system: the allocator's slack). Python's small objects live apart, in
    pymalloc's arenas, which are the rest of the resident size with the program's code and its threads' stacks.
    """

    def __init__(self) -> None:
        self.peak: dict[str, float] = {"rss_mb": 0.0}
        self.threads = 0  # the process's threads at most (the event loop's, the database's, executors')
        self._mallinfo2 = _mallinfo2()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="resident watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _watch(self) -> None:
        while not self._done.wait(0.5):
            rss = rss_mb()
            self.threads = max(self.threads, int(status_mb("Threads") * 1024))  # a count, not a size
            if rss <= self.peak["rss_mb"]:
                continue
            self.peak = {"rss_mb": rss}
            if self._mallinfo2 is not None:
                heap = self._mallinfo2()
                self.peak |= {"heap_in_use_mb": (heap.uordblks + heap.hblkhd) / 2**20,
                              "heap_held_mb": heap.fordblks / 2**20}

    def stop(self) -> dict[str, float]:
        """The figures at the highest sample, and the process's own resident peak (VmHWM, between samples too)."""
        self._done.set()
        self._thread.join()
        return self.peak | {"hwm_mb": status_mb("VmHWM"), "children_mb": children_mb(), "threads": self.threads}


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
    """Every Python allocation traced from before the bot is built, split between the bot and the simulator."""

    def __init__(self) -> None:
        self.samples: list[dict] = []

    def start(self) -> None:
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
        simulator, bot = sides["simulator"] / 2**20, sides["bot"] / 2**20
        self.samples.append({
            "moment": moment, "rss_mb": rss_mb(), "simulator_traced_mb": simulator, "bot_traced_mb": bot,
            "tracing_mb": tracemalloc.get_tracemalloc_memory() / 2**20,  # the measurement's own: neither's
            "bot_packages_mb": {name: size / 2**20 for name, size in packages.most_common(6)},
            "seconds": time.perf_counter() - began,
        })
        print(f"  … traced at {moment}: the simulator's {simulator:.0f} MB, the bot's {bot:.0f} MB",
              file=sys.stderr, flush=True)

    def stop(self) -> None:
        tracemalloc.stop()


def report_memory(matches: int, resident: dict, samples: list[dict] | None) -> None:
    """The bound (the untraced run's resident peak) and, with ``--memory``, what the traced run says of its parts."""
    peak = resident["hwm_mb"]
    goal = " (goal at 1,000 matches: at most 300 MB)" if matches >= 1000 else ""
    print(f"  the bot's own peak: at most {peak:.0f} MB{goal} — bound from above: the whole process's resident peak "
          f"(VmHWM), the simulator and its players in it, without tracing")
    if "heap_in_use_mb" in resident:
        print(f"    at the highest sample ({resident['rss_mb']:.0f} MB): glibc's heap "
              f"{resident['heap_in_use_mb']:.0f} MB in use, {resident['heap_held_mb']:.0f} MB freed but held (the "
              f"allocator's slack); the rest Python's small objects (pymalloc), the code and the stacks "
              f"of {resident['threads']} threads at most")
    print(f"    the drawing and thinking processes, apart: {resident['children_mb']:.0f} MB together at the end (each "
          f"also imports this script and so SimCord, as a process started from a script does; under "
          f"`python -m bot` it imports only what its work needs)")
    if not samples:
        return
    simulator = max(sample["simulator_traced_mb"] for sample in samples)
    bot = max(samples, key=lambda sample: sample["bot_traced_mb"])
    print(f"  a second run, every allocation traced ({FRAMES} frames), split after opening and after each pass:")
    for sample in samples:
        print(f"    {sample['moment']:<22} the simulator's {sample['simulator_traced_mb']:4.0f} MB, the bot's "
              f"{sample['bot_traced_mb']:4.0f} MB live (resident {sample['rss_mb']:.0f} MB, tracing's own "
              f"{sample['tracing_mb']:.0f} MB: this run's resident size is the measurement's too)")
    packages = ", ".join(f"{name} {size:.0f} MB" for name, size in bot["bot_packages_mb"].items())
    print(f"    the bot's live allocations at their largest by package: {packages}")
    print(f"  the bot's own peak: at most {peak:.0f} MB (bound from above), the simulator's: {simulator:.0f} MB "
          f"(live, at its largest sample), resident peak: {peak:.0f} MB; the resident peak less the simulator's, "
          f"{peak - simulator:.0f} MB, estimates the bot's alone (an estimate: two runs)")


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
