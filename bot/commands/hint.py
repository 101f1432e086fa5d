"""``/goryo hint [match:]`` and the Hint button's clicks (issue 44).

Added to the ``/goryo`` group by ``extend`` (in ``bot.commands.tree``) with the hints handed in; the clicks are
registered by ``setup_hook`` like the match's (``hint_clicks``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from ..play.hints import Hints
from ..ui import hint as ui
from .group import MATCH_HELP
from .refusals import answer_refusals

MatchChoices = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[int]]]]


def extend(group: app_commands.Group, hints: Hints, match_choices: MatchChoices) -> app_commands.Group:
    """``group`` with ``/goryo hint`` added, acting on ``hints``; ``match_choices`` lists the caller's matches."""

    async def matches(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await match_choices(interaction, current)

    @app_commands.command(name=locale_str("hint", context="command name"),
                          description=locale_str("A suggestion for your turn, privately (against the bot or with "
                                                 "the deduction aid)"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=matches)
    async def hint(interaction: discord.Interaction, match: int | None = None) -> None:
        await hints.ask(interaction, match)

    group.add_command(hint)
    return group


def hint_clicks(hints: Hints) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The Hint button on the panel and her builder, acting on ``hints`` when clicked."""

    class HintClick(ui.HintButton, template=ui.HINT_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await hints.click(interaction, self.match_id, self.round, self.side)

    return (HintClick,)
