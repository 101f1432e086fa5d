"""Resigning, for either player: asked first, privately, with buttons that survive a restart."""

from __future__ import annotations

import discord

import rules

from ..delivery.send import send_private
from ..text import match_refusals
from ..text.match import resign_kept, resign_outdated, resign_question, resigned
from ..text.refusal import Refusal
from ..ui.buttons import resign_view
from .acting import Acting
from .guards import require_player
from .service import MatchService


class Resigning:
    def __init__(self, acting: Acting, service: MatchService) -> None:
        self.acting = acting
        self.service = service

    async def resign(self, interaction: discord.Interaction, match_id: int | None) -> None:
        record = await self.acting.match(interaction, match_id)
        side = require_player(record, interaction.user.id, match_refusals.nothing_to_resign())
        # Resigning cannot be undone: ask first, privately, with buttons that survive a restart.
        text = resign_question(record.channel_id, record.player_of(side.other))
        await send_private(interaction, text, view=resign_view(record.id, record.version))

    async def confirm_resign(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        record = await self.service.load(match_id)
        side = require_player(record, interaction.user.id, match_refusals.nothing_to_resign())
        if not record.is_active:
            raise match_refusals.already_over_to_resign()
        if record.version != version:
            raise Refusal(resign_outdated())
        # Its question becomes the receipt; the end itself is announced in the channel.
        await self.acting.act(interaction, record.id, rules.Resign(side), version=version,
                              receipt=resigned(record.channel_id))

    async def keep_playing(self, interaction: discord.Interaction, match_id: int) -> None:
        """Not now, after all (to resigning, or to ending the turn): the question becomes a receipt."""
        record = await self.service.load(match_id)
        require_player(record, interaction.user.id, match_refusals.not_playing())
        await interaction.response.edit_message(content=resign_kept(), view=None)
