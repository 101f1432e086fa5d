"""Board pictures as Discord attachments, with their words: the alt text and, beside the picture, the facts
it leaves to words (the round, the gong, the actions, the garden) and the line under it, all made by
``words.board`` from the same view.

The only place the bot draws with ``render`` (boards and replays, in the drawing processes). The public
pictures are drawn from ``rules.public_view(state)`` and nothing else, so they cannot show a secret; only
``goryo_board`` takes her view.

Every picture and its alt text are in one language: ``language``, or the one being spoken
(``locales.spoken()``) when it is not given. The drawing processes do not share this process's
context, so the language is named to render with each drawing.

The drawing processes, and the cache of public pictures, belong to a ``Drawing``, built once by
``setup_hook`` (or handed to ``create_bot``) and handed to whatever draws.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import discord

import render
import render.replay
import render.review_chart
import rules
import words
from locales import spoken
from words.board import BoardWords, discovery_words, final_words, goryo_words, public_words

from ..records.discord_limits import most
from . import drawing_work
from .assist import deduction_aid
from .processes import Processes

ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description
FACTS_COLOUR = discord.Colour(0x21253A)  # the picture's caption strip

log = logging.getLogger(__name__)

T = TypeVar("T")
RECENT_LIMIT = 128  # public pictures kept, in case they are asked for again

# Drawing is CPU work in Python and Pillow, which holds the GIL for much of it: one process per
# core draws in parallel (measured: docs/benchmarks.md), and the event loop stays free.
DRAWERS = max(1, min(4, os.cpu_count() or 1))


@dataclass(frozen=True)
class Board:
    png: bytes
    filename: str
    description: str
    facts: tuple[tuple[str, str], ...] = ()  # (name, value) in the picture's language
    glance: str = ""  # what the next action needs (words.glance), under the picture, in its language

    def file(self) -> discord.File:
        # A fresh File each time: discord.File is consumed by one send.
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.description)

    def embeds(self) -> list[discord.Embed]:
        """The facts as one embed of short fields, which Discord lays out for a phone or a desktop, with the
        picture in it and the glance as its footer.

        Discord draws an embed as its fields, then its image, then its footer, and does not show again an
        attachment an embed uses: so the facts come first, and the picture, the line the next action needs and
        the components below the message are in view together (issue 35; a phone holds no more).
        """
        if not self.facts:
            return []
        embed = discord.Embed(colour=FACTS_COLOUR)
        for name, value in self.facts:
            embed.add_field(name=name, value=value or "-", inline=len(value) <= 24)
        embed.set_image(url=f"attachment://{self.filename}")
        if self.glance:
            embed.set_footer(text=self.glance[:most("embed.footer.text")])
        return [embed]

    def facts_text(self) -> str:
        """The facts as message text, where the bot may not embed them (no Embed Links in the channel)."""
        return "\n".join(f"**{name}**: {value or '-'}" for name, value in self.facts)


def embeds_of(board: Board | None) -> list[discord.Embed]:
    """What goes with ``board`` in a send or an edit: none without a board, so an edit clears stale facts."""
    return board.embeds() if board is not None else []


class ReplayRefused(ValueError):
    """No replay can be made (the match is not over, or even the smallest GIF is too big); says why."""


class Drawing:
    """The drawing processes, and the last public pictures they drew: everything that draws in the bot
    is handed one (``setup_hook`` builds it, or ``create_bot(drawing=...)`` hands in a ready one).

    Each board method gives None when the picture cannot be drawn (see ``_draw``); ``replay`` raises
    ReplayRefused. The processes start with the first drawing (or ``warm``); ``close`` ends them.
    """

    def __init__(self, processes: int = DRAWERS) -> None:
        self.processes = processes
        self._processes = Processes(processes, "drawing")
        self._warmed = False
        # The last public pictures drawn, by what they show: a board asked for again (by /goryo board, or
        # the live board and a reply showing the same state) is not drawn twice. Public views only: a
        # picture of her secrets is drawn each time and kept nowhere.
        # Requests arriving while it is being drawn share that one drawing.
        self._recent: OrderedDict[tuple[str, object, object, str], asyncio.Future[Board | None]] = (
            OrderedDict()  # (file, view, aid, language)
        )

    async def _run(self, work: Callable[[], T]) -> T:
        return await self._processes.run(work)

    async def warm(self) -> None:
        """Start the drawing processes and let each draw once, so the first real picture is not slow."""
        if self._warmed:
            return
        await asyncio.gather(*(self._run(functools.partial(drawing_work.warm_up, n)) for n in range(self.processes)))
        self._warmed = True

    def close(self) -> None:
        """End the drawing processes (each once its drawing in hand is done); nothing is drawn after."""
        self._processes.close()

    async def _draw_public(self, draw: Callable[..., bytes], say: Callable[..., BoardWords], view: rules.PublicView,
                           filename: str, aid: words.DeductionAid | None = None, language: str | None = None
                           ) -> Board | None:
        language = language or spoken()
        key = (filename, view, aid, language)
        picture = self._recent.get(key)
        failed = picture is not None and picture.done() and (picture.cancelled() or picture.exception() is not None)
        if picture is None or failed or picture.get_loop() is not asyncio.get_running_loop():
            picture = self._recent[key] = asyncio.ensure_future(
                self._draw(draw, say, view, filename, language))
            while len(self._recent) > RECENT_LIMIT:
                self._recent.popitem(last=False)
        else:
            self._recent.move_to_end(key)
        return await asyncio.shield(picture)  # one caller cancelled does not cancel the others' picture

    async def _draw(self, draw: Callable[..., bytes], say: Callable[..., BoardWords], view: object, filename: str,
                    language: str | None = None) -> Board | None:
        """The picture, or None when ``render`` refuses its view (a state no match should reach):
        the message then goes out in words alone, since its words matter more than its picture."""
        language = language or spoken()
        try:
            png = await self._run(functools.partial(draw, view, language=language))
        except render.UndrawableView as refused:
            log.error("%s not drawn, sent without its picture: %s", filename, refused)
            return None
        said = say(view, language=language)
        return Board(png, filename, said.description[:ALT_TEXT_LIMIT], said.facts, said.glance)

    async def public_board(self, state: rules.GameState, *, assist: bool = False,
                           language: str | None = None) -> Board | None:
        """With ``assist`` (the match's option), the deduction aid during a Samurai turn, in the picture and its
        alt text.

        The aid's counts come from the public view (a fraction of a millisecond) and go to the
        drawing process as plain numbers.
        """
        view = rules.public_view(state)
        aid = deduction_aid(view) if assist else None
        if aid is None:
            return await self._draw_public(render.public_board, public_words, view, "goryo-board.png",
                                           language=language)
        draw = functools.partial(render.public_board, aid=aid)
        say = functools.partial(public_words, aid=aid)
        return await self._draw_public(draw, say, view, "goryo-board.png", aid, language)

    async def discovery_board(self, state: rules.GameState, *, language: str | None = None) -> Board | None:
        return await self._draw_public(
            render.discovery_board, discovery_words, rules.public_view(state), "goryo-discovery.png",
            language=language,
        )

    async def final_board(self, state: rules.GameState, *, language: str | None = None) -> Board | None:
        return await self._draw_public(render.final_board, final_words, rules.public_view(state),
                                       "goryo-final.png", language=language)

    async def goryo_board(
        self, state: rules.GameState, preview: rules.Plan | None = None, *, language: str | None = None
    ) -> Board | None:
        view = rules.goryo_view(state, preview=preview)
        return await self._draw(render.goryo_board, goryo_words, view, "goryo-private.png", language)

    async def replay(self, initial_state: rules.GameState, actions: list[rules.Action], *, max_bytes: int,
                     language: str | None = None) -> render.replay.Replay:
        """A finished match as an animated GIF of at most ``max_bytes``, built in a drawing process (a few seconds).

        Public pictures only (``render.replay`` draws every frame from the public view), so it may be posted.
        ReplayRefused if it can't be made.
        """
        built = await self._run(
            functools.partial(drawing_work.build_replay, initial_state, actions, max_bytes, language or spoken()))
        if isinstance(built, str):
            raise ReplayRefused(built)
        return built

    async def review(self, initial_state: rules.GameState, actions: list[rules.Action]) -> str:
        """A finished match's review (``ai.review``) as JSON, worked out in a drawing process, off the event loop."""
        return await self._run(functools.partial(drawing_work.review_json, initial_state, actions))

    async def review_chart(self, chart: render.review_chart.PathsChart, *, language: str | None = None) -> bytes:
        """The review's chart (public counts only), drawn in a drawing process."""
        return await self._run(functools.partial(render.review_chart.chart, chart, language=language or spoken()))
