"""An item in doubt: a send of it began, then the process died (or Discord failed) before it was marked done.

Discord may have accepted it. Before it is sent again, it is looked for where it
would have landed, in this order:

1. the interaction that was to carry it (its ``Carrier``), while its token lives
   (15 minutes): the original response already says it → done;
2. the channels it goes to (the match's channel, the Goryō's DM, and for her the
   channel notice that stands in for a shut DM): a message by the bot, newer than
   the attempt (or the interaction), with the item's words, that no other item of the
   match owns → done;
3. the interaction's original response still waits for it (Discord's "thinking…",
   or the clicked message the answer was to replace) → it is filled there, where the
   player asked → done.

Otherwise it never got through, and it is sent again as usual. Past the 15 minutes,
a public answer is found by step 2; the one case nothing can find is a private
(ephemeral) answer that got through just before the crash: it is then sent again by
its own route (the Goryō's DM), so nothing is lost; the other copy was hers alone.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord

from locales import speaking

from .. import discord_private
from ..records.outbox import Carrier, OutboxEntry, Route
from ..storage import MatchRecord, Store
from ..text.goryo_dms import unreachable_goryo
from ..text.languages import of_guild
from .boards import Board, embeds_of
from .send import pinging_players

if TYPE_CHECKING:  # discord.types cannot be imported first at run time (its modules import each other)
    from discord.types.message import Message as MessagePayload

log = logging.getLogger(__name__)


def unreachable_notice(bot: discord.Client, record: MatchRecord) -> str:
    """What the channel is told when her DMs are shut: in the channel's language, as the bot says it on its own."""
    with speaking(of_guild(bot, record.guild_id, record.server_language)):
        return unreachable_goryo(record.goryo_id, dms_closed=True)


# Our clock against Discord's, when "newer than the attempt" is turned into a message id.
CLOCK_MARGIN = timedelta(minutes=1)
# Messages read per channel: an in-doubt item is among the first few the bot posted after the attempt.
HISTORY_LIMIT = 50


def says(message: discord.Message, texts: set[str]) -> bool:
    return message.content.strip() in texts


class OriginalResponse:
    """An interaction's original response, reached with its token after the interaction object is gone.

    The same two calls discord.py's ``Interaction.original_response`` and
    ``edit_original_response`` make (``…/webhooks/{application}/{token}/messages/@original``).
    """

    def __init__(self, bot: discord.Client, carrier: Carrier) -> None:
        self.bot = bot
        self.carrier = carrier

    async def fetch(self) -> MessagePayload | None:
        """Its message (id, content, flags), or None if there is none (never answered, or the token lapsed)."""
        try:
            return await discord_private.original_response(self.bot, self.carrier.application_id, self.carrier.token)
        except discord.NotFound:
            return None

    async def fill(self, text: str, board: Board | None, view: discord.ui.View | None,
                   mentions: discord.AllowedMentions) -> int:
        data = await discord_private.edit_original_response(
            self.bot, self.carrier.application_id, self.carrier.token, content=text,
            files=[board.file()] if board is not None else [], embeds=embeds_of(board), view=view,
            allowed_mentions=mentions,
        )
        return int(data["id"])


class InDoubt:
    def __init__(self, bot: discord.Client, store: Store) -> None:
        self.bot = bot
        self.store = store

    async def landed(
        self, entry: OutboxEntry, record: MatchRecord, board: Board | None, view: discord.ui.View | None, now: datetime
    ) -> int | None:
        """The id of a message that carries ``entry`` already (filled now, if its interaction waits for it).

        None: send it.
        """
        carrier = entry.carrier
        reply = original = None
        if carrier is not None and now < carrier.expires_at:
            reply = OriginalResponse(self.bot, carrier)
            original = await reply.fetch()
            if original is not None and (original.get("content") or "").strip() == entry.item.text.strip():
                return int(original["id"])
        found = await self._in_channels(entry, record)
        if found is not None:
            return found
        if reply is not None and original is not None:
            flags = discord.MessageFlags()
            flags.value = int(original.get("flags") or 0)
            thinking = flags.loading
            if thinking or int(original["id"]) == reply.carrier.source_id:  # it still waits for this answer
                log.info("match %d: item %d fills its interaction's waiting reply", entry.match_id, entry.id)
                return await reply.fill(entry.item.text, board, view, pinging_players(record))
        return None

    async def _in_channels(self, entry: OutboxEntry, record: MatchRecord) -> int | None:
        assert entry.attempted_at is not None
        carrier = entry.carrier
        after = discord.utils.time_snowflake(entry.attempted_at - CLOCK_MARGIN)
        if carrier is not None:
            after = min(after, carrier.interaction_id)  # its answer may be the reply "thinking" since before
        text = entry.item.text.strip()
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        places: list[tuple[discord.abc.Messageable, set[str]]] = []
        if entry.item.route is Route.GORYO:
            places.append((await self.bot.create_dm(discord.Object(record.goryo_id)), {text}))
            places.append((channel, {unreachable_notice(self.bot, record).strip()}))
        elif entry.item.route is Route.SAMURAI:
            places.append((await self.bot.create_dm(discord.Object(record.samurai_id)), {text}))
        elif entry.item.channel is not None:  # a line in the parent of the match's thread
            places.append((self.bot.get_partial_messageable(entry.item.channel, guild_id=record.guild_id), {text}))
        else:
            places.append((channel, {text}))
        owned = {e.message_id for e in await self.store.outbox_of(record.id) if e.message_id is not None}
        me = self.bot.user.id if self.bot.user is not None else None
        for place, texts in places:
            try:
                async for message in place.history(after=discord.Object(after), limit=HISTORY_LIMIT):
                    if message.author.id == me and message.id not in owned and says(message, texts) and not (
                            entry.item.route is Route.LIVE and message.interaction_metadata is not None):
                        # (a live board is never an interaction's answer:
                        # a `/goryo board` copy with its words is not it)
                        return message.id
            except (discord.Forbidden, discord.NotFound) as error:  # can't read there: the nonce is all that guards it
                log.warning("match %d: could not look for item %d in channel %s (%s %s)",
                            record.id, entry.id, getattr(place, "id", "?"), error.status, error.code)
        if carrier is not None and carrier.source_id is not None and carrier.channel_id is not None:
            # An answer that replaced the clicked message is older than the attempt: look at that message itself.
            try:
                source = await self.bot.get_partial_messageable(carrier.channel_id).fetch_message(carrier.source_id)
            except (discord.Forbidden, discord.NotFound):
                return None
            if says(source, {text}):
                return source.id
        return None
