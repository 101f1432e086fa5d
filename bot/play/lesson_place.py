"""Whether a learner can still play where their lesson was asked for (issue 42).

A lesson's last step offers a first real match in the channel where ``/goryo learn`` was typed. The click
comes from the learner's DMs, whose interaction says nothing of that server: the channel's overwrites and
the server's roles are in the bot's cache, and the learner's roles are looked up once (the bot keeps no
members). The match starts only where the learner can still see the channel and write in it.
"""

from __future__ import annotations

import discord

from ..text import lessons as words
from ..text.refusal import Refusal

Place = discord.abc.GuildChannel | discord.Thread


async def learner_can_play(channel: Place, user_id: int) -> None:
    """Refuse, saying why, unless ``user_id`` can see ``channel`` and write in it."""
    # Asked of Discord, not the cache: without the members intent a cached member's roles may be out of date.
    try:
        member = await channel.guild.fetch_member(user_id)
    except discord.NotFound:
        raise Refusal(words.NOT_A_MEMBER_NOW, channel=channel.mention) from None
    except discord.HTTPException:
        raise Refusal(words.PLACE_UNKNOWN, channel=channel.mention) from None
    granted = channel.permissions_for(member)
    writes = granted.send_messages_in_threads if isinstance(channel, discord.Thread) else granted.send_messages
    if not (granted.view_channel and writes):
        raise Refusal(words.CANNOT_PLAY_THERE, channel=channel.mention)
