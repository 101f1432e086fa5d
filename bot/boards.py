"""Board pictures as Discord attachments, with their alt text.

The only place the bot calls ``render``. The public pictures are drawn from
``rules.public_view(state)`` and nothing else, so they cannot show a secret;
only ``goryo_board`` takes her view.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import discord

import render
import rules

ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description

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

    def file(self) -> discord.File:
        # A fresh File each time: discord.File is consumed by one send.
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.description)


async def _draw(draw: Callable[[object], bytes], describe: Callable[[object], str], view: object, filename: str) -> Board:
    global _pool
    loop = asyncio.get_running_loop()
    try:
        png = await loop.run_in_executor(_drawing_pool(), draw, view)
    except BrokenProcessPool:  # a drawing process died (killed, out of memory): start afresh, once
        _pool = None
        png = await loop.run_in_executor(_drawing_pool(), draw, view)
    return Board(png, filename, describe(view)[:ALT_TEXT_LIMIT])


async def public_board(state: rules.GameState) -> Board:
    return await _draw(render.public_board, render.describe_public, rules.public_view(state), "goryo-board.png")


async def discovery_board(state: rules.GameState) -> Board:
    return await _draw(
        render.discovery_board, render.describe_discovery, rules.public_view(state), "goryo-discovery.png"
    )


async def final_board(state: rules.GameState) -> Board:
    return await _draw(render.final_board, render.describe_final, rules.public_view(state), "goryo-final.png")


async def goryo_board(state: rules.GameState, preview: rules.Plan | None = None) -> Board:
    view = rules.goryo_view(state, preview=preview)
    return await _draw(render.goryo_board, render.describe_goryo, view, "goryo-private.png")
