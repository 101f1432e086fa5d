"""Sending helpers shared by every part of the bot: one send's options, private answers.

What a committed action owes to people is sent by ``deliverer`` from the outbox.
"""

from __future__ import annotations

import discord

from ..storage import MatchRecord
from .boards import Board, embeds_of

# Also the client's default (``GoryoBot``): a message pings no one unless it names whom it means to ping,
# so a refusal quoting what was typed can't ping anyone, let alone @everyone, @here or a role.
QUIET = discord.AllowedMentions.none()


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Pings for these members only, whatever else the text holds."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user_id) for user_id in user_ids])


def pinging_players(record: MatchRecord) -> discord.AllowedMentions:
    """What a match posts in its channel may ping its two players (their turn, the end), no one else."""
    return pinging(record.goryo_id, record.samurai_id)


def message_options(board: Board | None = None, view: discord.ui.View | None = None, *,
                    mentions: discord.AllowedMentions = QUIET, **extra: object) -> dict:
    """The keyword arguments of one send: whom it may ping (no one by default), the board as a fresh file
    with its facts, the buttons."""
    options: dict = {"allowed_mentions": mentions, **extra}
    if board is not None:
        options["file"] = board.file()
        options["embeds"] = embeds_of(board)
    if view is not None:
        options["view"] = view
    return options


def in_dm(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is None


async def send_private(interaction: discord.Interaction, text: str, *, board: Board | None = None,
                       view: discord.ui.View | None = None) -> None:
    """Answer the interaction's user privately: ephemeral in a server, a plain reply in DMs."""
    kwargs = message_options(board, view, ephemeral=not in_dm(interaction))
    if interaction.response.is_done():
        await interaction.followup.send(text, **kwargs)
    else:
        await interaction.response.send_message(text, **kwargs)


async def acknowledge_privately(interaction: discord.Interaction) -> None:
    """Tell Discord at once that a private answer is coming (before drawing a picture)."""
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True, ephemeral=not in_dm(interaction))
