"""What ``/goryo tournament …`` and the sign-up buttons do (issue 43); the rounds themselves are ``Rounds``'.

Creating, starting and cancelling need Manage Server (checked from what Discord says the member may do in the
channel); joining, leaving and reading the standings are anyone's. A refusal changes nothing and says why.
"""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import timedelta

import discord
from discord import app_commands

import rules
from locales import speaking

from ..delivery import permissions
from ..delivery.send import QUIET, acknowledge_privately, follow_up, send_private
from ..records.tournaments import (
    Format,
    JoinOutcome,
    LeaveOutcome,
    Status,
    TournamentPlay,
    TournamentRecord,
    standings,
)
from ..storage import Store
from ..text import languages
from ..text import permissions as permission_words
from ..text import tournaments as words
from ..text.refusal import Refusal
from ..ui.tournament import SignUp, signup_view
from .tournament_rounds import Rounds

log = logging.getLogger(__name__)

class Tournaments:
    def __init__(self, store: Store, rounds: Rounds) -> None:
        self.store = store
        self.rounds = rounds

    # --- choosing which -----------------------------------------------------------------------------------

    async def choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Autocomplete: the server's tournaments, newest first, named with their state."""
        if interaction.guild_id is None:
            return []
        found = []
        for tournament in await self.store.tournaments_in(interaction.guild_id):
            name = f"{tournament.name} ({tournament.status.value})"[:100]
            if current.strip().lower() in name.lower():
                found.append(app_commands.Choice(name=name, value=tournament.id))
        return found[:25]

    async def _chosen(self, interaction: discord.Interaction, tournament_id: int | None,
                      *, open_only: bool = True) -> TournamentRecord:
        if interaction.guild_id is None:
            raise Refusal(words.IN_A_SERVER)
        if tournament_id is not None:
            tournament = await self.store.get_tournament(tournament_id)
            if tournament is None or tournament.guild_id != interaction.guild_id:
                raise Refusal(words.NO_SUCH)
            return tournament
        here = await self.store.tournaments_in(interaction.guild_id)
        candidates = [t for t in here if not t.status.is_over] if open_only else here
        if not candidates:
            raise Refusal(words.NONE_OPEN)
        return candidates[0]

    @staticmethod
    def _manager(interaction: discord.Interaction) -> None:
        if not interaction.permissions.manage_guild:
            raise Refusal(words.NEEDS_MANAGE_SERVER)

    # --- the commands ---------------------------------------------------------------------------------------

    async def create(self, interaction: discord.Interaction, name: str, format: Format, rounds: int,
                     round_days: int, signup_hours: int, advanced: bool, assist: bool,
                     max_players: int | None) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(words.IN_A_SERVER)
        self._manager(interaction)
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal(words.IN_A_SERVER)
        # Its matches are played in threads of this channel: the bot must open them, speak and post pictures there.
        missing = permissions.lacking(interaction.app_permissions, permissions.TO_OPEN_THREADS)
        if missing:
            raise Refusal(words.NO_THREADS, missing=permission_words.names(missing))
        if assist and not (await self.store.server_settings(interaction.guild_id)).assist:
            raise Refusal(words.NO_AID)
        now = self.rounds.service.clock()
        language = languages.in_channel(interaction)
        tournament = await self.store.create_tournament(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, name=name.strip()[:60],
            format=format, rounds=rounds, round_days=round_days, advanced=advanced, assist=assist,
            max_players=max_players, signup_closes_at=now + timedelta(hours=signup_hours),
            created_by=interaction.user.id, now=now, language=language,
        )
        with speaking(language):
            text, view = words.signup_text(tournament, []), signup_view(tournament.id)
        response = await interaction.response.send_message(text, view=view, allowed_mentions=QUIET)
        if response.message_id is not None:
            await self.store.set_tournament_message(tournament.id, response.message_id)

    async def join(self, interaction: discord.Interaction, tournament_id: int | None) -> None:
        tournament = await self._chosen(interaction, tournament_id)
        if not isinstance(interaction.user, discord.Member):
            raise Refusal(words.NOT_A_MEMBER)
        outcome = await self.store.join_tournament(tournament.id, interaction.user.id,
                                                   now=self.rounds.service.clock())
        refusals = {
            JoinOutcome.ALREADY: words.ALREADY_IN, JoinOutcome.CLOSED: words.SIGNUP_CLOSED,
            JoinOutcome.FULL: words.FULL, JoinOutcome.IN_ANOTHER: words.IN_ANOTHER, JoinOutcome.UNKNOWN: words.NO_SUCH,
        }
        if outcome is not JoinOutcome.JOINED:
            raise Refusal(refusals[outcome], name=tournament.name, count=tournament.max_players or 0)
        play = await self.store.tournament_play(tournament.id)
        await send_private(interaction, words.joined(tournament.name, len(play.players)))
        await self.rounds.edit_signup(play)

    async def leave(self, interaction: discord.Interaction, tournament_id: int | None) -> None:
        tournament = await self._chosen(interaction, tournament_id)
        player = interaction.user.id
        outcome = await self.store.leave_tournament(tournament.id, player, now=self.rounds.service.clock())
        if outcome is LeaveOutcome.NOT_IN:
            raise Refusal(words.NOT_IN, name=tournament.name)
        if outcome is LeaveOutcome.OVER:
            raise Refusal(words.IS_OVER, name=tournament.name)
        if outcome is LeaveOutcome.LEFT:
            await send_private(interaction, words.left(tournament.name))
            await self.rounds.edit_signup(await self.store.tournament_play(tournament.id))
            return
        await send_private(interaction, words.withdrew(tournament.name))
        await self.rounds.forfeit(tournament, player)
        await self.rounds.advance(tournament.id)

    async def start(self, interaction: discord.Interaction, tournament_id: int | None) -> None:
        tournament = await self._chosen(interaction, tournament_id)
        self._manager(interaction)
        if tournament.status is not Status.SIGNUP:
            raise Refusal(words.NOT_IN_SIGNUP, name=tournament.name)
        async with self.rounds.lock(tournament.id):
            closed = await self.rounds.close_signup(tournament)
        if closed is None:
            raise Refusal(words.NOT_IN_SIGNUP, name=tournament.name)
        if closed is Status.CANCELLED:
            await send_private(interaction, words.cancelled_answer(tournament.name))
            return
        await send_private(interaction, words.started_answer(tournament.name))
        await self.rounds.advance(tournament.id)

    async def cancel(self, interaction: discord.Interaction, tournament_id: int | None) -> None:
        tournament = await self._chosen(interaction, tournament_id)
        self._manager(interaction)
        if not await self.store.end_tournament(tournament.id, Status.CANCELLED, now=self.rounds.service.clock()):
            raise Refusal(words.IS_OVER, name=tournament.name)
        await send_private(interaction, words.cancelled_answer(tournament.name))
        play = await self.store.tournament_play(tournament.id)
        if tournament.status is Status.SIGNUP:
            await self.rounds.edit_signup(play, closed=True)
        for row in play.matches:
            record = None if row.match_id is None or row.decided else await self.store.get_match(row.match_id)
            if record is not None and record.is_active:
                await self.rounds.play(record, self.rounds.me, rules.Abort())
        with speaking(tournament.language):
            await self.rounds.post(tournament, words.cancelled_by(tournament.name, interaction.user.id))

    async def show_standings(self, interaction: discord.Interaction, tournament_id: int | None) -> None:
        """Any of the server's tournaments, running or over: the picture and the table, privately."""
        tournament = await self._chosen(interaction, tournament_id, open_only=False)
        await acknowledge_privately(interaction)  # the picture is drawn after
        play = await self.store.tournament_play(tournament.id)
        texts, png, alt = await self.rounds.standings_post(play, final=tournament.status is Status.FINISHED,
                                                      language=languages.of_user(interaction))
        picture = discord.File(io.BytesIO(png), filename="standings.png", description=alt)
        await follow_up(interaction, texts[0], file=picture, ephemeral=True, allowed_mentions=QUIET)
        for text in texts[1:]:
            await follow_up(interaction, text, ephemeral=True, allowed_mentions=QUIET)

    async def click(self, interaction: discord.Interaction, tournament_id: int, choice: SignUp) -> None:
        if choice is SignUp.JOIN:
            await self.join(interaction, tournament_id)
        else:
            await self.leave(interaction, tournament_id)


async def tournament_results(store: Store, guild_id: int, user_id: int, *, most: int = 5) -> list[str]:
    """A member's places in the server's latest tournaments (``/goryo stats``), in the language being spoken."""
    lines = []
    for tournament_id in (await store.tournaments_played(guild_id, user_id))[:most]:
        play: TournamentPlay = await store.tournament_play(tournament_id)
        table = await asyncio.to_thread(standings, play.players, play.results(), play.byes)
        row = next(r for r in table if r.player == user_id)
        lines.append(words.results_line(play.tournament.name, row.rank, len(table), row.points,
                                        play.tournament.status is Status.FINISHED))
    return lines
