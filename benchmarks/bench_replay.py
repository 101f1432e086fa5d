"""Replay GIF of the longest match: build time (median, p95) and size, at a few widths.

    PYTHONPATH=. python benchmarks/bench_replay.py [--runs 5]

The limit is Discord's default upload limit for a server without boosts (10 MiB), which is
what ``Interaction.filesize_limit`` reports there. The build draws every frame afresh, as
the bot would for a /goryo replay.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules
from render import replay
from rules.playout import random_match
from tests.render.action_logs import longest_match

DISCORD_DEFAULT_LIMIT = 10 * 1024 * 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sample", type=int, default=10, help="random matches for the size spread")
    options = parser.parse_args()
    runs = options.runs
    initial, actions = longest_match()
    replay.replay_frames(initial, actions)  # warm the cached palace and sprites

    draw_times = []
    for _ in range(runs):
        start = time.perf_counter()
        frames = replay.replay_frames(initial, actions)
        draw_times.append(time.perf_counter() - start)
    print(f"longest match: {len(actions)} actions -> {len(frames)} frames")
    print(f"drawing the frames: median {statistics.median(draw_times) * 1000:.0f} ms, "
          f"p95 {percentile(draw_times, 0.95) * 1000:.0f} ms")

    print(f"{'width':>6} {'colours':>8} {'KB':>7} {'encode median ms':>17} {'p95 ms':>7} {'% of 10 MiB':>12}")
    cases = ((replay.DEFAULT_WIDTH, 255), (620, 255), (840, 255), (1240, 255), (replay.DEFAULT_WIDTH, 63))
    for width, colours in cases:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            gif = replay.encode_gif(frames, width=width, colours=colours)
            times.append(time.perf_counter() - start)
        print(f"{width:>6} {colours:>8} {len(gif) / 1024:>7.0f} {statistics.median(times) * 1000:>17.0f} "
              f"{percentile(times, 0.95) * 1000:>7.0f} {100 * len(gif) / DISCORD_DEFAULT_LIMIT:>11.1f}%")

    whole = []
    for _ in range(runs):
        start = time.perf_counter()
        result = replay.replay_gif(initial, actions, max_bytes=DISCORD_DEFAULT_LIMIT)
        whole.append(time.perf_counter() - start)
    print(f"replay_gif end to end (default {replay.DEFAULT_WIDTH} px): {result.size / 1024:.0f} KB, "
          f"{result.frames} frames, median {statistics.median(whole) * 1000:.0f} ms, "
          f"p95 {percentile(whole, 0.95) * 1000:.0f} ms, reduced: {result.reduced}")


    sizes, times = [], []
    for seed in range(options.sample):
        history = random_match(seed)
        start = time.perf_counter()
        result = replay.replay_gif(rules.new_game(seed), [a for a, _ in history], max_bytes=DISCORD_DEFAULT_LIMIT)
        times.append(time.perf_counter() - start)
        sizes.append(result.size / 1024)
    print(f"{options.sample} random matches: size median {statistics.median(sizes):.0f} KB, "
          f"p95 {percentile(sizes, 0.95):.0f} KB; build median {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {percentile(times, 0.95) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
