"""A thread per match (``/goryo settings threads:``): each accepted challenge opens a public thread where its match
is played; the channel holds several at once and hears one line at each start and end."""

from __future__ import annotations

import discord
import pytest

import rules
from bot.play.threads import ARCHIVE_AFTER

from .helpers import Table, seen_by
from .test_server_settings import admin


def thread_of(table: Table, match_id: int):
    [thread] = [t for t in table.channel.threads if t.id == match_id]
    return thread


async def threads_on(env, table: Table) -> None:
    saved = await admin(env, table).slash(table.channel, "goryo settings", threads=True)
    assert saved.ephemeral and "each match is played in a thread of its own" in saved.response.content


async def accepted(table: Table, challenger, opponent):
    """``challenger`` (the Goryō) challenges ``opponent`` in the channel, who accepts: the match's thread."""
    posted = await table.challenge(by=challenger, opponent=opponent, role="goryo")
    assert not posted.ephemeral
    before = {t.id for t in table.channel.threads}
    result = await opponent.click(table.challenge_message(), label="Accept")
    assert result.acknowledged
    [thread] = [t for t in table.channel.threads if t.id not in before]
    return thread


async def resign_in(thread, player) -> None:
    asked = await player.slash(thread, "goryo resign")
    assert asked.ephemeral
    await player.click(asked.response, label="Resign")


async def test_two_matches_at_once_in_one_channel_each_in_its_thread_to_the_end(env, table: Table):
    await threads_on(env, table)
    dora, emi = (table.guild.add_member(env.create_user(n)) for n in ("dora", "emi"))
    first = await accepted(table, table.alice, table.bob)
    second = await accepted(table, dora, emi)  # the channel is free again: its first match is in a thread
    assert first.name == "Goryō · alice vs bob" and second.name == "Goryō · dora vs emi"
    store = env.bot.store
    one, two = await store.active_match_in(first.id), await store.active_match_in(second.id)
    assert (one.goryo_id, one.samurai_id) == (table.alice.id, table.bob.id)
    assert (two.goryo_id, two.samurai_id) == (dora.id, emi.id)
    assert await store.active_match_in(table.channel.id) is None

    # Each thread has its match's messages; the channel, one line per match with the thread's link.
    assert any("Challenge accepted" in m.content for m in first.history())
    assert not any("Challenge accepted" in m.content for m in table.channel.history())
    starts = [m.content for m in table.channel.history() if "open it to watch" in m.content]
    assert starts == [f"<@{table.alice.id}> (the Goryō) and <@{table.bob.id}> (the Samurai) play in <#{first.id}>: open it to watch.",
                      f"<@{dora.id}> (the Goryō) and <@{emi.id}> (the Samurai) play in <#{second.id}>: open it to watch."]
    assert not any(m.components for m in table.channel.history())  # the challenges' buttons are gone

    # A command typed in a thread is about that thread's match.
    status = await table.carol.slash(second, "goryo status")
    assert f"<@{dora.id}>" in status.response.content and f"<@{table.alice.id}>" not in status.response.content
    # Her start, chosen in her DMs, is told in her match's thread only; a spectator there sees no secret.
    space = rules.space_name(rules.SPACES_OF_TYPE[one.state.first_type][0])
    before = len(second.history())
    started = await table.alice.user.slash("goryo start", space=space, match=one.id)
    assert started.acknowledged
    assert (await store.get_match(one.id)).state.phase is not rules.Phase.SETUP
    assert len(second.history()) == before
    watched = await seen_by(table.carol, first)
    in_thread = [entry for entry in watched if entry[0]]
    assert len(in_thread) == len(first.history(viewer=table.carol)) >= 2
    # Nothing of hers (her DMs: her bound object, her private board) reaches the thread.
    hers = [entry for entry in await seen_by(table.alice, first) if not entry[0]]
    assert hers and "Your bound object" in hers[0][1]
    secret_texts = {text for _, text, _, _, _ in hers}
    secret_pictures = {data for _, _, files, _, _ in hers for _, _, data in files}
    assert not any(text in secret_texts for _, text, _, _, _ in in_thread)
    assert not any(data in secret_pictures for _, _, files, _, _ in in_thread for _, _, data in files)
    assert all(not m.flags.ephemeral for m in first.history(viewer=table.carol))

    await resign_in(second, emi)
    await resign_in(first, table.alice)
    for thread in (first, second):
        assert [m for m in thread.history() if "bound object was" in m.content]
        assert not any("bound object was" in m.content for m in table.channel.history())
    ends = [m.content for m in table.channel.history() if "is over" in m.content]
    assert ends == [
        f"The match of <@{dora.id}> and <@{emi.id}> in <#{second.id}> is over. **The Goryō wins**: the Samurai resigned.",
        f"The match of <@{table.alice.id}> and <@{table.bob.id}> in <#{first.id}> is over. **The Samurai win**: the Goryō resigned.",
    ]
    assert await store.active_match_in(first.id) is None and await store.active_match_in(second.id) is None
