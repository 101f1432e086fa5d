"""Players' and servers' own choices in the store, on both backends (a real SQLite file, a real PostgreSQL)."""
# ruff: noqa: F811  (the fixtures imported from test_storage are taken by name)

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.storage import TurnNotice

from .test_storage import ALICE, BOB, T0, database, db_path, store  # noqa: F401  (fixtures, found by name)


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
        await store.set_turn_notice(ALICE, "loud", language="en", now=T0)  # type: ignore[arg-type]
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
        await database.execute("INSERT INTO turn_notices (user_id, mode, changed_at) VALUES (?, ?, ?)", ALICE, "loud", "x")
