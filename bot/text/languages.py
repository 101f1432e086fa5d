"""Who hears which language (``locales``), as Discord tells the bot.

- Private replies and refusals: the acting user's own (``Interaction.locale``).
- What a match says in its channel (posts, the live board, the Discovery, pings, their pictures
  and alt texts): its server's (``Interaction.guild_locale``), stored on the match and refreshed
  by each action taken in the server; for what the bot posts on its own (reminders, time-outs,
  its own turns, lapsed challenges), the guild's ``preferred_locale`` when the guild is cached,
  else the stored one.
- The Goryō's DMs: hers, from her last interaction (stored on the match), and the Samurai's turn notice by DM:
  his (stored with his ``/goryo notify`` choice). Any interaction with the bot refreshes both when the user's
  language changed (``bot.play.speakers``), so each player is written to in the language they last used.

One message is composed in one language; English is the fallback (``locales.language_of``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from locales import language_of, speaking

from ..records.matches import MatchRecord
from ..records.outbox import OutboxItem, Route


def of_user(interaction: discord.Interaction) -> str:
    """The acting user's language: for everything only they see."""
    return language_of(interaction.locale)


def of_server(interaction: discord.Interaction) -> str | None:
    """The server's language as the interaction shows it; None in DMs (the server is not known there)."""
    if interaction.guild_id is None or interaction.guild_locale is None:
        return None
    return language_of(interaction.guild_locale)


def of_guild(bot: discord.Client, guild_id: int | None, stored: str) -> str:
    """For what the bot posts on its own: the guild's preferred locale if the guild is cached, else ``stored``."""
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    return language_of(guild.preferred_locale) if guild is not None else stored


def in_channel(interaction: discord.Interaction) -> str:
    """What an answer posted in the channel speaks: the server's language, or the user's in DMs."""
    return of_server(interaction) or of_user(interaction)


@dataclass(frozen=True)
class Heard:
    """The languages one interaction showed (or the bot's own turn, ``server`` only), to refresh a match's."""

    server: str | None = None
    user_id: int | None = None
    user: str | None = None

    def applied_to(self, record: MatchRecord) -> MatchRecord:
        goryo = self.user if self.user is not None and self.user_id == record.goryo_id else record.goryo_language
        return dataclasses.replace(record, server_language=self.server or record.server_language, goryo_language=goryo)


def heard(interaction: discord.Interaction) -> Heard:
    return Heard(of_server(interaction), interaction.user.id, of_user(interaction))


def for_readers(build: Callable[[], Sequence[OutboxItem]], server: str, goryo: str) -> list[OutboxItem]:
    """The items ``build`` makes, each composed in its reader's language: hers in ``goryo``, the rest in ``server``.

    ``build`` must be pure (the same items for the same input, whatever the language), so it is
    simply run once per language and each item taken from the run in its reader's language.
    """
    made = {}
    for language in dict.fromkeys((server, goryo)):
        with speaking(language):
            made[language] = list(build())
    return [
        dataclasses.replace(mine, language=goryo) if mine.route is Route.GORYO
        else dataclasses.replace(theirs, language=server)
        for theirs, mine in zip(made[server], made[goryo], strict=True)
    ]
