"""The league in SQLite: what it adds to the transaction that finishes a match, a rebuild, and a stats read.

    PYTHONPATH=. python benchmarks/bench_standings.py [--matches 300]

Plays ``--matches`` random whole matches into a real database file (``durable=False``: no fsync, so
the league's own work is what is measured), timing each ``record_action``: the finishing ones also
summarise the match from its log and move two ratings. Then times ``SqliteStore.rebuild_ratings`` over all of
them and one member's ``/goryo stats`` read (their summaries, the server's ratings, ``member_stats``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules
from bot.records.league import member_stats
from bot.storage.sqlite import SqliteStore

START = datetime(2026, 1, 1, tzinfo=UTC)
MEMBERS = 20


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def playout(seed: int) -> tuple[rules.GameState, list[rules.Action]]:
    rng = random.Random(seed)
    state = initial = rules.new_game(seed)
    actions = []
    while not state.is_over:
        if state.phase is rules.Phase.SETUP:
            action = rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])
        elif state.phase is rules.Phase.GORYO_TURN:
            action = rng.choice(list(rules.legal_plans(state)))
        else:
            legal = rules.legal_samurai_actions(state)
            action = rng.choice(legal) if legal and rng.random() < 0.85 else rules.EndSamuraiTurn()
        state = rules.apply(state, action).state
        actions.append(action)
    return initial, actions


async def run(matches: int) -> None:
    finishing, ordinary = [], []
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "bench.sqlite3", durable=False)
        rng = random.Random(1)
        for number in range(matches):
            initial, actions = playout(number)
            goryo, samurai = rng.sample(range(1, MEMBERS + 1), 2)
            now = START + timedelta(minutes=number)
            challenge = await store.create_challenge(
                guild_id=1, channel_id=100 + number % 10, challenger_id=goryo, opponent_id=samurai,
                challenger_role="goryo", advanced=False, now=now,
            )
            record = await store.start_match(challenge_id=challenge.id, goryo_id=goryo, samurai_id=samurai,
                                             state=initial, now=now)
            state = initial
            for version, action in enumerate(actions):
                state = rules.apply(state, action).state
                began = time.perf_counter()
                await store.record_action(record.id, expected_version=version, actor_id=goryo, action=action,
                                          new_state=state, now=now)
                (finishing if state.is_over else ordinary).append(time.perf_counter() - began)
        began = time.perf_counter()
        await store.rebuild_ratings()
        rebuild = time.perf_counter() - began
        reads = []
        for member in range(1, MEMBERS + 1):
            began = time.perf_counter()
            member_stats(await store.member_summaries(1, member), await store.ratings(1), guild_id=1, user_id=member)
            reads.append(time.perf_counter() - began)
        await store.close()

    def ms(values: list[float]) -> str:
        return f"median {statistics.median(values) * 1000:.2f} ms, p95 {percentile(values, 0.95) * 1000:.2f} ms"

    print(f"{matches} matches, {len(ordinary) + len(finishing)} actions")
    print(f"record_action, finishing (summary + ratings): {ms(finishing)}")
    print(f"record_action, any other action:              {ms(ordinary)}")
    print(f"rebuild_ratings over all {matches} matches:     {rebuild * 1000:.0f} ms")
    print(f"one member's stats read ({matches * 2 // MEMBERS} matches each): {ms(reads)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=300)
    asyncio.run(run(parser.parse_args().matches))


if __name__ == "__main__":
    main()
