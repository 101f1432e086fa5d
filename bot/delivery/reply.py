"""The interaction an action came from: acknowledged at once, then it carries the action's answer.

The reply to the interaction (deferred at once, answered with a follow-up or an edit of the clicked
message) takes the item marked ``answer``; if Discord refuses it (10062 after 3 s, token gone) the
item goes by its own route instead (``routes``); every interaction gets an answer in the end
(``finish``): its receipt, that something could not be shown yet, or Done.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

import rules

from ..records.matches import MatchRecord
from ..records.outbox import Carrier, OutboxEntry, OutboxItem, Route
from ..text.faults import channel_refuses, delivery_failed
from ..text.match import done
from ..ui.buttons import NAMED_VIEWS
from . import boards
from .boards import Board
from .failures import SEND_FAILURES, described
from .send import carrier_of, follow_up, follow_up_privately, message_options, pinging_players

log = logging.getLogger(__name__)


class Reply:
    """The interaction an action came from: acknowledged at once, then it carries the action's answer."""

    def __init__(self, interaction: discord.Interaction, record: MatchRecord, entries: Sequence[OutboxEntry],
                 receipt: str | None = None) -> None:
        self.interaction = interaction
        self.record = record
        self.receipt = receipt if self.is_component else None  # what the clicked question becomes
        self.gone = False  # Discord refused the interaction: it can carry nothing more
        self.refusal: BaseException | None = None  # how it refused (or the connection failed)
        # Deferred as an edit of the clicked message (here, or before: an Accept that opened a thread first).
        self._updating = interaction.response.type is discord.InteractionResponseType.deferred_message_update
        self._private_thinking = interaction.guild_id is None  # a "thinking…" only its user sees (set at defer)
        self.used = False
        # A clicked question that becomes a receipt carries nothing else: the action's messages go out as new ones.
        self.answer = None if self.receipt else next((e for e in entries if self._could_carry(e.item)), None)

    @property
    def is_component(self) -> bool:
        return self.interaction.type is discord.InteractionType.component

    @property
    def in_guild(self) -> bool:
        return self.interaction.guild_id is not None

    def _could_carry(self, item: OutboxItem) -> bool:
        if not item.answer:
            return False
        if item.route is Route.GORYO:
            return self.interaction.user.id == self.record.goryo_id
        if self.is_component:  # a public answer may replace only a public message (a challenge), never a private one
            source = self.interaction.message
            if source is None or source.flags.ephemeral or self.interaction.guild_id is None:
                return False
        if item.channel is not None:  # the Accept of a challenge whose match opened a thread: its message says so
            return self.interaction.channel_id == item.channel
        return item.route is Route.PUBLIC and self.interaction.channel_id == self.record.channel_id

    def keep_out_of_the_channel(self) -> None:
        """The channel refuses the bot and items wait for it: this interaction carries no public answer past them
        (it is acknowledged privately; the answer waits its turn by its own route)."""
        if (self.answer is not None and self.answer.item.route is not Route.GORYO
                and not self.interaction.response.is_done()):
            self.answer = None

    def carries(self, entry: OutboxEntry) -> bool:
        return not self.gone and not self.used and self.answer is not None and entry.id == self.answer.id

    def carrier(self) -> Carrier:
        """What finds this interaction's answer again after a crash (see ``indoubt``)."""
        interaction = self.interaction
        replaces = interaction.message.id if self._updating and interaction.message is not None else None
        return carrier_of(interaction, replaces)

    @property
    def acknowledged(self) -> bool:
        return self.gone or self.interaction.response.is_done()

    def can_answer_now(self, entry: OutboxEntry) -> bool:
        """A text-only answer is sent as the first response at once: no need to defer for it (except the line a
        challenge's message becomes when its match opens a thread: an edit of that message)."""
        return (self.carries(entry) and entry.item.picture is None and entry.item.channel is None
                and not self.interaction.response.is_done())

    async def defer(self) -> None:
        """Acknowledge Discord now, so the answer may come after the picture is drawn."""
        if self.acknowledged:
            return
        try:
            if self.is_component and (self.answer is not None or self.receipt is not None):
                await self.interaction.response.defer()  # the answer (or receipt) edits the clicked message
                self._updating = True
            else:
                private = self.answer is None or (self.answer.item.route is Route.GORYO and self.in_guild)
                await self.interaction.response.defer(thinking=True, ephemeral=private)
                self._private_thinking = private or not self.in_guild
        except SEND_FAILURES as error:
            self._lost(error)

    def _lost(self, error: BaseException) -> None:
        self.gone = True
        self.refusal = error
        log.info("interaction %s gone (%s): its messages go by their own routes", self.interaction.id, described(error))

    async def send(self, entry: OutboxEntry, board: Board | None, state: rules.GameState | None = None) -> int | None:
        """Send ``entry`` as the answer; the message id, or None if the interaction refused it."""
        self.used = True
        text = entry.item.text
        interaction = self.interaction
        try:
            view = buttons(entry, state)
            if not interaction.response.is_done():
                private = entry.item.route is Route.GORYO and self.in_guild  # her words never show in the channel
                response = await interaction.response.send_message(
                    text, **message_options(board, view, mentions=pinging_players(self.record), ephemeral=private))
                answered = response.resource if isinstance(response.resource, discord.InteractionMessage) else None
                return answered.id if answered is not None else None
            if self._updating:  # the clicked message becomes the answer
                attachments = [board.file()] if board is not None else []
                message: discord.Message = await interaction.edit_original_response(
                    content=text, attachments=attachments, embeds=boards.embeds_of(board), view=view,
                    allowed_mentions=pinging_players(self.record)
                )
            else:
                message = await follow_up(
                    interaction, text, **message_options(board, view, mentions=pinging_players(self.record)))
            return message.id
        except SEND_FAILURES as error:
            self._lost(error)
            return None

    async def send_private(self, text: str, board: Board | None = None,
                           view: discord.ui.View | None = None) -> int | None:
        """Privately to whoever acted (her board, and her builder, when the Goryō's DMs are shut); None if refused."""
        if self.gone:
            return None
        try:
            if self.interaction.response.is_done():
                # Never said to everyone, even after a public "thinking…" (a panel click where the channel refuses).
                message = await follow_up_privately(self.interaction, text, thinking_private=self._private_thinking,
                                                    **message_options(board, view))
                return message.id
            options = message_options(board, view, ephemeral=self.in_guild)
            await self.interaction.response.send_message(text, **options)
            return 0
        except SEND_FAILURES as error:
            self._lost(error)
            return None

    async def finish(self, lost: int, refused: list[str] | None = None) -> None:
        """Every interaction gets an answer: its receipt, that something could not be shown yet (``refused``: as
        the channel refuses the bot, for want of these permissions), or Done."""
        if self.receipt is not None and not self.gone:
            try:
                await self.interaction.edit_original_response(content=self.receipt, view=None)
                self.used = True
            except SEND_FAILURES as error:
                self._lost(error)
        if lost:
            notice = delivery_failed() if refused is None else channel_refuses(
                self.record.channel_id, refused)
            await self.send_private(notice)
        elif not self.used and not self._updating:
            await self.send_private(done())  # in the language of whoever acted


def buttons(entry: OutboxEntry, state: rules.GameState | None = None) -> discord.ui.View | None:
    """The buttons the item names, for its match as ``state`` (at the item) shows it (they survive restarts)."""
    return None if entry.item.buttons is None else NAMED_VIEWS[entry.item.buttons](entry.match_id, state)
