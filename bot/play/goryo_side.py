"""The Goryō's side of a match: her start, her plan typed or built by clicks, its preview, Confirm and Cancel."""

from __future__ import annotations

import discord

import rules
from locales import spoken

from ..delivery import boards
from ..delivery.private_places import place_of, take_off
from ..delivery.send import acknowledge_privately, send_private
from ..records.hints import allows_hints
from ..storage import MatchRecord, Store
from ..text import match_refusals
from ..text.goryo_dms import goryo_plan_cancelled, goryo_preview, goryo_preview_outdated, goryo_preview_replaced
from ..text.refusal import Refusal
from ..ui import builder
from ..ui.buttons import plan_view
from .acting import Acting
from .guards import require_active, require_goryo, take_controls_off
from .service import MatchService, waiting_for


class GoryoSide:
    def __init__(self, acting: Acting, service: MatchService, store: Store, drawing: boards.Drawing) -> None:
        self.acting = acting
        self.service = service
        self.store = store
        self.drawing = drawing

    async def choose_start(self, interaction: discord.Interaction, space: str, match_id: int | None) -> None:
        record = await self.acting.match(interaction, match_id, rules.Side.GORYO, waiting_for(rules.Phase.SETUP))
        await self.acting.act(interaction, record.id, rules.ChooseStart(rules.parse_space(space)))

    async def preview_plan(
        self, interaction: discord.Interaction, spaces: str, false_trail: str | None, match_id: int | None
    ) -> None:
        """Check the plan and show it to her alone, with Confirm / Cancel; nothing is stored yet."""
        record = await self.acting.match(interaction, match_id, rules.Side.GORYO, waiting_for(rules.Phase.GORYO_TURN))
        plan = rules.Plan(rules.parse_plan(spaces), rules.parse_space(false_trail) if false_trail else None)
        await self._preview(interaction, record, plan)

    async def _preview(self, interaction: discord.Interaction, record: MatchRecord, plan: rules.Plan) -> None:
        """A typed plan's preview and a built one's are the same: checked, drawn, with Confirm / Cancel."""
        # Same checks as the pipeline, so a preview is only offered for a plan Confirm would accept.
        MatchService.check(record, interaction.user.id, plan, None)
        await acknowledge_privately(interaction)
        board = await self.drawing.goryo_board(record.state, preview=plan, language=spoken())  # hers: she asked
        # Numbered, so that this preview replaces every earlier one: only the newest can be confirmed.
        number = await self.store.new_preview(record.id)
        shown = await send_private(interaction, goryo_preview(plan), board=board,
                                   view=plan_view(record.id, record.version, number, plan))
        if shown is not None:
            # The preview it replaces can act no more: its buttons go (its words stay).
            replaced = await self.store.preview_shown(record.id, number, place_of(interaction, shown.id))
            if replaced is not None:
                await take_off(interaction.client, record.goryo_id, replaced, self.service.clock())

    # --- her builder (bot.ui.builder): the same actions, by clicks ---------------------

    async def _builder_match(self, interaction: discord.Interaction, match_id: int, round_number: int) -> MatchRecord:
        """Her match, if this builder is hers and of her turn now; else a refusal saying why."""
        record = await self.service.load(match_id)
        require_goryo(record, interaction.user.id)
        state = record.state
        if not record.is_active or state.to_move is not rules.Side.GORYO or state.round != round_number:
            await take_controls_off(interaction)  # a builder that can act no more: gone, so it is not pressed again
            require_active(record)
            raise match_refusals.builder_of_a_past_turn()
        return await self.acting.note_languages(interaction, record)

    async def builder_start(self, interaction: discord.Interaction, match_id: int, space: rules.Space) -> None:
        record = await self._builder_match(interaction, match_id, 0)
        await self.acting.act(interaction, record.id, rules.ChooseStart(space))

    async def builder_update(
        self, interaction: discord.Interaction, match_id: int, round_number: int,
        path: tuple[rules.Space, ...], trail: rules.Space | None,
    ) -> None:
        """One step of her path (or Back, or a False Trail): her message shows the path so far and what may follow."""
        record = await self._builder_match(interaction, match_id, round_number)
        state = record.state
        if not path or path[0] != state.goryo_space:
            assert state.goryo_space is not None  # on her turn she stands somewhere
            path = (state.goryo_space,)
        if not (builder.next_steps(state, path) or builder.is_plan(state, path)):
            raise match_refusals.no_path_that_way()
        if trail is not None and not builder.is_plan(state, path, trail):
            trail = None  # a False Trail the path now crosses, or one not yet placeable
        view = builder.builder_view(record.id, state, path, trail, hint=allows_hints(record))
        await interaction.response.defer()  # an edit of her message, once its picture is drawn
        # Her own board with the path so far (and False Trail) drawn on it: hers alone, in her language.
        board = await self.drawing.goryo_board(state, preview=rules.Plan(path, trail), language=spoken())
        await interaction.edit_original_response(
            content=builder.builder_text(state, path, trail), attachments=[board.file()] if board is not None else [],
            embeds=boards.embeds_of(board), view=view,
        )

    async def builder_preview(self, interaction: discord.Interaction, match_id: int, round_number: int,
                              plan: rules.Plan) -> None:
        record = await self._builder_match(interaction, match_id, round_number)
        await self._preview(interaction, record, plan)

    # --- her preview's buttons ------------------------------------------------------------

    async def _replaced(self, record: MatchRecord, version: int, preview: int | None) -> bool:
        """Whether a newer preview of the same turn replaced this one."""
        if not record.is_active or record.version != version:
            return False  # the pipeline's own refusals say what is wrong then
        latest = await self.store.latest_preview(record.id)
        return latest is not None and preview != latest

    async def confirm_plan(
        self, interaction: discord.Interaction, match_id: int, version: int, preview: int | None, plan: rules.Plan
    ) -> None:
        number = preview or 0  # buttons from before previews were numbered count as preview 0
        stale = False  # this preview can act no more: refused, and its buttons go

        async def refused(record: MatchRecord) -> Refusal | None:
            nonlocal stale
            stale = not record.is_active or record.version != version  # the pipeline's refusal says why
            if await self.store.preview_cancelled(match_id, version=version, preview=number):
                stale = True
                return match_refusals.plan_cancelled()
            if await self._replaced(record, version, preview):
                stale = True
                return Refusal(goryo_preview_replaced())
            return None

        try:
            await self.acting.act(interaction, match_id, plan, version=version, unless=refused, preview=number)
        except Refusal:
            if stale:
                await take_controls_off(interaction)
            raise

    async def cancel_plan(
        self, interaction: discord.Interaction, match_id: int, version: int, preview: int | None
    ) -> None:
        # A Confirm pressed at the same instant is decided one way only: either it locked the plan first
        # (and this preview never says "Cancelled"), or it is refused. In this process the match's lock
        # orders them; across processes the database does (the cancel is stored under the match's row
        # lock, and the Confirm's commit checks for it under the same lock).
        async with self.service.lock(match_id):
            record = await self.service.load(match_id)
            require_goryo(record, interaction.user.id)
            if await self._replaced(record, version, preview):
                await take_controls_off(interaction)
                raise Refusal(goryo_preview_replaced())
            if record.version != version or not await self.store.cancel_preview(
                match_id, version=version, preview=preview or 0
            ):
                # Her preview's words stay; only its buttons go, and the refusal is hers alone.
                await take_controls_off(interaction)
                raise Refusal(goryo_preview_outdated())
            await interaction.response.edit_message(content=goryo_plan_cancelled(), view=None, attachments=[])
