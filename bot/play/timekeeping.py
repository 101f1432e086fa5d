"""Turn time limits: the half-time reminder, claiming a win on time, and a moderator's abort (never a player's).

Every timer is derived from the stored ``turn_started_at`` and ``reminded_at``, never
held in memory, so a restart loses none: the periodic sweep (started in
``setup_hook``, first pass at once) asks the database for the turns whose reminder is
due (an indexed range query, not a pass over every match), catching up on whatever
fell due while the bot was down; ``/goryo claim`` computes the deadline when it is used.

A late move still counts until someone claims: the limit only gives the waiting
player the right to end the match.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import discord

import rules
from locales import speaking

from ..delivery.deliverer import Deliverer
from ..records.outbox import OutboxItem, Route
from ..settings import Settings
from ..storage import MatchRecord, Store
from ..text import languages, match_refusals
from ..text.against_the_bot import claim_against_the_bot
from ..text.match import abort_needs_permission
from ..text.refusal import Refusal
from ..text.time_limits import claim_own_turn, claim_too_early, turn_reminder, turn_time
from .acting import Acting
from .aiplay import AiPlayer
from .service import Clock

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0


def sweep_interval(settings: Settings) -> float:
    """Often enough that a reminder is at most a tenth of the limit late; never busier than once a second."""
    return max(1.0, min(SWEEP_SECONDS, settings.turn_limit / 10))


class TurnClock:
    def __init__(self, bot: discord.Client, store: Store, settings: Settings, clock: Clock, acting: Acting,
                 deliverer: Deliverer, ai: AiPlayer) -> None:
        """``acting`` plays a claim or an abort; ``deliverer`` sends a reminder; ``ai`` is the bot's seat, which
        claims its own wins on time and is woken if its turn was due but stopped."""
        self.bot = bot
        self.store = store
        self.settings = settings
        self.clock = clock
        self.acting = acting
        self.deliverer = deliverer
        self.ai = ai

    @property
    def limit(self) -> timedelta:
        """The bot's default turn limit (``GORYO_TURN_LIMIT``), for servers that set none."""
        return timedelta(seconds=self.settings.turn_limit)

    async def limit_of(self, record: MatchRecord) -> timedelta:
        """The turn limit ``record`` started under: its server's ``/goryo settings`` then, else the default.

        A later change of the setting applies to later matches only.
        """
        seconds = await self.store.turn_limit_at(record.guild_id, record.created_at)
        return self.limit if seconds is None else timedelta(seconds=seconds)

    async def _shortest_limit(self) -> timedelta:
        """The shortest limit any match may have: how far back the sweep looks for reminders and overdue turns."""
        seconds = await self.store.shortest_turn_limit()
        return self.limit if seconds is None else min(self.limit, timedelta(seconds=seconds))

    def now(self) -> datetime:
        return self.clock()

    @staticmethod
    def reminder_due(record: MatchRecord, now: datetime, limit: timedelta) -> bool:
        return (
            record.is_active
            and record.state.to_move is not None
            and record.reminded_at is None
            and now >= record.turn_started_at + limit / 2
        )

    @staticmethod
    def deadline(record: MatchRecord, limit: timedelta) -> int:
        deadline = record.turn_deadline(limit)
        assert deadline is not None
        return int(deadline.timestamp())

    def time_is_up(self, record: MatchRecord, limit: timedelta) -> bool:
        deadline = record.turn_deadline(limit)
        return deadline is not None and self.now() >= deadline

    async def status_line(self, record: MatchRecord) -> str | None:
        """For ``/goryo status``: until when the side to move may take its turn."""
        late = record.state.to_move
        if not record.is_active or late is None or late is record.ai_side:
            return None  # the bot has no turn clock: it is thinking
        limit = await self.limit_of(record)
        return turn_time(late, self.deadline(record, limit), up=self.time_is_up(record, limit))

    # --- reminders ----------------------------------------------------------------

    async def sweep(self) -> int:
        """Send every reminder that is due; how many were sent."""
        now = self.now()
        sent = 0
        shortest = await self._shortest_limit()
        for record in await self.store.reminders_due(now - shortest / 2):
            limit = await self.limit_of(record)
            if self.reminder_due(record, now, limit) and await self.remind(record, now, limit):
                sent += 1
        # The bot claims its wins on time itself.
        await self.ai.claim_overdue(now - shortest, overdue=self._overdue)
        return sent

    async def _overdue(self, record: MatchRecord) -> bool:
        return self.time_is_up(record, await self.limit_of(record))

    async def remind(self, record: MatchRecord, now: datetime, limit: timedelta | None = None) -> bool:
        # Marked and queued in one transaction, tied to the version: one reminder per turn, sent
        # by the deliverer (retried if Discord refuses it), even if the player moves meanwhile.
        side = record.state.to_move
        assert side is not None
        if side is record.ai_side:
            # The bot never runs out of time: no reminder to itself. Its turn should be under way;
            # if a fault stopped it, this wakes it again.
            await self.store.mark_reminded(record.id, version=record.version, now=now)
            self.ai.wake(record)
            return False
        # Her reminder by DM (a channel mention if her DMs are shut), in her language; the Samurai's in the channel's.
        route = Route.GORYO if side is rules.Side.GORYO else Route.PUBLIC
        if route is Route.GORYO:
            language = record.goryo_language
        else:
            language = languages.of_guild(self.bot, record.guild_id, record.server_language)
        with speaking(language):
            text = turn_reminder(
                side, record.player_of(side), record.player_of(side.other), record.channel_id,
                self.deadline(record, limit or await self.limit_of(record)),
                against_the_bot=record.ai_side is not None,
            )
        item = OutboxItem("reminder", route, text, language=language)
        if not await self.store.mark_reminded(record.id, version=record.version, now=now, outbox=[item]):
            return False
        await self.deliverer.deliver(record.id)
        log.info("match %d: reminded %s of the turn time", record.id, side.value)
        return True

    # --- claiming and aborting -----------------------------------------------------

    async def claim(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """The waiting player wins if the side to move has used up its turn time."""
        user_id = interaction.user.id

        def opponent_to_move(record: MatchRecord) -> bool:  # the matches a claim can act on
            mine = record.player_side(user_id)
            return mine is not None and record.state.to_move is mine.other and record.ai_side is not mine.other

        record = await self.acting.find(interaction, match_id, fits=opponent_to_move)
        side = record.player_side(interaction.user.id)
        if side is None:
            raise match_refusals.claim_not_a_player()
        late = record.state.to_move
        if late is None:
            raise match_refusals.match_over()
        if late is side:
            raise Refusal(claim_own_turn())
        if late is record.ai_side:
            raise Refusal(claim_against_the_bot())
        limit = await self.limit_of(record)
        if not self.time_is_up(record, limit):
            raise Refusal(claim_too_early(late, self.deadline(record, limit)))
        log.info("match %d: %s claims on time", record.id, side.value)
        await self.acting.act(interaction, record.id, rules.TimeOut(late))

    async def abort(self, interaction: discord.Interaction) -> None:
        """A member who may manage the match's channel, and doesn't play in it, calls the match off, with no winner."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise match_refusals.abort_elsewhere()
        record = await self.store.active_match_in(interaction.channel_id)
        if record is None:
            raise match_refusals.nothing_to_abort()
        if record.player_side(interaction.user.id) is not None:
            raise match_refusals.players_do_not_abort(against_the_bot=record.ai_side is not None)
        if not interaction.permissions.manage_channels:
            raise Refusal(abort_needs_permission())
        log.info("match %d: called off by %d", record.id, interaction.user.id)
        await self.acting.act(interaction, record.id, rules.Abort())
