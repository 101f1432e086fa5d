"""Board pictures as Discord attachments, with their alt text.

The only place the bot calls ``render``. The public pictures are drawn from
``rules.public_view(state)`` and nothing else, so they cannot show a secret;
only ``goryo_board`` takes her view.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import discord

import render
import rules

ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description

# One drawing thread: off the event loop, and never two drawings sharing Pillow's fonts at once.
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="goryo-render")


@dataclass(frozen=True)
class Board:
    png: bytes
    filename: str
    description: str

    def file(self) -> discord.File:
        # A fresh File each time: discord.File is consumed by one send.
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.description)


async def _draw(draw: Callable[[object], bytes], describe: Callable[[object], str], view: object, filename: str) -> Board:
    # Drawing is CPU work: off the event loop, so other matches keep moving.
    png = await asyncio.get_running_loop().run_in_executor(_DRAWER, draw, view)
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
