"""Players' and servers' own choices in the store, on both backends (a real SQLite file, a real PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.storage import TurnNotice
from tests.bot.storage.stores import ALICE, BOB, T0


async def test_a_turn_notice_is_a_mention_until_chosen_then_the_latest_choice(store):
    assert await store.turn_notice(ALICE) == TurnNotice("mention", "en")
    await store.set_turn_notice(ALICE, "dm", language="it", now=T0)
    await store.set_turn_notice(ALICE, "off", language="en", now=T0 + timedelta(minutes=1))
    await store.set_turn_notice(BOB, "dm", language="it", now=T0)
    assert await store.turn_notice(ALICE) == TurnNotice("off", "en")
    assert await store.turn_notice(BOB) == TurnNotice("dm", "it")


async def test_an_unknown_turn_notice_is_refused_and_changes_nothing(store):
    await store.set_turn_notice(ALICE, "dm", language="en", now=T0)
    with pytest.raises(ValueError, match="unknown turn notice"):
        await store.set_turn_notice(ALICE, "loud", language="en", now=T0)
    assert (await store.turn_notice(ALICE)).mode == "dm"


async def test_turn_notices_survive_reopening(database):
    opened = await database.open()
    await opened.set_turn_notice(ALICE, "off", language="it", now=T0)
    await opened.close()
    reopened = await database.open()
    try:
        assert await reopened.turn_notice(ALICE) == TurnNotice("off", "it")
    finally:
        await reopened.close()


async def test_the_database_itself_refuses_an_unknown_mode(database, store):
    with pytest.raises(database.error):
        await database.execute("INSERT INTO turn_notices (user_id, mode, changed_at) VALUES (?, ?, ?)",
                               ALICE, "loud", "x")


GUILD, OTHER_GUILD = 10, 20


async def test_server_settings_are_defaults_until_set_then_the_newest_change_with_who_and_when(store):
    fresh = await store.server_settings(GUILD)
    assert fresh.turn_limit is None and fresh.assist is True and fresh.changes == {}
    await store.change_server_setting(GUILD, "turn_limit", "7200", by=ALICE, now=T0)
    await store.change_server_setting(GUILD, "assist", "off", by=ALICE, now=T0)
    await store.change_server_setting(GUILD, "turn_limit", "3600", by=BOB, now=T0 + timedelta(hours=1))
    await store.change_server_setting(OTHER_GUILD, "assist", "on", by=BOB, now=T0)
    settings = await store.server_settings(GUILD)
    assert settings.turn_limit == 3600 and settings.assist is False
    change = settings.changes["turn_limit"]
    assert (change.changed_by, change.changed_at) == (BOB, T0 + timedelta(hours=1))
    assert (await store.server_settings(OTHER_GUILD)).assist is True
    assert (await store.server_settings(OTHER_GUILD)).turn_limit is None


async def test_the_turn_limit_a_match_started_under_is_kept_after_a_change(store):
    assert await store.turn_limit_at(GUILD, T0) is None and await store.shortest_turn_limit() is None
    await store.change_server_setting(GUILD, "turn_limit", "7200", by=ALICE, now=T0)
    await store.change_server_setting(GUILD, "turn_limit", "3600", by=ALICE, now=T0 + timedelta(hours=2))
    assert await store.turn_limit_at(GUILD, T0 - timedelta(seconds=1)) is None  # started before any setting
    assert await store.turn_limit_at(GUILD, T0) is None  # at the same instant: it may have started first
    assert await store.turn_limit_at(GUILD, T0 + timedelta(hours=1)) == 7200
    assert await store.turn_limit_at(GUILD, T0 + timedelta(hours=3)) == 3600
    assert await store.turn_limit_at(OTHER_GUILD, T0 + timedelta(hours=3)) is None
    assert await store.turn_limit_at(None, T0) is None
    assert await store.shortest_turn_limit() == 3600


async def test_an_unknown_setting_is_refused(database, store):
    with pytest.raises(ValueError, match="unknown server setting"):
        await store.change_server_setting(GUILD, "colour", "red", by=ALICE, now=T0)
    with pytest.raises(database.error):
        await database.execute("INSERT INTO server_setting_changes (guild_id, name, value, changed_by, changed_at)"
                               " VALUES (?, ?, ?, ?, ?)", GUILD, "colour", "red", ALICE, "x")
    assert (await store.server_settings(GUILD)).changes == {}


async def test_sqlites_rebuilt_outbox_keeps_every_item_and_takes_the_samurai_route(db_path):
    import aiosqlite

    from bot.storage.migrations import MIGRATIONS, migrate
    from bot.storage.sqlite import SqliteStore
    from tests.bot.storage.stores import raw

    # Found by what it adds, not by its number: the lead renumbers migrations when branches merge.
    rebuild = next(i for i, m in enumerate(MIGRATIONS) if any("outbox_rebuilt" in s for s in m))
    at = T0.isoformat()
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        await migrate(db, MIGRATIONS[:rebuild])
        await db.execute(
            "INSERT INTO matches (guild_id, channel_id, goryo_id, samurai_id, initial_state, state, status, created_at,"
            " turn_started_at) VALUES (1, 100, ?, ?, '{}', '{}', 'finished', ?, ?)", (ALICE, BOB, at, at))
        for seq in (1, 2):
            await db.execute(
                "INSERT INTO outbox (match_id, seq, kind, route, payload, status, created_at, next_attempt_at,"
                " attempted_at) VALUES (1, ?, 'narration', 'public', ?, 'pending', ?, ?, ?)",
                (seq, f'{{"text":"item {seq}","picture":null,"answer":false}}', at, at, at))
        await db.execute("DELETE FROM outbox WHERE seq = 2")  # the newest id is gone; it must never come back
    store = await SqliteStore.open(db_path)
    try:
        [kept] = await store.outbox_of(1)
        assert (kept.id, kept.item.text, kept.attempted_at) == (1, "item 1", T0)
    finally:
        await store.close()
    with raw(db_path) as plain:
        plain.execute("INSERT INTO outbox (match_id, seq, kind, route, payload, created_at, next_attempt_at)"
                      " VALUES (1, 3, 'samurai-turn', 'samurai', '{}', ?, ?)", (at, at))
        assert plain.execute("SELECT MAX(id) FROM outbox").fetchone()[0] == 3  # ids are never reused
        indexes = {row[0] for row in plain.execute(
            "SELECT name FROM sqlite_master WHERE tbl_name = 'outbox' AND type = 'index'")}
        assert {"outbox_pending", "outbox_by_match"} <= indexes
