"""A thread per match (``/goryo settings threads:``): each accepted challenge opens a public thread where its match
is played; the channel holds several at once and hears one line at each start and end."""

from __future__ import annotations

import pytest

import rules
from bot.play.threads import ARCHIVE_AFTER
from tests.bot.helpers import Table, admin, deny_the_bot, seen_by, threads_on


def archived(env, thread) -> bool:
    return env.backend.channels[thread.id].thread_metadata.archived


async def accepted(table: Table, challenger, opponent, accept: str = "Accept"):
    """``challenger`` (the Goryō) challenges ``opponent`` in the channel, who accepts: the match's thread."""
    posted = await table.challenge(by=challenger, opponent=opponent, role="goryo")
    assert not posted.ephemeral
    before = {t.id for t in table.channel.threads}
    result = await opponent.click(table.challenge_message(), label=accept)
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
    assert starts == [(f"<@{table.alice.id}> (the Goryō) and <@{table.bob.id}> (the Samurai) play in <#{first.id}>: "
                       "open it to watch."),
                      (f"<@{dora.id}> (the Goryō) and <@{emi.id}> (the Samurai) play in <#{second.id}>: "
                       "open it to watch.")]
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
        (f"The match of <@{dora.id}> and <@{emi.id}> in <#{second.id}> is over. "
         "**The Goryō wins**: the Samurai resigned."),
        (f"The match of <@{table.alice.id}> and <@{table.bob.id}> in <#{first.id}> is over. "
         "**The Samurai win**: the Goryō resigned."),
    ]
    assert await store.active_match_in(first.id) is None and await store.active_match_in(second.id) is None


async def test_a_restart_mid_match_keeps_the_threads_match_playable_and_its_thread_is_archived_an_hour_after(
        env, make_bot, table: Table):
    await threads_on(env, table)
    thread = await accepted(table, table.alice, table.bob)
    record = await env.bot.store.active_match_in(thread.id)
    await env.restart_bot(make_bot())
    # After the restart: the thread's commands still find its match, and `match:` works from the channel too.
    status = await table.carol.slash(thread, "goryo status")
    assert f"<@{table.alice.id}>" in status.response.content and f"<@{table.bob.id}>" in status.response.content
    space = rules.space_name(rules.SPACES_OF_TYPE[record.state.first_type][0])
    assert (await table.alice.slash(table.channel, "goryo start", space=space, match=record.id)).acknowledged
    assert any(f"appears on {space}" in m.content for m in thread.history())
    await env.restart_bot(make_bot())
    await resign_in(thread, table.bob)
    assert [m for m in table.channel.history() if "is over" in m.content]
    # Archived an hour after the end, by the sweep, across a restart.
    assert not archived(env, thread)
    for _ in range(5):
        await env.advance_time(600)
    await env.advance_time(ARCHIVE_AFTER.total_seconds() - 3000 - 120)
    assert not archived(env, thread)
    await env.restart_bot(make_bot())
    await env.advance_time(180)
    assert archived(env, thread)
    assert (await env.bot.store.threads_to_archive(env.bot.parts.service.clock())) == []


@pytest.mark.parametrize("lacking, named", [
    ("create_public_threads", "Create Public Threads"), ("send_messages_in_threads", "Send Messages in Threads"),
])
async def test_threads_stay_off_when_the_bot_may_not_open_or_speak_in_them(env, table: Table, lacking, named):
    deny_the_bot(env, table.channel.id, lacking)
    refused = await admin(env, table).slash(table.channel, "goryo settings", threads=True)
    assert refused.ephemeral and f"I lack the **{named}** permission" in refused.response.content
    assert "Server Settings → Roles" in refused.response.content
    assert (await env.bot.store.server_settings(table.guild.id)).threads is False
    # Matches go on in the channel, as before.
    await table.begin()
    assert table.channel.threads == [] and await env.bot.store.active_match_in(table.channel.id) is not None


async def test_threads_in_italian(env, locales_of):
    guild = env.create_guild(preferred_locale="it")
    table = Table(env, guild=guild)
    manager = admin(env, table)
    locales_of[manager.id] = "it"
    saved = (await manager.slash(table.channel, "goryo settings", threads=True)).response.content
    assert "ogni partita si gioca in un thread tutto suo" in saved
    thread = await accepted(table, table.alice, table.bob, accept="Accetta")
    [start] = [m.content for m in table.channel.history() if "aprilo per guardare" in m.content]
    assert start == (f"<@{table.alice.id}> (il Goryō) e <@{table.bob.id}> (i Samurai) giocano in <#{thread.id}>: "
                     "aprilo per guardare.")
    await resign_in(thread, table.alice)
    [end] = [m.content for m in table.channel.history() if "è finita" in m.content]
    assert end.startswith(f"La partita di <@{table.alice.id}> e <@{table.bob.id}> in <#{thread.id}> è finita. **")
    deny_the_bot(env, table.channel.id, "create_public_threads")
    refused = (await manager.slash(table.channel, "goryo settings", threads=True)).response.content
    assert "mi manca il permesso **Creare thread pubblici**" in refused


async def test_a_refused_end_line_is_sent_later_once_without_holding_back_the_thread(env, table: Table):
    await threads_on(env, table)
    thread = await accepted(table, table.alice, table.bob)
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=500)
    await resign_in(thread, table.alice)
    assert [m for m in thread.history() if "bound object was" in m.content]  # the thread's end went at once
    assert not [m for m in table.channel.history() if "is over" in m.content]
    await env.advance_time(30)  # the outbox's first retry
    assert len([m for m in table.channel.history() if "is over" in m.content]) == 1


async def test_a_thread_that_cannot_be_opened_leaves_the_match_in_the_channel(env, table: Table):
    await threads_on(env, table)
    env.inject_error("POST", f"/channels/{table.channel.id}/messages/*/threads", status=403, code=50013)
    await table.begin()
    assert table.channel.threads == []
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record is not None and await env.bot.store.match_thread(record.id) is None
    assert [m for m in table.channel.history() if "Challenge accepted" in m.content]


async def test_a_rematch_asked_in_a_thread_is_played_in_that_thread_which_stays_open_meanwhile(env, table: Table):
    await threads_on(env, table)
    thread = await accepted(table, table.alice, table.bob)
    await resign_in(thread, table.alice)
    end = [m for m in thread.history() if "bound object was" in m.content][-1]
    await table.bob.click(end, label="Rematch")
    offer = [m for m in thread.history() if m.components and "Accept" in str(m.components)][-1]
    await table.alice.click(offer, label="Accept")
    rematch = await env.bot.store.active_match_in(thread.id)
    assert rematch is not None and rematch.goryo_id == table.bob.id
    assert len(table.channel.threads) == 1
    for _ in range(8):
        await env.advance_time(600)
    assert not archived(env, thread)  # its first match ended over an hour ago, but the rematch is being played
