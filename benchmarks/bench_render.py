"""Render speed and PNG sizes: median time of a mid-game public board and of the Goryō's board;
then throughput, in pictures per second, of one drawing thread (the bot before issue 10)
against the bot's pool of drawing processes (``bot.delivery.boards``).

    python benchmarks/bench_render.py [--runs 50] [--pictures 120]

Goal (issue 3): median under 40 ms each on the 2-core machine. The first
render builds the cached palace and sprites, so it is timed separately. The
deduction aid's overlay (issue 12) is timed on the same scene as the plain board, and the
Italian pictures (issue 14) beside the English ones.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import functools

import render
import rules
from bot.delivery import boards
from tests.render import aid_scenes, scenes


def timed(function, argument, runs: int) -> tuple[float, float, int]:
    """Median and 95th percentile in ms, and the PNG's size."""
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(function(argument))
        times.append(time.perf_counter() - start)
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return statistics.median(times) * 1000, p95 * 1000, size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--pictures", type=int, default=120, help="pictures drawn at once for the throughput")
    args = parser.parse_args()
    runs = args.runs

    start = time.perf_counter()
    mid = scenes.mid_samurai_turn()
    public_view = rules.public_view(mid)
    render.public_board(public_view)
    print(f"first render (builds the cached palace and sprites): {(time.perf_counter() - start) * 1000:.0f} ms")

    discovered = scenes.public(scenes.discovery_with_sprint_and_false_trail())
    early, late = aid_scenes.early(), aid_scenes.late()
    start = time.perf_counter()
    many_paths = aid_scenes.aid_for(early)
    print(f"aid numbers for the early scene (test helper, not ai.belief): {(time.perf_counter() - start) * 1000:.1f} ms")
    cases = [
        ("public board, mid Samurai turn", render.public_board, public_view),
        ("  same, with the aid (26 paths)", functools.partial(render.public_board, aid=many_paths), early),
        ("  with the aid, one path left", functools.partial(render.public_board, aid=aid_scenes.aid_for(late)), late),
        ("Goryō board, mid Samurai turn", render.goryo_board, rules.goryo_view(mid)),
        ("Goryō board, preview with Sprint", render.goryo_board, scenes.preview()),
        ("discovery board", render.discovery_board, discovered),
        ("final board", render.final_board, scenes.public(scenes.final())),
        # Issue 14: the same pictures with Italian words (longer, some fitted to their box).
        ("public board, Italian", functools.partial(render.public_board, language="it"), public_view),
        ("discovery board, Italian", functools.partial(render.discovery_board, language="it"), discovered),
    ]
    for function, argument in ((c[1], c[2]) for c in cases):
        function(argument)  # warm each image's own sprites
    print(f"{'image':<36} {'median ms':>10} {'p95 ms':>8} {'PNG KB':>8}")
    for name, function, argument in cases:
        median, p95, size = timed(function, argument, runs)
        print(f"{name:<36} {median:>10.1f} {p95:>8.1f} {size / 1024:>8.1f}")
    asyncio.run(throughput(mid, args.pictures))


async def throughput(state: rules.GameState, pictures: int) -> None:
    """Many public boards requested at once, as in a flood of /goryo board: pictures per second."""
    from concurrent.futures import ThreadPoolExecutor

    view = rules.public_view(state)
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(max_workers=1) as one_thread:
        start = time.perf_counter()
        await asyncio.gather(*(loop.run_in_executor(one_thread, render.public_board, view) for _ in range(pictures)))
        before = pictures / (time.perf_counter() - start)
    await boards.warm()
    start = time.perf_counter()
    # boards._draw: every picture really drawn (public_board would serve repeats from its cache).
    drawn = (boards._draw(render.public_board, render.describe_public, view, "b.png") for _ in range(pictures))
    await asyncio.gather(*drawn)
    after = pictures / (time.perf_counter() - start)
    print(f"throughput, {pictures} public boards at once: one drawing thread {before:.1f} pictures/s; "
          f"the bot's {boards.DRAWERS} drawing processes {after:.1f} pictures/s ({after / before:.2f}x)")
    start = time.perf_counter()
    await asyncio.gather(*(boards.public_board(state) for _ in range(pictures)))
    cached = pictures / (time.perf_counter() - start)
    print(f"  the same board asked {pictures} times (a /goryo board flood on one match): {cached:.0f} pictures/s")


if __name__ == "__main__":
    main()
