"""The checks every side's controls share, written once: who may use a control, and whether its match still runs."""

from __future__ import annotations

import contextlib

import discord

import rules

from ..storage import MatchRecord
from ..text import match_refusals
from ..text.refusal import Refusal


def in_guild(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is not None


def require_goryo(record: MatchRecord, user_id: int) -> None:
    if user_id != record.goryo_id:
        raise match_refusals.only_the_goryo()


def require_samurai(record: MatchRecord, user_id: int) -> None:
    if user_id != record.samurai_id:
        raise match_refusals.only_the_samurai(record.samurai_id)


def require_active(record: MatchRecord) -> None:
    if not record.is_active:
        raise match_refusals.match_over()


def require_player(record: MatchRecord, user_id: int, refusal: Refusal) -> rules.Side:
    """The side ``user_id`` plays in ``record``; ``refusal`` if they play neither."""
    side = record.player_side(user_id)
    if side is None:
        raise refusal
    return side


async def take_controls_off(interaction: discord.Interaction) -> None:
    """Controls that can act no more (a panel of a turn that is over, her builder once her choice is in): taken off
    the clicked message, so that they are not pressed again."""
    if interaction.message is None:
        return
    with contextlib.suppress(discord.HTTPException):  # the refusal says it all the same
        if interaction.message.flags.ephemeral:  # reached only through the interaction: the refusal follows
            if not interaction.response.is_done():
                await interaction.response.edit_message(view=None)
            return
        await interaction.message.edit(view=None)
