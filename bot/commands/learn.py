"""``/goryo learn [role:]`` and the clicks on a lesson's controls (issue 36).

Added to the ``/goryo`` group by ``extend`` (in ``bot.commands.tree``) with the lessons handed in; the
clicks are registered by ``setup_hook`` like the match's (``lesson_clicks``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

import rules

from ..play.lessons import Lessons
from ..ui import lesson
from .clicks import _chosen
from .group import SIDES
from .refusals import answer_refusals


def extend(group: app_commands.Group, lessons: Lessons) -> app_commands.Group:
    """``group`` with ``/goryo learn`` added, acting on ``lessons``."""

    @app_commands.command(name=locale_str("learn", context="command name"),
                          description=locale_str("Learn by playing: a guided first match against me, in five minutes"))
    @app_commands.rename(role=locale_str("role", context="command name"))
    @app_commands.describe(role=locale_str("The side you learn (the Goryō by default)"))
    @app_commands.choices(role=SIDES)
    async def learn(interaction: discord.Interaction, role: str | None = None) -> None:
        await lessons.learn(interaction, None if role is None else rules.Side(role))  # a value of SIDES

    group.add_command(learn)
    return group


def lesson_clicks(lessons: Lessons) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The lesson's controls, each acting on ``lessons`` when clicked."""

    class LessonChoice(lesson.LessonSelect, template=lesson.SELECT_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await lessons.click(interaction, self.step, self.inner, _chosen(interaction))

    class LessonClick(lesson.LessonButton, template=lesson.BUTTON_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await lessons.click(interaction, self.step, self.inner, "")

    return (LessonChoice, LessonClick)
