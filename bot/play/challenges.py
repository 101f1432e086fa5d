"""Challenges: posting one, answering it (accept, decline, withdraw) and letting it lapse.

Expiry is derived from the stored ``created_at``: a background sweep closes
lapsed challenges, and a click on one that lapsed meanwhile is treated the same.
A challenge Discord would not show is removed at once (and one a crash left
unshown, at start-up): nobody could see it, answer it or withdraw it.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

import discord

import rules
from ai.levels import LEVELS, Level
from locales import speaking

from ..delivery import permissions
from ..delivery.deliverer import Deliverer
from ..delivery.failures import SEND_FAILURES, described
from ..delivery.send import QUIET, follow_up_privately, pinging
from ..records.hints import hints_allowed
from ..records.matches import Role
from ..records.outbox import Buttons, OutboxItem, Picture, Route
from ..settings import Settings
from ..storage import ChallengeRecord, ChannelBusyError, Store
from ..text import challenges as challenge_words
from ..text import languages
from ..text import permissions as permission_words
from ..text.challenges import (
    challenge_accepted,
    challenge_declined,
    challenge_expired,
    challenge_text,
    challenge_withdrawn,
    rematch_text,
)
from ..text.goryo_dms import goryo_setup
from ..text.lessons import learn_first
from ..text.refusal import Refusal
from ..ui.buttons import ChallengeAnswer, challenge_view
from . import threads
from .aiplay import AiPlayer
from .roles import challenger_is_goryo

log = logging.getLogger(__name__)


Where = Literal["channel", "thread", "in-thread"]


@dataclass(frozen=True)
class Player:
    """A player known by id alone (not in the cache): a person, as a finished match's players are."""

    id: int
    bot: bool = False


def check_permissions(interaction: discord.Interaction, where: Where) -> None:
    """A Refusal, before anything is stored, if the bot lacks a permission a match cannot be played without where
    this one will be (Discord says the bot's permissions in the interaction's channel: no request needed)."""
    _, playable = permissions.needed_for(thread=where == "in-thread", opening=where == "thread")
    missing = permissions.lacking(interaction.app_permissions, playable)
    if missing:
        raise Refusal(permission_words.cannot_play_here(missing))


async def note_permissions(interaction: discord.Interaction, where: Where) -> None:
    """After the challenge's answer: privately, what the bot lacks where the match will be played that it can do
    without, and what that costs."""
    needed, _playable = permissions.needed_for(thread=where == "in-thread", opening=where == "thread")
    missing = permissions.lacking(interaction.app_permissions, needed)
    if missing and interaction.response.is_done():
        try:
            await follow_up_privately(interaction, permission_words.missing_here(missing))
        except discord.HTTPException as error:
            log.info("could not tell %d what I lack here (%s)", interaction.user.id, error.status)


class Challenges:
    def __init__(self, bot: discord.Client, store: Store, settings: Settings, deliverer: Deliverer,
                 ai: AiPlayer) -> None:
        """``deliverer`` sends a new match's first messages; ``ai`` plays the matches challenged against the bot."""
        self.bot = bot
        self.store = store
        self.settings = settings
        self.deliverer = deliverer
        self.ai = ai

    @property
    def timeout(self) -> timedelta:
        return timedelta(seconds=self.settings.challenge_timeout)

    def lapsed(self, challenge: ChallengeRecord) -> bool:
        return discord.utils.utcnow() >= challenge.created_at + self.timeout

    async def where_played(self, interaction: discord.Interaction, guild_id: int | None) -> Where:
        """Where a match challenged here will be played: this channel, or a thread opened from it."""
        if guild_id is None or isinstance(interaction.channel, discord.Thread):
            return "channel" if not isinstance(interaction.channel, discord.Thread) else "in-thread"
        return "thread" if (await self.store.server_settings(guild_id)).threads else "channel"

    # --- posting ------------------------------------------------------------------

    async def check_level_cap(self, guild_id: int, level: Level) -> None:
        """A Refusal naming the server's cap if ``level`` is above it (``/goryo settings max_level:``)."""
        cap = (await self.store.server_settings(guild_id)).max_level
        if cap is not None and LEVELS.index(level) > LEVELS.index(cap):
            raise challenge_words.above_the_level_cap(cap)

    async def post(
        self, interaction: discord.Interaction, opponent: discord.abc.User | Player, role: Role, advanced: bool,
        level: Level = Level.NORMAL,
        assist: bool = False, *, rematch_of: int | None = None,
    ) -> None:
        """``level``: how well the bot plays, when ``opponent`` is the bot itself (no Accept then: it starts at once).

        ``assist``: the match shows everyone the deduction aid, against a person or the bot alike.
        ``rematch_of``: the finished match this challenge offers to play again (it only changes the words).
        """
        if interaction.guild_id is None or interaction.channel_id is None:
            raise challenge_words.challenge_in_a_server()
        where = await self.where_played(interaction, interaction.guild_id)
        check_permissions(interaction, where)
        if opponent.id == interaction.user.id:
            raise challenge_words.not_yourself()
        if assist and not (await self.store.server_settings(interaction.guild_id)).assist:
            raise challenge_words.no_aid_here()
        against_me = self.ai.is_me(opponent.id)
        if against_me:
            await self.check_level_cap(interaction.guild_id, level)
        if opponent.bot and not against_me:
            raise challenge_words.no_other_bots()
        waiting = await self.store.pending_challenge_in(interaction.channel_id)
        if waiting is not None:
            await self.close_if_lapsed(waiting)  # a lapsed one the periodic sweep has not reached yet
        if against_me:
            await self.ai.start_match(interaction, role, advanced, level, assist)
            await self.point_to_the_lesson(interaction)
            return
        try:
            challenge = await self.store.create_challenge(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                challenger_id=interaction.user.id,
                opponent_id=opponent.id,
                challenger_role=role,
                advanced=advanced,
                now=discord.utils.utcnow(),
                assist=assist,
                server_language=languages.in_channel(interaction),
                challenger_language=languages.of_user(interaction),
            )
        except ChannelBusyError as busy:
            raise challenge_words.channel_busy(busy.kind, against_me=False) from None
        expires = int((challenge.created_at + self.timeout).timestamp())
        with speaking(challenge.server_language):  # the challenge and its buttons are for the whole channel
            if rematch_of is None:
                text = challenge_text(
                    challenge.challenger_id, challenge.opponent_id, role, advanced, expires, assist
                )
            else:
                text = rematch_text(
                    rematch_of, challenge.challenger_id, challenge.opponent_id, role, advanced, expires, assist
                )
            view = challenge_view(challenge.id)
        try:
            response = await interaction.response.send_message(
                text, view=view, allowed_mentions=pinging(challenge.opponent_id)
            )
        except discord.HTTPException as error:
            # Unseen, it must not hold the channel. The interaction is spent: nothing more to say.
            await self.store.delete_challenge(challenge.id)
            log.warning("challenge %d removed: Discord did not show it (%s %s)", challenge.id, error.status, error.code)
            return
        except BaseException:
            await self.store.delete_challenge(challenge.id)
            raise
        if response.message_id is not None:
            await self.store.set_challenge_message(challenge.id, response.message_id)
        await note_permissions(interaction, where)
        await self.point_to_the_lesson(interaction)

    async def point_to_the_lesson(self, interaction: discord.Interaction) -> None:
        """A player who has never finished a match here nor begun a lesson hears of ``/goryo learn`` first
        (privately, after the challenge's own answer)."""
        user_id = interaction.user.id
        if await self.store.lesson(user_id) is not None or await self.store.finished_a_match(user_id):
            return
        with speaking(languages.of_user(interaction)):
            await follow_up_privately(interaction, learn_first())

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """Either player of a finished match offers the other a new one here: roles swapped, same options.

        It is an ordinary challenge (so it lapses, can be declined or withdrawn, and survives a restart),
        posted by whoever pressed Rematch.
        """
        record = await self.store.get_match(match_id)
        if record is None:
            raise challenge_words.rematch_gone()
        side = record.player_side(interaction.user.id)
        if side is None:
            raise challenge_words.rematch_for_its_players(record.goryo_id, record.samurai_id)
        if record.is_active:
            raise challenge_words.still_being_played()
        latest = next(iter(await self.store.finished_matches(record.channel_id, 1)), None)
        if latest is not None and latest.id != record.id:
            await _rematch_used(interaction)
            raise challenge_words.rematch_outdated(latest.id)
        opponent_id = record.player_of(side.other)
        # No request before the click is answered: a finished match's players were checked at its challenge (a
        # member, or the bot), so an uncached one needs only its id.
        opponent = self.bot.get_user(opponent_id) or Player(opponent_id)
        role = Role.SAMURAI if side is rules.Side.GORYO else Role.GORYO  # the presser takes the other side this time
        level = record.ai_level or Level.NORMAL
        if self.ai.is_me(opponent.id):
            # Against the bot the match starts at once, answering this click. Said as a new message (a
            # deferral that "thinks"), so the end message above keeps its result; refused before, if it must be.
            if await self.store.active_match_in(record.channel_id) is not None:
                raise challenge_words.channel_busy("match", against_me=True)
            if await self.store.pending_challenge_in(record.channel_id) is not None:
                raise challenge_words.channel_busy("challenge", against_me=True)
            if record.guild_id is not None:
                await self.check_level_cap(record.guild_id, level)  # privately, before the public deferral
            await interaction.response.defer(thinking=True)
        await self.post(interaction, opponent, role, record.state.advanced, level, record.assist, rematch_of=record.id)
        # Its challenge stands, or its match against the bot began (perhaps in a thread of its own): the button
        # has done its work. (A challenge Discord would not show was taken back: the button stays then.)
        if self.ai.is_me(opponent.id) or await self.store.pending_challenge_in(record.channel_id) is not None:
            await _rematch_used(interaction)

    # --- answering ----------------------------------------------------------------

    async def answer(self, interaction: discord.Interaction, challenge_id: int, choice: ChallengeAnswer) -> None:
        challenge = await self.store.get_challenge(challenge_id)
        if challenge is None:
            raise challenge_words.no_longer_open()
        if self.lapsed(challenge):
            if await self.store.delete_challenge(challenge.id):
                with speaking(languages.in_channel(interaction)):
                    expired = challenge_expired(challenge.opponent_id)
                await interaction.response.edit_message(content=expired, view=None)
                return
            raise challenge_words.no_longer_open()
        if choice is ChallengeAnswer.WITHDRAW:
            if interaction.user.id != challenge.challenger_id:
                raise challenge_words.only_the_challenger_withdraws(challenge.challenger_id)
            with speaking(languages.in_channel(interaction)):
                withdrawn = challenge_withdrawn(challenge.challenger_id)
            await self._close(interaction, challenge, withdrawn)
            return
        if interaction.user.id == challenge.challenger_id and interaction.user.id != challenge.opponent_id:
            raise challenge_words.your_own_challenge(challenge.opponent_id)
        if interaction.user.id != challenge.opponent_id:
            raise challenge_words.not_your_challenge(challenge.opponent_id)
        if choice is ChallengeAnswer.DECLINE:
            with speaking(languages.in_channel(interaction)):
                declined = challenge_declined(challenge.opponent_id)
            await self._close(interaction, challenge, declined)
            return
        await self._accept(interaction, challenge)

    async def _close(self, interaction: discord.Interaction, challenge: ChallengeRecord, text: str) -> None:
        if not await self.store.delete_challenge(challenge.id):
            raise challenge_words.no_longer_open()
        await interaction.response.edit_message(content=text, view=None)

    def _seed(self) -> int | str:
        return self.settings.seed if self.settings.seed is not None else secrets.randbits(64)

    def _goryo_is_challenger(self, challenge: ChallengeRecord, seed: int | str) -> bool:
        return challenger_is_goryo(challenge.challenger_role, seed)

    async def _accept(self, interaction: discord.Interaction, challenge: ChallengeRecord) -> None:
        where = await self.where_played(interaction, challenge.guild_id)
        check_permissions(interaction, where)
        if where == "thread":
            # Opening the thread asks Discord first: answer the Accept before (its answer edits the challenge).
            await interaction.response.defer()
        thread_id = await threads.open_thread(self.bot, self.store, interaction, challenge)
        channel_id = challenge.channel_id if thread_id is None else thread_id  # where the match is played
        seed = self._seed()
        state = rules.new_game(seed, advanced=challenge.advanced)
        if self._goryo_is_challenger(challenge, seed):
            goryo_id, samurai_id = challenge.challenger_id, challenge.opponent_id
        else:
            goryo_id, samurai_id = challenge.opponent_id, challenge.challenger_id

        def first_items() -> list[OutboxItem]:
            accepted = challenge_accepted(goryo_id, samurai_id, state.first_type, challenge.assist)
            setup = goryo_setup(state, channel_id, dm_commands=self.settings.sync != "guild")
            items = [OutboxItem("accepted", Route.PUBLIC, accepted, Picture.PUBLIC, answer=True),
                     OutboxItem("setup", Route.GORYO, setup, Picture.GORYO,
                                buttons=Buttons.BUILDER_HINT if hints_allowed(None, challenge.assist)
                                else Buttons.BUILDER)]
            if thread_id is not None:  # first: the challenge's message becomes it, answering the Accept
                items.insert(0, threads.start_line(goryo_id, samurai_id, thread_id, challenge.channel_id))
            return items

        server = languages.in_channel(interaction)
        # Hers as her last interaction showed it: this Accept if she is the one accepting, else her challenge.
        goryo = languages.of_user(interaction) if goryo_id == interaction.user.id else challenge.challenger_language
        outbox = languages.for_readers(first_items, server, goryo)
        try:
            record = await self.store.start_match(
                challenge_id=challenge.id, goryo_id=goryo_id, samurai_id=samurai_id, state=state,
                now=discord.utils.utcnow(), outbox=outbox, server_language=server, goryo_language=goryo,
                thread_id=thread_id,
            )
        except (LookupError, ChannelBusyError) as lost:
            # Withdrawn, declined or accepted meanwhile: the thread opened for it would stay empty.
            if thread_id is not None:
                await threads.take_back(self.bot, thread_id)
            if isinstance(lost, LookupError):
                raise challenge_words.no_longer_open() from None
            raise challenge_words.busy_at_accept() from None
        log.info("match %d: accepted in channel %d", record.id, record.channel_id)
        log.debug("match %d: seed %r", record.id, seed)
        await self.deliverer.answer(interaction, record, await self.store.pending_outbox(record.id))
        await note_permissions(interaction, "channel" if where == "thread" and thread_id is None else where)

    # --- lapsing --------------------------------------------------------------------

    async def sweep(self) -> int:
        """Close every lapsed challenge and say so on its message; the number closed."""
        closed = 0
        for challenge in await self.store.pending_challenges():
            closed += await self.close_if_lapsed(challenge)
        return closed

    async def close_if_lapsed(self, challenge: ChallengeRecord) -> bool:
        """Close ``challenge`` if its time is up (once, even if raced) and say so on its message."""
        if not self.lapsed(challenge) or not await self.store.delete_challenge(challenge.id):
            return False
        log.info("challenge %d lapsed", challenge.id)
        if challenge.message_id is not None:
            channel = self.bot.get_partial_messageable(challenge.channel_id, guild_id=challenge.guild_id)
            with speaking(languages.of_guild(self.bot, challenge.guild_id, challenge.server_language)):
                expired = challenge_expired(challenge.opponent_id)
            try:
                await channel.get_partial_message(challenge.message_id).edit(
                    content=expired, view=None, allowed_mentions=QUIET
                )
            except discord.HTTPException as error:
                log.warning("challenge %d: could not mark its message lapsed (%s)", challenge.id, error.status)
        return True


async def _rematch_used(interaction: discord.Interaction) -> None:
    """The end message's Rematch has done its work (or was overtaken by a later match): it goes, the words stay."""
    if interaction.message is None:
        return
    try:
        await interaction.message.edit(view=None)
    except SEND_FAILURES as error:  # left standing, a press on it is refused with the reason
        log.info("could not take a used Rematch away (%s)", described(error))
