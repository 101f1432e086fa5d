"""``/goryo replay match: as:review`` (issue 44): a finished match's review, privately, a page per round.

The review is worked out once, in a drawing process, and kept (``Store.save_review``); its words and chart
are made for each reader in their language. Discord hears first (a private "thinking…"), so the answer never
risks its 3-second deadline. The page buttons (``bot.ui.review``) edit the private message in place.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime
from typing import Any

import discord

from ai.review import Review, review_from_json
from locales import N_, speaking
from render.review_chart import ChartRound, PathsChart, describe_chart

from ..delivery.boards import ALT_TEXT_LIMIT, Drawing
from ..delivery.send import acknowledge_privately, follow_up_privately
from ..records.matches import MatchRecord
from ..storage import Store
from ..text import review as words
from ..text.languages import of_user
from ..text.refusal import Refusal
from ..ui import review as ui
from .refusals import answer_refusals


def chart_of(made: Review) -> PathsChart:
    return PathsChart(tuple(
        ChartRound(turn.round, (turn.total, *(step.after for step in turn.steps)), turn.captures, len(turn.sealed))
        for turn in made.turns
    ))


class Reviews:
    def __init__(self, store: Store, drawing: Drawing, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.drawing = drawing
        self.clock = clock

    async def show(self, interaction: discord.Interaction, match: MatchRecord) -> None:
        """The review's first page (the overview) and its chart, privately; ``match`` is finished and visible."""
        thinking_private = not interaction.response.is_done()
        await acknowledge_privately(interaction)
        made = await self.review(match.id)
        language = of_user(interaction)
        chart = chart_of(made)
        png = await self.drawing.review_chart(chart, language=language)
        with speaking(language):
            text = words.page_text(made, match.id, 0)
            picture = discord.File(io.BytesIO(png), filename=f"goryo-review-{match.id}.png",
                                   description=describe_chart(chart, match.id, language=language)[:ALT_TEXT_LIMIT])
            view = ui.review_view(match.id, 0, words.page_count(made))
        await follow_up_privately(interaction, text, thinking_private=thinking_private, file=picture, view=view)

    async def review(self, match_id: int) -> Review:
        """The match's review: kept, or worked out now in a drawing process and kept."""
        saved = await self.store.saved_review(match_id)
        if saved is None:
            initial = await self.store.initial_state(match_id)
            actions = [logged.action for logged in await self.store.actions(match_id)]
            saved = await self.drawing.review(initial, actions)
            await self.store.save_review(match_id, saved, now=self.clock())
        return review_from_json(saved)

    async def turn_page(self, interaction: discord.Interaction, match_id: int, page: int) -> None:
        saved = await self.store.saved_review(match_id)
        if saved is None:  # never happens for a button the bot made; a forged id is told plainly
            raise Refusal(N_("There is no review of match {number}: ask for one with `/goryo replay as:review`."),
                          number=match_id)
        made = review_from_json(saved)
        page = max(0, min(page, words.page_count(made) - 1))
        with speaking(of_user(interaction)):
            await interaction.response.edit_message(
                content=words.page_text(made, match_id, page), view=ui.review_view(match_id, page,
                                                                                   words.page_count(made)))


def review_clicks(reviews: Reviews) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The review's page buttons, acting on ``reviews`` when clicked (registered by ``setup_hook``)."""

    class ReviewPageClick(ui.ReviewPageButton, template=ui.REVIEW_ID):
        async def callback(self, interaction: discord.Interaction) -> None:
            async with answer_refusals(interaction):
                await reviews.turn_page(interaction, self.match_id, self.page)

    return (ReviewPageClick,)
