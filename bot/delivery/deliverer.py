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

Several processes (bots sharing one PostgreSQL): a drain first claims the match's
outbox in the database (``Store.claim_outbox``) and gives the claim back when done,
so two processes never drain one match at once and items keep their order. A
drain that answers an interaction waits for the claim; a sweep skips the match and
looks again when the claim lapses (CLAIM_SECONDS), in case its holder died. A process
holding some of the shards (``shards``) delivers for the matches on its servers only
(see ``bot.storage.shards``): for another server's match it answers its own interaction,
then nudges the other processes (PostgreSQL's NOTIFY), and that server's process sends the rest.

One item is sent by ``routes`` (by the interaction the action came from, ``reply``, or by its route),
looked for first if a crash may have sent it already (``indoubt``). A tournament's posts are outbox items of the
tournament rather than of a match: ``deliver_tournament`` sends them (``tournament_posts``), and the sweeps take
them too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import weakref
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

import discord

import rules

from ..metrics import Metrics
from ..metrics.logs import match_context
from ..records.matches import MatchRecord
from ..records.outbox import OutboxEntry, Route
from ..storage import Shards, Store
from . import boards, failures
from .failures import SEND_FAILURES, described
from .permission_notices import PermissionNotices, Standing
from .reply import Reply
from .routes import Sender
from .stale_boards import StaleBoards
from .tournament_posts import TournamentPosts

log = logging.getLogger(__name__)

RETRY_FIRST = 10.0  # seconds; doubles each try
RETRY_MOST = 600.0  # then every 10 minutes, for as long as it takes: an item is never given up while it may yet go
CLAIM_SECONDS = 60.0  # one drain's hold on a match's outbox, if its process dies before giving it back
CLAIM_POLL = 0.05  # seconds between two asks while another process drains the match


def retry_delay(attempts: int) -> float:
    return min(RETRY_MOST, RETRY_FIRST * 2.0**attempts)


Checkpoint = Callable[[str], None]


def holder_name(shard_ids: Sequence[int] | None) -> str:
    """This process among the bot's processes, as the outbox claims name it: its host and the shards it holds.

    The same after a restart, so a restarted process takes back at once the claims its last run left (rather than
    waiting CLAIM_SECONDS for them to lapse); processes running at once hold other shards or hosts, so other names.
    """
    held = "all shards" if shard_ids is None else "shards " + ",".join(map(str, shard_ids))
    return f"{socket.gethostname()}:{held}"


class Deliverer:
    def __init__(
        self, bot: discord.Client, store: Store, clock: Callable[[], datetime], drawing: boards.Drawing,
        shards: Shards | None = None, *, holder: str, stale_boards: StaleBoards,
        permission_notices: PermissionNotices, metrics: Metrics | None = None,
    ) -> None:
        """``holder``: this deliverer's name in the outbox claims (``holder_name``); ``stale_boards``: the boards a
        newer one replaced, shared with the Samurai's side; ``permission_notices``: what each match's players last
        heard of its channel's permissions, shared with the watch on channels."""
        self.metrics = metrics if metrics is not None else Metrics()
        self.bot = bot
        self.store = store
        self.clock = clock
        self.drawing = drawing
        self.shards = shards  # None: every match is this process's to deliver
        self._nudges: set[asyncio.Task[None]] = set()
        # Called with "drawing <picture>" as an item's picture is about to be drawn, "sending <kind>" once its
        # attempt is written, "sent <kind>" once Discord took it and "delivered <kind>" once it is marked done:
        # where tests inject crashes and check what Discord has seen by then.
        self.checkpoint: Checkpoint | None = None
        self.sender = Sender(bot, store, clock, drawing, self._passed, self.metrics, stale_boards)
        self.permission_notices = permission_notices
        # One lock per match while anyone holds or awaits it (weak: forgotten when unused), so
        # two drains of one match never overlap, even with a third arriving as one ends.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._timer: asyncio.Task[None] | None = None
        self._timer_at: datetime | None = None
        # Stopping (``close``): each drain finishes the item in hand, and the interaction it answers, then leaves
        # the rest pending and unclaimed for the next start. The tasks draining now, to wait for or cut short:
        self.closing = False
        self._draining: dict[asyncio.Task[Any], int] = {}
        self._idle = asyncio.Event()
        self._idle.set()
        self.holder = holder
        self.tournaments = TournamentPosts(bot, store, clock, self._passed, retry_delay, self._wake_at)

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
        for tournament_id in await self.store.tournaments_with_due_posts(
                now + timedelta(days=365) if everything else now, self.shards):
            sent += await self.deliver_tournament(tournament_id)
        if (next_try := await self.store.next_outbox_attempt(self.shards)) is not None:
            self._wake_at(next_try)
        return sent

    def _wake_at(self, when: datetime) -> None:
        if self.closing:
            return  # the next start sweeps what waits
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
        self.sender.stale_boards.stop()
        self.permission_notices.stop()

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
        # Its threads' matches too: a thread takes its parent's permissions.
        for place in (after, *getattr(after, "threads", ())):
            record = await self.store.active_match_in(place.id)
            if record is not None and any(e.refused for e in await self.store.pending_outbox(record.id)):
                await self.deliver(record.id)

    def _nudged(self, match_id: int, guild_id: int | None) -> None:
        if self.closing or self.shards is None or not self.shards.holds(guild_id):
            return  # another process's server (it was nudged too), or stopping (the next start sweeps)
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

    async def deliver_tournament(self, tournament_id: int) -> int:
        """Send the tournament's waiting posts in order; how many were sent. Refusals are retried later."""
        try:
            return await self.tournaments.deliver(tournament_id)
        except Exception:  # a bug or the store failing: the posts stay pending, looked at again soon
            self._wake_at(self.clock() + timedelta(seconds=RETRY_MOST))
            raise

    async def answer(
        self, interaction: discord.Interaction, record: MatchRecord, entries: Sequence[OutboxEntry],
        receipt: str | None = None,
    ) -> int:
        """Deliver ``record``'s match, answering ``interaction`` first with ``entries`` (the action's own items);
        ``receipt``: what the clicked message becomes."""
        return await self.deliver(record.id, Reply(interaction, record, entries, receipt))

    def close(self) -> None:
        """Start nothing new: no timer, no nudge, and each drain stops after the item (and interaction) in hand."""
        self.closing = True
        self.stop()

    async def settle(self, seconds: float) -> int:
        """Wait up to ``seconds`` for the drains under way to finish, then cut short those left (what they had not
        sent stays pending, looked for first if its send was under way); how many were cut."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), seconds)
        left = [task for task in self._draining if task is not asyncio.current_task()]
        for task in left:
            task.cancel()
        return len(left)

    async def deliver(self, match_id: int, reply: Reply | None = None) -> int:
        """Send the match's pending items in order; how many were sent. Refusals by Discord are retried later."""
        task = asyncio.current_task()
        if task is not None:
            self._draining[task] = self._draining.get(task, 0) + 1
            self._idle.clear()
        try:
            with match_context(match_id, reply.record.guild_id if reply is not None else None):
                return await self._deliver(match_id, reply)
        finally:
            if task is not None:
                self._draining[task] -= 1
                if not self._draining[task]:
                    del self._draining[task]
                if not self._draining:
                    self._idle.set()

    async def _deliver(self, match_id: int, reply: Reply | None) -> int:
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
        waiting = [e for e in entries if e.item.route is not Route.GORYO]
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
            if self.closing and not (reply is not None and entry.seq == reply.record.version):
                break  # stopping: the rest waits, unclaimed, for the next start
            group: str = entry.item.route if entry.item.route in (Route.GORYO, Route.SAMURAI) else "channel"
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
                record, message_id = await self.sender.send(entry, record, reply, states)
            except SEND_FAILURES as error:  # a refusal, or maybe delivered: retried (looked for first if in doubt)
                lost += reply is not None and entry.seq == reply.record.version
                if (retry_at := await self._failed(entry, error)) is not None:  # None: given up, holds nothing back
                    held[group] = retry_at
                if group == "channel" and isinstance(error, discord.Forbidden):
                    refused = await self._refused(entry, record, reply)
                continue
            self._passed(f"sent {entry.item.kind}")
            log.debug("match %d: sent outbox item %d (%s)", match_id, entry.id, entry.item.kind)
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
        # Once per item, whatever restarts follow; and not again while the players heard it this hour.
        if (await self.store.outbox_refused(entry.id, now=self.clock())
                and self.permission_notices.may_tell_now(record.id, Standing.UNPLAYABLE)):
            self.permission_notices.told(record.id, Standing.UNPLAYABLE)
            told = reply.interaction.user.id if reply is not None and not reply.gone else None
            await failures.tell_players(self.bot, record, lacking, told=told)
        return lacking

    def _passed(self, point: str) -> None:
        if self.checkpoint is not None:
            self.checkpoint(point)

    async def _really_gone(self, entry: OutboxEntry) -> bool:
        """Discord said Unknown Channel: asked again, does the channel really not exist? A single such answer
        (a glitch, a cache of Discord's own) must not drop the turn's messages for good."""
        record = await self.store.get_match(entry.match_id)
        channel_id = entry.item.channel or (record.channel_id if record is not None else None)
        if channel_id is None:
            return True
        try:
            await self.bot.fetch_channel(channel_id)
        except discord.NotFound:
            return True
        except SEND_FAILURES as error:
            log.info("match %d: could not ask whether channel %d exists (%s): kept", entry.match_id, channel_id,
                     described(error))
        return False

    async def _failed(self, entry: OutboxEntry, error: BaseException) -> datetime | None:
        """Count a failed try; when it is tried again (None: never)."""
        attempts = entry.attempts + 1
        self.metrics.send_failed(error.status if isinstance(error, discord.HTTPException) else None)
        # Retried for as long as it takes (a permission may come back after days), unless the channel was deleted.
        give_up = (entry.item.route is not Route.GORYO and failures.channel_gone(error)
                   and await self._really_gone(entry))
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
