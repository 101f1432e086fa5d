"""A tournament's posts (route ``tournament``) sent as the outbox sends a match's items: in order, each marked done
as Discord takes it, its try noted first, so one a crash or a failure left in doubt is looked for in the channel
before it goes again (then it goes with its nonce, which Discord drops if the first got through after all).
A post Discord refuses is tried again with the outbox's backoff, holding back the tournament's later posts;
only a deleted channel gives it up. The standings picture is drawn here from the words stored with the post.

One process delivers a tournament's posts: the one holding its server's shard (all, with one process).
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Callable
from datetime import datetime, timedelta

import discord

from render.standings import standings_table

from ..records.outbox import TournamentPost
from ..storage import Store
from .failures import SEND_FAILURES, channel_gone, described
from .indoubt import CLOCK_MARGIN, HISTORY_LIMIT, says
from .send import QUIET, pinging

log = logging.getLogger(__name__)


class TournamentPosts:
    def __init__(
        self, bot: discord.Client, store: Store, clock: Callable[[], datetime], passed: Callable[[str], None],
        retry_delay: Callable[[int], float], wake_at: Callable[[datetime], None],
    ) -> None:
        self.bot = bot
        self.store = store
        self.clock = clock
        self._passed = passed  # the deliverer's checkpoint, where tests inject crashes
        self._retry_delay = retry_delay
        self._wake_at = wake_at  # the deliverer's timer: the next try of a refused post
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    async def deliver(self, tournament_id: int) -> int:
        """Send the tournament's waiting posts in order; how many went. A refused one waits for its next try, and
        holds back those after it (their order kept)."""
        sent = 0
        async with self._lock(tournament_id):
            tournament = await self.store.get_tournament(tournament_id)
            if tournament is None:
                return 0
            channel = self.bot.get_partial_messageable(tournament.channel_id, guild_id=tournament.guild_id)
            posts = await self.store.pending_tournament_posts(tournament_id)
            for number, post in enumerate(posts):
                held_until: datetime | None = post.next_attempt_at if post.next_attempt_at > self.clock() else None
                if held_until is None:
                    try:
                        message_id = await self._send(channel, post)
                    except SEND_FAILURES as error:
                        held_until = await self._failed(post, error)
                        if held_until is None:
                            continue  # given up: it holds nothing back
                    else:
                        self._passed(f"sent {post.item.kind}")
                        await self.store.outbox_delivered(post.id, message_id=message_id, now=self.clock())
                        sent += 1
                        self._passed(f"delivered {post.item.kind}")
                        continue
                await self.store.outbox_wait([(later.id, held_until) for later in posts[number + 1:]])
                break
        return sent

    async def _send(self, channel: discord.PartialMessageable, post: TournamentPost) -> int:
        if post.attempted_at is not None and (found := await self._landed(channel, post)) is not None:
            log.info("tournament %d: post %d (%s) had got through before; not sent again",
                     post.tournament_id, post.id, post.item.kind)
            return found
        await self.store.outbox_attempt(post.id, now=self.clock())
        self._passed(f"sending {post.item.kind}")
        item = post.item
        mentions = pinging(*item.pings) if item.pings else QUIET
        if item.table is None:
            message = await channel.send(item.text, nonce=post.nonce, allowed_mentions=mentions)
        else:
            table = item.table
            png = await asyncio.to_thread(standings_table, table.title, list(table.headers),
                                          [list(row) for row in table.rows])
            picture = discord.File(io.BytesIO(png), filename="standings.png", description=table.alt)
            message = await channel.send(item.text, file=picture, nonce=post.nonce, allowed_mentions=mentions)
        return message.id

    async def _landed(self, channel: discord.PartialMessageable, post: TournamentPost) -> int | None:
        """The post in the channel already (a try that reached Discord before a crash or a failed answer): the
        bot's message since the try, with its words, that no other post of the tournament owns."""
        assert post.attempted_at is not None
        after = discord.utils.time_snowflake(post.attempted_at - CLOCK_MARGIN)
        owned = {p.message_id for p in await self.store.tournament_posts(post.tournament_id) if p.message_id}
        me = self.bot.user.id if self.bot.user is not None else None
        try:
            async for message in channel.history(after=discord.Object(after), limit=HISTORY_LIMIT):
                if message.author.id == me and message.id not in owned and says(message, {post.item.text.strip()}):
                    return message.id
        except (discord.Forbidden, discord.NotFound) as error:  # can't read there: the nonce is all that guards it
            log.warning("tournament %d: could not look for post %d (%s %s)", post.tournament_id, post.id,
                        error.status, error.code)
        return None

    async def _failed(self, post: TournamentPost, error: BaseException) -> datetime | None:
        """Count a failed try; when it is tried again (None: never)."""
        give_up = channel_gone(error)  # the tournament's channel was deleted: nobody is left to read it
        retry_at = None if give_up else self.clock() + timedelta(seconds=self._retry_delay(post.attempts))
        await self.store.outbox_failed(post.id, retry_at=retry_at)
        if retry_at is not None:
            self._wake_at(retry_at)
        log.warning("tournament %d: post %d did not go (%s, try %d: %s)%s", post.tournament_id, post.id,
                    post.item.kind, post.attempts + 1, described(error),
                    "; the channel is gone, giving up" if give_up else "")
        return retry_at
