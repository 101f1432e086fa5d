"""When a send does not go: what failed, whether Discord may have taken it, and a channel that refuses the bot.

A send fails in one of two ways: Discord answers with an error status, or no answer comes
at all (a timeout, a reset or refused connection). Without an answer, and after Discord's own
failure (5xx), the message may exist all the same: the retry looks for it first (``indoubt``).

A 403 from the match's channel means a permission was taken from the bot there (or never
given). That is for people to fix, so the deliverer keeps what the match owes the channel
waiting, in order, and tells the players once which permission to grant (``tell_players``).
"""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

from locales import speaking

from ..storage import MatchRecord
from ..text.faults import channel_refuses
from ..text.languages import of_guild
from . import permissions
from .send import message_options

log = logging.getLogger(__name__)

# What a send raises when it did not go as asked: Discord answered with an error status, or no answer
# came at all (aiohttp's errors, asyncio's timeout, or the OSError beneath them).
SEND_FAILURES = (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError)

UNKNOWN_CHANNEL = 10003  # Discord's code for a channel that no longer exists



def maybe_delivered(error: BaseException) -> bool:
    """Discord may have taken the message all the same: its own failure (5xx), or no answer came back."""
    return not isinstance(error, discord.HTTPException) or error.status >= 500


def channel_gone(error: BaseException) -> bool:
    """The channel was deleted: nothing sent there can ever arrive."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def described(error: BaseException) -> str:
    """A failed send, for the log: Discord's status and code, or what went wrong with the connection."""
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.code}"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def lacking(bot: discord.Client, record: MatchRecord) -> list[str]:
    """The permissions the bot lacks in the match's channel, as its cache says; all it needs if it can't say."""
    channel = bot.get_channel(record.channel_id)
    needed, playable = permissions.needed_for(thread=isinstance(channel, discord.Thread))
    if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)) or channel.guild.me is None:
        return list(playable)
    return permissions.lacking(permissions.of_channel(channel), needed) or list(playable)


async def tell_players(bot: discord.Client, record: MatchRecord, permissions: list[str], *, told: int | None) -> None:
    """DM each player (but ``told``, who hears it in their command's answer) that the channel refuses the bot.

    In the Goryō's language to her, in the server's to the Samurai; a closed DM is left at that.
    """
    me = bot.user.id if bot.user is not None else None
    readers = [
        (record.goryo_id, record.goryo_language),
        (record.samurai_id, of_guild(bot, record.guild_id, record.server_language)),
    ]
    for user_id, language in readers:
        if user_id in (told, me):  # the bot's own seat, in a match against it
            continue
        with speaking(language):
            text = channel_refuses(record.channel_id, permissions)
        try:
            dm = await bot.create_dm(discord.Object(user_id))
            await dm.send(text, **message_options())
        except SEND_FAILURES as error:
            log.info("match %d: could not tell player %d that the channel refuses me (%s)",
                     record.id, user_id, described(error))
