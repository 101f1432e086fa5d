"""The league's commands: ``/goryo stats``, ``leaderboard``, ``history`` and ``replay`` (with its autocomplete).

Everything they show is about finished matches, which are public, so the answers are posted in the
channel (mentions inside embeds name people without pinging them). Records are per server, read from
the summaries and ratings stored when each match finished (``standings``); the computing and the words
are ``bot.records.league``'s. A match itself (its replay, its line in a list) is shown only to a member who can
see the channel it was played in (``bot.play.visibility``); numbers summed over many matches (records,
ratings, the leaderboard) count every match, as the ratings do. A replay is drawn in a drawing process
after Discord is told to wait. Posted in the channel, the answers speak the server's language; refusals
speak the asker's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from enum import StrEnum

import discord
from discord import app_commands

import rules
from locales import N_, Nn_, _, speaking, spoken
from render.replay import Replay
from words import describe_replay

from ..delivery import boards
from ..delivery.send import QUIET, follow_up
from ..play.cooldown import Cooldown
from ..play.tournaments import tournament_results
from ..play.visibility import Channels, Sight
from ..records import league
from ..records.hints import record_notes
from ..records.league.seasons import Season, season_ratings, window
from ..records.league.stats import HISTORY_SIZE
from ..records.match_file import RecordNames, record_filename, record_text
from ..records.matches import MatchRecord
from ..settings import Settings
from ..storage import DAMAGED, Store
from ..text import league as words
from ..text.languages import in_channel
from ..text.refusal import Refusal
from .reviews import Reviews

log = logging.getLogger(__name__)

EMBED_COLOUR = discord.Colour(0x8E5A9B)
CHOICE_CANDIDATES = 200  # newest finished matches considered for the replay list
LOOKUP_SECONDS = 1.5  # for telling which channels the member sees, within Discord's 3-second deadline
REPLAY_CACHE = 8  # finished matches never change, so a replay asked for again is not drawn again
NAME_FETCH_SECONDS = 1.0
KNOWN_NAMES = 5_000


class ReplayKind(StrEnum):
    """What ``/goryo replay as:`` makes of a match: its values are the command's choices."""

    ANIMATION = "animation"
    REVIEW = "review"
    RECORD = "record"


IN_PROGRESS = {
    ReplayKind.ANIMATION: N_("Match {number} is still being played; its replay will be ready once it ends."),
    ReplayKind.REVIEW: N_("Match {number} is still being played; its review will be ready once it ends."),
    ReplayKind.RECORD: N_("Match {number} is still being played; its record will be ready once it ends."),
}


def _guild_only(interaction: discord.Interaction, refusal: str) -> int:
    """The server's id; ``refusal`` (a marked sentence) if the command was used outside one."""
    if interaction.guild_id is None:
        raise Refusal(refusal)
    return interaction.guild_id


class Records:
    def __init__(self, bot: discord.Client, store: Store, settings: Settings, drawing: boards.Drawing,
                 reviews: Reviews) -> None:
        self.bot = bot
        self.store = store
        self.drawing = drawing
        self.reviews = reviews
        self.replay_cooldown = Cooldown(settings.board_cooldown)  # a replay is the heaviest picture of all
        self._replays: OrderedDict[tuple[int, int, str], Replay] = OrderedDict()
        self._known_names: dict[int, str] = {}
        self.channels = Channels(bot)
        self._behind: set[asyncio.Future[dict[int, str]]] = set()  # name lookups outliving their keystroke

    def _sight(self, interaction: discord.Interaction) -> Sight:
        return Sight(self.channels, interaction)

    def _names_held(self, guild: discord.Guild | None, user_ids: set[int]) -> tuple[dict[int, str], set[int]]:
        """The names the bot already holds (its cache, or names fetched before), and the ids it holds none for."""
        names, missing = {}, set()
        for user_id in user_ids:
            if self.bot.user is not None and user_id == self.bot.user.id:
                names[user_id] = "the bot"
            elif (known := (guild.get_member(user_id) if guild else None) or self.bot.get_user(user_id)) is not None:
                names[user_id] = known.display_name
            elif user_id in self._known_names:
                names[user_id] = self._known_names[user_id]
            else:
                missing.add(user_id)
        return names, missing

    async def _names(self, interaction: discord.Interaction, user_ids: set[int]) -> dict[int, str]:
        """Display names for choice lists, which can't hold mentions.

        Without the members intent few members are cached, so the missing ones are fetched (at once,
        within a second, so the list still beats Discord's 3-second deadline) and remembered.
        """
        guild = interaction.guild
        names, missing = self._names_held(guild, user_ids)
        if missing and guild is not None:
            try:
                async with asyncio.timeout(NAME_FETCH_SECONDS):
                    fetches = (guild.fetch_member(uid) for uid in missing)
                    fetched = await asyncio.gather(*fetches, return_exceptions=True)
            except TimeoutError:
                fetched = []
            for member in fetched:
                if isinstance(member, discord.Member):
                    names[member.id] = self._known_names[member.id] = member.display_name
            if len(self._known_names) > KNOWN_NAMES:
                self._known_names.clear()  # rarely reached; names are cheap to fetch again
        return {uid: names.get(uid, words.unknown_member(uid)) for uid in user_ids}

    def _names_now(self, interaction: discord.Interaction, user_ids: set[int]) -> dict[int, str]:
        """``_names`` from what the bot holds; the missing ones fetched behind, for the next keystroke."""
        names, missing = self._names_held(interaction.guild, user_ids)
        if missing:
            task = asyncio.ensure_future(self._names(interaction, missing))
            self._behind.add(task)
            task.add_done_callback(self._behind.discard)
        return {uid: names.get(uid, words.unknown_member(uid)) for uid in user_ids}

    # --- stats, leaderboard, history ------------------------------------------------------

    async def stats(self, interaction: discord.Interaction, member: discord.abc.User | None) -> None:
        guild_id = _guild_only(interaction, N_("Stats are kept per server: use this command in a server channel."))
        who = member or interaction.user
        summaries = await self.store.member_summaries(guild_id, who.id)
        ratings = await self.store.ratings(guild_id)
        stats = league.member_stats(summaries, ratings, guild_id=guild_id, user_id=who.id)
        # The records count every match; the matches listed are those whose channel the asker can see.
        sight, places = self._sight(interaction), {s.channel_id for s in summaries}
        shown = sight.visible_now(places)
        if any(sight.known(c) is None for c in places):
            # Only Discord can tell for some (archived threads): answer it first, within its 3 seconds, then ask.
            await interaction.response.defer(thinking=True)
            shown = await sight.visible(places, within=LOOKUP_SECONDS)
        listed = league.member_stats([s for s in summaries if s.channel_id in shown], ratings,
                                     guild_id=guild_id, user_id=who.id).recent
        stats = dataclasses.replace(stats, recent=listed)
        with speaking(in_channel(interaction)):
            embed = discord.Embed(title=words.stats_title(who.display_name), colour=EMBED_COLOUR)
            for title, text in words.stats_fields(stats):
                embed.add_field(name=title, value=text, inline=False)
            cups = await tournament_results(self.store, guild_id, who.id)
            if cups:
                embed.add_field(name=words.tournaments_title(), value="\n".join(cups)[:1024], inline=False)
        if interaction.response.is_done():
            await follow_up(interaction, embed=embed, allowed_mentions=QUIET)
        else:
            await interaction.response.send_message(embed=embed, allowed_mentions=QUIET)

    async def leaderboard(self, interaction: discord.Interaction, role: str | None,
                          season: Season = Season.ALL_TIME) -> None:
        guild_id = _guild_only(
            interaction, N_("Leaderboards are kept per server: use this command in a server channel.")
        )
        now = discord.utils.utcnow()
        if season is Season.ALL_TIME:
            ratings = await self.store.ratings(guild_id)
        else:  # a month's: folded from its matches alone
            ratings = season_ratings(await self.store.guild_summaries(guild_id), season, now)
        sides = [rules.Side(role)] if role is not None else list(rules.Side)  # a value of SIDES
        with speaking(in_channel(interaction)):
            embeds = [
                discord.Embed(
                    description=words.leaderboard_text(league.leaderboard(ratings, guild_id=guild_id, role=side), side,
                                                       season=window(season, now)),
                    colour=EMBED_COLOUR,
                )
                for side in sides
            ]
        await interaction.response.send_message(embeds=embeds, allowed_mentions=QUIET)

    async def history(self, interaction: discord.Interaction) -> None:
        _guild_only(interaction, N_("Match histories are kept per server: use this command in a server channel."))
        assert interaction.channel_id is not None
        recent = await self.store.channel_summaries(interaction.channel_id, limit=HISTORY_SIZE)
        shown = await self._sight(interaction).visible({s.channel_id for s in recent})  # this channel: seen
        recent = [s for s in recent if s.channel_id in shown]
        with speaking(in_channel(interaction)):
            embed = discord.Embed(
                title=words.history_title(), description="\n".join(words.history_lines(recent)), colour=EMBED_COLOUR
            )
            if recent:
                embed.set_footer(text=words.history_footer())
        await interaction.response.send_message(embed=embed, allowed_mentions=QUIET)

    # --- replay -----------------------------------------------------------------------------

    async def replay(self, interaction: discord.Interaction, match_id: int, clock: Callable[[], datetime],
                     kind: ReplayKind = ReplayKind.ANIMATION) -> None:
        guild_id = _guild_only(interaction, N_("Replays are kept per server: use this command in a server channel."))
        record = await self.store.get_match(match_id)
        sight = self._sight(interaction)
        seen = sight.known(record.channel_id) if record is not None and record.guild_id == guild_id else False
        if seen is None:
            # Only Discord can tell (an archived thread, say): answer first, never risking its 3-second deadline.
            # A refusal after this takes the public "thinking…" away and is said privately (send_refusal).
            await interaction.response.defer(thinking=True)
            assert record is not None
            seen = await sight.sees(record.channel_id)
        if record is None or not seen:
            raise Refusal(
                N_("There is no match {number} in this server that you can see. Pick one from the `match` list, "
                   "or see a channel's recent matches with `/goryo history`."),
                number=match_id,
            )
        if record.is_active:
            raise Refusal(IN_PROGRESS[kind], number=match_id)
        if record.status == DAMAGED:
            raise Refusal(
                N_("Match {number} was stopped because its record was damaged, so it can't be replayed."),
                number=match_id,
            )
        if kind is ReplayKind.REVIEW:
            await self.reviews.show(interaction, record)  # private, in the asker's language
            return
        if kind is ReplayKind.RECORD:
            if not interaction.response.is_done():
                await interaction.response.defer(thinking=True)  # names may be fetched: never risk the 3 seconds
            with speaking(in_channel(interaction)):  # posted in the channel
                await self._post_record(interaction, record)
            return
        wait = self.replay_cooldown.wait(interaction.user.id, clock())
        if wait is not None:
            raise Refusal(
                Nn_("You asked for a replay a moment ago: you can ask again in {count} second.",
                    "You asked for a replay a moment ago: you can ask again in {count} seconds."),
                count=max(1, round(wait)),
            )
        # Building takes a few seconds: tell Discord first, never risking its 3-second deadline.
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        with speaking(in_channel(interaction)):  # posted in the channel
            await self._post_replay(interaction, record)

    async def _post_replay(self, interaction: discord.Interaction, record: MatchRecord) -> None:
        match_id = record.id
        summary = await self.store.summary(match_id)
        try:
            replay = await self._replay(match_id, interaction.filesize_limit)
        except boards.ReplayRefused as refused:
            await follow_up(
                interaction, _("No replay of match {number}: {reason}").format(number=match_id, reason=refused),
                allowed_mentions=QUIET)
            return
        caption = words.replay_caption(summary, match_id, reduced=replay.reduced)
        gif = discord.File(
            io.BytesIO(replay.gif),
            filename=f"goryo-match-{match_id}.gif",
            # Its alt text, in the channel's language like the frames: what it shows and how the match ended.
            description=describe_replay(match_id, rules.public_view(record.state),
                                        key_frames_only=replay.key_frames_only),
        )
        await follow_up(interaction, caption, file=gif, allowed_mentions=QUIET)

    async def _post_record(self, interaction: discord.Interaction, match: MatchRecord) -> None:
        """The match's record as a text file: cheap to make, so no cooldown and no waiting."""
        names = await self._names(interaction, {match.goryo_id, match.samurai_id})
        if self.bot.user is not None:
            names[self.bot.user.id] = self.bot.user.name
        channel = self.bot.get_channel(match.channel_id)
        text = record_text(
            match, await self.store.initial_state(match.id), await self.store.actions(match.id),
            RecordNames(server=interaction.guild.name if interaction.guild else "",
                        channel=getattr(channel, "name", None) or str(match.channel_id),
                        goryo=names[match.goryo_id], samurai=names[match.samurai_id]),
            record_notes(await self.store.hints(match.id)),  # the hints asked for, each where it was asked
        )
        file = discord.File(io.BytesIO(text.encode("utf-8")), filename=record_filename(match.id),
                            description=words.record_description(match.id))
        await follow_up(interaction, words.record_caption(match.id), file=file, allowed_mentions=QUIET)

    async def _replay(self, match_id: int, max_bytes: int) -> Replay:
        language = spoken()
        key = (match_id, max_bytes, language)
        if (cached := self._replays.get(key)) is not None:
            self._replays.move_to_end(key)
            return cached
        initial = await self.store.initial_state(match_id)
        actions = [logged.action for logged in await self.store.actions(match_id)]
        replay = await self.drawing.replay(initial, actions, max_bytes=max_bytes, language=language)
        log.info("match %d: replay of %d frames, %d bytes", match_id, replay.frames, replay.size)
        self._replays[key] = replay
        while len(self._replays) > REPLAY_CACHE:
            self._replays.popitem(last=False)
        return replay

    async def replay_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Finished matches of this server the member can see, newest first (Discord shows 25 at most).

        Answered from what the bot holds, never waiting on Discord (its 3-second deadline): a channel not yet
        known, or a name not yet known, is looked up behind, for the next keystroke."""
        if interaction.guild_id is None:
            return []
        recent = await self.store.guild_summaries(interaction.guild_id, limit=CHOICE_CANDIDATES)
        sight = self._sight(interaction)
        # A match's thread the cache no longer holds (archived): the store knows its parent, which the cache holds.
        asked: set[int] = set()
        for summary in recent:
            if summary.channel_id not in asked and sight.known(summary.channel_id) is None:
                asked.add(summary.channel_id)
                thread = await self.store.match_thread(summary.id)
                if thread is not None:
                    sight.match_threads[thread.thread_id] = thread.parent_id
        shown = sight.visible_now({s.channel_id for s in recent})
        visible = [s for s in recent if s.channel_id in shown]
        # Every player's name, so typing a name finds their matches (a server's players are few; they're remembered).
        names = self._names_now(interaction, {uid for s in visible for uid in (s.goryo_id, s.samurai_id)})
        return [
            app_commands.Choice(name=name, value=match_id)
            for name, match_id in words.replay_choices(
                visible, current, lambda uid: names.get(uid, words.unknown_member(uid)))
        ]

