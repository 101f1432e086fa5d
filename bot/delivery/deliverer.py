"""Delivering the outbox: every item a committed action queued is sent, then marked done.

``Deliverer.deliver(match_id, reply)`` drains one match's pending items in order,
under a lock per match, so two drains never send the same item. It runs right
after an action (with the action's interaction as ``reply``), at start-up for
whatever a crash left behind, and on a timer set to the next retry of an item
Discord refused (with backoff): no periodic polling when nothing waits.

Failed sends: an item Discord refused, or whose send got no answer, is tried again
(10 s, doubling, then every 10 minutes) for as long as it takes; only a deleted channel
gives it up. It holds back the later items of its route (the channel's, or her DMs), so
they never overtake it. A channel that refuses the bot (403: a permission taken away) is
tried again as soon as Discord says its permissions changed, and the players are told once
which permissions to grant (``failures``).

Routes and their fallbacks:
- the reply to the interaction (deferred at once, answered with a follow-up or an
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

Several processes (bots sharing one PostgreSQL): a drain first claims the match's
outbox in the database (``Store.claim_outbox``) and gives the claim back when done,
so two processes never drain one match at once and items keep their order. A
drain that answers an interaction waits for the claim; a sweep skips the match and
looks again when the claim lapses (CLAIM_SECONDS), in case its holder died. A process
holding some of the shards (``shards``) delivers for the matches on its servers only
(see ``bot.storage.shards``): for another server's match it answers its own interaction,
then nudges the other processes (PostgreSQL's NOTIFY), and that server's process sends the rest.

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

import asyncio
import dataclasses
import logging
import os
import secrets
import socket
import weakref
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import discord

import rules
from locales import _, speaking

from ..records.outbox import Carrier, OutboxEntry, OutboxItem, is_panel_off
from ..storage import MatchRecord, Shards, Store
from ..text.faults import channel_refuses, delivery_failed
from ..text.league import rating_note
from ..ui.buttons import NAMED_VIEWS
from . import boards, failures
from .boards import Board
from .failures import SEND_FAILURES, described, maybe_delivered
from .indoubt import InDoubt, unreachable_notice
from .send import QUIET, message_options, pinging, pinging_players

log = logging.getLogger(__name__)

RETRY_FIRST = 10.0  # seconds; doubles each try
RETRY_MOST = 600.0  # then every 10 minutes, for as long as it takes: an item is never given up while it may yet go
CLAIM_SECONDS = 60.0  # one drain's hold on a match's outbox, if its process dies before giving it back
CLAIM_POLL = 0.05  # seconds between two asks while another process drains the match


def retry_delay(attempts: int) -> float:
    return min(RETRY_MOST, RETRY_FIRST * 2**attempts)


class Reply:
    """The interaction an action came from: acknowledged at once, then it carries the action's answer."""

    def __init__(self, interaction: discord.Interaction, record: MatchRecord, entries: Sequence[OutboxEntry],
                 receipt: str | None = None) -> None:
        self.interaction = interaction
        self.record = record
        self.receipt = receipt if self.is_component else None  # what the clicked question becomes
        self.gone = False  # Discord refused the interaction: it can carry nothing more
        self.refusal: BaseException | None = None  # how it refused (or the connection failed)
        self._updating = False  # deferred as an edit of the clicked message
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
        if item.route == "goryo":
            return self.interaction.user.id == self.record.goryo_id
        if self.is_component:  # a public answer may replace only a public message (a challenge), never a private one
            source = self.interaction.message
            if source is None or source.flags.ephemeral or self.interaction.guild_id is None:
                return False
        if item.channel is not None:  # the Accept of a challenge whose match opened a thread: its message says so
            return self.interaction.channel_id == item.channel
        return item.route == "public" and self.interaction.channel_id == self.record.channel_id

    def keep_out_of_the_channel(self) -> None:
        """The channel refuses the bot and items wait for it: this interaction carries no public answer past them
        (it is acknowledged privately; the answer waits its turn by its own route)."""
        if self.answer is not None and self.answer.item.route != "goryo" and not self.interaction.response.is_done():
            self.answer = None

    def carries(self, entry: OutboxEntry) -> bool:
        return not self.gone and not self.used and self.answer is not None and entry.id == self.answer.id

    def carrier(self) -> Carrier:
        """What finds this interaction's answer again after a crash (see ``indoubt``)."""
        interaction = self.interaction
        replaces = interaction.message.id if self._updating and interaction.message is not None else None
        return Carrier(interaction.application_id, interaction.token, interaction.expires_at, interaction.id,
                       interaction.channel_id, replaces)

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
                private = self.answer is None or (self.answer.item.route == "goryo" and self.in_guild)
                await self.interaction.response.defer(thinking=True, ephemeral=private)
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
                private = entry.item.route == "goryo" and self.in_guild  # her words never show in the channel
                response = await interaction.response.send_message(
                    text, **message_options(board, view, mentions=pinging_players(self.record), ephemeral=private))
                answered = response.resource if isinstance(response.resource, discord.InteractionMessage) else None
                return answered.id if answered is not None else None
            if self.is_component:
                attachments = [board.file()] if board is not None else []
                message: discord.Message = await interaction.edit_original_response(
                    content=text, attachments=attachments, embeds=boards.embeds_of(board), view=view,
                    allowed_mentions=pinging_players(self.record)
                )
            else:
                message = await interaction.followup.send(
                    text, wait=True, **message_options(board, view, mentions=pinging_players(self.record)))
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
            options = message_options(board, view, ephemeral=self.in_guild)
            if self.interaction.response.is_done():
                message = await self.interaction.followup.send(text, wait=True, **options)
                return message.id
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
            await self.send_private(_("Done."))  # in the language of whoever acted


Checkpoint = Callable[[str], None]


def worded(entry: OutboxEntry) -> OutboxEntry:
    """The entry as it is sent: the facts its item carries (a finished match's ratings) put in words below its
    text, in the item's language. The store keeps the numbers; the words are made here."""
    with speaking(entry.item.language):
        note = rating_note(entry.item.rating_changes, unrated=entry.item.unrated)
    if note is None:
        return entry
    return dataclasses.replace(entry, item=dataclasses.replace(entry.item, text=f"{entry.item.text}\n{note}"))


def buttons(entry: OutboxEntry, state: rules.GameState | None = None) -> discord.ui.View | None:
    """The buttons the item names, for its match as ``state`` (at the item) shows it (they survive restarts)."""
    return None if entry.item.buttons is None else NAMED_VIEWS[entry.item.buttons](entry.match_id, state)


class Deliverer:
    def __init__(
        self, bot: discord.Client, store: Store, clock: Callable[[], datetime], drawing: boards.Drawing,
        shards: Shards | None = None,
    ) -> None:
        self.bot = bot
        self.store = store
        self.clock = clock
        self.drawing = drawing
        self.shards = shards  # None: every match is this process's to deliver
        self._nudges: set[asyncio.Task] = set()
        # Called with "drawing <picture>" as an item's picture is about to be drawn, "sending <kind>" once its
        # attempt is written, "sent <kind>" once Discord took it and "delivered <kind>" once it is marked done:
        # where tests inject crashes and check what Discord has seen by then.
        self.checkpoint: Checkpoint | None = None
        self.in_doubt = InDoubt(bot, store)
        # One lock per match while anyone holds or awaits it (weak: forgotten when unused), so
        # two drains of one match never overlap, even with a third arriving as one ends.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._timer: asyncio.Task | None = None
        self._timer_at: datetime | None = None
        # Names this deliverer in the outbox claims: unique per process and per start.
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    def _lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    async def sweep(self, *, everything: bool = False) -> int:
        """Deliver what is due (``everything``: all that waits, as at start-up); how many items went out.

        Then the timer is set to the next retry, if anything still waits.
        """
        now = self.clock()
        due = await self.store.matches_with_due_outbox(now + timedelta(days=365) if everything else now, self.shards)
        sent = 0
        for match_id in due:
            sent += await self.deliver(match_id)
        if (next_try := await self.store.next_outbox_attempt(self.shards)) is not None:
            self._wake_at(next_try)
        return sent

    def _wake_at(self, when: datetime) -> None:
        if self._timer is not None and not self._timer.done() and self._timer_at is not None and self._timer_at <= when:
            return
        self.stop()
        self._timer_at = when
        delay = max(0.0, (when - self.clock()).total_seconds())
        self._timer = asyncio.get_running_loop().create_task(self._sweep_after(delay))

    async def _sweep_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._timer = None
        try:
            await self.sweep()
        except Exception:  # a bad pass must not stop later retries for good
            log.exception("delivery retry pass failed")
            self._wake_at(self.clock() + timedelta(seconds=RETRY_MOST))

    def stop(self) -> None:
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        self._timer = None
        for task in list(self._nudges):
            task.cancel()

    async def listen(self) -> None:
        """Deliver what other processes leave to this one (the outbox of matches on its servers), and what waits
        for a channel as soon as a moderator changes it."""
        add_listener = getattr(self.bot, "add_listener", None)  # a commands.Bot's; a bare Client has none
        if add_listener is not None:
            add_listener(self._channel_changed, "on_guild_channel_update")
        if self.shards is not None:
            # Nudges lost while the connection was down: look at once rather than at the next sweep.
            await self.store.listen_outbox(self._nudged, missed=lambda: self._wake_at(self.clock()))

    async def _channel_changed(self, _before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        """Its permissions may have been given back: what waits for the channel is tried now, not at its next try
        (up to 10 minutes away). A permission given back through a role is found by that next try."""
        if self.shards is not None and not self.shards.holds(after.guild.id):
            return
        record = await self.store.active_match_in(after.id)
        if record is not None and any(e.refused for e in await self.store.pending_outbox(record.id)):
            await self.deliver(record.id)

    def _nudged(self, match_id: int, guild_id: int | None) -> None:
        if self.shards is None or not self.shards.holds(guild_id):
            return  # another process's server: it was nudged too
        task = asyncio.get_running_loop().create_task(self._deliver_nudged(match_id))
        self._nudges.add(task)
        task.add_done_callback(self._nudges.discard)

    async def _deliver_nudged(self, match_id: int) -> None:
        try:
            await self.deliver(match_id)
        except Exception:  # the items stay pending: the next sweep takes them
            log.exception("match %d: delivering what another process left failed", match_id)
            self._wake_at(self.clock() + timedelta(seconds=RETRY_FIRST))

    async def _guild_elsewhere(self, match_id: int, reply: Reply | None) -> tuple[int | None] | None:
        """(guild id,) when the match's server is on a shard another process holds, else None."""
        if self.shards is None:
            return None
        record = reply.record if reply is not None else await self.store.get_match(match_id)
        if record is None or self.shards.holds(record.guild_id):
            return None
        return (record.guild_id,)

    async def deliver(self, match_id: int, reply: Reply | None = None) -> int:
        """Send the match's pending items in order; how many were sent. Refusals by Discord are retried later."""
        lock = self._lock(match_id)
        if reply is not None and lock.locked():
            await reply.defer()  # someone else is sending for this match: don't make Discord wait
        sent = lost = 0
        refused: list[str] | None = None
        elsewhere = await self._guild_elsewhere(match_id, reply)
        async with lock:
            if elsewhere is None or reply is not None:  # another server's match: its answer only
                if not await self._claim(match_id, reply):
                    return 0
                try:
                    sent, lost, refused = await self._drain(match_id, reply, answer_only=elsewhere is not None)
                except Exception:
                    # Not a failed send (those are retried by _drain) but a bug or the store failing: what the
                    # match owes stays pending, so look again soon rather than wait for another action.
                    self._wake_at(self.clock() + timedelta(seconds=RETRY_FIRST if reply is not None else RETRY_MOST))
                    raise
                finally:
                    await self.store.release_outbox(match_id, holder=self.holder)
        if elsewhere is not None:
            await self.store.nudge_outbox(match_id, *elsewhere)  # its server's process sends the rest
        if reply is not None:
            await reply.finish(lost, refused)
        return sent

    async def _claim(self, match_id: int, reply: Reply | None) -> bool:
        """The database's say-so to drain this match (another process may be at it); False: skip it for now."""
        while True:
            now = self.clock()
            until = now + timedelta(seconds=CLAIM_SECONDS)
            if await self.store.claim_outbox(match_id, holder=self.holder, now=now, until=until):
                return True
            if reply is None:
                self._wake_at(until)  # its holder may die: look again once the claim lapses
                return False
            await reply.defer()
            await asyncio.sleep(CLAIM_POLL)

    async def _drain(
        self, match_id: int, reply: Reply | None, answer_only: bool = False
    ) -> tuple[int, int, list[str] | None]:
        """Send the pending items in order: how many went, how many of the reply's action did not, and the
        permissions the match's channel lacks if it refused the bot."""
        sent = lost = 0
        refused: list[str] | None = None
        entries = await self.store.pending_outbox(match_id)
        waiting = [e for e in entries if e.item.route != "goryo"]
        if reply is not None and waiting and waiting[0].refused:  # still refused, most likely: answer privately
            reply.keep_out_of_the_channel()
        if answer_only:
            entries = [e for e in entries if reply is not None and reply.carries(e)]
        record = await self.store.get_match(match_id) if entries else None
        # An item that failed holds back the later items of its route, to keep order (its channel's, or her DMs):
        # they wait until it is tried again (group → when), rather than fall due, and be swept, at once.
        held: dict[str, datetime] = {}
        behind: list[tuple[int, datetime]] = []
        states: dict[int, rules.GameState] = {}
        for entry in entries:
            group: str = entry.item.route if entry.item.route in ("goryo", "samurai") else "channel"
            if entry.item.channel is not None:  # the parent of the match's thread keeps its own order
                group = "parent"
            if group in held:
                lost += reply is not None and entry.seq == reply.record.version
                behind.append((entry.id, held[group]))
                continue
            if reply is not None and not reply.can_answer_now(entry):
                await reply.defer()
            assert record is not None  # read above, as there are entries
            board_before = record.live_board_message_id
            try:
                record, message_id = await self._send(entry, record, reply, states)
            except SEND_FAILURES as error:  # a refusal, or maybe delivered: retried (looked for first if in doubt)
                lost += reply is not None and entry.seq == reply.record.version
                if (retry_at := await self._failed(entry, error)) is not None:  # None: given up, holds nothing back
                    held[group] = retry_at
                if group == "channel" and isinstance(error, discord.Forbidden):
                    refused = await self._refused(entry, record, reply)
                continue
            self._passed(f"sent {entry.item.kind}")
            round_number, board_now = record.live_board_round, record.live_board_message_id
            if board_now != board_before:  # the turn's board is a new message from now on
                assert round_number is not None and board_now is not None  # a new board is posted in a round
                await self.store.set_live_board(record.id, round_number=round_number, message_id=board_now)
            await self.store.outbox_delivered(entry.id, message_id=message_id, now=self.clock())
            sent += 1
            self._passed(f"delivered {entry.item.kind}")
        if behind:
            await self.store.outbox_wait(behind)
        return sent, lost, refused

    async def _refused(self, entry: OutboxEntry, record: MatchRecord, reply: Reply | None) -> list[str]:
        """The channel refuses the bot: the players are told once which permissions to grant (the one acting
        by the answer to their command, the other by DM); the item waits meanwhile."""
        lacking = failures.lacking(self.bot, record)
        if await self.store.outbox_refused(entry.id, now=self.clock()):  # once, whatever restarts follow
            told = reply.interaction.user.id if reply is not None and not reply.gone else None
            await failures.tell_players(self.bot, record, lacking, told=told)
        return lacking

    def _passed(self, point: str) -> None:
        if self.checkpoint is not None:
            self.checkpoint(point)

    async def _failed(self, entry: OutboxEntry, error: BaseException) -> datetime | None:
        """Count a failed try; when it is tried again (None: never)."""
        attempts = entry.attempts + 1
        # Retried for as long as it takes (a permission may come back after days), unless the channel was deleted.
        give_up = entry.item.route != "goryo" and failures.channel_gone(error)
        retry_at = None if give_up else self.clock() + timedelta(seconds=retry_delay(entry.attempts))
        await self.store.outbox_failed(entry.id, retry_at=retry_at)
        if retry_at is not None:
            self._wake_at(retry_at)
        log.warning(
            "match %d: outbox item %d did not go (%s, try %d: %s)%s",
            entry.match_id, entry.id, entry.item.kind, attempts, described(error),
            "; the channel is gone, giving up" if give_up else "",
        )
        return retry_at

    # --- one item ---------------------------------------------------------------

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
        if picture == "public":  # the match's deduction aid, as its state at this item's version shows it
            return state, await self.drawing.public_board(state, assist=assist, language=language)
        draw = {
            "discovery": self.drawing.discovery_board,
            "final": self.drawing.final_board,
            "goryo": self.drawing.goryo_board,
        }[picture]
        return state, await draw(state, language=language)

    async def _send(
        self, entry: OutboxEntry, record: MatchRecord, reply: Reply | None, states: dict[int, rules.GameState]
    ) -> tuple[MatchRecord, int | None]:
        with speaking(entry.item.language):  # its buttons' labels
            return await self._send_in_its_language(worded(entry), record, reply, states)

    async def _send_in_its_language(
        self, entry: OutboxEntry, record: MatchRecord, reply: Reply | None, states: dict[int, rules.GameState]
    ) -> tuple[MatchRecord, int | None]:
        state, board = await self._picture(entry, states, record.assist)
        item = entry.item
        if is_panel_off(item):  # an edit, the same whether or not it got through before
            return record, await self._panel_off(record)
        if entry.attempted_at is not None:  # tried before: it may have got through, so look before sending again
            landed = await self.in_doubt.landed(entry, record, board, buttons(entry, state), self.clock())
            if landed is not None:
                log.info("match %d: item %d (%s) had got through before; not sent again",
                         record.id, entry.id, item.kind)
                if item.route == "live":  # posted as the turn's new board: the one before it goes, as after a post
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
                return record, message_id
            if carrying.refusal is not None and maybe_delivered(carrying.refusal):
                # Discord's own failure, or no answer at all: it may have got through all the same. Retried later,
                # as an item in doubt (found, filled, or sent by its route then), rather than sent again at once.
                raise carrying.refusal
        if item.channel is not None:
            return record, await self._tell_parent(record, entry)
        if item.route == "public":
            return record, await self._post(record, entry, board, state)
        if item.route == "live":
            return await self._live(record, entry, state, board)
        if item.route == "samurai":
            return record, await self._tell_samurai(record, entry)
        return record, await self._tell_goryo(record, entry, board, reply, state)

    def _channel(self, record: MatchRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def _post(
        self, record: MatchRecord, entry: OutboxEntry, board: Board | None, state: rules.GameState | None = None
    ) -> int:
        message = await self._channel(record).send(
            entry.item.text, nonce=entry.nonce,
            **message_options(board, buttons(entry, state), mentions=pinging_players(record)),
        )
        return message.id

    async def _live(
        self, record: MatchRecord, entry: OutboxEntry, state: rules.GameState, board: Board | None
    ) -> tuple[MatchRecord, int]:
        """Post the turn's board anew, below the action's words, then take the previous one of the turn away:
        the current board is always among the channel's two latest messages."""
        message_id = await self._post(record, entry, board, state)
        return await self._retire(record, state, message_id), message_id

    async def _retire(self, record: MatchRecord, state: rules.GameState, message_id: int) -> MatchRecord:
        """``message_id`` is the turn's board now: the one it replaces (this turn's only; a past turn's board stays
        in the log, its last picture) is deleted, or, the turn's ping, loses its picture and panel. Best-effort: a
        failed delete leaves an older copy standing (its panel answers for the board as it is now), never a second
        new one; it is not tried again."""
        old = record.live_board_message_id
        if record.live_board_round == state.round and old is not None and old != message_id:
            message = self._channel(record).get_partial_message(old)
            ping = await self.store.last_delivered(record.id, "ping")
            try:
                if ping is not None and ping.message_id == old:  # the turn's ping keeps its words, not its picture
                    # (its words name the players: the edit says again whom it may ping, them only)
                    await message.edit(attachments=[], embeds=[], view=None, allowed_mentions=pinging_players(record))
                else:
                    await message.delete()
            except SEND_FAILURES as error:  # a timeout too: the new board stands either way
                log.info("match %d: could not take the previous board (message %d) away (%s)", record.id, old,
                         described(error))
        return self._live_board(record, state, message_id)

    async def _panel_off(self, record: MatchRecord) -> int | None:
        """The Samurai's turn is over: its live board keeps its picture and loses its panel.

        Never retried nor holding up what follows (the Discovery): a panel left standing is harmless, since a
        click on it is refused with the reason and takes it off then (``Game.panel_action``).
        """
        if record.live_board_message_id is None:
            return None
        try:
            await self._channel(record).get_partial_message(record.live_board_message_id).edit(view=None)
        except SEND_FAILURES as error:
            log.info("match %d: could not take the panel off the live board (%s)", record.id, described(error))
        return record.live_board_message_id

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
            if sent is not None:
                return sent or None
        if not record.is_active:  # once it is over, the channel's end message already mentions her
            return None
        notice = unreachable_notice(self.bot, record)  # said in the channel, not to her
        message = await self._channel(record).send(
            notice, nonce=entry.nonce, **message_options(mentions=pinging(record.goryo_id))
        )
        return message.id
