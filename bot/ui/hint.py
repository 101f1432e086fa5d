"""The Hint button (issue 44) on the live board's panel and on her path builder, where hints are allowed:
``goryo:hint:<match>:<round>:<side>``, so a click from a turn that is over is refused."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

import rules
from locales import _

HINT_ID = r"goryo:hint:(?P<match>\d+):(?P<round>\d+):(?P<side>goryo|samurai)"


class HintButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HINT_ID):
    def __init__(self, match_id: int, round_number: int, side: rules.Side) -> None:
        super().__init__(discord.ui.Button(label=_("Hint"), style=discord.ButtonStyle.secondary, emoji="💡",
                                           custom_id=f"goryo:hint:{match_id}:{round_number}:{side.value}"))
        self.match_id, self.round, self.side = match_id, round_number, side

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["round"]), rules.Side(match["side"]))
