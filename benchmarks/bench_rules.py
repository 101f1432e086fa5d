"""Speed of the rules engine (issue 2): run ``python benchmarks/bench_rules.py``.

Reports
1. the median time to enumerate every legal plan from mid-game states
   (goal: under 1 ms), plain paths and with every False Trail placement;
2. full random legal matches per second on one core (goal: at least 1,000);
3. issue 37: the same matches played side by side by this engine and by the engine as it stood before
   issue 37 (``rules/`` read from the project's history by ``benchmarks/baseline_ai.py``), in alternating
   slices so that the machine's load falls on both alike (goal: at least 3 times as many a second).

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import functools
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runnable from a checkout without installing

import rules
from benchmarks import baseline_ai
from rules import Phase
from rules.playout import random_match


def mid_game_states(count: int) -> list[rules.GameState]:
    """Goryō-turn states from rounds 2-4 of random matches: powers partly spent, seals down."""
    states = []
    seed = 0
    while len(states) < count:
        states += [s for _, s in random_match(seed) if s.phase is Phase.GORYO_TURN and s.round >= 2]
        seed += 1
    return states[:count]


def per_call_seconds(work, repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        work()
    return (time.perf_counter() - start) / repeats


def bench_enumeration(states: list[rules.GameState], repeats: int) -> dict[str, list[float]]:
    cases = {
        "list(legal_paths(s))": lambda s: list(rules.legal_paths(s)),
        "list(legal_plans(s))": lambda s: list(rules.legal_plans(s)),
        "list(legal_plans(s, with_false_trail=True))": lambda s: list(rules.legal_plans(s, with_false_trail=True)),
    }
    return {
        name: [per_call_seconds(functools.partial(work, s), repeats) for s in states] for name, work in cases.items()
    }


def bench_matches(seconds: float) -> tuple[float, list[float]]:
    durations = []
    seed = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        start = time.perf_counter()
        random_match(seed, advanced=seed % 2 == 1)
        durations.append(time.perf_counter() - start)
        seed += 1
    return len(durations) / (time.perf_counter() - began), durations


def bench_side_by_side(seconds: float, slices: int) -> dict[str, list[float]]:
    """Matches per second of CPU time of each engine, one figure per slice; the engines take turns, the same seeds
    each. CPU time, not the wall clock: on shared cores the other work would otherwise fall on one engine's slice
    more than the other's."""
    engines = {"before issue 37": baseline_ai.load_rules().playout.random_match, "today": random_match}
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for number in range(slices):
        first_seed = number * 100_000
        for name, play in engines.items():
            seed = first_seed
            began = time.process_time()
            while time.process_time() - began < seconds / (2 * slices):
                play(seed, advanced=seed % 2 == 1)
                seed += 1
            rates[name].append((seed - first_seed) / (time.process_time() - began))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--states", type=int, default=300, help="mid-game states to enumerate from")
    parser.add_argument("--repeats", type=int, default=20, help="enumerations per state (averaged)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play random matches")
    parser.add_argument("--compare-seconds", type=float, default=20.0,
                        help="CPU seconds to play the side-by-side matches, both engines together")
    parser.add_argument("--slices", type=int, default=10, help="alternating slices of the side-by-side run")
    args = parser.parse_args()

    print(f"Python {platform.python_version()} on {platform.machine()}, one process, one core")
    states = mid_game_states(args.states)
    plans = [len(list(rules.legal_plans(s, with_false_trail=True))) for s in states]
    paths = [len(list(rules.legal_paths(s))) for s in states]
    print(f"\n1. Enumerating legal plans from {len(states)} mid-game states (rounds 2-4)")
    print(f"   legal paths per state: median {statistics.median(paths):.0f}, max {max(paths)}; "
          f"with False Trails: median {statistics.median(plans):.0f}, max {max(plans)}")
    for name, times in bench_enumeration(states, args.repeats).items():
        median_ms = statistics.median(times) * 1000
        p90_ms = statistics.quantiles(times, n=10)[-1] * 1000
        verdict = "meets" if median_ms < 1 else "MISSES"
        print(f"   {name:<45} median {median_ms:7.3f} ms  p90 {p90_ms:7.3f} ms  max {max(times) * 1000:7.3f} ms"
              f"  ({verdict} the 1 ms goal)")

    rate, durations = bench_matches(args.seconds)
    verdict = "meets" if rate >= 1000 else "MISSES"
    print(f"\n2. Full random legal matches (rules.playout.random_match) for {args.seconds:g} s")
    print(f"   {len(durations)} matches: {rate:,.0f} matches/s, median {statistics.median(durations) * 1000:.3f} ms "
          f"per match ({verdict} the 1,000/s goal)")

    rates = bench_side_by_side(args.compare_seconds, args.slices)
    old, new = (statistics.median(r) for r in rates.values())
    verdict = "meets" if new >= 3 * old else "MISSES"
    print(f"\n3. Side by side, {args.slices} alternating slices, {args.compare_seconds:g} s of CPU time in all "
          "(same seeds; matches per CPU second)")
    for name, slice_rates in rates.items():
        print(f"   {name:<16} median {statistics.median(slice_rates):8,.0f} matches/s "
              f"(slices {min(slice_rates):,.0f}–{max(slice_rates):,.0f})")
    print(f"   today / before: {new / old:.2f}× ({verdict} the 3× goal)")


if __name__ == "__main__":
    main()
