"""The Samurai's side of a match: their commands in the channel, and their panel on the live board."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

import rules
from rules import layout

from ..delivery.failures import SEND_FAILURES, described
from ..delivery.send import send_private
from ..delivery.stale_boards import StaleBoards
from ..storage import MatchRecord, Store
from ..text import match_refusals
from ..text.goryo_dms import goryo_not_samurai
from ..text.match import end_turn_question, turn_ended
from ..text.refusal import Refusal
from ..ui import panel
from ..ui.buttons import end_turn_view
from .acting import Acting, Unless
from .guards import in_guild, require_samurai, take_controls_off
from .service import MatchService

log = logging.getLogger(__name__)


class SamuraiSide:
    def __init__(self, acting: Acting, service: MatchService, store: Store, stale_boards: StaleBoards) -> None:
        self.acting = acting
        self.service = service
        self.store = store
        self.stale_boards = stale_boards  # boards a newer one replaced: a press on one takes it away

    async def samurai_action(self, interaction: discord.Interaction, make: Callable[[], rules.Action]) -> None:
        """``make`` builds the action from the options, raising a readable error for a bad one."""
        if not in_guild(interaction):
            mine = await self.store.active_matches_of(interaction.user.id)
            hers = [m for m in mine if m.goryo_id == interaction.user.id]
            if hers and len(hers) == len(mine):  # the Goryō, in her DMs: what she can do now instead
                raise Refusal(goryo_not_samurai(hers[0].state if len(hers) == 1 else None))
            raise match_refusals.samurai_act_in_the_channel()
        record = await self.acting.match(interaction, None)
        await self.acting.act(interaction, record.id, make())

    async def _panel_match(self, interaction: discord.Interaction, match_id: int, round_number: int) -> MatchRecord:
        """The match a panel click acts on, if the clicker leads its Samurai and its turn is on; else a refusal."""
        record = await self.service.load(match_id)
        require_samurai(record, interaction.user.id)
        state = record.state
        if not record.is_active or state.phase is not rules.Phase.SAMURAI_TURN or state.round != round_number:
            await take_controls_off(interaction)
            if not record.is_active:
                raise match_refusals.match_over()
            raise match_refusals.panel_of_a_past_turn(round_number)
        live, clicked = record.live_board_message_id, interaction.message
        # A board a newer one replaced (taking it away failed): its menus act no more; it goes now.
        if record.live_board_round == round_number and live is not None and clicked is not None and clicked.id < live:
            await self.stale_boards.take_away(record, clicked.id)
            raise match_refusals.board_replaced()
        return await self.acting.note_languages(interaction, record)

    async def panel_action(
        self, interaction: discord.Interaction, match_id: int, round_number: int, action: rules.Action
    ) -> None:
        """A choice on the Samurai's panel: played like the slash command, checked against the match as it is now."""
        record = await self._panel_match(interaction, match_id, round_number)
        await self._panel_play(interaction, record, action)

    async def _panel_play(
        self, interaction: discord.Interaction, record: MatchRecord, action: rules.Action, unless: Unless | None = None,
    ) -> None:
        """Refusals come before anything shows (the pipeline checks again, under the lock, for a click racing another);
        the action's words are then the answer to the click, a new message in the channel, then the live board (the
        clicked message) is posted anew below them with its panel, by its own route, and the clicked one deleted.
        """
        MatchService.check(record, interaction.user.id, action, None)
        if unless is not None and (refusal := await unless(record)) is not None:
            raise refusal
        # In the channel, for everyone: the action's words. Should another click get there first, this one's refusal
        # takes its place in the channel away (send_refusal) and is said privately.
        try:
            await interaction.response.defer(thinking=True)
        except SEND_FAILURES as error:  # the choice counts all the same: its words then go by their own route
            log.info("panel click %s not acknowledged (%s)", interaction.id, described(error))
        await self.acting.act(interaction, record.id, action, unless=unless)

    async def panel_end_turn(self, interaction: discord.Interaction, match_id: int, round_number: int) -> None:
        """The panel's End turn: with actions still possible it only asks, privately; nothing ends until confirmed."""
        record = await self._panel_match(interaction, match_id, round_number)
        state = record.state
        if rules.legal_samurai_actions(state):
            unused = layout.SAMURAI_ACTION_CUBES - state.actions_used
            await send_private(interaction, end_turn_question(unused), view=end_turn_view(record.id, record.version))
            return
        await self._panel_play(interaction, record, rules.EndSamuraiTurn())

    async def confirm_end_turn(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        """End turn, confirmed: only while the match is as it was asked (else refused, nothing changed)."""
        record = await self.service.load(match_id)
        require_samurai(record, interaction.user.id)
        await self.acting.act(interaction, match_id, rules.EndSamuraiTurn(), version=version, receipt=turn_ended())

    async def panel_undo(self, interaction: discord.Interaction, match_id: int, round_number: int, key: str) -> None:
        """The panel's Undo: takes back the move it was shown for, and only that one (a doubled click is refused)."""
        record = await self._panel_match(interaction, match_id, round_number)

        async def taken_back_already(now: MatchRecord) -> Refusal | None:
            if panel.undo_key(now.state) == key or rules.undo_refusal(now.state) is not None:
                return None  # the move it names is still the last (or the rules say why not)
            return match_refusals.undo_outdated()

        await self._panel_play(interaction, record, rules.Undo(), unless=taken_back_already)
