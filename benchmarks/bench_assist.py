"""The deduction aid's cost (issue 12): its numbers per delivered public picture, the round summary,
and a public board drawn with the aid against the same board without it.

    python benchmarks/bench_assist.py [--matches 40] [--pictures 60]

The numbers come from ``ai.belief`` on the public view, in the bot's process
(``bot.delivery.assist``), for every Samurai-turn state of random matches; the drawing
is timed on a sample of those states, with and without the overlay.
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
from bot.delivery import assist
from rules.playout import random_match


def ms(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms"


def timed(function, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--pictures", type=int, default=60)
    args = parser.parse_args()

    turns: list[rules.GameState] = []
    befores: list[rules.GameState] = []
    for seed in range(args.matches):
        history = random_match(seed)
        turns += [s for _, s in history if s.phase is rules.Phase.SAMURAI_TURN]
        befores += [history[i - 1][1] for i, (a, _) in enumerate(history) if isinstance(a, rules.EndSamuraiTurn)]

    aid_times, paths = [], []
    for state in turns:
        took, aid = timed(assist.aid_of, state, True)
        aid_times.append(took)
        paths.append(aid.paths_possible)
    print(f"aid numbers, {len(turns)} Samurai-turn states: {ms(aid_times)}; "
          f"paths possible median {statistics.median(paths):.0f}, max {max(paths)}")
    summary_times = [timed(assist.round_summary, state)[0] for state in befores]
    print(f"round summary, {len(befores)} Discoveries: {ms(summary_times)}")

    sample = turns[:: max(1, len(turns) // args.pictures)][: args.pictures]
    render.public_board(rules.public_view(sample[0]))  # builds the cached palace and sprites
    plain, aided = [], []
    for state in sample:
        view = rules.public_view(state)
        aid = assist.aid_of(state, True)
        render.public_board(view, aid)  # warm the aid's own sprites for this scene
        plain.append(timed(render.public_board, view)[0])
        aided.append(timed(render.public_board, view, aid)[0])
    ratio = statistics.median(aided) / statistics.median(plain)
    print(f"public board without the aid, {len(sample)} states: {ms(plain)}")
    print(f"public board with the aid:  {ms(aided)}  (median ratio {ratio:.2f}x)")


if __name__ == "__main__":
    main()
