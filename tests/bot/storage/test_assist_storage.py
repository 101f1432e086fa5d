"""The ``assist`` option in SQLite: stored with the challenge, kept by the match, off for older matches."""

from __future__ import annotations

import sqlite3

import aiosqlite
import pytest

import rules
from bot.storage.migrations import MIGRATIONS, migrate
from bot.storage.sqlite import SqliteStore
from tests.bot.storage.stores import ALICE, BOB, CHANNEL, T0, challenge, raw

# Found by what it adds, not by its number: the lead renumbers migrations when branches merge.
AID_MIGRATION = next(i for i, m in enumerate(MIGRATIONS) if any("ADD COLUMN assist" in s for s in m))


async def test_a_challenge_with_the_aid_makes_a_match_with_it_and_it_survives_reopening(db_path):
    store = await SqliteStore.open(db_path)
    posted = await challenge(store, assist=True)
    assert posted.assist and (await store.get_challenge(posted.id)).assist
    match = await store.start_match(challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB,
                                    state=rules.new_game(1), now=T0)
    assert match.assist
    plain = await challenge(store, channel_id=CHANNEL + 1)
    other = await store.start_match(challenge_id=plain.id, goryo_id=ALICE, samurai_id=BOB,
                                    state=rules.new_game(1), now=T0)
    assert not plain.assist and not other.assist
    await store.close()
    reopened = await SqliteStore.open(db_path)
    try:
        assert (await reopened.get_match(match.id)).assist and not (await reopened.get_match(other.id)).assist
    finally:
        await reopened.close()


async def test_matches_and_challenges_from_before_the_aid_migrate_with_it_off(db_path):
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        await migrate(db, MIGRATIONS[:AID_MIGRATION])
        await db.execute(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, challenger_role, advanced,"
            " created_at) VALUES (1, ?, ?, ?, 'random', 0, '2026-11-22T12:00:00+00:00')", (CHANNEL, ALICE, BOB)
        )
    store = await SqliteStore.open(db_path)
    try:
        [waiting] = await store.pending_challenges()
        assert waiting.assist is False
        match = await store.start_match(challenge_id=waiting.id, goryo_id=ALICE, samurai_id=BOB,
                                        state=rules.new_game(1), now=T0)
        assert match.assist is False
    finally:
        await store.close()
    with raw(db_path) as plain, pytest.raises(sqlite3.IntegrityError):
        plain.execute("UPDATE matches SET assist = 2")  # a flag, nothing else
