"""One outbox item sent: its picture drawn in its language, looked for first if a crash may have sent it, then
carried by the interaction the action came from (``reply``) or by its own route.

Routes and their fallbacks:
- the reply to the interaction (``reply``: deferred at once, answered with a follow-up or an
  edit of the clicked message) takes the item marked ``answer``; if Discord refuses
  it (10062 after 3 s, token gone) the item goes by its own route instead; after a
  5xx or a failed connection (which Discord may have taken all the same) it is retried
  as an item in doubt;
- ``public``: a new channel message; ``live``: the turn's board, posted anew below the
  action's words, and the turn's previous board message deleted (the ping only loses its
  picture and panel: its words stay), so the current board is always among the
  channel's two latest messages;
- ``public`` with a ``channel``: a line in the channel a match's thread was opened from (nobody pinged);
- ``goryo``: her DM; if her DMs are shut, privately to her if she is the one
  acting, else a channel notice that gives nothing away (other failures: retried).

Languages: each item is sent in its own (``OutboxItem.language``): its picture, alt text and
buttons are drawn in it; a notice the deliverer adds to the channel speaks the match's server language.

Never twice, how: an item is marked done in the same breath as Discord accepts it,
and just before each send the attempt is written down (``Store.outbox_attempt``: when,
and the interaction that is to carry it, with its token). An item that was tried
before and is still pending is *in doubt*: Discord may have taken it just before a
crash or a failure. It is looked for before it is sent again (``indoubt``): in the
interaction's original response while its token lives (15 minutes), then in the
channel's or DM's recent history (the bot's own messages since the attempt, with its
words, not owned by another item); a reply still "thinking" is filled where the player
asked. Only what is not found is sent again (a live board found so still takes the
previous one's place). Edits (the panel taken off) are idempotent, and channel and DM
messages also carry the item's nonce (``enforce_nonce``), which makes Discord drop a
resend within a few minutes even where history cannot be read.
The one case left: a private (ephemeral) answer that got through just before a crash,
recovered more than 15 minutes later, is sent again by its own route (her DM).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from datetime import datetime

import discord

import rules
from locales import speaking

from ..metrics import Metrics
from ..records.discord_limits import most
from ..records.matches import MatchRecord
from ..records.outbox import OutboxEntry, Picture, Route, is_builder_off, is_panel_off
from ..storage import Store
from ..text.league import rating_note
from . import boards
from .boards import Board
from .failures import SEND_FAILURES, described, maybe_delivered
from .her_builder import BUILDER_BUTTONS, builder_entry, shown_in_channel
from .indoubt import InDoubt, unreachable_notice
from .private_places import take_off, take_off_in_dm
from .reply import Reply, buttons
from .send import QUIET, message_options, pinging, pinging_players
from .stale_boards import StaleBoards

log = logging.getLogger(__name__)


def worded(entry: OutboxEntry) -> OutboxEntry:
    """The entry as it is sent: the facts its item carries (a finished match's ratings) put in words below its
    text, in the item's language. The store keeps the numbers; the words are made here."""
    with speaking(entry.item.language):
        note = rating_note(entry.item.rating_changes, unrated=entry.item.unrated)
    if note is None:
        return entry
    return dataclasses.replace(entry, item=dataclasses.replace(entry.item, text=f"{entry.item.text}\n{note}"))


class Sender:
    """Sends one item at a time for the deliverer, which keeps their order, retries and claims."""

    def __init__(
        self, bot: discord.Client, store: Store, clock: Callable[[], datetime], drawing: boards.Drawing,
        passed: Callable[[str], None], metrics: Metrics, stale_boards: StaleBoards,
    ) -> None:
        self.metrics = metrics
        self.bot = bot
        self.store = store
        self.clock = clock
        self.drawing = drawing
        self._passed = passed  # the deliverer's checkpoint, where tests inject crashes
        self.in_doubt = InDoubt(bot, store)
        self.stale_boards = stale_boards  # boards a newer one replaced, tried again; shared with the Samurai's side

    async def send(
        self, entry: OutboxEntry, record: MatchRecord, reply: Reply | None, states: dict[int, rules.GameState]
    ) -> tuple[MatchRecord, int | None]:
        """Send ``entry``: the match as it is after (its live board may be a new message), and the message's id."""
        with speaking(entry.item.language):  # its buttons' labels
            return await self._send_in_its_language(worded(entry), record, reply, states)

    async def _picture(
        self, entry: OutboxEntry, states: dict[int, rules.GameState], assist: bool
    ) -> tuple[rules.GameState, Board | None]:
        state = states.get(entry.seq)
        if state is None:
            state = states[entry.seq] = await self.store.state_at(entry.match_id, entry.seq)
        picture = entry.item.picture
        language = entry.item.language
        if picture is None:
            return state, None
        self._passed(f"drawing {picture}")
        began = time.perf_counter()
        if picture is Picture.PUBLIC:  # the match's deduction aid, as its state at this item's version shows it
            board = await self.drawing.public_board(state, assist=assist, language=language)
        else:
            draw = {
                Picture.DISCOVERY: self.drawing.discovery_board,
                Picture.FINAL: self.drawing.final_board,
                Picture.GORYO: self.drawing.goryo_board,
            }[picture]
            board = await draw(state, language=language)
        self.metrics.drawn(time.perf_counter() - began)
        return state, board

    async def _send_in_its_language(
        self, entry: OutboxEntry, record: MatchRecord, reply: Reply | None, states: dict[int, rules.GameState]
    ) -> tuple[MatchRecord, int | None]:
        state, board = await self._picture(entry, states, record.assist)
        item = entry.item
        if is_panel_off(item):  # an edit, the same whether or not it got through before
            return record, await self._panel_off(record)
        if is_builder_off(item):  # the same
            return record, await self._builder_off(record, reply)
        if entry.attempted_at is not None:  # tried before: it may have got through, so look before sending again
            landed = await self.in_doubt.landed(entry, record, board, buttons(entry, state), self.clock())
            if landed is not None:
                log.info("match %d: item %d (%s) had got through before; not sent again",
                         record.id, entry.id, item.kind)
                if item.route is Route.LIVE:  # posted as the turn's new board: the one before it goes, as after a post
                    record = await self._retire(record, state, landed)
                return record, landed
        carrying = reply if reply is not None and reply.carries(entry) else None  # the interaction answers it
        await self.store.outbox_attempt(
            entry.id, now=self.clock(), carrier=carrying.carrier() if carrying is not None else None
        )
        self._passed(f"sending {item.kind}")
        if carrying is not None:
            message_id = await carrying.send(entry, board, state)
            if not carrying.gone:
                if message_id is not None and item.buttons in BUILDER_BUTTONS:
                    await shown_in_channel(carrying.interaction, self.store, record, message_id, self.clock())
                return record, message_id
            if carrying.refusal is not None and maybe_delivered(carrying.refusal):
                # Discord's own failure, or no answer at all: it may have got through all the same. Retried later,
                # as an item in doubt (found, filled, or sent by its route then), rather than sent again at once.
                raise carrying.refusal
        if item.channel is not None:
            return record, await self._tell_parent(record, entry)
        if item.route is Route.PUBLIC:
            return record, await self._post(record, entry, board, state)
        if item.route is Route.LIVE:
            return await self._live(record, entry, state, board)
        if item.route is Route.SAMURAI:
            return record, await self._tell_samurai(record, entry)
        return record, await self._tell_goryo(record, entry, board, reply, state)

    def _channel(self, record: MatchRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def _post(
        self, record: MatchRecord, entry: OutboxEntry, board: Board | None, state: rules.GameState | None = None
    ) -> int:
        options = message_options(board, buttons(entry, state), mentions=pinging_players(record))
        text, facts = entry.item.text, None
        if board is not None and board.facts and not self._embeds_shown(record):
            # Discord hides a bot's embeds where it lacks Embed Links: the facts come as words, in the message if
            # they fit in it (Discord's 2,000 characters), else just after it.
            options["embeds"] = []
            facts = board.facts_text()
            if len(text) + 1 + len(facts) <= most("message.content"):
                text, facts = f"{text}\n{facts}", None
        message = await self._channel(record).send(text, nonce=entry.nonce, **options)
        if facts is not None:
            await self._channel(record).send(facts, allowed_mentions=QUIET)
        return message.id

    def _embeds_shown(self, record: MatchRecord) -> bool:
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)) or channel.guild.me is None:
            return True  # a DM, or a channel the cache does not hold: the send says
        return channel.permissions_for(channel.guild.me).embed_links

    async def _live(
        self, record: MatchRecord, entry: OutboxEntry, state: rules.GameState, board: Board | None
    ) -> tuple[MatchRecord, int]:
        """Post the turn's board anew, below the action's words, then take the previous one of the turn away:
        the current board is always among the channel's two latest messages."""
        message_id = await self._post(record, entry, board, state)
        return await self._retire(record, state, message_id), message_id

    async def _retire(self, record: MatchRecord, state: rules.GameState, message_id: int) -> MatchRecord:
        """``message_id`` is the turn's board now: the one it replaces (this turn's only; a past turn's board stays
        in the log, its last picture) is deleted, or, the turn's ping, loses its picture and panel. A failed try
        leaves an older copy standing for a while, never a second new one: it is tried again (``stale_boards``)."""
        old = record.live_board_message_id
        if record.live_board_round == state.round and old is not None and old != message_id:
            await self.stale_boards.replaced(record, old)
        return self._live_board(record, state, message_id)

    async def _panel_off(self, record: MatchRecord) -> int | None:
        """The Samurai's turn is over: its live board keeps its picture and loses its panel.

        Never retried nor holding up what follows (the Discovery): a panel left standing is harmless, since a
        click on it is refused with the reason and takes it off then (``SamuraiSide.panel_action``).
        """
        if record.live_board_message_id is None:
            return None
        try:
            await self._channel(record).get_partial_message(record.live_board_message_id).edit(view=None)
        except SEND_FAILURES as error:
            log.info("match %d: could not take the panel off the live board (%s)", record.id, described(error))
        return record.live_board_message_id

    async def _builder_off(self, record: MatchRecord, reply: Reply | None) -> int | None:
        """Her choice is made: the latest message that carried her builder (her setup or her turn's) loses it, as
        does the one last shown privately in a channel, and her newest plan preview its Confirm and Cancel (unless
        it is the one confirmed: its receipt replaces it).

        Like the panel's, never retried nor holding anything up: a click on a builder left standing is refused and
        takes it off then (``GoryoSide.builder_update``).
        """
        preview = await self.store.take_preview_place(record.id)
        confirmed = reply.interaction.message if reply is not None else None
        if preview is not None and (confirmed is None or confirmed.id != preview.message_id):
            await take_off(self.bot, record.goryo_id, preview, self.clock())
        if (shown := await self.store.take_builder_place(record.id)) is not None:  # her DMs shut: in a channel
            await take_off(self.bot, record.goryo_id, shown, self.clock())
        latest = await builder_entry(self.store, record.id)
        if latest is None or latest.message_id is None:
            return None
        try:
            await take_off_in_dm(self.bot, record.goryo_id, latest.message_id)
        except SEND_FAILURES as error:
            log.info("match %d: could not take her builder off (%s)", record.id, described(error))
        return latest.message_id

    @staticmethod
    def _live_board(record: MatchRecord, state: rules.GameState, message_id: int) -> MatchRecord:
        """The match with ``message_id`` as this turn's board (stored by the drain once the item is sent)."""
        return dataclasses.replace(record, live_board_round=state.round, live_board_message_id=message_id)

    async def _tell_parent(self, record: MatchRecord, entry: OutboxEntry) -> int:
        """One line in the channel the match's thread was opened from; nobody is pinged there (the thread does)."""
        assert entry.item.channel is not None  # only items for the parent channel come here
        parent = self.bot.get_partial_messageable(entry.item.channel, guild_id=record.guild_id)
        message = await parent.send(entry.item.text, nonce=entry.nonce, **message_options(mentions=QUIET))
        return message.id

    async def _tell_samurai(self, record: MatchRecord, entry: OutboxEntry) -> int | None:
        """A turn notice the Samurai asked for by DM; with their DMs shut it is dropped (the channel shows the turn)."""
        try:
            dm = await self.bot.create_dm(discord.Object(record.samurai_id))
            return (await dm.send(entry.item.text, nonce=entry.nonce, **message_options())).id
        except discord.Forbidden as error:
            log.info("match %d: could not DM the Samurai their turn (%s %s)", record.id, error.status, error.code)
            return None

    async def _tell_goryo(self, record: MatchRecord, entry: OutboxEntry, board: Board | None, reply: Reply | None,
                          state: rules.GameState | None = None) -> int | None:
        try:
            dm = await self.bot.create_dm(discord.Object(record.goryo_id))
            message = await dm.send(entry.item.text, nonce=entry.nonce, **message_options(board, buttons(entry, state)))
            return message.id
        except discord.Forbidden as error:  # her DMs are shut (a passing failure is retried instead)
            log.info("match %d: could not DM the Goryō (%s %s)", record.id, error.status, error.code)
        if reply is not None and reply.interaction.user.id == record.goryo_id:
            sent = await reply.send_private(entry.item.text, board, buttons(entry, state))
            if sent and entry.item.buttons in BUILDER_BUTTONS:
                await shown_in_channel(reply.interaction, self.store, record, sent, self.clock())
            if sent is not None:
                return sent or None
        if not record.is_active:  # once it is over, the channel's end message already mentions her
            return None
        notice = unreachable_notice(self.bot, record)  # said in the channel, not to her
        message = await self._channel(record).send(
            notice, nonce=entry.nonce, **message_options(mentions=pinging(record.goryo_id))
        )
        return message.id
