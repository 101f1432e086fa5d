"""League speed: summarising a match from its log, rebuilding every rating, one member's stats.

    PYTHONPATH=. python benchmarks/bench_league.py [--matches 10000] [--runs 5]

A rebuild folds every finished match in finish order, so it is what a "rebuild the ratings"
command costs for a server (or a whole bot) with that many matches.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.records.league import MatchSummary, leaderboard, member_stats, rebuild, summarise
from rules import Outcome, Side, Termination
from tests.render.action_logs import longest_match

START = datetime(2026, 1, 1, tzinfo=UTC)
ENDINGS = (Termination.SURVIVED_FOUR_ROUNDS, Termination.CAPTURED_THRICE, Termination.RESIGNED, Termination.TIMED_OUT)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(function, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, percentile(times, 0.95) * 1000


def history(count: int, members: int = 200, guilds: int = 5) -> list[MatchSummary]:
    rng = random.Random(1)
    matches = []
    for match_id in range(1, count + 1):
        goryo, samurai = rng.sample(range(1, members + 1), 2)
        matches.append(MatchSummary(
            id=match_id, guild_id=rng.randrange(guilds), channel_id=rng.randrange(50), goryo_id=goryo,
            samurai_id=samurai, finished_at=START + timedelta(minutes=match_id),
            outcome=Outcome(rng.choice(ENDINGS), rng.choice(list(Side))), against_ai=rng.random() < 0.1,
        ))
    return matches


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()

    initial, actions = longest_match()
    median, p95 = timed(lambda: summarise(
        match_id=1, guild_id=1, channel_id=1, goryo_id=1, samurai_id=2, finished_at=START,
        initial_state=initial, actions=actions), options.runs * 4)
    print(f"summarise the longest match ({len(actions)} actions): median {median:.1f} ms, p95 {p95:.1f} ms")

    matches = history(options.matches)
    median, p95 = timed(lambda: rebuild(matches), options.runs)
    rated = sum(m.rated for m in matches)
    print(f"rebuild {len(matches)} matches ({rated} rated): median {median:.0f} ms, p95 {p95:.0f} ms "
          f"({median * 1000 / rated:.0f} µs per rated match)")
    ratings = rebuild(matches)
    median, p95 = timed(lambda: member_stats(matches, ratings, guild_id=0, user_id=1), options.runs)
    print(f"one member's stats over all {len(matches)} matches: median {median:.1f} ms, p95 {p95:.1f} ms")
    median, p95 = timed(lambda: leaderboard(ratings, guild_id=0, role=Side.GORYO), options.runs)
    print(f"a leaderboard over {len(ratings)} ratings: median {median:.1f} ms, p95 {p95:.1f} ms")


if __name__ == "__main__":
    main()
