"""Looking at a match, for anyone: its board, its status, and the caller's matches to choose from."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

import rules
from locales import speaking, spoken
from words.text_board import goryo_text_board, public_text_board

from ..delivery import boards
from ..delivery.assist import aid_words
from ..delivery.her_builder import live_builder, shown_in_channel
from ..delivery.send import acknowledge_privately, follow_up, message_options, send_private
from ..records.hints import allows_hints
from ..storage import MatchRecord, Store
from ..text import languages, mine
from ..text.goryo_dms import builder_stays, goryo_status_secret
from ..text.match import board_caption, board_cooldown, last_match_caption
from ..text.refusal import Refusal
from ..text.status import status_text
from ..ui import builder
from .acting import Acting
from .cooldown import Cooldown
from .guards import in_guild
from .service import Clock


class Viewing:
    """``channel_name``: a channel's name as the bot knows it (None if it does not), for the autocomplete."""

    def __init__(self, acting: Acting, store: Store, drawing: boards.Drawing, cooldown: Cooldown, clock: Clock,
                 channel_name: Callable[[int], str | None]) -> None:
        self.acting = acting
        self.store = store
        self.drawing = drawing
        self.board_cooldown = cooldown
        self.clock = clock
        self.channel_name = channel_name

    async def board(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """The board (and the round's last Discovery); in a channel whose match just ended, its final board."""
        wait = self.board_cooldown.wait(interaction.user.id, self.clock())
        if wait is not None:
            raise Refusal(board_cooldown(wait, self.board_cooldown.seconds))
        record, finished = await self._match_or_last_finished(interaction, match_id)
        if finished:
            await self._final_board(interaction, record)
            return
        state = record.state
        is_goryo = interaction.user.id == record.goryo_id
        if not in_guild(interaction) and is_goryo:
            await acknowledge_privately(interaction)
            await self._her_board(interaction, record)
            return
        in_its_channel = in_guild(interaction) and interaction.channel_id == record.channel_id
        private = not in_its_channel and in_guild(interaction)
        await interaction.response.defer(thinking=True, ephemeral=private)
        # In its channel for everyone, in the server's language; elsewhere for the asker alone, in theirs.
        language = spoken() if private else languages.in_channel(interaction)
        pictures = [await self.drawing.public_board(state, assist=record.assist, language=language)]
        discovery = await self.store.last_delivered(record.id, "discovery")
        if discovery is not None and state.to_move is not None:
            discovered = await self.store.state_at(record.id, discovery.seq)
            pictures.append(await self.drawing.discovery_board(discovered, language=language))
        with speaking(language):
            text = board_caption(record.channel_id, state.round, with_discovery=len(pictures) > 1)
        # The facts of the board now; the Discovery beside it shows the round before.
        await follow_up(interaction, text, files=[p.file() for p in pictures if p is not None],
                        embeds=boards.embeds_of(pictures[0]), allowed_mentions=discord.AllowedMentions.none())
        if is_goryo and in_guild(interaction):
            # Her own board too, for a Goryō playing in the channel: she alone sees it.
            await self._her_board(interaction, record)

    async def _match_or_last_finished(self, interaction: discord.Interaction,
                                      match_id: int | None) -> tuple[MatchRecord, bool]:
        """The asker's match, or, asked in a channel without one, the last match that ended there (then True)."""
        try:
            return await self.acting.match(interaction, match_id), False
        except Refusal:
            if match_id is not None or not in_guild(interaction) or interaction.channel_id is None:
                raise
            finished = next(iter(await self.store.finished_matches(interaction.channel_id, 1)), None)
            if finished is None:
                raise
            return finished, True

    async def board_in_words(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """The board as text, for the asker alone, in their language (issue 45): her own board for the Goryō,
        the public board (the final one, once the match is over) for anyone else. Nothing is drawn."""
        record, _ = await self._match_or_last_finished(interaction, match_id)
        if interaction.user.id == record.goryo_id:
            said = goryo_text_board(rules.goryo_view(record.state))
        else:
            said = public_text_board(rules.public_view(record.state))
        await send_private(interaction, said)

    async def _final_board(self, interaction: discord.Interaction, record: MatchRecord) -> None:
        """The last match's final board, in the channel it was played in."""
        await interaction.response.defer(thinking=True)
        language = languages.in_channel(interaction)  # posted in the channel
        with speaking(language):
            caption = last_match_caption(record.id)
        final = await self.drawing.final_board(record.state, language=language)
        await follow_up(interaction, caption, **message_options(final))

    async def _her_board(self, interaction: discord.Interaction, record: MatchRecord) -> None:
        """Her secret board, for her alone, with her builder when it is her turn: it works wherever she asked (her
        DMs shut, say). While the builder of her turn stands in her DMs she gets no second one (two would each
        act, and only one is taken off when her choice is in): she is pointed to it instead."""
        secret = await self.drawing.goryo_board(record.state, language=spoken())
        text = goryo_status_secret(record.state)
        if (standing := await live_builder(interaction.client, self.store, record)) is not None:
            await send_private(interaction, f"{text}\n{builder_stays(standing.jump_url)}", board=secret)
            return
        view = builder.builder_view(record.id, record.state, hint=allows_hints(record))
        shown = await send_private(interaction, text, board=secret, view=view)
        if shown is not None and view is not None:
            await shown_in_channel(interaction, self.store, record, shown.id, self.clock())

    async def status(
        self, interaction: discord.Interaction, match_id: int | None,
        clock_line: Callable[[MatchRecord], Awaitable[str | None]],
    ) -> None:
        """The match's status for the asker; ``clock_line`` says its turn clock (``TurnClock.status_line``)."""
        record = await self.acting.match(interaction, match_id)
        text = status_text(
            rules.public_view(record.state), record.goryo_id, record.samurai_id, record.channel_id,
            aid=aid_words(record.state, record.assist), assist=record.assist,
        )
        if (clock := await clock_line(record)) is not None:
            text += "\n" + clock
        if interaction.user.id == record.goryo_id:
            text += "\n" + goryo_status_secret(record.state)
        await send_private(interaction, text)

    async def match_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Autocomplete for ``match``: the user's active matches, named by channel and state."""
        choices = []
        for record in await self.store.active_matches_of(interaction.user.id):
            side = record.player_side(interaction.user.id)
            assert side is not None  # the user's own matches
            name = mine.match_choice(record.id, self.channel_name(record.channel_id), record.channel_id, side,
                                     record.state.round, my_turn=record.state.to_move is side)
            if current.strip() and current.strip().lower() not in name.lower():
                continue
            choices.append(app_commands.Choice(name=name[:100], value=record.id))
        return choices[:25]
