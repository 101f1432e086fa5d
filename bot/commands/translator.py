"""The command tree in every catalogue's language: Discord shows ``/goryo sfida`` to an Italian client.

Every name, description and choice of the ``/goryo`` commands is a ``locale_str``. Names
(commands, options, choices) are marked with ``context=NAME``, so the catalogue keeps them apart
from sentences and their translations stay valid Discord names (lowercase, no spaces). discord.py
asks the ``CatalogueTranslator`` for each string in each Discord locale when it syncs; English and
locales without a catalogue keep the English words.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager

import discord
from discord import app_commands

from locales import ENGLISH, language_of, speaking, translate

from ..discord_private import ContextTree
from .reception import Reception
from .refusals import on_tree_error

NAME = "command name"  # the context of every command, option and choice name


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        language = language_of(locale)
        if language == ENGLISH:
            return None
        # A name the same in both languages ("samurai") is still that language's name; a word the
        # catalogue misses comes back in English, which is what Discord would show anyway.
        return translate(string.message, language, string.extras.get("context"))


class GoryoTree(ContextTree):
    """Runs each command, its autocomplete and its error handler in the language of the user who typed it.

    Whatever a command says to that user alone follows their Discord client's language; what it posts
    in the channel is composed in the server's language where it is made (``bot.text.languages``).
    Expected errors become private messages (``refusals.on_tree_error``).
    """

    _reception: Reception | None = None

    def receive_with(self, reception: Reception) -> None:
        """From now on every command passes ``reception`` first (``setup_hook`` hands it in, as the translator)."""
        self._reception = reception

    def around(self, interaction: discord.Interaction) -> AbstractContextManager[object]:
        return speaking(language_of(interaction.locale))

    async def received(self, interaction: discord.Interaction, call: Callable[[], Awaitable[None]]) -> None:
        if self._reception is None:
            await call()
        else:
            await self._reception.handle(interaction, call)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await on_tree_error(interaction, error)
