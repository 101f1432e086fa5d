"""Who may see a match's channel: the one rule behind replay, its list, stats and history.

A finished match is shown to a member only where Discord would show them its channel:

- they have View Channel there (for a thread: in its parent, as Discord decides it; a thread the bot opened for
  a match is public, so its parent alone decides, even once it is archived and out of the cache);
- for a private thread, they are also one of its members, or have Manage Threads (which the
  server's owner and administrators have): Discord's own rule, which ``Thread.permissions_for``
  leaves out;
- a channel the bot cannot find (deleted, or one it can no longer see) shows its matches to
  administrators only: they could see any channel it may have been, so nothing is revealed to them.

discord.py's cache is not enough to decide: an archived thread drops out of it, and without the
members intent it holds no thread members but the bot. So threads are fetched when not cached, and
private-thread membership is asked of Discord; both answers are remembered for a minute, so a replay
list asked for at each keystroke asks once (someone just removed from a thread may still find its
matches listed for that minute). Anything that cannot be decided, because Discord failed or the answer
took too long, counts as not visible.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

import discord

from ..records.memory import Memory

log = logging.getLogger(__name__)

Place = discord.abc.GuildChannel | discord.Thread
MEMORY = timedelta(seconds=60)  # how long a fetched channel, or a thread's member or not, is trusted
REMEMBERED = 5_000  # channels, and threads' members, remembered at most
LOOKUPS_AT_ONCE = 8  # Discord requests in flight for one answer


class Channels:
    """What the cache lacks, asked of Discord and remembered a while: channels (archived threads, deleted
    channels) and private-thread membership. One per bot, for every command.
    """

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._fetched: Memory[int, tuple[datetime, discord.abc.GuildChannel | discord.Thread | None]] = Memory(
            REMEMBERED)
        self._members: Memory[tuple[int, int], tuple[datetime, bool]] = Memory(REMEMBERED)
        self.lookups: set[asyncio.Task[bool]] = set()  # held here: a lookup may outlive the command that began it

    async def get(self, guild: discord.Guild, channel_id: int) -> discord.abc.GuildChannel | discord.Thread | None:
        """The channel, or None if Discord says it is gone or hidden from the bot."""
        held, channel = self.held(guild, channel_id)
        if held:
            return channel
        now = discord.utils.utcnow()
        try:
            fetched = await self.client.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            fetched = None
        if not isinstance(fetched, (discord.abc.GuildChannel, discord.Thread)) or fetched.guild.id != guild.id:
            fetched = None  # another server's channel (or a DM) is no channel of this one
        self._fetched.remember(channel_id, (now, fetched))
        return fetched

    def held(self, guild: discord.Guild, channel_id: int) -> tuple[bool, Place | None]:
        """What the bot already holds about a channel, asking Discord nothing: (known, the channel or None)."""
        if (channel := guild.get_channel_or_thread(channel_id)) is not None:
            return True, channel
        if (known := self._fetched.get(channel_id)) is not None and discord.utils.utcnow() - known[0] < MEMORY:
            return True, known[1]
        return False, None

    def member_held(self, thread_id: int, member_id: int) -> bool | None:
        known = self._members.get((thread_id, member_id))
        return known[1] if known is not None and discord.utils.utcnow() - known[0] < MEMORY else None

    async def in_thread(self, thread: discord.Thread, member_id: int) -> bool:
        now = discord.utils.utcnow()
        if (known := self._members.get((thread.id, member_id))) is not None and now - known[0] < MEMORY:
            return known[1]
        try:
            await thread.fetch_member(member_id)
            member = True
        except discord.NotFound:
            member = False
        self._members.remember((thread.id, member_id), (now, member))
        return member


class Sight:
    """What one member can see, for one command: each channel is decided once."""

    def __init__(self, channels: Channels, interaction: discord.Interaction,
                 match_threads: dict[int, int] | None = None) -> None:
        self.channels = channels
        self.interaction = interaction
        # The threads the bot opened for matches (always public), by their parent: seen as their parent is, so
        # an archived one (gone from the cache) is decided from the parent's overwrites without asking Discord.
        self.match_threads = match_threads or {}
        self._decided: dict[int, asyncio.Task[bool]] = {}
        self._lookups = asyncio.Semaphore(LOOKUPS_AT_ONCE)

    async def sees(self, channel_id: int) -> bool:
        return channel_id in await self.visible([channel_id])

    def known(self, channel_id: int) -> bool | None:
        """Whether the member sees the channel, from what the bot already holds; None if only Discord can tell."""
        interaction = self.interaction
        if channel_id == interaction.channel_id:
            return True
        member, guild = interaction.user, interaction.guild
        if guild is None or not isinstance(member, discord.Member):
            return False
        held, channel = self.channels.held(guild, channel_id)
        if not held and channel_id in self.match_threads:  # a public thread: its parent's View Channel decides
            held, channel = self.channels.held(guild, self.match_threads[channel_id])
        if not held:
            return None
        if channel is None or (isinstance(channel, discord.Thread) and channel.parent is None):
            return member.guild_permissions.administrator
        permissions = channel.permissions_for(member)
        if not permissions.view_channel:
            return False
        if not isinstance(channel, discord.Thread) or channel.type is not discord.ChannelType.private_thread:
            return True
        return permissions.manage_threads or self.channels.member_held(channel.id, member.id)

    def visible_now(self, channel_ids: Iterable[int]) -> set[int]:
        """The channels among ``channel_ids`` the member sees, from what the bot holds, without waiting: the rest are
        left out, and looked up behind (``Channels`` remembers the answers for the next ask)."""
        shown, unknown = set(), []
        for channel_id in set(channel_ids):
            decided = self.known(channel_id)
            if decided is None:
                unknown.append(channel_id)
            elif decided:
                shown.add(channel_id)
        for channel_id in unknown:
            if channel_id not in self._decided:
                task = self._decided[channel_id] = asyncio.ensure_future(self._sees(channel_id))
                self.channels.lookups.add(task)
                task.add_done_callback(self.channels.lookups.discard)
        return shown

    async def visible(self, channel_ids: Iterable[int], *, within: float | None = None) -> set[int]:
        """The channels among ``channel_ids`` the member can see; those undecided after ``within`` seconds are not.

        Lookups still running then carry on and fill the memory (``Channels``), for the next keystroke.
        """
        wanted = set(channel_ids)
        for channel_id in wanted:
            if channel_id not in self._decided:
                task = self._decided[channel_id] = asyncio.ensure_future(self._sees(channel_id))
                self.channels.lookups.add(task)
                task.add_done_callback(self.channels.lookups.discard)
        tasks = {self._decided[c] for c in wanted}
        if tasks:
            await asyncio.wait(tasks, timeout=within)
        return {c for c in wanted if _seen(self._decided[c])}

    async def _sees(self, channel_id: int) -> bool:
        interaction = self.interaction
        if channel_id == interaction.channel_id:
            return True  # where they are asking
        member, guild = interaction.user, interaction.guild
        if guild is None or not isinstance(member, discord.Member):
            return False
        try:
            async with self._lookups:
                return await self._member_sees(guild, member, channel_id)
        except (discord.HTTPException, OSError, TimeoutError) as error:
            log.info("could not tell whether member %d sees channel %d (%s): hidden", member.id, channel_id, error)
            return False

    async def _member_sees(self, guild: discord.Guild, member: discord.Member, channel_id: int) -> bool:
        channel = await self.channels.get(guild, channel_id)
        if channel is None:
            return member.guild_permissions.administrator
        if isinstance(channel, discord.Thread) and channel.parent is None:
            return member.guild_permissions.administrator  # a thread whose channel is gone
        permissions = channel.permissions_for(member)
        if not permissions.view_channel:
            return False
        if not isinstance(channel, discord.Thread) or channel.type is not discord.ChannelType.private_thread:
            return True
        return permissions.manage_threads or await self.channels.in_thread(channel, member.id)


def _seen(lookup: asyncio.Task[bool]) -> bool:
    """A lookup that answered yes; one still running or failed is a no."""
    return lookup.done() and not lookup.cancelled() and lookup.exception() is None and lookup.result()
