"""A lesson's last step: the learner's first real match, against the bot, where the lesson was asked for."""

from __future__ import annotations

import discord

import rules
from ai.levels import Level

from ..delivery import permissions
from ..records.matches import Role
from ..text import lessons
from ..text import permissions as permission_words
from ..text.refusal import Refusal
from .aiplay import AiPlayer
from .lesson_place import learner_can_play


class FirstMatch:
    def __init__(self, bot: discord.Client, ai: AiPlayer) -> None:
        self.bot = bot
        self.ai = ai

    async def begin(self, interaction: discord.Interaction, role: rules.Side, place: tuple[int | None, int]) -> None:
        """A match against the bot (easy) in the channel the lesson was asked for in."""
        channel = self.bot.get_channel(place[1])
        if isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
            # The click may come from DMs, whose interaction says nothing of that channel: the cache does.
            _, playable = permissions.needed_for(thread=isinstance(channel, discord.Thread))
            if missing := permissions.lacking(permissions.of_channel(channel), playable):
                raise Refusal(f"<#{channel.id}>: " + permission_words.cannot_play_here(missing))
            await learner_can_play(channel, interaction.user.id)
        receipt = lessons.first_match_begun(place[1])
        await self.ai.start_match(interaction, Role(role.value), False, Level.EASY, place=place, receipt=receipt)
