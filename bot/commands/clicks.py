"""What a click on a persistent button or select does: each ``bot.ui`` item's subclass with its callback.

``clicks(...)`` makes the subclasses with what they act on handed in; ``setup_hook`` registers them
(``add_dynamic_items``), so discord.py builds one from any click's ``custom_id``, even after a
restart, and runs its callback. The items themselves (looks, ids) are built in ``bot.ui``, below the
code that posts them. Expected errors become private messages (``answer_refusals``).
"""

from __future__ import annotations

from typing import Any

import discord

import rules

from ..play.challenges import Challenges
from ..play.goryo_side import GoryoSide
from ..play.resigning import Resigning
from ..play.samurai_side import SamuraiSide
from ..ui import builder, buttons, panel
from .refusals import answer_refusals

Clickable = type[discord.ui.DynamicItem[Any]]


def _chosen(interaction: discord.Interaction) -> str:
    """The value a select sent ("" if none)."""
    data = interaction.data
    values = data.get("values") if isinstance(data, dict) else None
    return str(values[0]) if isinstance(values, list) and values else ""


def clicks(challenges: Challenges, goryo: GoryoSide, samurai: SamuraiSide, resigning: Resigning
           ) -> tuple[Clickable, ...]:
    """The persistent items, each acting on its side of the match (or its challenge) when clicked."""

    class ChallengeClick(buttons.ChallengeButton, template=buttons.CHALLENGE_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await challenges.answer(interaction, self.challenge_id, self.choice)

    class PlanClick(buttons.PlanButton, template=buttons.PLAN_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                if self.choice is buttons.PlanAnswer.CONFIRM:
                    await goryo.confirm_plan(interaction, self.match_id, self.version, self.preview, self.plan)
                else:
                    await goryo.cancel_plan(interaction, self.match_id, self.version, self.preview)

    class ResignClick(buttons.ResignButton, template=buttons.RESIGN_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                if self.choice is buttons.QuestionAnswer.CONFIRM:
                    await resigning.confirm_resign(interaction, self.match_id, self.version)
                else:
                    await resigning.keep_playing(interaction, self.match_id)

    class RematchClick(buttons.RematchButton, template=buttons.REMATCH_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await challenges.rematch(interaction, self.match_id)

    class PanelChoice(panel.PanelSelect, template=panel.SELECT_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            value = _chosen(interaction)
            async with answer_refusals(interaction):
                await samurai.panel_action(interaction, self.match_id, self.round, panel.action_from(self.kind, value))

    class EndTurnClick(panel.EndTurnButton, template=panel.END_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await samurai.panel_end_turn(interaction, self.match_id, self.round)

    class UndoClick(panel.UndoButton, template=panel.UNDO_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await samurai.panel_undo(interaction, self.match_id, self.round, self.key)

    class EndTurnAnswer(buttons.EndTurnButton, template=buttons.END_TURN_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                if self.choice is buttons.QuestionAnswer.CONFIRM:
                    await samurai.confirm_end_turn(interaction, self.match_id, self.version)
                else:
                    await resigning.keep_playing(interaction, self.match_id)

    class BuilderChoice(builder.BuilderSelect, template=builder.SELECT_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            value = _chosen(interaction)
            async with answer_refusals(interaction):
                if self.what is builder.Menu.START:
                    await goryo.builder_start(interaction, self.match_id, rules.parse_space(value))
                    return
                path, trail = self.path, self.trail
                if self.what is builder.Menu.STEP:
                    path = (*path, rules.parse_space(value))
                else:
                    trail = builder.trail_from(value)
                await goryo.builder_update(interaction, self.match_id, self.round, path, trail)

    class BuilderClick(builder.BuilderButton, template=builder.BUTTON_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                if self.what is builder.Press.PREVIEW:
                    plan = rules.Plan(self.path, self.trail)
                    await goryo.builder_preview(interaction, self.match_id, self.round, plan)
                    return
                path = self.path[:-1]
                trail = self.trail if self.trail is not None and self.trail not in path else None
                await goryo.builder_update(interaction, self.match_id, self.round, path, trail)

    return (ChallengeClick, PlanClick, ResignClick, RematchClick, PanelChoice, EndTurnClick, UndoClick, EndTurnAnswer,
            BuilderChoice, BuilderClick)
