"""Sending: to the match's channel, privately to the Goryō (DM, with a fallback), or back to the user.

The interaction's single response is used for the first message that fits it:
a public post when the command was run in the match's channel, or a private
answer to the user who ran it. Everything else goes out as a new message.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Literal

import discord

from . import messages
from .boards import Board
from .storage import MatchRecord

log = logging.getLogger(__name__)

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
Recipient = Literal["public", "goryo", "actor", "source"]


@dataclass
class Outgoing:
    """One message to send. ``source`` edits the message whose button was pressed."""

    to: Recipient
    text: str
    board: Board | None = None
    view: discord.ui.View | None = None


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


class Courier:
    """Delivers the messages of one match, for one interaction (or none, for background work)."""

    def __init__(self, bot: discord.Client, record: MatchRecord, interaction: discord.Interaction | None = None):
        self.bot = bot
        self.record = record
        self.interaction = interaction

    @property
    def _response_free(self) -> bool:
        return self.interaction is not None and not self.interaction.response.is_done()

    @property
    def _actor_is_goryo(self) -> bool:
        return self.interaction is not None and self.interaction.user.id == self.record.goryo_id

    async def deliver(self, outgoing: list[Outgoing]) -> None:
        """Send each message; one Discord refuses is skipped (the action is already stored), and the user told."""
        lost = 0
        for item in outgoing:
            try:
                await self._send(item)
            except discord.HTTPException as error:
                lost += 1
                log.warning("match %d: Discord refused a %s message (%s %s)", self.record.id, item.to, error.status, error.code)
        if self.interaction is None or not (lost or self._response_free):
            return
        # Every interaction must be answered; this one had nothing of its own to say, or lost a message.
        text = messages.delivery_failed() if lost else "Done."
        try:
            await send_private(self.interaction, text)
        except discord.HTTPException as error:
            log.warning("match %d: could not answer the interaction either (%s)", self.record.id, error.status)

    async def _send(self, item: Outgoing) -> None:
        if item.to == "public":
            await self.post_public(item.text, item.board)
        elif item.to == "goryo":
            await self.tell_goryo(item.text, item.board, item.view)
        elif item.to == "actor":
            assert self.interaction is not None
            await send_private(self.interaction, item.text, board=item.board, view=item.view)
        else:
            await self.edit_source(item)

    async def post_public(self, text: str, board: Board | None = None) -> None:
        kwargs = message_options(board)
        interaction = self.interaction
        if self._response_free and interaction.channel_id == self.record.channel_id:
            await interaction.response.send_message(text, **kwargs)
            return
        channel = self.bot.get_partial_messageable(self.record.channel_id, guild_id=self.record.guild_id)
        await channel.send(text, **kwargs)

    async def edit_source(self, item: Outgoing) -> None:
        assert self.interaction is not None
        kwargs: dict = {"content": item.text, "view": item.view}
        if item.board is not None:
            kwargs["attachments"] = [item.board.file()]
        await self.interaction.response.edit_message(**kwargs)

    async def tell_goryo(self, text: str, board: Board | None = None, view: discord.ui.View | None = None) -> None:
        """Her private board and what to do: as the answer to her own command, else by DM.

        If her DMs are closed she is told where she can still play: privately if
        she is the one interacting, else with a mention in the channel that gives
        nothing away.
        """
        if self._actor_is_goryo and self._response_free:
            await send_private(self.interaction, text, board=board, view=view)
            return
        try:
            dm = await self.bot.create_dm(discord.Object(self.record.goryo_id))
            await dm.send(text, **message_options(board, view))
            return
        except discord.HTTPException as error:
            closed = isinstance(error, discord.Forbidden)
            log.info("match %d: could not DM the Goryō (%s %s)", self.record.id, error.status, error.code)
        if self._actor_is_goryo:
            await send_private(self.interaction, text, board=board, view=view)
        elif self.record.is_active:  # once it is over, the channel's end message already mentions her
            await self.post_public(messages.unreachable_goryo(self.record.goryo_id, dms_closed=closed))
