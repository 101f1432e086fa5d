"""The sign-up message's **Join** and **Leave** buttons: DynamicItems whose custom_id carries the tournament,
``goryo:tournament:12:join``, so they work after a restart; what a click does is ``bot.commands.tournaments``'."""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

import discord

from locales import N_, _


class SignUp(Enum):
    JOIN = "join"
    LEAVE = "leave"


LOOKS = {SignUp.JOIN: (N_("Join"), discord.ButtonStyle.success),
         SignUp.LEAVE: (N_("Leave"), discord.ButtonStyle.secondary)}
SIGNUP_ID = r"goryo:tournament:(?P<id>[0-9]{1,19}):(?P<choice>join|leave)"


class SignUpButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SIGNUP_ID):
    def __init__(self, tournament_id: int, choice: SignUp) -> None:
        label, style = LOOKS[choice]
        super().__init__(discord.ui.Button(label=_(label), style=style,
                                           custom_id=f"goryo:tournament:{tournament_id}:{choice.value}"))
        self.tournament_id = tournament_id
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignUpButton:
        return cls(int(match["id"]), SignUp(match["choice"]))


def signup_view(tournament_id: int) -> discord.ui.View:
    """Join and Leave, in the language being spoken; stopped, as ``buttons._buttons`` explains."""
    view = discord.ui.View(timeout=None)
    for choice in SignUp:
        view.add_item(SignUpButton(tournament_id, choice))
    view.stop()
    return view
