"""The review's page buttons (issue 44): ``goryo:review:<match>:<page>``, the page they open.

The review is private to whoever asked for it; a page is made again from the stored review at each click,
in the clicker's language, so the buttons work after a restart.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from locales import _

REVIEW_ID = r"goryo:review:(?P<match>\d+):(?P<page>\d+):(?P<way>prev|next)"


def review_view(match_id: int, page: int, pages: int) -> discord.ui.View:
    """Previous and Next, each disabled where there is no page that way."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewPageButton(match_id, max(page - 1, 0), "prev", disabled=page <= 0))
    view.add_item(ReviewPageButton(match_id, min(page + 1, pages - 1), "next", disabled=page >= pages - 1))
    view.stop()  # clicks reach the buttons through the registered template: nothing kept per message
    return view


class ReviewPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REVIEW_ID):
    def __init__(self, match_id: int, page: int, way: str, *, disabled: bool = False) -> None:
        label = _("◀ Previous round") if way == "prev" else _("Next round ▶")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"goryo:review:{match_id}:{page}:{way}"))
        self.match_id, self.page, self.way = match_id, page, way

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["page"]), match["way"])
