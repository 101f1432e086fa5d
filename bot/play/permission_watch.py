"""A running match's channel whose permissions change: its players are told what the bot now lacks there.

By DM when Discord says the channel changed (its threads too: they take their parent's permissions), once per
change of where the match stands and at most once an hour per match (``permission_notices``), and
privately at each player's next command in the match's channel, once for each change. What the bot lacks is
read from its cache, and at a command from the permissions Discord sends with it: no request is made to know.
A permission taken through a role is seen at the next command there (Discord announces roles, not channels).
"""

from __future__ import annotations

import logging

import discord

from locales import speaking

from ..delivery import permissions
from ..delivery.permission_notices import PermissionNotices, Standing, standing_of
from ..delivery.send import QUIET, follow_up_privately
from ..records.memory import Memory
from ..storage import MatchRecord, Store
from ..text import permissions as words
from ..text.languages import of_guild

log = logging.getLogger(__name__)

REMEMBERED = 10_000  # matches, and (match, player) pairs, remembered at most


class PermissionWatch:
    def __init__(self, bot: discord.Client, store: Store, notices: PermissionNotices) -> None:
        self.bot = bot
        self.store = store
        self.notices = notices  # what each match's players last heard, shared with the deliverer
        # match id -> where it stands as the channel's latest change showed it (the match, what is lacking, in order)
        self._latest: Memory[int, tuple[MatchRecord, list[str], Standing]] = Memory(REMEMBERED)
        # (match id, player) -> what was lacking when that player was last told at a command
        self._told_at_command: Memory[tuple[int, int], frozenset[str]] = Memory(REMEMBERED)

    def listen(self) -> None:
        add_listener = getattr(self.bot, "add_listener", None)  # a commands.Bot's; a bare Client has none
        if add_listener is not None:
            add_listener(self.channel_changed, "on_guild_channel_update")
            add_listener(self.command_done, "on_app_command_completion")

    async def channel_changed(self, _before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        places: list[discord.abc.GuildChannel | discord.Thread] = [after]
        places += list(getattr(after, "threads", []))  # a thread's permissions are its parent's
        for place in places:
            record = await self.store.active_match_in(place.id)
            if record is None or place.guild.me is None:
                continue
            needed, playable = permissions.needed_for(thread=isinstance(place, discord.Thread))
            missing = permissions.lacking(permissions.of_channel(place), needed)
            self._latest.remember(record.id, (record, missing, standing_of(missing, playable)))
            await self._tell(record.id)

    async def _tell(self, match_id: int) -> None:
        """Tell the match's players where it stands now, if it matters and their quiet hour allows, else later."""
        latest = self._latest.get(match_id)
        if latest is None:
            return
        record, missing, standing = latest
        due = self.notices.due(match_id, standing)
        if due is None:
            return
        if due > self.notices.clock():
            self.notices.later(match_id, due, lambda: self._tell_if_playing(match_id))
            return
        self.notices.told(match_id, standing)
        await self._tell_by_dm(record, missing, standing)

    async def _tell_if_playing(self, match_id: int) -> None:
        """At the end of the quiet hour: told only if the match is still being played."""
        record = await self.store.get_match(match_id)
        if record is not None and record.is_active:
            await self._tell(match_id)

    async def _tell_by_dm(self, record: MatchRecord, missing: list[str], standing: Standing) -> None:
        readers = [(record.goryo_id, record.goryo_language),
                   (record.samurai_id, of_guild(self.bot, record.guild_id, record.server_language))]
        me = self.bot.user.id if self.bot.user is not None else None
        for user_id, language in readers:
            if user_id == me:
                continue
            with speaking(language):
                if standing is Standing.FINE:
                    text = words.given_back_under_match(record.channel_id)
                else:
                    text = words.changed_under_match(record.channel_id, missing,
                                                     playable=standing is Standing.DEGRADED)
            try:
                dm = await self.bot.create_dm(discord.Object(user_id))
                await dm.send(text, allowed_mentions=QUIET)
            except discord.HTTPException as error:
                log.info("match %d: could not tell player %d what I lack (%s)", record.id, user_id, error.status)

    async def command_done(self, interaction: discord.Interaction, _command: object) -> None:
        """After a player's command in a running match's channel: what the bot lacks there, if it changed."""
        if interaction.guild_id is None or interaction.channel_id is None or not interaction.response.is_done():
            return
        record = await self.store.active_match_in(interaction.channel_id)
        if record is None or record.player_side(interaction.user.id) is None:
            return
        needed, playable = permissions.needed_for(thread=isinstance(interaction.channel, discord.Thread))
        missing = frozenset(permissions.lacking(interaction.app_permissions, needed))
        key = (record.id, interaction.user.id)
        told = self._told_at_command.get(key)
        if missing == (told or frozenset()):
            return
        self._told_at_command.remember(key, missing)
        # A first command there: what was lacking from the start was said at the challenge, unless it stops play.
        if missing and (told is not None or not missing.isdisjoint(playable) or record.id in self._latest):
            text = words.changed_under_match(record.channel_id, sorted(missing, key=needed.index),
                                             playable=missing.isdisjoint(playable))
            try:
                await follow_up_privately(interaction, text)
            except discord.HTTPException as error:
                log.info("match %d: could not tell %d what I lack (%s)", record.id, interaction.user.id, error.status)
