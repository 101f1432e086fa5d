"""A finished match's review (issue 44): the time to work it out (``ai.review``) and to draw its chart.

    python benchmarks/bench_review.py [--matches 100]

Each match is played by the hunting Samurai of the rules tests against the random Goryō (captures,
seals and long turns), half of them in advanced mode; the review is worked out once per match, cold
(the hard model's cache emptied first, as a drawing process meets a match it never saw).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.samurai
import rules
from ai.review import review
from bot.commands.reviews import chart_of
from render.review_chart import chart
from tests.rules.hunter import play_out


def ms(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=100)
    args = parser.parse_args()
    computing, drawing = [], []
    for seed in range(args.matches):
        advanced = seed % 2 == 1
        actions = [action for action, _ in play_out(seed, advanced=advanced)]
        ai.samurai._prior_as_planned.cache_clear()  # cold, as in a drawing process new to the match
        start = time.perf_counter()
        made = review(rules.new_game(seed, advanced=advanced), actions)
        computing.append(time.perf_counter() - start)
        start = time.perf_counter()
        chart(chart_of(made))
        drawing.append(time.perf_counter() - start)
    print(f"review of a finished match, {args.matches} matches: {ms(computing)}")
    print(f"its chart: {ms(drawing)}")


if __name__ == "__main__":
    main()
