"""The reminder sweep at scale, for ``bench_load.py``: the indexed "what is due" query against the old pass over
every match, at thousands of active matches inserted directly through the store."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import rules
from bot.storage.sqlite import SqliteStore


async def sweep_at_scale(count: int, folder: Path) -> None:
    """The reminder sweep's query at ``count`` active matches: indexed due query vs a pass over all."""
    from datetime import UTC, datetime, timedelta

    store = await SqliteStore.open(folder / "sweep.sqlite3", durable=False)
    start_time = datetime(2026, 1, 1, tzinfo=UTC)
    filled = time.perf_counter()
    for index in range(count):
        challenge = await store.create_challenge(
            guild_id=1, channel_id=10_000 + index, challenger_id=1, opponent_id=2, challenger_role="goryo",
            advanced=False, now=start_time + timedelta(seconds=index),
        )
        await store.start_match(challenge_id=challenge.id, goryo_id=1, samurai_id=2,
                                state=rules.new_game(index), now=start_time + timedelta(seconds=index))
    print(f"sweep at {count} active matches (inserted through the store in {time.perf_counter() - filled:.0f} s):")
    limit = timedelta(hours=24)
    for due in (0, 100):
        now = start_time + limit / 2 + timedelta(seconds=due - 1)  # the first `due` matches are past half time
        indexed, scanned = [], []
        for _ in range(5):
            began = time.perf_counter()
            found = await store.reminders_due(now - limit / 2)
            indexed.append(time.perf_counter() - began)
            began = time.perf_counter()
            every = [m for m in await store.active_matches()
                     if m.reminded_at is None and now >= m.turn_started_at + limit / 2]
            scanned.append(time.perf_counter() - began)
            assert len(found) == len(every) == due, (len(found), len(every), due)
        print(f"  {due:>3} due: indexed query median {statistics.median(indexed) * 1000:.1f} ms; "
              f"the old pass over every match {statistics.median(scanned) * 1000:.0f} ms")
    await store.close()
