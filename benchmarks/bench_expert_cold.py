"""The expert Samurai's thinking in a fresh worker (issue 37): ``python benchmarks/bench_expert_cold.py``.

``bench_ai`` plays a match in one process, so the expert's replays of her earlier rounds are remembered from
one decision to the next. The bot's thinking processes share that memory only by chance: a match's decisions
land on whichever process is free, and a restart starts them empty. So this plays ``bench_ai``'s seeded matches
of the expert Samurai against the hard Goryō and times every expert decision twice: as ``bench_ai`` does (the
process's memory as the match left it) and *cold* (every cache of ``ai`` and ``rules`` emptied first, as in a
process that has never seen the match). CPU time per decision on one core.

    python benchmarks/bench_expert_cold.py --matches 40
    python benchmarks/bench_expert_cold.py --matches 40 --advanced

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runnable from a checkout without installing

import ai
import rules
from ai.agents import SamuraiAgent
from benchmarks.bench_ai import percentile, play_match


def caches() -> list:
    """Every memoised function of ``ai`` and ``rules``: what a fresh process starts without."""
    found = []
    for package in (ai, rules):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            found += [f for f in vars(module).values() if callable(getattr(f, "cache_clear", None))]
    return list({id(f): f for f in found}.values())


def time_twice(warm: list[float], cold: list[float]) -> None:
    """Make every expert Samurai decision twice: as it comes, then again from empty caches."""
    choose = SamuraiAgent.choose
    emptied = caches()

    def choose_twice(self, *args):
        began = time.process_time()
        action = choose(self, *args)
        if self.level != "expert":
            return action
        warm.append(time.process_time() - began)
        for cache in emptied:
            cache.cache_clear()
        began = time.process_time()
        assert choose(self, *args) == action  # a pure function of its inputs, remembered or not
        cold.append(time.process_time() - began)
        return action

    SamuraiAgent.choose = choose_twice  # type: ignore[method-assign]  # a benchmark's probe, in its own process


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=7_300_000)
    parser.add_argument("--advanced", action="store_true")
    args = parser.parse_args()
    warm: list[float] = []
    cold: list[float] = []
    time_twice(warm, cold)
    for seed in range(args.first_seed, args.first_seed + args.matches):
        play_match("expert", "pre37-hard", seed, args.advanced)
    mode = "advanced" if args.advanced else "basic"
    print(f"{mode} mode, {args.matches} matches against the hard Goryō, {len(cold)} expert Samurai decisions, "
          "CPU ms median / p95 / max")
    for name, times in (("as in one process (bench_ai)", warm), ("cold: a fresh process", cold)):
        print(f"  {name:30} {statistics.median(times) * 1e3:7.1f} / {percentile(times, 0.95) * 1e3:7.1f} / "
              f"{max(times) * 1e3:7.1f}")


if __name__ == "__main__":
    main()
