"""A hint's answer time (issue 44): the hard level's suggestion, worked out in the bot's thinking processes.

    python benchmarks/bench_hint.py [--matches 20] [--processes 2]

Every decision of seeded random matches (half in advanced mode) is asked for as a hint, the Samurai's from the
public view with the evidence the bot hands in, hers from her state, through ``bot.play.thinking.Thinking`` as
the bot runs them: the wall time from the ask to the answer back in the event loop, the process's start
excluded (it starts with the bot's first expert move or hint, once).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules
from ai.hint import goryo_hint, samurai_hint
from ai.opponent import evidence_from
from bot.play.thinking import Thinking
from rules.playout import random_match


def summary(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return (f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {times[-1] * 1000:.0f} ms ({len(times)} hints)")


def asks(matches: int) -> list[tuple]:
    """(function, args...) for every decision of the matches: what the bot hands the thinking process."""
    work: list[tuple] = []
    for seed in range(matches):
        advanced = seed % 2 == 1
        state = rules.new_game(seed, advanced=advanced)
        views = [rules.public_view(state)]
        planned = None
        for action, after in random_match(seed, advanced=advanced):
            if state.phase is rules.Phase.SAMURAI_TURN:
                view = rules.public_view(state)
                work.append((samurai_hint, view, seed, planned, evidence_from(views)))
            elif state.phase in (rules.Phase.SETUP, rules.Phase.GORYO_TURN):
                work.append((goryo_hint, state, seed))
            if isinstance(action, rules.Plan):
                planned = rules.public_view(after).samurai_spaces
            state = after
            views.append(rules.public_view(state))
    return work


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    thinking = Thinking(args.processes)
    try:
        await asyncio.gather(*(thinking.run(goryo_hint, rules.new_game(n), n) for n in range(args.processes)))
        samurai, goryo = [], []
        for function, *rest in asks(args.matches):
            start = time.perf_counter()
            await thinking.run(function, *rest)
            (samurai if function is samurai_hint else goryo).append(time.perf_counter() - start)
        print(f"the Samurai's hint: {summary(samurai)}")
        print(f"the Goryō's hint: {summary(goryo)}")
        print(f"every hint: {summary(samurai + goryo)}")
    finally:
        thinking.close()


if __name__ == "__main__":
    asyncio.run(main())
