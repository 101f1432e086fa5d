"""``/goryo tournament create|join|leave|start|cancel|standings`` and the sign-up message's buttons (issue 43).

One subcommand group (it counts as one of the ``/goryo`` group's 25), added by ``extend`` (in ``bot.commands.tree``)
with the tournaments handed in; the buttons are registered by ``setup_hook`` (``tournament_clicks``).
Descriptions are short: the whole ``/goryo`` command, in its longest translation, stays within 8,000 characters.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from ..play.tournaments import Tournaments
from ..records.tournaments import Format
from ..ui import tournament as ui
from .refusals import answer_refusals

WHICH = locale_str("Which tournament (the open one by default)")
TOURNAMENT = locale_str("tournament", context="command name")


def extend(group: app_commands.Group, tournaments: Tournaments) -> app_commands.Group:
    """``group`` with ``/goryo tournament …`` added, acting on ``tournaments``."""
    sub = app_commands.Group(name=locale_str("tournament", context="command name"),
                             description=locale_str("Tournaments of doubles, paired and scored by the bot"))

    async def which(interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await tournaments.choices(interaction, current)

    @sub.command(name=locale_str("create", context="command name"),
                 description=locale_str("Open a tournament for sign-up here (Manage Server)"))
    @app_commands.rename(name=locale_str("name", context="command name"),
                         format=locale_str("format", context="command name"),
                         rounds=locale_str("rounds", context="command name"),
                         round_days=locale_str("round_days", context="command name"),
                         signup_hours=locale_str("signup_hours", context="command name"),
                         advanced=locale_str("advanced", context="command name"),
                         assist=locale_str("assist", context="command name"),
                         max_players=locale_str("max_players", context="command name"))
    @app_commands.describe(name=locale_str("Its name"), format=locale_str("Swiss or round robin"),
                           rounds=locale_str("Swiss rounds (3 by default)"),
                           round_days=locale_str("Days per round (7 by default)"),
                           signup_hours=locale_str("Hours of sign-up (48 by default)"),
                           advanced=locale_str("Advanced mode"), assist=locale_str("The deduction aid"),
                           max_players=locale_str("Most players (no limit by default)"))
    @app_commands.choices(format=[
        Choice(name=locale_str("swiss", context="command name"), value="swiss"),
        Choice(name=locale_str("round_robin", context="command name"), value="round_robin"),
    ])
    async def create(
        interaction: discord.Interaction, name: app_commands.Range[str, 1, 60], format: str,
        rounds: app_commands.Range[int, 1, 20] = 3, round_days: app_commands.Range[int, 1, 30] = 7,
        signup_hours: app_commands.Range[int, 1, 720] = 48, advanced: bool = False, assist: bool = False,
        max_players: app_commands.Range[int, 3, 1000] | None = None,
    ) -> None:
        await tournaments.create(interaction, name, Format(format), rounds, round_days, signup_hours, advanced,
                                 assist, max_players)

    @sub.command(name=locale_str("join", context="command name"),
                 description=locale_str("Sign up"))
    @app_commands.rename(tournament=TOURNAMENT)
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=which)
    async def join(interaction: discord.Interaction, tournament: int | None = None) -> None:
        await tournaments.join(interaction, tournament)

    @sub.command(name=locale_str("leave", context="command name"),
                 description=locale_str("Leave (while it runs, you forfeit)"))
    @app_commands.rename(tournament=TOURNAMENT)
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=which)
    async def leave(interaction: discord.Interaction, tournament: int | None = None) -> None:
        await tournaments.leave(interaction, tournament)

    @sub.command(name=locale_str("start", context="command name"),
                 description=locale_str("Close sign-up and pair round 1 (Manage Server)"))
    @app_commands.rename(tournament=TOURNAMENT)
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=which)
    async def start(interaction: discord.Interaction, tournament: int | None = None) -> None:
        await tournaments.start(interaction, tournament)

    @sub.command(name=locale_str("cancel", context="command name"),
                 description=locale_str("Cancel it (Manage Server)"))
    @app_commands.rename(tournament=TOURNAMENT)
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=which)
    async def cancel(interaction: discord.Interaction, tournament: int | None = None) -> None:
        await tournaments.cancel(interaction, tournament)

    @sub.command(name=locale_str("standings", context="command name"),
                 description=locale_str("The standings of any tournament here"))
    @app_commands.rename(tournament=TOURNAMENT)
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=which)
    async def standings(interaction: discord.Interaction, tournament: int | None = None) -> None:
        await tournaments.show_standings(interaction, tournament)

    group.add_command(sub)
    return group


def tournament_clicks(tournaments: Tournaments) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The sign-up buttons, each acting on ``tournaments`` when clicked."""

    class SignUpClick(ui.SignUpButton, template=ui.SIGNUP_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await tournaments.click(interaction, self.tournament_id, self.choice)

    return (SignUpClick,)
