"""Matches against the bot: starting one, and playing the bot's own turns.

The bot's seat is stored on the match (``ai_side``, ``ai_level``, ``ai_seed``) and
its own user id stands in ``goryo_id``/``samurai_id``, so its actions go through
``MatchService.play`` like anyone's and are announced through the outbox, to the
channel (there is no interaction to answer).

Each decision is a pure function of the stored state and a seed derived from
(``ai_seed``, match version): after a restart the same action is recomputed, and
``expected_version`` keeps it from being played twice. Thinking runs in a worker
thread (the expert's in a thinking process), so the event loop keeps serving everyone meanwhile; it only starts once
the interaction that woke it has been answered.

Its Samurai keep a human pace: each action comes ``GORYO_AI_PAUSE`` seconds
after the last one was told, thinking included (``at_pace``), and only when
thinking outlasts that pause does the channel see a notice that the bot is
at it (Discord's typing indicator). Its Goryō's plan keeps the same pause, with
no notice: her thinking time depends on her secrets, and this hides it (unless
it outlasts the pause). The expert thinks in processes of its own (``Thinking``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

import discord

import rules
from ai.levels import Level
from ai.opponent import Evidence, evidence_from
from rules.pieces import SAMURAI_START

from ..delivery.deliverer import Deliverer
from ..metrics import Metrics
from ..records.matches import Role
from ..records.outbox import Buttons, OutboxItem, Picture, Route, is_panel_off
from ..records.played import Played
from ..settings import Settings
from ..storage import ChannelBusyError, LoggedAction, MatchRecord, Store
from ..text import languages
from ..text import threads as thread_words
from ..text.against_the_bot import ai_match_started, ai_samurai_turn
from ..text.challenges import channel_busy
from ..text.goryo_dms import goryo_setup
from ..text.refusal import Refusal
from .decisions import decide
from .roles import challenger_is_goryo
from .service import Announce, MatchService
from .thinking import PROCESS_LEVELS, Thinking
from .threads import open_bare_thread, start_line, take_back

log = logging.getLogger(__name__)

Checkpoint = Callable[[str], None]
T = TypeVar("T")

# Never a notice for a moment's thought, even with no pause at all.
NOTICE_AFTER_AT_LEAST = 1.0


async def at_pace(
    thinking: Awaitable[T], pause: float, notice: Callable[[], Awaitable[None]], *, least: float = NOTICE_AFTER_AT_LEAST
) -> T:
    """``thinking``'s answer, no sooner than ``pause`` seconds from now; ``notice()`` if it outlasts the pause.

    The pause counts from when thinking began, so a long thought is not
    followed by a full pause on top of it; ``notice`` is awaited at most once,
    and never for a thought shorter than ``least`` seconds.
    """
    loop = asyncio.get_running_loop()
    began = loop.time()
    task = asyncio.ensure_future(thinking)
    try:
        done, _ = await asyncio.wait({task}, timeout=max(pause, least))
        if not done:
            await notice()
        answer = await task
    finally:
        task.cancel()  # only if we were cancelled meanwhile: a finished task ignores it
    rest = pause - (loop.time() - began)
    if rest > 0:
        await asyncio.sleep(rest)
    return answer


async def _say_nothing() -> None:
    """The bot's Goryō gives no sign that she is thinking."""


def decision_seed(ai_seed: int, version: int) -> int:
    """The seed of the bot's decision at ``version``: the same after a restart, different each move."""
    digest = hashlib.blake2b(f"{ai_seed}:{version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def view_for(side: rules.Side, state: rules.GameState) -> rules.PublicView | rules.GoryoView:
    """All the bot may know on its side: the Samurai see the public view only."""
    return rules.goryo_view(state) if side is rules.Side.GORYO else rules.public_view(state)


def samurai_when_planned(log: list[LoggedAction]) -> tuple[tuple[rules.Samurai, rules.Space], ...]:
    """Where the Samurai stood when she planned this round: public, as every move was told in the channel.

    Each one's last move standing before her latest plan (a move taken back by ``Undo`` does not stand), or his
    starting space.
    """
    at = {samurai: SAMURAI_START[samurai] for samurai in rules.Samurai}
    planned = max((i for i, entry in enumerate(log) if isinstance(entry.action, rules.Plan)), default=0)
    takeable: list[tuple[rules.Samurai, rules.Space]] = []  # the moves an Undo could take back: who, from where
    for entry in log[:planned]:
        action = entry.action
        if isinstance(action, rules.Move):
            takeable.append((action.samurai, at[action.samurai]))
            at[action.samurai] = action.to
        elif isinstance(action, rules.Undo):
            samurai, origin = takeable.pop()
            at[samurai] = origin
        else:
            takeable.clear()  # as in the rules: an answer or the turn's end fixes every move before it
    return tuple(at.items())


def hider_evidence(initial: rules.GameState, log: list[LoggedAction]) -> Evidence:
    """Her discovered rounds as the channel saw them (``ai.opponent.evidence_from``), replayed from the log.

    Only public views leave here: the Samurai agent judges her style from what everyone was shown.
    """
    views = [rules.public_view(initial)]
    state = initial
    for entry in log:
        state = rules.apply(state, entry.action).state
        views.append(rules.public_view(state))
    return evidence_from(views)


def keep_from_the_bot(announce: Announce) -> Announce:
    """``announce`` for a match against the bot: nothing for its DMs when it is the Goryō, no pings to itself."""

    def for_people(played: Played) -> list[OutboxItem]:
        items = list(announce(played))
        if played.after.ai_side is rules.Side.GORYO:
            items = [item for item in items if item.route is not Route.GORYO]
        elif played.after.ai_side is rules.Side.SAMURAI:
            # The turn's ping would call the bot itself to act: tell the channel its Samurai are coming instead.
            text = ai_samurai_turn(played.after.state.round)
            items = [dataclasses.replace(item, text=_without_ping(item.text, text)) if item.kind == "ping" else item
                     for item in items]
            # Its Samurai are the bot's: no panel on the live board for the person playing the Goryō.
            items = [dataclasses.replace(item, buttons=None) if item.buttons in (Buttons.PANEL, Buttons.PANEL_HINT)
                     else item
                     for item in items if not is_panel_off(item)]
        return items

    return for_people


def _without_ping(ping: str, text: str) -> str:
    """The ping's first line (the call to act) replaced by ``text``; its other lines (the deduction aid) kept."""
    return "\n".join([text, *ping.split("\n")[1:]])


def ai_to_move(record: MatchRecord) -> bool:
    return record.is_active and record.ai_side is not None and record.state.to_move is record.ai_side


class AiPlayer:
    """Plays the bot's seat of every match against it: one runner per match at a time."""

    def __init__(self, bot: discord.Client, store: Store, service: MatchService, deliverer: Deliverer,
                 settings: Settings, thinking: Thinking | None = None, metrics: Metrics | None = None) -> None:
        """``thinking``: the processes the expert level thinks in, off the event loop (without them, a thread)."""
        self.metrics = metrics if metrics is not None else Metrics()
        self.bot = bot
        self.store = store
        self.service = service
        self.deliverer = deliverer
        self.settings = settings
        # Called with "think" just before each decision is handed to the worker: the seam where
        # tests check what was already sent by then. Production leaves it None.
        self.checkpoint: Checkpoint | None = None
        self.thinking = thinking
        self._runners: dict[int, asyncio.Task[None]] = {}
        self.closing = False  # stopping: no new action (what is in hand is finished)
        self._woken: set[int] = set()  # matches with news since their runner last looked

    @property
    def user_id(self) -> int:
        assert self.bot.user is not None
        return self.bot.user.id

    def is_me(self, user_id: int) -> bool:
        return self.bot.user is not None and user_id == self.bot.user.id

    # --- starting a match ---------------------------------------------------------------

    async def start_match(
        self, interaction: discord.Interaction, role: Role, advanced: bool, level: Level, assist: bool = False,
        *, place: tuple[int | None, int] | None = None, receipt: str | None = None,
    ) -> None:
        """A challenge to the bot: the match starts at once, and the bot's first move follows the reply.

        ``place``: (server, channel) to play in, when not the interaction's (a lesson's last step, clicked in
        DMs, starts the learner's first match where they asked for the lesson); ``receipt``: what the clicked
        message then becomes, the match's messages going to its channel.
        """
        guild_id, channel_id = place if place is not None else (interaction.guild_id, interaction.channel_id)
        assert channel_id is not None  # a challenge is made in a channel, a lesson's match where it was asked for
        thread_id = await self._thread_for(interaction, guild_id, channel_id, receipt)
        parent_id, channel_id = channel_id, thread_id or channel_id

        seed = self.settings.seed if self.settings.seed is not None else secrets.randbits(64)
        state = rules.new_game(seed, advanced=advanced)
        human = interaction.user.id
        human_side = rules.Side.GORYO if challenger_is_goryo(role, seed) else rules.Side.SAMURAI
        goryo_id, samurai_id = (human, self.user_id) if human_side is rules.Side.GORYO else (self.user_id, human)

        def first_items() -> list[OutboxItem]:
            text = ai_match_started(human, self.user_id, human_side, level, state.first_type, assist)
            items = [OutboxItem("accepted", Route.PUBLIC, text, Picture.PUBLIC, answer=True)]
            if thread_id is not None:  # first: the line in the channel with the thread's link, answering the command
                items.insert(0, start_line(goryo_id, samurai_id, thread_id, parent_id))
            if human_side is rules.Side.GORYO:
                setup = goryo_setup(state, channel_id, dm_commands=self.settings.sync != "guild")
                items.append(OutboxItem("setup", Route.GORYO, setup, Picture.GORYO, buttons=Buttons.BUILDER_HINT))
            return items

        # The bot as the Goryō reads nothing, so her language is the human's either way.
        server, goryo = languages.in_channel(interaction), languages.of_user(interaction)
        outbox = languages.for_readers(first_items, server, goryo)
        # Tied to the match seed when GORYO_SEED is set, so a seeded match against the bot replays exactly.
        ai_seed = secrets.randbits(63) if self.settings.seed is None else hash_text(f"ai:{seed}") >> 1
        try:
            record = await self.store.start_ai_match(
                guild_id=guild_id, channel_id=channel_id, goryo_id=goryo_id,
                samurai_id=samurai_id, state=state, now=discord.utils.utcnow(), ai_side=human_side.other,
                ai_level=level, ai_seed=ai_seed, outbox=outbox, assist=assist, server_language=server,
                goryo_language=goryo, thread_parent=parent_id if thread_id is not None else None,
            )
        except ChannelBusyError as busy:
            if thread_id is not None:
                await take_back(self.bot, thread_id)
            raise channel_busy(busy.kind, against_me=True) from None
        log.info("match %d: started against the bot (%s) in channel %d", record.id, level, record.channel_id)
        await self.deliverer.answer(interaction, record, await self.store.pending_outbox(record.id), receipt)
        self.wake(record)

    async def _thread_for(self, interaction: discord.Interaction, guild_id: int | None, channel_id: int,
                          receipt: str | None) -> int | None:
        """The thread the match is played in when the server plays its matches in threads (one rule for every
        match: against the bot, and from a lesson, too); None: in the channel."""
        if guild_id is None or not (await self.store.server_settings(guild_id)).threads:
            return None
        if not interaction.response.is_done():  # opening it asks Discord first: answer the click or command before
            if receipt is not None and interaction.type is discord.InteractionType.component:
                await interaction.response.defer()  # the clicked message becomes the receipt
            else:
                await interaction.response.defer(thinking=True)
        me = self.bot.user.display_name if self.bot.user is not None else "Goryō"
        name = thread_words.thread_name(interaction.user.display_name, me)
        return await open_bare_thread(self.bot, channel_id, name)

    # --- playing its turns ----------------------------------------------------------------

    def wake(self, record: MatchRecord) -> None:
        """Something happened in ``record``'s match: make sure a runner looks at it (at most one per match)."""
        if record.ai_side is None or not record.is_active or self.closing:
            return
        self._woken.add(record.id)
        running = self._runners.get(record.id)
        if running is not None and not running.done():
            return  # it looks again before it stops
        task = asyncio.get_running_loop().create_task(self._run(record.id), name=f"goryo-ai-{record.id}")
        self._runners[record.id] = task
        task.add_done_callback(lambda done: self._forget(record.id, done))

    def _forget(self, match_id: int, task: asyncio.Task[None]) -> None:
        if self._runners.get(match_id) is task:
            del self._runners[match_id]

    def resume(self, records: list[MatchRecord]) -> None:
        """At start-up: every match where the bot is to move gets its runner back."""
        for record in records:
            if ai_to_move(record):
                log.info("match %d: resuming the bot's turn", record.id)
                self.wake(record)

    def close(self) -> None:
        """Take no new action: each runner stops before its next one (the next start resumes the turn)."""
        self.closing = True

    def stop(self) -> None:
        for task in list(self._runners.values()):
            task.cancel()
        self._runners.clear()

    async def _run(self, match_id: int) -> None:
        try:
            while True:
                self._woken.discard(match_id)
                record = await self.store.get_match(match_id)
                if self.closing:
                    return
                if record is None or not ai_to_move(record):
                    if match_id in self._woken:
                        continue  # news arrived while it looked: look again
                    return
                if not await self._move(record):
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # one bad turn must not take the bot down; a restart resumes it
            log.exception("match %d: the bot's turn failed", match_id)

    async def _think(self, record: MatchRecord, side: rules.Side, level: Level,
                     view: rules.PublicView | rules.GoryoView, seed: int) -> rules.Action:
        """The decision, made off the event loop: the expert in a thinking process, the others in a thread."""
        work: tuple[Any, ...] = (decide, side, level, view, seed)
        if side is rules.Side.SAMURAI:
            actions = await self.store.actions(record.id)
            initial = await self.store.initial_state(record.id)
            # Replaying the log for her discovered rounds is CPU work too (in a thread); what reaches the
            # thinking is public alone, so its work, and its time, are the same whatever her secrets.
            evidence = await asyncio.to_thread(hider_evidence, initial, actions)
            work += (samurai_when_planned(actions), evidence)
        began = time.perf_counter()
        if level in PROCESS_LEVELS and self.thinking is not None:
            # a process of its own: the event loop never waits for it
            action: rules.Action = await self.thinking.run(*work)
        else:
            action = await asyncio.to_thread(*work)
        self.metrics.thought(level, time.perf_counter() - began)
        return action

    async def _move(self, record: MatchRecord) -> bool:
        """Think, wait the pause (for its Samurai), play and announce one action; False to stop the runner."""
        side, level = record.ai_side, record.ai_level
        assert side is not None and level is not None and record.ai_seed is not None
        view = view_for(side, record.state)
        if self.checkpoint is not None:
            self.checkpoint("think")
        seed = decision_seed(record.ai_seed, record.version)
        thinking = self._think(record, side, level, view, seed)
        if side is rules.Side.SAMURAI:
            # A human pace, so the channel can follow the hunt; the notice only if thinking outlasts it.
            action = await at_pace(thinking, self.settings.ai_pause, lambda: self._show_thinking(record.channel_id))
        else:
            # Her plan is secret, and how long she thinks depends on her secrets (her bound object, her bag): it is
            # told no sooner than the same pause, with no notice, so the Samurai cannot time her.
            action = await at_pace(thinking, self.settings.ai_pause, _say_nothing)
        try:
            await self.service.play(record.id, self.user_id, action, expected_version=record.version,
                                    heard=self._heard(record))
        except Refusal as refusal:
            fresh = await self.store.get_match(record.id)
            if fresh is not None and fresh.version != record.version:
                return True  # the match moved on meanwhile (a resignation, a claim): look again
            log.error("match %d: the bot's own %s was refused", record.id, type(action).__name__)
            log.debug("match %d: refused because %s", record.id, refusal)  # may name her plan's spaces
            return False
        await self.deliverer.deliver(record.id)
        return True

    async def _show_thinking(self, channel_id: int) -> None:
        """Discord's typing indicator in the match's channel: the bot is at it (it ends with the next message)."""
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        try:
            await channel.typing()
        except discord.HTTPException as error:  # a notice is a courtesy: never worth failing a turn for
            log.debug("channel %d: no thinking notice (%s)", channel_id, error)

    def _heard(self, record: MatchRecord) -> languages.Heard:
        """The bot acts on its own: the channel hears the guild's preferred language (or the stored one)."""
        return languages.Heard(server=languages.of_guild(self.bot, record.guild_id, record.server_language))

    # --- time limits ----------------------------------------------------------------------

    async def claim_overdue(
        self, started_before: datetime, overdue: Callable[[MatchRecord], Awaitable[bool]] | None = None
    ) -> int:
        """The bot claims the win in every match where the human's turn began before ``started_before``
        (and, given ``overdue``, whose own turn limit it says has run out)."""
        claimed = 0
        for record in await self.store.ai_waiting_since(started_before):
            late = record.state.to_move
            assert late is not None
            if overdue is not None and not await overdue(record):
                continue
            try:
                await self.service.play(record.id, self.user_id, rules.TimeOut(late), expected_version=record.version,
                                        heard=self._heard(record))
            except Refusal:
                continue  # they moved at the last moment
            log.info("match %d: the bot claims the win on time", record.id)
            await self.deliverer.deliver(record.id)
            claimed += 1
        return claimed


def hash_text(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
