"""Sending helpers shared by every part of the bot: one send's options, private answers.

What a committed action owes to people is sent by ``deliverer`` from the outbox.
"""

from __future__ import annotations

import discord

from .boards import Board

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def message_options(board: Board | None = None, view: discord.ui.View | None = None, **extra: object) -> dict:
    """The keyword arguments of one send: our mention policy, the board as a fresh file, the buttons."""
    options: dict = {"allowed_mentions": PINGS, **extra}
    if board is not None:
        options["file"] = board.file()
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
