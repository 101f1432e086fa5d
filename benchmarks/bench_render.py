"""Render speed and PNG sizes: median time of a mid-game public board and of the Goryō's board.

    python benchmarks/bench_render.py [--runs 50]

Goal (issue 3): median under 40 ms each on the 2-core machine. The first
render builds the cached palace and sprites, so it is timed separately.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import render
import rules
from tests.render import scenes


def timed(function, argument, runs: int) -> tuple[float, int]:
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(function(argument))
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs

    start = time.perf_counter()
    mid = scenes.mid_samurai_turn()
    public_view = rules.public_view(mid)
    render.public_board(public_view)
    print(f"first render (builds the cached palace and sprites): {(time.perf_counter() - start) * 1000:.0f} ms")

    discovered = scenes.public(scenes.discovery_with_sprint_and_false_trail())
    cases = [
        ("public board, mid Samurai turn", render.public_board, public_view),
        ("Goryō board, mid Samurai turn", render.goryo_board, rules.goryo_view(mid)),
        ("Goryō board, preview with Sprint", render.goryo_board, scenes.preview()),
        ("discovery board", render.discovery_board, discovered),
        ("final board", render.final_board, scenes.public(scenes.final())),
    ]
    for function, argument in ((c[1], c[2]) for c in cases):
        function(argument)  # warm each image's own sprites
    print(f"{'image':<36} {'median ms':>10} {'PNG KB':>8}")
    for name, function, argument in cases:
        median, size = timed(function, argument, runs)
        print(f"{name:<36} {median:>10.1f} {size / 1024:>8.1f}")


if __name__ == "__main__":
    main()
