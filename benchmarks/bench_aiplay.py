"""The bot's thinking against the event loop (issue 11): ``python benchmarks/bench_aiplay.py``.

Takes decisions the way ``bot.play.aiplay`` does (the side's view, the level's budget; the expert in
the bot's thinking processes, ``bot.play.thinking``, the other levels in a worker thread via
``asyncio.to_thread``) from states of random matches, while a ticker on the event loop asks to wake
every 10 ms. ``--matches N`` plays N matches at once, each deciding its share of the states in turn.
Prints, per level, the thinking time per decision and how late the ticker woke meanwhile (the loop's
lag: what every other player's command would wait on top of its own work).

    python benchmarks/bench_aiplay.py --decisions 40 --levels easy,normal,hard
    python benchmarks/bench_aiplay.py --levels hard --inline   # the same decisions on the loop, to compare
    python benchmarks/bench_aiplay.py --levels expert --decisions 16 --matches 4   # several expert matches at once
    python benchmarks/bench_aiplay.py --levels expert --decisions 16 --matches 4 --threads  # in threads instead

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runnable from a checkout without installing

import rules
from bot.play import aiplay
from bot.play.thinking import PROCESS_LEVELS, Thinking
from rules.playout import random_action

TICK = 0.010


def positions(count: int, seed: int) -> list[tuple[rules.Side, rules.GameState]]:
    """States where one side is to decide, sampled from random legal matches."""
    rng = random.Random(seed)
    found: list[tuple[rules.Side, rules.GameState]] = []
    while len(found) < count:
        state = rules.new_game(rng.randrange(1 << 30))
        while not state.is_over and len(found) < count:
            if rng.random() < 0.3:
                found.append((state.to_move, state))
            state = rules.apply(state, random_action(state, rng)).state
    return found


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


async def measure(
    level: str, samples: list[tuple[rules.Side, rules.GameState]], inline: bool = False, matches: int = 1,
    threads: bool = False,
) -> tuple[list[float], list[float]]:
    lags: list[float] = []
    stop = asyncio.Event()
    thinking_processes = Thinking() if level in PROCESS_LEVELS and not (inline or threads) else None
    if thinking_processes is not None:  # started before the clock runs, as a running bot's already are
        side, state = samples[0]
        await thinking_processes.run(aiplay.decide, side, "easy", aiplay.view_for(side, state), 0)

    async def ticker() -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            asked = loop.time()
            await asyncio.sleep(TICK)
            lags.append(loop.time() - asked - TICK)

    thinking: list[float] = []

    async def play(match: int) -> None:
        for index in range(match, len(samples), matches):  # this match's share, one decision after another
            side, state = samples[index]
            view = aiplay.view_for(side, state)
            started = time.perf_counter()
            seed = aiplay.decision_seed(index, 0)
            if inline:  # what the worker avoids: thinking on the event loop itself
                aiplay.decide(side, level, view, seed)
                await asyncio.sleep(0)
            elif thinking_processes is not None:
                await thinking_processes.run(aiplay.decide, side, level, view, seed)
            else:
                await asyncio.to_thread(aiplay.decide, side, level, view, seed)
            thinking.append(time.perf_counter() - started)

    ticking = asyncio.create_task(ticker())
    try:
        await asyncio.gather(*(play(match) for match in range(matches)))
    finally:
        stop.set()
        await ticking
        if thinking_processes is not None:
            thinking_processes.close()
    return thinking, lags


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inline", action="store_true", help="think on the event loop instead (for comparison)")
    parser.add_argument("--matches", type=int, default=1, help="matches deciding at once")
    parser.add_argument("--threads", action="store_true", help="the expert in threads too (for comparison)")
    options = parser.parse_args()
    samples = positions(options.decisions, options.seed)
    print(f"{len(samples)} decisions per level (both roles), {options.matches} match(es) at once, "
          f"ticker every {TICK * 1000:.0f} ms")
    print(f"{'level':8} {'think median':>13} {'think p95':>10} {'loop lag median':>16} {'lag p95':>8} {'lag max':>8}")
    for level in options.levels.split(","):
        thinking, lags = asyncio.run(measure(level, samples, options.inline, options.matches, options.threads))
        print(
            f"{level:8} {statistics.median(thinking) * 1000:10.1f} ms {p95(thinking) * 1000:7.1f} ms "
            f"{statistics.median(lags) * 1000:13.2f} ms {p95(lags) * 1000:5.2f} ms {max(lags) * 1000:5.1f} ms"
        )


if __name__ == "__main__":
    main()
