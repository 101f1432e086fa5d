"""A thread per match in the store, on both backends: the ``threads`` setting, and where a thread's match is."""

from __future__ import annotations

from datetime import timedelta

import pytest

import rules
from tests.bot.storage.stores import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    OTHER_CHANNEL,
    T0,
    challenge,
    play,
)

THREAD, OTHER_THREAD = 7001, 7002


async def test_threads_is_off_until_a_manager_turns_it_on_and_is_logged_like_the_others(store):
    assert (await store.server_settings(GUILD)).threads is False
    await store.change_server_setting(GUILD, "threads", "on", by=ALICE, now=T0)
    settings = await store.server_settings(GUILD)
    assert settings.threads is True and settings.changes["threads"].changed_by == ALICE
    await store.change_server_setting(GUILD, "threads", "off", by=BOB, now=T0 + timedelta(minutes=1))
    assert (await store.server_settings(GUILD)).threads is False


async def test_the_database_itself_still_refuses_an_unknown_setting(database, store):
    with pytest.raises(database.error):
        await database.execute(
            "INSERT INTO server_setting_changes (guild_id, name, value, changed_by, changed_at) VALUES (?, ?, ?, ?, ?)",
            GUILD, "colour", "red", ALICE, "x",
        )


async def start_in_thread(store, thread_id: int, channel_id: int = CHANNEL):
    posted = await challenge(store, channel_id)
    return await store.start_match(
        challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0, thread_id=thread_id
    )


async def test_two_matches_from_one_channel_each_in_its_thread_and_archived_once_after_the_end(store):
    first = await start_in_thread(store, THREAD)
    # The channel is free again once its challenge became a match in a thread: a second one starts there.
    second = await start_in_thread(store, OTHER_THREAD)
    assert (first.channel_id, second.channel_id) == (THREAD, OTHER_THREAD)
    assert (await store.active_match_in(THREAD)).id == first.id
    assert (await store.active_match_in(OTHER_THREAD)).id == second.id
    assert await store.active_match_in(CHANNEL) is None
    thread = await store.match_thread(first.id)
    assert (thread.thread_id, thread.parent_id) == (THREAD, CHANNEL)
    await play(store, first, rules.Resign(rules.Side.GORYO), now=T0 + timedelta(minutes=5))
    assert await store.threads_to_archive(T0 + timedelta(minutes=4)) == []  # not over yet by then
    due = await store.threads_to_archive(T0 + timedelta(hours=2))
    assert [t.match_id for t in due] == [first.id]  # the second is still being played
    assert await store.thread_archived(first.id, now=T0 + timedelta(hours=2)) is True
    assert await store.thread_archived(first.id, now=T0 + timedelta(hours=2)) is False
    assert await store.threads_to_archive(T0 + timedelta(hours=3)) == []


async def test_a_match_in_a_channel_has_no_thread(store):
    posted = await challenge(store, OTHER_CHANNEL)
    record = await store.start_match(challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1),
                                     now=T0)
    assert record.channel_id == OTHER_CHANNEL and await store.match_thread(record.id) is None


async def test_a_match_against_the_bot_in_its_thread_keeps_the_threads_parent(store):
    record = await store.start_ai_match(
        guild_id=GUILD, channel_id=THREAD, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0,
        ai_side=rules.Side.SAMURAI, ai_level="easy", ai_seed=3, thread_parent=CHANNEL,
    )
    thread = await store.match_thread(record.id)
    assert record.channel_id == THREAD and (thread.thread_id, thread.parent_id) == (THREAD, CHANNEL)
    assert await store.active_match_in(CHANNEL) is None
    await play(store, record, rules.Resign(rules.Side.GORYO), now=T0 + timedelta(minutes=5))
    assert [t.match_id for t in await store.threads_to_archive(T0 + timedelta(hours=2))] == [record.id]
