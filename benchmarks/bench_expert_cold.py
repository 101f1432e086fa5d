"""The expert Samurai's thinking in a fresh worker (issue 37): ``python benchmarks/bench_expert_cold.py``.

``bench_ai`` plays a match in one process, so the expert's replays of her earlier rounds are remembered from
one decision to the next. The bot's thinking processes share that memory only by chance: a match's decisions
land on whichever process is free, and a restart starts them empty. So this plays seeded matches of the expert
Samurai against the hard Goryō and times every expert decision twice, as ``bench_ai`` does (the process's
memory as the match left it) and *cold* (every cache of ``ai`` and ``rules`` emptied first, as in a process
that has never seen the match). CPU time per decision on one core.

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
from ai import opponent
from benchmarks import baseline_ai
from benchmarks.bench_ai import percentile
from rules import Phase, Side


def _caches() -> list:
    """Every memoised function of ``ai`` and ``rules``: what a fresh process starts without."""
    found = []
    for package in (ai, rules):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            found += [f for f in vars(module).values() if callable(getattr(f, "cache_clear", None))]
    return list({id(f): f for f in found}.values())


def play(seed: int, advanced: bool, caches: list) -> tuple[list[float], list[float]]:
    """One match; the expert Samurai's decisions timed warm and cold, in CPU seconds."""
    hard = baseline_ai.load("pre37-")
    samurai = ai.agent(Side.SAMURAI, "expert")
    state = rules.new_game(seed, advanced=advanced)
    warm: list[float] = []
    cold: list[float] = []
    history: list[rules.PublicView] = []
    turn_start = None
    version = 0
    while not state.is_over:
        if state.phase is Phase.SAMURAI_TURN and not state.calls:
            turn_start = rules.public_view(state)
            history.append(turn_start)
        if state.to_move is Side.SAMURAI:
            assert turn_start is not None  # a Samurai turn has begun
            args = (rules.public_view(state), ai.budget_for("expert", seed * 1000 + version),
                    turn_start.samurai_spaces, opponent.evidence_from(history))
            began = time.process_time()
            action = samurai.choose(*args)
            warm.append(time.process_time() - began)
            for cache in caches:
                cache.cache_clear()
            began = time.process_time()
            assert samurai.choose(*args) == action  # a pure function of its inputs, memory or not
            cold.append(time.process_time() - began)
        else:
            action = hard.agent(Side.GORYO, "hard").choose(rules.goryo_view(state), hard.budget_for("hard", seed * 1000 + version))
        reveal = state.last_reveal
        state = rules.apply(state, action).state
        if state.last_reveal is not reveal:
            history.append(rules.public_view(state))
        version += 1
    return warm, cold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=7_300_000)
    parser.add_argument("--advanced", action="store_true")
    args = parser.parse_args()
    caches = _caches()
    warm: list[float] = []
    cold: list[float] = []
    for seed in range(args.first_seed, args.first_seed + args.matches):
        w, c = play(seed, args.advanced, caches)
        warm += w
        cold += c
    mode = "advanced" if args.advanced else "basic"
    print(f"{mode} mode, {args.matches} matches, {len(cold)} expert Samurai decisions, CPU ms median / p95 / max")
    for name, times in (("as in one process (bench_ai)", warm), ("cold: a fresh process", cold)):
        print(f"  {name:30} {statistics.median(times) * 1e3:7.1f} / {percentile(times, 0.95) * 1e3:7.1f} / "
              f"{max(times) * 1e3:7.1f}")


if __name__ == "__main__":
    main()
