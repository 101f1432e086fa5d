"""``/goryo hint`` and the Hint button (issue 44): the hard level's suggestion for the player on turn, privately.

Allowed against the bot and in matches with the deduction aid; refused privately elsewhere, saying why. In a
lesson (no match in progress) the hint is the move the lesson's step teaches: the lesson accepts only that one. The
search runs in the thinking processes (a few hundred milliseconds of pure Python), after a private "thinking…"
so Discord's 3 seconds are never at risk. Each hint is noted in the match's history (``Store.note_hint``) and
so in its record. The Samurai's hint is worked out from public facts only, as the bot's own Samurai decide.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any

import discord

import rules
from ai.hint import Hint, goryo_hint, samurai_hint
from locales import speaking

from ..delivery.send import acknowledge_privately, follow_up_privately, send_private
from ..records.hints import HintNote, allows_hints
from ..records.matches import MatchRecord
from ..storage import Store
from ..text import hints as words
from ..text import lessons as script
from ..text.languages import of_user
from ..text.refusal import Refusal
from .aiplay import decision_seed, hider_evidence, samurai_when_planned
from .service import MatchService
from .thinking import Thinking


class Hints:
    def __init__(self, store: Store, service: MatchService, thinking: Thinking | None,
                 clock: Callable[[], datetime]) -> None:
        self.store = store
        self.service = service
        self.thinking = thinking
        self.clock = clock

    async def ask(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """``/goryo hint [match]``: for the match the command means (as the other commands find it), or, for a
        learner with no match in progress, the lesson's step."""
        try:
            record = await self.service.match_for(interaction.user.id, interaction.channel_id,
                                                  interaction.guild_id is not None, match_id)
        except Refusal:
            move = await self._lesson_move(interaction.user.id) if match_id is None else None
            if move is None:
                raise
            with speaking(of_user(interaction)):
                text = words.lesson_hint_text(move)
            await send_private(interaction, text)
            return
        await self._answer(interaction, record)

    async def _lesson_move(self, user_id: int) -> rules.Action | None:
        """The move the learner's lesson asks for now (a lesson teaches one move a step: that is its hint)."""
        held = await self.store.lesson(user_id)
        if held is None:
            return None
        lesson = script.LESSONS[held.role]
        if not 0 <= held.step < len(lesson.steps):
            return None
        wants = lesson.steps[held.step].wants
        if isinstance(wants, script.Choose):
            return wants.action
        if isinstance(wants, script.Build):
            return rules.Plan(wants.path, wants.trail)
        if isinstance(wants, (script.Preview, script.Confirm)):
            return wants.plan
        return None  # watching the bot's moves, or the lesson's end: nothing to play

    async def click(self, interaction: discord.Interaction, match_id: int, round_number: int,
                    side: rules.Side) -> None:
        """The Hint button of ``side``'s control in round ``round_number``: refused once that turn is over."""
        record = await self.service.load(match_id)
        state = record.state
        if record.is_active and (state.round != round_number or state.to_move is not side):
            raise Refusal(words.STALE)
        await self._answer(interaction, record)

    async def _answer(self, interaction: discord.Interaction, record: MatchRecord) -> None:
        side = record.player_side(interaction.user.id)
        if side is None:
            raise Refusal(words.NOT_A_PLAYER)
        if not allows_hints(record):
            raise Refusal(words.NOT_ALLOWED)
        if not record.is_active:
            raise Refusal(words.OVER)
        if record.state.to_move is not side:
            raise Refusal(words.NOT_YOUR_TURN)
        await acknowledge_privately(interaction)
        hint = await self._think(record, side)
        await self.store.note_hint(record.id, HintNote(record.version, side, hint.action, interaction.user.id),
                                   now=self.clock())
        with speaking(of_user(interaction)):
            text = words.hint_text(hint)
        await follow_up_privately(interaction, text, thinking_private=True)

    async def _think(self, record: MatchRecord, side: rules.Side) -> Hint:
        seed = decision_seed(record.ai_seed if record.ai_seed is not None else record.id, record.version)
        if side is rules.Side.GORYO:
            return await self._run(goryo_hint, record.state, seed)
        log = await self.store.actions(record.id)
        initial = await self.store.initial_state(record.id)
        evidence = await asyncio.to_thread(hider_evidence, initial, log)
        return await self._run(samurai_hint, rules.public_view(record.state), seed, samurai_when_planned(log),
                               evidence)

    async def _run(self, work: Callable[..., Hint], *args: Any) -> Hint:
        """In the thinking processes (a thread only for a bot built without them)."""
        if self.thinking is None:
            return await asyncio.to_thread(work, *args)
        return await self.thinking.run(work, *args)
