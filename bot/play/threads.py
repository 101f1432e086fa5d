"""A thread per match (issue 23), when the server's ``threads`` setting is on at the Accept.

A match against the bot has no challenge to accept: its thread is opened on its own (``open_bare_thread``), and
the answer to the command (or the lesson's click) is the line in the parent channel.

The thread is opened from the challenge's message and becomes the match's channel (``MatchRecord.channel_id``),
so everything the match owes the channel goes there, each command typed in it addresses its match, and a
channel holds as many matches at once as it has threads. The parent channel hears of the match twice, by the
outbox (``public`` items with a ``channel``): the challenge's message becomes a line with the thread's link, and a
line says how it
ended. Where a thread cannot be opened (a permission taken away since the setting was saved), the match is
played in the channel as before.

Archiving: a finished match's thread is archived an hour after the end (``ARCHIVE_AFTER``) by the challenge sweep,
from what the store holds (the match's ``finished_at``), so a restart meanwhile changes nothing; not while a
rematch is played in it. Until then, and in case the bot may not archive it, Discord's own ``auto_archive_duration``
(a week of quiet) applies; any message in an archived thread opens it again.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Literal

import discord

from locales import speaking

from ..records.outbox import OutboxItem, Route
from ..records.played import Played
from ..storage import ChallengeRecord, Store
from ..text import threads as words

log = logging.getLogger(__name__)

ARCHIVE_AFTER = timedelta(hours=1)
# Discord's longest: a quiet week between two turns does not hide a running match.
AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080


async def display_name(bot: discord.Client, interaction: discord.Interaction, user_id: int) -> str:
    """As the Accept shows it (the one who clicked, the players the challenge mentions), else as Discord says:
    no request before the Accept is acknowledged unless needed."""
    known = [interaction.user, *(interaction.message.mentions if interaction.message is not None else [])]
    for user in known:
        if user.id == user_id:
            return user.display_name
    user = bot.get_user(user_id) or await bot.fetch_user(user_id)
    return user.display_name


async def open_thread(bot: discord.Client, store: Store, interaction: discord.Interaction,
                      challenge: ChallengeRecord) -> int | None:
    """The thread this accepted challenge's match is played in, opened now; None: played in the channel."""
    if challenge.message_id is None or challenge.guild_id is None:
        return None
    if not (await store.server_settings(challenge.guild_id)).threads:
        return None
    if isinstance(interaction.channel, discord.Thread):  # a challenge made in a thread: its match stays there
        return None
    name = words.thread_name(await display_name(bot, interaction, challenge.challenger_id),
                             await display_name(bot, interaction, challenge.opponent_id))
    message = bot.get_partial_messageable(challenge.channel_id, guild_id=challenge.guild_id).get_partial_message(
        challenge.message_id)
    try:
        thread = await message.create_thread(name=name, auto_archive_duration=AUTO_ARCHIVE_MINUTES)
    except discord.HTTPException as error:
        log.warning("challenge %d: no thread could be opened (%s %s); the match is played in the channel",
                    challenge.id, error.status, error.code)
        return None
    return thread.id


async def open_bare_thread(bot: discord.Client, channel_id: int, name: str) -> int | None:
    """A thread for a match against the bot (no challenge message to open it from), in a server that plays its
    matches in threads, when ``channel_id`` is a channel (not a thread already); None: played in the channel, as
    where the thread cannot be opened."""
    channel = bot.get_channel(channel_id)
    if not isinstance(channel, discord.TextChannel):  # a thread already (its match stays there), or unknown
        return None
    try:
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                             auto_archive_duration=AUTO_ARCHIVE_MINUTES)
    except discord.HTTPException as error:
        log.warning("channel %d: no thread could be opened for a match against the bot (%s %s); it is played in "
                    "the channel", channel_id, error.status, error.code)
        return None
    return thread.id


async def take_back(bot: discord.Client, thread_id: int) -> None:
    """A thread opened for a challenge that was gone by the time its match would start: deleted, or archived and
    locked where the bot may not delete it, so no empty thread stays open."""
    try:
        await bot.http.delete_channel(thread_id, reason="its challenge was no longer open")
    except discord.HTTPException as error:
        log.warning("thread %d: could not delete it (%s %s); archiving it", thread_id, error.status, error.code)
        try:
            await bot.http.edit_channel(thread_id, archived=True, locked=True)
        except discord.HTTPException as again:
            log.warning("thread %d: could not archive it either (%s %s)", thread_id, again.status, again.code)


def start_line(goryo_id: int, samurai_id: int, thread_id: int, parent_id: int) -> OutboxItem:
    """What the challenge's message becomes (it answers the Accept): who plays, and the thread's link."""
    return OutboxItem("thread-start", Route.PUBLIC, words.thread_started(goryo_id, samurai_id, thread_id),
                      answer=True, channel=parent_id)


async def with_end_line(store: Store, played: Played, items: Sequence[OutboxItem]) -> list[OutboxItem]:
    """A finished match played in a thread also tells the parent channel how it ended (stored with the action)."""
    items = list(items)
    record = played.after
    if record.state.outcome is None or played.before.state.outcome is not None:
        return items
    thread = await store.match_thread(record.id)
    if thread is None:
        return items
    with speaking(record.server_language):
        text = words.thread_ended(record.state.outcome, record.goryo_id, record.samurai_id, thread.thread_id)
    items.append(OutboxItem("thread-end", Route.PUBLIC, text, language=record.server_language,
                            channel=thread.parent_id))
    return items


async def archive_finished(bot: discord.Client, store: Store, now: datetime) -> int:
    """Archive the threads of matches that ended more than ARCHIVE_AFTER ago; how many were."""
    archived = 0
    for thread in await store.threads_to_archive(now - ARCHIVE_AFTER):
        try:
            await bot.http.edit_channel(thread.thread_id, archived=True)
        except discord.HTTPException as error:
            log.warning("match %d: its thread could not be archived (%s %s)%s", thread.match_id, error.status,
                        error.code, "" if error.status >= 500 else "; Discord's own archiving will do it")
            if error.status >= 500:
                continue  # tried again at the next sweep
        archived += await store.thread_archived(thread.match_id, now=now)
    return archived
