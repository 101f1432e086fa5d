"""Board pictures as Discord attachments, with their alt text and, beside them, the facts
the picture leaves to words (``bot.text.board_facts``: the round, the gong, the actions, the garden).

The only place the bot draws with ``render`` (boards and replays, in the drawing processes); elsewhere
it takes only words from it (``render.words``, the aid's lines in ``assist``). The public pictures are
drawn from ``rules.public_view(state)`` and nothing else, so they cannot show a secret; only
``goryo_board`` takes her view.

Every picture and its alt text are in one language: ``language``, or the one being spoken
(``locales.spoken()``) when it is not given. The drawing processes do not share this process's
context, so the language is named to render with each drawing.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import discord

import render
import render.replay
import rules
from locales import speaking, spoken

from ..text import board_facts
from .assist import deduction_aid

ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description
FACTS_COLOUR = discord.Colour(0x21253A)  # the picture's caption strip

log = logging.getLogger(__name__)

# Drawing is CPU work in Python and Pillow, which holds the GIL for much of it: one process per
# core draws in parallel (measured: see the README), and the event loop stays free.
# "spawn", not fork: the bot has threads (aiosqlite) that a fork would copy mid-flight.
DRAWERS = max(1, min(4, os.cpu_count() or 1))
_pool: ProcessPoolExecutor | None = None
_warmed = False


def _drawing_pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(DRAWERS, mp_context=multiprocessing.get_context("spawn"))
    return _pool


def _warm_up(_: int) -> int:
    render.public_board(rules.public_view(rules.new_game(0)))  # imports, fonts and cached sprites
    return os.getpid()


async def warm() -> None:
    """Start the drawing processes and let each draw once, so the first real picture is not slow."""
    global _warmed
    if _warmed:
        return
    loop = asyncio.get_running_loop()
    pool = _drawing_pool()
    await asyncio.gather(*(loop.run_in_executor(pool, _warm_up, n) for n in range(DRAWERS)))
    _warmed = True


@dataclass(frozen=True)
class Board:
    png: bytes
    filename: str
    description: str
    facts: tuple[tuple[str, str], ...] = ()  # (name, value) in the picture's language

    def file(self) -> discord.File:
        # A fresh File each time: discord.File is consumed by one send.
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.description)

    def embeds(self) -> list[discord.Embed]:
        """The facts as one embed of short fields, which Discord lays out for a phone or a desktop."""
        if not self.facts:
            return []
        embed = discord.Embed(colour=FACTS_COLOUR)
        for name, value in self.facts:
            embed.add_field(name=name, value=value or "-", inline=len(value) <= 24)
        return [embed]


def embeds_of(board: Board | None) -> list[discord.Embed]:
    """What goes with ``board`` in a send or an edit: none without a board, so an edit clears stale facts."""
    return board.embeds() if board is not None else []


def facts_of(view: object, aid: bool = False) -> tuple[tuple[str, str], ...]:
    """The facts for a view's picture: hers for her view, the public ones for a public view
    (with the deduction aid's key when ``aid``, the aid being in the picture)."""
    if isinstance(view, rules.GoryoView):
        return tuple(board_facts.goryo_facts(view))
    if isinstance(view, rules.PublicView):
        return tuple(board_facts.public_facts(view, aid))
    return ()


# The last public pictures drawn, by what they show: a board asked for again (by /goryo board, or
# the live board and a reply showing the same state) is not drawn twice. Public views only: a
# picture of her secrets is drawn each time and kept nowhere.
# Requests arriving while it is being drawn share that one drawing.
_RECENT_LIMIT = 128
_recent: OrderedDict[tuple[str, object, object, str], asyncio.Future[Board | None]] = (
    OrderedDict()  # (file, view, aid, language)
)


async def _draw_public(draw: Callable[..., bytes], describe: Callable[..., str], view: rules.PublicView,
                       filename: str, aid: render.DeductionAid | None = None, language: str | None = None
                       ) -> Board | None:
    language = language or spoken()
    key = (filename, view, aid, language)
    drawing = _recent.get(key)
    failed = drawing is not None and drawing.done() and (drawing.cancelled() or drawing.exception() is not None)
    if drawing is None or failed or drawing.get_loop() is not asyncio.get_running_loop():
        drawing = _recent[key] = asyncio.ensure_future(_draw(draw, describe, view, filename, language,
                                                             aid=aid is not None))
        while len(_recent) > _RECENT_LIMIT:
            _recent.popitem(last=False)
    else:
        _recent.move_to_end(key)
    return await asyncio.shield(drawing)  # one caller cancelled does not cancel the others' picture


async def _draw(draw: Callable[..., bytes], describe: Callable[..., str], view: object, filename: str,
                language: str | None = None, *, aid: bool = False) -> Board | None:
    """The picture, or None when ``render`` refuses its view (a state no match should reach):
    the message then goes out in words alone, since its words matter more than its picture."""
    global _pool
    language = language or spoken()
    draw = functools.partial(draw, language=language)
    loop = asyncio.get_running_loop()
    try:
        try:
            png = await loop.run_in_executor(_drawing_pool(), draw, view)
        except BrokenProcessPool:  # a drawing process died (killed, out of memory): start afresh, once
            _pool = None
            png = await loop.run_in_executor(_drawing_pool(), draw, view)
    except render.UndrawableView as refused:
        log.error("%s not drawn, sent without its picture: %s", filename, refused)
        return None
    with speaking(language):
        facts = facts_of(view, aid)
    return Board(png, filename, describe(view, language=language)[:ALT_TEXT_LIMIT], facts)


async def public_board(state: rules.GameState, *, assist: bool = False, language: str | None = None) -> Board | None:
    """With ``assist`` (the match's option), the deduction aid during a Samurai turn, in the picture and its alt text.
    Each board function gives None when the picture cannot be drawn (see ``_draw``).

    The aid's counts come from the public view (a fraction of a millisecond) and go to the
    drawing process as plain numbers.
    """
    view = rules.public_view(state)
    aid = deduction_aid(view) if assist else None
    if aid is None:
        return await _draw_public(render.public_board, render.describe_public, view, "goryo-board.png",
                                  language=language)
    draw = functools.partial(render.public_board, aid=aid)
    describe = functools.partial(render.describe_public, aid=aid)
    return await _draw_public(draw, describe, view, "goryo-board.png", aid, language)


async def discovery_board(state: rules.GameState, *, language: str | None = None) -> Board | None:
    return await _draw_public(
        render.discovery_board, render.describe_discovery, rules.public_view(state), "goryo-discovery.png",
        language=language,
    )


async def final_board(state: rules.GameState, *, language: str | None = None) -> Board | None:
    return await _draw_public(render.final_board, render.describe_final, rules.public_view(state), "goryo-final.png",
                              language=language)


async def goryo_board(
    state: rules.GameState, preview: rules.Plan | None = None, *, language: str | None = None
) -> Board | None:
    view = rules.goryo_view(state, preview=preview)
    return await _draw(render.goryo_board, render.describe_goryo, view, "goryo-private.png", language)



class ReplayRefused(ValueError):
    """No replay can be made (the match is not over, or even the smallest GIF is too big); says why."""


def _build_replay(initial_state: rules.GameState, actions: list[rules.Action], max_bytes: int,
                  language: str = "en") -> render.replay.Replay | str:
    # In the drawing process. The render errors take custom arguments, which don't survive the way
    # back between processes, so their words come back instead (in ``language``).
    try:
        return render.replay.replay_gif(initial_state, actions, max_bytes=max_bytes, language=language)
    except (render.replay.MatchInProgressError, render.replay.ReplayTooLargeError,
            render.replay.UndrawableReplayError) as error:
        return str(error)


async def replay(initial_state: rules.GameState, actions: list[rules.Action], *, max_bytes: int,
                 language: str | None = None) -> render.replay.Replay:
    """A finished match as an animated GIF of at most ``max_bytes``, built in a drawing process (a few seconds).

    Public pictures only (``render.replay`` draws every frame from the public view), so it may be posted.
    ReplayRefused if it can't be made.
    """
    global _pool
    loop = asyncio.get_running_loop()
    build = functools.partial(_build_replay, initial_state, actions, max_bytes, language or spoken())
    try:
        built = await loop.run_in_executor(_drawing_pool(), build)
    except BrokenProcessPool:  # as in _draw: a drawing process died, so start afresh, once
        _pool = None
        built = await loop.run_in_executor(_drawing_pool(), build)
    if isinstance(built, str):
        raise ReplayRefused(built)
    return built
