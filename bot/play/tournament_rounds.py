"""A tournament's rounds, run by the bot (issue 43): pairing, the doubles' matches in threads, deadlines,
reminders, the standings after each round and the final ones.

``advance`` may be called at any time, as often as one likes (after a match ends, by the sweep, at start-up):
it looks at what the store holds and does the next thing due, each step decided once by the store (a round is
paired once, a match started once, a round announced once), so a restart at any point carries on from there.
A match's result is written by the transaction that ends it; this module only reads it.

What the channel is told (a round's announcement, its reminder, the standings, the end, a cancellation) is queued
in the outbox by the transaction that marks that step done (route ``tournament``), then sent by the deliverer: each
post exactly once, after a crash or a refused send too.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Literal, Protocol

import discord

import rules
from locales import speaking
from render.standings import standings_table

from ..delivery.deliverer import Deliverer
from ..delivery.send import QUIET
from ..records.outbox import Buttons, OutboxItem, Picture, Route, Table
from ..records.tournaments import (
    Double,
    LeaveOutcome,
    NoPairingError,
    Status,
    TournamentPlay,
    TournamentRecord,
    next_pairing,
    standings,
    winner_of,
)
from ..settings import Settings
from ..storage import MatchRecord, Store
from ..text import tournaments as words
from ..text.goryo_dms import goryo_setup
from ..text.languages import for_readers
from ..ui.tournament import signup_view
from .service import MatchService
from .threads import AUTO_ARCHIVE_MINUTES, take_back

log = logging.getLogger(__name__)

REMIND_BEFORE = timedelta(days=1)
PUBLIC_THREAD: Literal[11] = 11  # Discord's channel type of a public thread


class TurnLimits(Protocol):
    """What the turn clocks say of a match: its turn time, and whether the side to move has used it up."""

    async def limit_of(self, record: MatchRecord) -> timedelta: ...

    def time_is_up(self, record: MatchRecord, limit: timedelta) -> bool: ...


class Rounds:
    def __init__(self, bot: discord.Client, store: Store, service: MatchService, deliverer: Deliverer,
                 turn_limits: TurnLimits, settings: Settings) -> None:
        self.bot = bot
        self.store = store
        self.service = service
        self.deliverer = deliverer
        self.turn_limits = turn_limits
        self.settings = settings
        self._locks: dict[int, asyncio.Lock] = {}
        self._names: dict[int, str] = {}  # display names asked of Discord once (a standings table names everyone)
        self.checkpoint: Callable[[str], None] | None = None  # called with "paired N": where tests inject crashes

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # --- what happens by itself -----------------------------------------------------------------------

    async def sweep(self) -> None:
        """Every open tournament: sign-ups that close, rounds over, deadlines, reminders (and a restart's leftovers)."""
        for tournament in await self.store.open_tournaments():
            try:
                await self.advance(tournament.id)
            except Exception:  # one tournament's fault must not stop the others
                log.exception("tournament %d: the sweep failed", tournament.id)

    async def match_ended(self, record: MatchRecord) -> None:
        tournament_id = await self.store.tournament_of_match(record.id)
        if tournament_id is not None:
            await self.advance(tournament_id)

    async def advance(self, tournament_id: int) -> None:
        async with self.lock(tournament_id):
            tournament = await self.store.get_tournament(tournament_id)
            if tournament is None:
                return
            now = self.service.clock()
            if tournament.status is Status.SIGNUP:
                if now < tournament.signup_closes_at or await self.close_signup(tournament) is not Status.RUNNING:
                    return
                tournament = replace(tournament, status=Status.RUNNING)  # closed by its time: round 1 now
            while tournament.status is Status.RUNNING:
                play = await self.store.tournament_play(tournament_id)
                if tournament.round >= 1 and not await self._round_over(play):
                    return
                if not await self._pair_next(play):
                    return
                found = await self.store.get_tournament(tournament_id)
                if found is None:
                    return
                tournament = found

    async def close_signup(self, tournament: TournamentRecord) -> Status | None:
        """Sign-up ends (its time, or Start): the tournament runs, or is cancelled with fewer than three."""
        def too_few(count: int) -> list[OutboxItem]:
            with speaking(tournament.language):
                return [post(tournament, "cancelled", words.cancelled_too_few(tournament.name, count))]

        closed = await self.store.close_signup(tournament.id, now=self.service.clock(), if_cancelled=too_few)
        if closed is None:
            return None
        play = await self.store.tournament_play(tournament.id)
        await self.edit_signup(play, closed=True)
        if closed is Status.CANCELLED:
            await self.deliverer.deliver_tournament(tournament.id)
        log.info("tournament %d: sign-up closed (%s, %d players)", tournament.id, closed.value, len(play.players))
        return closed

    async def _round_over(self, play: TournamentPlay) -> bool:
        """Round ``play``'s current: its matches started and announced, its deadline and reminder kept; True once
        every match counts (its standings then posted)."""
        tournament = play.tournament
        number = tournament.round
        await self._start_matches(play)
        play = await self.store.tournament_play(tournament.id)
        if play.tournament.owes(play.tournament.announced_round):
            await self._announce(play)
        now = self.service.clock()
        deadline = tournament.round_deadline
        if not play.round_is_over(number) and deadline is not None:
            if now >= deadline:
                await self._decide_at_deadline(play)
                play = await self.store.tournament_play(tournament.id)
            elif now >= deadline - REMIND_BEFORE and (play.tournament.reminded_round or 0) < number:
                await self._remind(play)
        if not play.round_is_over(number):
            return False
        if play.tournament.owes(play.tournament.standings_round):
            final = number >= tournament.rounds_to_play(len(play.players))
            items = await self.standings_items(play, final=final)
            if await self.store.mark_standings_posted(tournament.id, number, now=now, outbox=items):
                await self.deliverer.deliver_tournament(tournament.id)
        return True

    async def leave(self, tournament: TournamentRecord, player: int) -> LeaveOutcome:
        """The player leaves: off the list during sign-up; while it runs they withdraw, the channel is told (once,
        by the outbox) and their matches are forfeited."""
        with speaking(tournament.language):
            told = post(tournament, "withdrawal", words.withdrawal_line(tournament.name, player))
        outcome = await self.store.leave_tournament(tournament.id, player, now=self.service.clock(), outbox=[told])
        if outcome is LeaveOutcome.WITHDREW:
            await self.deliverer.deliver_tournament(tournament.id)
            await self.forfeit(tournament, player)
        return outcome

    async def forfeit(self, tournament: TournamentRecord, player: int) -> None:
        """A withdrawn player's matches: those under way resigned, those not started given to the opponent."""
        play = await self.store.tournament_play(tournament.id)
        for row in play.of_round(tournament.round):
            if row.decided or player not in (row.goryo_id, row.samurai_id):
                continue
            opponent = row.samurai_id if row.goryo_id == player else row.goryo_id
            record = None if row.match_id is None else await self.store.get_match(row.match_id)
            if record is not None and record.is_active:
                side = rules.Side.GORYO if row.goryo_id == player else rules.Side.SAMURAI
                await self.play(record, player, rules.Resign(side))
            elif row.match_id is None:
                await self.store.decide_tournament_match(tournament.id, row.round, row.goryo_id, winner_id=opponent,
                                                         now=self.service.clock())

    async def _withdraw_the_departed(self, play: TournamentPlay) -> TournamentPlay:
        """Players who left the server since the last round withdraw (and forfeit), as if they had left it."""
        tournament = play.tournament
        departed = False
        for player in play.players:
            if player in play.withdrawn:
                continue
            try:
                await self.bot.http.get_member(tournament.guild_id, player)
            except discord.NotFound:
                departed = await self.leave(tournament, player) is LeaveOutcome.WITHDREW or departed
            except discord.HTTPException:
                continue  # not known now: asked again at the next pairing
        return await self.store.tournament_play(tournament.id) if departed else play

    async def _pair_next(self, play: TournamentPlay) -> bool:
        """The next round paired and stored; or the tournament finished. True if a round was paired."""
        play = await self._withdraw_the_departed(play)
        tournament = play.tournament
        number = tournament.round + 1
        still_in = [p for p in play.players if p not in play.withdrawn]
        total = tournament.rounds_to_play(len(play.players))
        pairing = None
        if number <= total and len(still_in) >= 2:
            try:
                pairing = next_pairing(tournament.format, play.players, number, play.results(), play.byes,
                                       play.withdrawn)
            except NoPairingError:
                log.info("tournament %d: no pairing for round %d; it ends here", tournament.id, number)
        if pairing is None:
            await self._finish(play)
            return False
        deadline = self.service.clock() + tournament.round_length
        paired = await self.store.save_pairing(tournament.id, number, pairing, deadline=deadline,
                                               now=self.service.clock(), withdrawn=play.withdrawn)
        if paired and self.checkpoint is not None:
            self.checkpoint(f"paired {number}")
        return paired

    async def _finish(self, play: TournamentPlay) -> None:
        tournament = play.tournament
        items: list[OutboxItem] = []
        if tournament.round >= 1 and tournament.round < tournament.rounds_to_play(len(play.players)):
            items = await self.standings_items(play, final=True)  # ended early: the last standings were not final
        if not await self.store.end_tournament(tournament.id, Status.FINISHED, now=self.service.clock(),
                                               outbox=items):
            return
        await self.deliverer.deliver_tournament(tournament.id)
        log.info("tournament %d finished after round %d", tournament.id, tournament.round)

    # --- the round's matches ----------------------------------------------------------------------------

    async def _start_matches(self, play: TournamentPlay) -> None:
        """Each match of the round not yet started, in its own thread of the tournament's channel."""
        tournament = play.tournament
        for row in play.of_round(tournament.round):
            if row.match_id is not None or row.decided:
                continue
            names = await self.names(tournament.guild_id, [row.goryo_id, row.samurai_id])
            thread_id = await self._open_thread(tournament, names[row.goryo_id], names[row.samurai_id])
            if thread_id is None:
                continue  # tried again at the next sweep; the deadline counts it for neither if it never starts
            seed = self.settings.seed if self.settings.seed is not None else secrets.randbits(64)
            if isinstance(seed, int):
                seed = f"{seed}:{tournament.id}:{tournament.round}:{row.goryo_id}"  # two matches, two bags
            state = rules.new_game(seed, advanced=tournament.advanced)
            language = tournament.language

            def first_items(state: rules.GameState = state, goryo: str = names[row.goryo_id],
                            samurai: str = names[row.samurai_id], where: int = thread_id) -> list[OutboxItem]:
                start = words.match_start(tournament.name, tournament.round, goryo, samurai, state.first_type)
                setup = goryo_setup(state, where, dm_commands=self.settings.sync != "guild")
                return [OutboxItem("accepted", Route.PUBLIC, start, Picture.PUBLIC),
                        OutboxItem("setup", Route.GORYO, setup, Picture.GORYO, buttons=Buttons.BUILDER)]

            record = await self.store.start_tournament_match(
                tournament.id, tournament.round, row.goryo_id, samurai_id=row.samurai_id,
                guild_id=tournament.guild_id, channel_id=thread_id, parent_id=tournament.channel_id, state=state,
                now=self.service.clock(), outbox=for_readers(first_items, language, language),
                assist=tournament.assist, server_language=language, goryo_language=language,
            )
            if record is None:
                await take_back(self.bot, thread_id)
                continue
            await self.deliverer.deliver(record.id)

    async def _open_thread(self, tournament: TournamentRecord, goryo: str, samurai: str) -> int | None:
        name = words.thread_name(tournament.name, tournament.round, goryo, samurai)
        try:
            thread = await self.bot.http.start_thread_without_message(
                tournament.channel_id, name=name, auto_archive_duration=AUTO_ARCHIVE_MINUTES, type=PUBLIC_THREAD,
                reason="a tournament match")
        except discord.HTTPException as error:
            log.warning("tournament %d: no thread could be opened (%s %s)", tournament.id, error.status, error.code)
            return None
        return int(thread["id"])

    async def _decide_at_deadline(self, play: TournamentPlay) -> None:
        """The turn-time rule decides each unfinished match: the side whose turn has run out loses; else the
        match is called off and counts for neither."""
        tournament = play.tournament
        for row in play.of_round(tournament.round):
            if row.decided:
                continue
            record = None if row.match_id is None else await self.store.get_match(row.match_id)
            if record is None or not record.is_active:
                await self.store.decide_tournament_match(tournament.id, tournament.round, row.goryo_id,
                                                         winner_id=None, now=self.service.clock())
                continue
            late = record.state.to_move
            if late is not None and self.turn_limits.time_is_up(record, await self.turn_limits.limit_of(record)):
                action: rules.Action = rules.TimeOut(late)
                actor = record.player_of(late.other)
            else:
                action, actor = rules.Abort(), self.me
            await self.play(record, actor, action)

    async def play(self, record: MatchRecord, actor: int, action: rules.Action) -> None:
        """An action the tournament takes on a match (a forfeit, the deadline), through the one pipeline."""
        try:
            played = await self.service.play(record.id, actor, action)
        except Exception:
            log.warning("tournament match %d: %s could not be played", record.id, type(action).__name__,
                        exc_info=True)
            return
        await self.deliverer.deliver(played.after.id)

    @property
    def me(self) -> int:
        assert self.bot.user is not None  # the bot is logged in while it runs tournaments
        return self.bot.user.id

    # --- what the channel hears -------------------------------------------------------------------------

    async def _announce(self, play: TournamentPlay) -> None:
        """The round's pairs, each pinged once, with their two threads; the bye."""
        tournament = play.tournament
        number = tournament.round
        rows = play.of_round(number)
        matches = {row.goryo_id: row for row in rows}
        pairs: list[Double] = []
        for row in rows:  # a double is two rows, one each way round
            if all(d.key() != frozenset((row.goryo_id, row.samurai_id)) for d in pairs):
                pairs.append(Double(row.goryo_id, row.samurai_id))
        bye = next((b.player for b in play.byes if b.round == number), None)
        total = tournament.rounds_to_play(len(play.players))
        deadline = int(tournament.round_deadline.timestamp()) if tournament.round_deadline else 0
        with speaking(tournament.language):
            lines = [words.round_header(tournament.name, number, total, deadline)]
            for double in pairs:
                threads = [await self._thread_of(matches[p].match_id) for p in double.players if p in matches]
                lines.append(words.pair_line(double, [t for t in threads if t is not None]))
            if bye is not None:
                lines.append(words.bye_line(bye))
        pinged = [p for double in pairs for p in double.players] + ([bye] if bye is not None else [])
        items = [post(tournament, "round", text, pings=[p for p in pinged if f"<@{p}>" in text])
                 for text in in_messages(lines)]
        if await self.store.mark_round_announced(tournament.id, number, now=self.service.clock(), outbox=items):
            await self.deliverer.deliver_tournament(tournament.id)

    async def _thread_of(self, match_id: int | None) -> int | None:
        if match_id is None:
            return None
        record = await self.store.get_match(match_id)
        return None if record is None else record.channel_id

    async def _remind(self, play: TournamentPlay) -> None:
        tournament = play.tournament
        waiting = sorted({p for row in play.of_round(tournament.round) if not row.decided
                          for p in (row.goryo_id, row.samurai_id)})
        deadline = int(tournament.round_deadline.timestamp()) if tournament.round_deadline else 0
        with speaking(tournament.language):
            text = words.reminder(tournament.name, tournament.round, waiting, deadline)
        items = [post(tournament, "reminder", text, pings=waiting)]
        if await self.store.mark_round_reminded(tournament.id, tournament.round, now=self.service.clock(),
                                                outbox=items):
            await self.deliverer.deliver_tournament(tournament.id)

    async def standings_items(self, play: TournamentPlay, *, final: bool) -> list[OutboxItem]:
        """The standings for the channel: the picture with the first message (the final ones ping the winner),
        the rest of the table after."""
        tournament = play.tournament
        texts, table = await self.standings_words(play, final=final, language=tournament.language)
        winner = winner_of(standings(play.players, play.results(), play.byes)) if final else None
        first = post(tournament, "standings", texts[0], pings=[winner] if winner is not None else [], table=table)
        return [first, *(post(tournament, "standings", text) for text in texts[1:])]

    async def standings_post(
        self, play: TournamentPlay, *, final: bool, language: str
    ) -> tuple[list[str], bytes, str]:
        """The standings as text, the same table as a picture, and the picture's alt text (``standings_words``)."""
        texts, table = await self.standings_words(play, final=final, language=language)
        png = await asyncio.to_thread(standings_table, table.title, list(table.headers),
                                      [list(row) for row in table.rows])
        return texts, png, table.alt

    async def standings_words(
        self, play: TournamentPlay, *, final: bool, language: str
    ) -> tuple[list[str], Table]:
        """The standings as text (several messages if Discord's limit needs; the final ones open with the winner),
        and the words the picture draws."""
        tournament = play.tournament
        table = standings(play.players, play.results(), play.byes)
        names = await self.names(tournament.guild_id, play.players)
        total = tournament.rounds_to_play(len(play.players))
        with speaking(language):
            title = words.standings_title(tournament.name, tournament.round, total, final)
            headers = words.headers()
            texts = words.table_messages(title, table, names)
            winner = winner_of(table) if final else None
            if winner is not None:
                texts.insert(0, words.winner_line(tournament.name, winner))
            alt = words.standings_alt(title)
        cells = tuple(tuple(words.cells(row, names[row.player])) for row in table)
        return texts, Table(title, tuple(headers), cells, alt)

    async def names(self, guild_id: int, players: Sequence[int]) -> dict[int, str]:
        guild = self.bot.get_guild(guild_id)
        found: dict[int, str] = {}
        for player in players:
            member = guild.get_member(player) if guild is not None else None
            user = member or self.bot.get_user(player)
            if user is None and player not in self._names:
                try:
                    self._names[player] = (await self.bot.fetch_user(player)).display_name
                except discord.HTTPException:
                    found[player] = str(player)
                    continue
            found[player] = user.display_name if user is not None else self._names[player]
        return found


    async def edit_signup(self, play: TournamentPlay, *, closed: bool = False) -> None:
        """The sign-up message shows who is in; once closed, its buttons are taken off."""
        tournament = play.tournament
        if tournament.message_id is None:
            return
        with speaking(tournament.language):
            text = words.signup_text(tournament, play.players, closed=closed)
            view = None if closed else signup_view(tournament.id)
        channel = self.bot.get_partial_messageable(tournament.channel_id, guild_id=tournament.guild_id)
        try:
            await channel.get_partial_message(tournament.message_id).edit(content=text, view=view,
                                                                         allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.warning("tournament %d: its sign-up message could not be edited (%s)", tournament.id, error.status)


def post(tournament: TournamentRecord, kind: str, text: str, *, pings: Sequence[int] = (),
         table: Table | None = None) -> OutboxItem:
    """One message for the tournament's channel, in its language, pinging ``pings`` only."""
    return OutboxItem(kind, Route.TOURNAMENT, text, picture=Picture.STANDINGS if table is not None else None,
                      language=tournament.language, pings=tuple(pings), table=table)


def in_messages(lines: Sequence[str]) -> list[str]:
    """Lines in as few messages as Discord's length allows."""
    texts: list[str] = []
    block: list[str] = []
    for line in lines:
        if block and sum(len(b) + 1 for b in block) + len(line) > words.MESSAGE_CONTENT:
            texts.append("\n".join(block))
            block = []
        block.append(line)
    if block:
        texts.append("\n".join(block))
    return texts
