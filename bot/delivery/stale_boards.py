"""Taking a replaced board away: the turn's previous board deleted (the ping only loses its picture and panel).

A board a newer one replaced must not keep working menus beside it. When Discord refuses to take it away, the
try is made again (10 s, doubling) until it goes; and should a press reach it first, or after a restart (these
tries live in this process only), the click is refused and the board taken away then (``SamuraiSide.panel_action``).
"""

from __future__ import annotations

import asyncio
import logging

import discord

from ..records.matches import MatchRecord
from ..storage import Store
from .failures import SEND_FAILURES, described
from .send import pinging_players

log = logging.getLogger(__name__)

FIRST_RETRY = 10.0  # seconds; doubles each try
UNKNOWN_MESSAGE = 10008  # Discord's code for a message that no longer exists (an Unknown Channel may be a glitch)
TRIES = 8  # about 40 minutes in all; past that a press on it still takes it away


class StaleBoards:
    def __init__(self, bot: discord.Client, store: Store) -> None:
        self.bot = bot
        self.store = store
        self._retries: set[asyncio.Task[None]] = set()

    async def take_away(self, record: MatchRecord, message_id: int) -> bool:
        """Delete the replaced board ``message_id`` (the turn's ping keeps its words): whether it is gone now."""
        message = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id).get_partial_message(
            message_id)
        ping = await self.store.last_delivered(record.id, "ping")
        try:
            if ping is not None and ping.message_id == message_id:  # the turn's ping keeps its words, not its picture
                # (its words name the players: the edit says again whom it may ping, them only)
                await message.edit(attachments=[], embeds=[], view=None, allowed_mentions=pinging_players(record))
            else:
                await message.delete()
        except SEND_FAILURES as error:  # a timeout too
            if isinstance(error, discord.NotFound) and error.code == UNKNOWN_MESSAGE:
                return True  # already gone
            log.info("match %d: could not take the previous board (message %d) away (%s)", record.id, message_id,
                     described(error))
            return False
        return True

    async def replaced(self, record: MatchRecord, message_id: int) -> None:
        """``message_id`` was the turn's board and a newer one stands: taken away now, else tried again later."""
        if not await self.take_away(record, message_id):
            task = asyncio.get_running_loop().create_task(self._again(record, message_id))
            self._retries.add(task)
            task.add_done_callback(self._retries.discard)

    async def _again(self, record: MatchRecord, message_id: int) -> None:
        for attempt in range(TRIES):
            await asyncio.sleep(FIRST_RETRY * 2**attempt)
            if await self.take_away(record, message_id):
                return

    def stop(self) -> None:
        for task in list(self._retries):
            task.cancel()
