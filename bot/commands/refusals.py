"""Expected user errors → a private message saying what was wrong; nothing changes.

``on_tree_error`` is the command tree's one error handler; buttons, which the
tree does not cover, use ``answer_refusals``. Both speak the acting user's language
(``Interaction.locale``): a refusal is only ever seen by them.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
from discord import app_commands

import rules
from locales import N_, _, language_of, speaking

from ..delivery.send import follow_up_privately, send_private
from ..text.reasons import say
from ..text.refusal import Refusal

log = logging.getLogger(__name__)

EXPECTED = (Refusal, rules.GoryoError)
# Where an interaction's outcome is noted (in its ``extras``) for the metrics: "refused" or "failed"; none is "ok".
OUTCOME = "goryo_outcome"


def refusal_text(error: BaseException) -> str | None:
    """The words for an expected error, in the language spoken, or None for a bug."""
    if isinstance(error, Refusal):
        return error.text
    if isinstance(error, rules.GoryoError):
        return say(error.reason)
    return None


async def send_refusal(interaction: discord.Interaction, text: str, *, outcome: str = "refused") -> None:
    interaction.extras[OUTCOME] = outcome
    if interaction.guild_id is None:
        await send_private(interaction, text)
        return
    # A refusal is never public, even after a public answer was started.
    if interaction.response.is_done():
        await follow_up_privately(interaction, text)
    else:
        await interaction.response.send_message(text, ephemeral=True)


SORRY = N_("Something went wrong on my side. Check `/goryo board` to see where the match stands, then try again.")


@asynccontextmanager
async def answer_refusals(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Around a button's callback: it runs in the clicker's language, and its refusals are answered privately."""
    with speaking(language_of(interaction.locale)):
        try:
            yield
        except EXPECTED as error:
            await send_refusal(interaction, refusal_text(error) or "")
        except Exception:
            # A bug: apologise privately like the tree does for commands, then let it be logged as one.
            try:
                await send_refusal(interaction, _(SORRY), outcome="failed")
            except discord.HTTPException:
                log.warning("could not deliver an apology")
            raise


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    with speaking(language_of(interaction.locale)):
        await _answer_tree_error(interaction, error)


async def _answer_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    text = refusal_text(original)
    if text is None:
        if isinstance(error, app_commands.CheckFailure):
            text = _("You can't use this command here.")
        elif isinstance(original, discord.Forbidden):
            log.warning("missing a permission in channel %s: %s", interaction.channel_id, original.text)
            text = _(
                "Discord refused me: in a match's channel I need the View Channel, Send Messages and "
                "Attach Files permissions. Ask a moderator to grant them, then check `/goryo board`."
            )
        else:
            log.error("command failed", exc_info=original)
            text = _(SORRY)
            interaction.extras[OUTCOME] = "failed"
    try:
        await send_refusal(interaction, text, outcome=interaction.extras.get(OUTCOME, "refused"))
    except discord.HTTPException:
        log.warning("could not deliver a refusal")
