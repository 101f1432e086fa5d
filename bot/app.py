"""Building the bot: ``create_bot(database=PATH)`` returns it unstarted.

``setup_hook`` does the start-up work (discord.py's advanced_startup idiom):
open the database, build everything that acts on it once (``build``: each part handed what it uses, never the
object that built it) and the league records, check every active
match against its action log, register the persistent buttons and add the command group (both
handed what they act on), give the tree its translator (``CatalogueTranslator``), sync the commands
as the settings ask, and start the challenge and turn-reminder sweeps. The drawing processes
(``delivery.boards.Drawing``) are built and warmed there too, unless ``create_bot(drawing=...)`` hands
in ready ones (tests give every bot one set); the bot shuts down only the ones it built.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands, tasks

from .commands.clicks import clicks
from .commands.hint import hint_clicks
from .commands.league import Records
from .commands.learn import lesson_clicks
from .commands.reception import Reception
from .commands.reviews import Reviews, review_clicks
from .commands.tournaments import tournament_clicks
from .commands.translator import CatalogueTranslator, GoryoTree
from .commands.tree import goryo_group
from .delivery import boards
from .delivery.announce import in_their_languages, outbox_for
from .delivery.deliverer import Deliverer, holder_name
from .delivery.notices import with_turn_notices
from .delivery.permission_notices import PermissionNotices
from .delivery.send import QUIET
from .delivery.stale_boards import StaleBoards
from .metrics import Metrics
from .metrics.endpoint import Endpoint
from .play.acting import Acting
from .play.aiplay import AiPlayer, keep_from_the_bot
from .play.challenges import Challenges
from .play.choices import Choices
from .play.cooldown import Cooldown
from .play.ends import MatchEnds
from .play.first_match import FirstMatch
from .play.goryo_side import GoryoSide
from .play.hints import Hints
from .play.integrity import check_active_matches
from .play.lessons import Lessons
from .play.permission_watch import PermissionWatch
from .play.recovery import recover
from .play.resigning import Resigning
from .play.samurai_side import SamuraiSide
from .play.service import MatchService
from .play.speakers import Speakers
from .play.thinking import Thinking
from .play.threads import archive_finished, with_end_line
from .play.timekeeping import TurnClock, sweep_interval
from .play.tournament_rounds import Rounds
from .play.tournaments import Tournaments
from .play.viewing import Viewing
from .records.outbox import OutboxItem
from .records.played import Played
from .settings import Settings, load_settings
from .storage import MatchRecord, Shards, Store, open_store
from .storage.address import is_url, redact, scrub
from .text.languages import of_user

log = logging.getLogger(__name__)

SWEEP_SECONDS = 30.0
# A stop (SIGTERM, SIGINT) waits this long in all for the interactions in hand and the deliveries under way.
STOP_GRACE_SECONDS = 10.0
HEALTH_DATABASE_SECONDS = 5.0  # a database that takes longer to count the matches is not answering


@dataclass(frozen=True)
class Parts:
    """Everything that acts on one store, built once by ``build``; the bot keeps them, none of them keeps the bot's
    other parts but those it was handed."""

    service: MatchService  # the one action pipeline
    deliverer: Deliverer  # sends what actions owe to people
    ai: AiPlayer  # the bot's own seat in matches against it
    acting: Acting  # what every command on a match shares: finding it, acting, answering
    challenges: Challenges
    turns: TurnClock
    goryo: GoryoSide
    samurai: SamuraiSide
    viewing: Viewing
    resigning: Resigning
    choices: Choices  # autocomplete: what the rules allow the caller now
    lessons: Lessons
    hints: Hints  # the hard level's suggestion for the player on turn (issue 44)
    ends: MatchEnds  # told of each match an action ends (the tournaments' rounds listen)
    permission_watch: PermissionWatch  # tells a match's players when its channel's permissions change
    rounds: Rounds  # a tournament's rounds: pairing, starting their matches, results
    tournaments: Tournaments  # the tournament commands and buttons


def build(bot: discord.Client, store: Store, settings: Settings, drawing: boards.Drawing,
          thinking: Thinking | None, *, holder: str, metrics: Metrics | None = None) -> Parts:
    """The parts that act on ``store``, each handed what it uses; ``holder`` names the deliverer in the outbox
    claims (``delivery.deliverer.holder_name``). A second process's parts, in the tests, are built the same way."""

    async def notices(played: Played, items: Sequence[OutboxItem]) -> list[OutboxItem]:
        return await with_end_line(store, played, await with_turn_notices(store, played, items))

    metrics = metrics if metrics is not None else Metrics()
    service = MatchService(store, in_their_languages(keep_from_the_bot(outbox_for)), notices=notices,
                           metrics=metrics)
    # With several processes, each delivers for the matches on its own shards' servers.
    shards = Shards.held(settings.shard_count, settings.shard_ids)
    stale_boards = StaleBoards(bot, store)  # replaced boards Discord kept: retried, and a press takes one away
    permission_notices = PermissionNotices(service.clock)  # what players last heard of a channel's permissions
    deliverer = Deliverer(bot, store, service.clock, drawing, shards, holder=holder, stale_boards=stale_boards,
                          permission_notices=permission_notices, metrics=metrics)
    ai = AiPlayer(bot, store, service, deliverer, settings, thinking, metrics)  # the bot's seat in matches against it
    ends = MatchEnds()

    def played(record: MatchRecord) -> None:
        ai.wake(record)
        ends.heard(record)

    acting = Acting(store, service, deliverer, played=played)
    turns = TurnClock(bot, store, settings, service.clock, acting, deliverer, ai)
    # Tournaments: their rounds hear of each match that ends; the sweep does the rest (and a restart's leftovers).
    rounds = Rounds(bot, store, service, deliverer, turns, settings)
    ends.listen(rounds.match_ended)

    def channel_name(channel_id: int) -> str | None:
        return getattr(bot.get_channel(channel_id), "name", None)

    return Parts(
        service=service, deliverer=deliverer, ai=ai, acting=acting,
        challenges=Challenges(bot, store, settings, deliverer, ai),
        turns=turns, rounds=rounds, tournaments=Tournaments(store, rounds),
        goryo=GoryoSide(acting, service, store, drawing),
        samurai=SamuraiSide(acting, service, store, stale_boards),
        viewing=Viewing(acting, store, drawing, Cooldown(settings.board_cooldown), service.clock, channel_name),
        resigning=Resigning(acting, service),
        choices=Choices(service),
        lessons=Lessons(store, drawing, service.clock, FirstMatch(bot, ai).begin),
        hints=Hints(store, service, thinking, service.clock),
        ends=ends,
        permission_watch=PermissionWatch(bot, store, permission_notices),
    )


class GoryoBot(commands.Bot):
    def __init__(self, settings: Settings, *, drawing: boards.Drawing | None = None,
                 thinking: Thinking | None = None, **client_options: Any) -> None:
        # Slash commands and buttons only: no privileged intents, no message content.
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None,
            tree_cls=GoryoTree, allowed_mentions=QUIET, **client_options,
        )
        self.settings = settings
        self.drawing = drawing
        self._owns_drawing = drawing is None  # shut down on close only if this bot built it
        self.thinking = thinking
        self._owns_thinking = thinking is None
        self.store: Store | None = None
        self.parts: Parts | None = None
        self.speakers: Speakers | None = None
        self.reception: Reception | None = None
        self.endpoint: Endpoint | None = None  # /metrics and /healthz, with GORYO_METRICS_PORT
        self._disconnected = False  # the gateway dropped and has not come back yet
        self.sweeper = tasks.loop(seconds=min(SWEEP_SECONDS, settings.challenge_timeout))(self._sweep)
        self.turn_sweeper = tasks.loop(seconds=sweep_interval(settings))(self._sweep_turns)

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database)
        if self.drawing is None:
            self.drawing = boards.Drawing()
        if self.thinking is None:
            self.thinking = Thinking()  # the expert level thinks there, off the event loop
        metrics = Metrics()
        self.reception = Reception(metrics)
        parts = self.parts = build(self, self.store, self.settings, self.drawing, self.thinking,
                                   holder=holder_name(self.settings.shard_ids), metrics=metrics)
        self.speakers = Speakers(self.store, parts.service.clock)
        reviews = Reviews(self.store, self.drawing, parts.service.clock)  # replay as:review, and its pages
        records = Records(self, self.store, self.settings, self.drawing, reviews)  # stats, leaderboard, history, replay
        # Before any command can reach a match: a match whose log doesn't replay is stopped, not played on.
        await check_active_matches(self, self.store)
        await self.store.rebuild_league_if_behind()  # matches that finished before the league existed
        await self.drawing.warm()
        await parts.deliverer.listen()  # before the recovery's sweep: nothing nudged meanwhile is missed
        parts.permission_watch.listen()
        await recover(self.store, parts.service, parts.deliverer, parts.ai)  # what a crash left unsaid is said now
        self.add_dynamic_items(*self.reception.wrapped((
            *clicks(parts.challenges, parts.goryo, parts.samurai, parts.resigning), *lesson_clicks(parts.lessons),
            *review_clicks(reviews), *hint_clicks(parts.hints), *tournament_clicks(parts.tournaments))))
        self.tree.add_command(goryo_group(
            store=self.store, settings=self.settings, clock=parts.service.clock, challenges=parts.challenges,
            goryo=parts.goryo, samurai=parts.samurai, viewing=parts.viewing, resigning=parts.resigning,
            choices=parts.choices, turns=parts.turns, records=records, lessons=parts.lessons, hints=parts.hints,
            tournaments=parts.tournaments,
        ))
        assert isinstance(self.tree, GoryoTree)  # tree_cls above
        self.tree.receive_with(self.reception)
        await self.tree.set_translator(CatalogueTranslator())  # before syncing: the payload carries the translations
        await self.sync_commands()
        self.sweeper.start()
        self.turn_sweeper.start()  # its first pass runs at once: reminders that fell due while down
        if self.settings.metrics_port is not None:
            self.endpoint = Endpoint(metrics, functools.partial(self._refresh, metrics, self.store), self.health,
                                     host=self.settings.metrics_host, port=self.settings.metrics_port)
            await self.endpoint.start()
        log.info("ready to play; database %s", redact(self.settings.database))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction: the language its user speaks now is the one their later DMs and notices speak."""
        if self.speakers is None:
            return
        try:
            await self.speakers.heard(interaction.user.id, of_user(interaction))
        except Exception:  # remembering a language must never disturb the interaction itself
            log.warning("could not note the language of user %d", interaction.user.id, exc_info=True)

    async def on_connect(self) -> None:
        self._disconnected = False

    async def on_resumed(self) -> None:
        self._disconnected = False

    async def on_disconnect(self) -> None:
        self._disconnected = True

    async def health(self) -> str | None:
        """None while the gateway is connected and the database answers; else what is wrong."""
        if self.reception is not None and self.reception.closing:
            return "stopping"
        if not self.is_ready() or self.is_closed() or self._disconnected:
            return "not connected to Discord's gateway"
        if self.store is None:
            return "the database is not open"
        try:
            await asyncio.wait_for(self.store.running_match_count(), HEALTH_DATABASE_SECONDS)
        except Exception as error:  # noqa: BLE001  (any reason at all is the answer, said to the prober)
            reason = scrub(f"{type(error).__name__}: {error}", self.settings.database).splitlines()[0]
            return f"the database does not answer ({reason})"
        return None

    async def _refresh(self, metrics: Metrics, store: Store) -> None:
        backlog, oldest = await store.outbox_backlog(self.parts.deliverer.shards if self.parts is not None else None)
        shards = len(self.settings.shard_ids or range(self.settings.shard_count or 1))
        metrics.refresh(running=await store.running_match_count(), backlog=backlog, oldest=oldest,
                        now=discord.utils.utcnow(), shards=shards)

    async def sync_commands(self) -> None:
        mode = self.settings.sync
        if mode == "off":
            return
        if mode == "guild":
            assert self.settings.dev_guild is not None  # the settings refuse "guild" without one
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to server %d", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d command(s) globally", len(synced))

    async def _sweep(self) -> None:
        try:
            assert self.parts is not None and self.store is not None
            await self.parts.challenges.sweep()
            if self.parts.deliverer.shards is not None:
                # Another process may have died between committing for one of our matches and nudging us.
                await self.parts.deliverer.sweep()
            await archive_finished(self, self.store, self.parts.service.clock())
            # Tournaments: sign-ups closing, rounds over, deadlines, reminders; a restart's leftovers.
            await self.parts.rounds.sweep()
        except Exception:  # the sweep must outlive one bad pass
            log.exception("challenge sweep failed")

    async def _sweep_turns(self) -> None:
        try:
            assert self.parts is not None
            await self.parts.turns.sweep()
        except Exception:  # the sweep must outlive one bad pass
            log.exception("turn reminder sweep failed")

    async def close(self) -> None:
        """Stop cleanly: take no new interaction, answer those in hand, let the deliverer finish what it is
        sending (STOP_GRACE_SECONDS in all; the rest stays in the outbox, unclaimed, for the next start), then
        close the connection, the database and the processes."""
        if self.reception is not None and not self.reception.closing:
            self.reception.close()
            began = asyncio.get_running_loop().time()
            self.sweeper.cancel()
            self.turn_sweeper.cancel()
            if self.parts is not None:
                self.parts.deliverer.close()
                self.parts.ai.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.reception.settled(), STOP_GRACE_SECONDS)
            if self.parts is not None:
                left = STOP_GRACE_SECONDS - (asyncio.get_running_loop().time() - began)
                cut = await self.parts.deliverer.settle(max(0.0, left))
                if cut:
                    log.warning("stopping: %d delivery(ies) cut short; the next start sends what they had not", cut)
        self.sweeper.cancel()
        self.turn_sweeper.cancel()
        if self.parts is not None:
            self.parts.deliverer.stop()
            self.parts.ai.stop()
        if self.endpoint is not None:
            await self.endpoint.close()
            self.endpoint = None
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None
        if self._owns_drawing and self.drawing is not None:
            self.drawing.close()
            self.drawing = None
        if self._owns_thinking and self.thinking is not None:
            self.thinking.close()
            self.thinking = None


class ShardedGoryoBot(GoryoBot, commands.AutoShardedBot):
    """The bot holding a range of Discord's shards (GORYO_SHARD_COUNT, GORYO_SHARD_IDS): one of several processes.

    Every process answers any interaction it receives and reaches any channel by REST, so a
    command works whichever shard it arrives on (DM commands all come to shard 0); the
    database is what they share.
    """


def create_bot(
    database: str | os.PathLike[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    env_file: str | None = ".env",
    drawing: boards.Drawing | None = None,
    thinking: Thinking | None = None,
    **overrides: object,
) -> GoryoBot:
    """The bot, not started. Settings come from the environment and ``.env``; keywords override them.

    ``create_bot(database="test.sqlite3", seed=7, challenge_timeout=60, sync="global")``;
    ``environ={}, env_file=None`` ignores the process's environment (for tests); ``drawing`` and ``thinking``
    hand in drawing and thinking processes to share (the bot then leaves them running when it closes).
    """
    settings = load_settings(environ, env_file=env_file)
    if database is not None:
        overrides["database"] = database if is_url(database) else Path(database)
    if overrides:
        settings = settings.replace(**overrides)
    network: dict[str, Any] = {"proxy": settings.proxy} if settings.proxy is not None else {}
    if settings.shard_count is None:
        return GoryoBot(settings, drawing=drawing, thinking=thinking, **network)
    shard_ids = list(settings.shard_ids or range(settings.shard_count))
    return ShardedGoryoBot(settings, drawing=drawing, thinking=thinking, shard_count=settings.shard_count,
                           shard_ids=shard_ids, **network)
