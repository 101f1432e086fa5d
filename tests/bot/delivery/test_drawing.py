"""The drawing processes are handed in (issue 21): a bot draws with the ``Drawing`` it is given and
leaves it running, starts its own without one and ends it on close; a drawing process that dies is
replaced once, and the picture still comes. The drawing and thinking processes load neither discord.py nor the
bot (issue 46: they would hold about 50 MB each for nothing)."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import signal
import time

import pytest

import render
import rules
from ai.levels import Level
from bot import create_bot
from bot.delivery import drawing_work
from bot.delivery.boards import Drawing
from bot.delivery.processes import Processes
from bot.play.decisions import decide

STATE = rules.new_game(20261125)


def children() -> dict[int, multiprocessing.process.BaseProcess]:
    return {child.pid: child for child in multiprocessing.active_children() if child.pid is not None}


async def gone(processes: list[multiprocessing.process.BaseProcess]) -> bool:
    give_up = time.monotonic() + 30.0
    while time.monotonic() < give_up:
        if not any(process.is_alive() for process in processes):
            return True
        await asyncio.sleep(0.05)
    return False


async def test_a_bot_handed_a_drawing_draws_with_it_and_leaves_it_running(tmp_path, drawing):
    bot = create_bot(tmp_path / "g.sqlite3", environ={}, env_file=None, sync="off", drawing=drawing)
    await bot.setup_hook()
    try:
        assert bot.parts is not None
        assert bot.drawing is drawing
        assert bot.parts.viewing.drawing is drawing and bot.parts.deliverer.drawing is drawing
    finally:
        await bot.close()
    assert bot.drawing is drawing  # not the bot's to end: the next bot (a restart, the next test) draws with it
    board = await drawing.goryo_board(STATE)
    assert board is not None and board.png == render.goryo_board(rules.goryo_view(STATE))


async def test_a_bot_without_one_starts_its_own_drawing_processes_and_ends_them_on_close(tmp_path, drawing):
    before = children()
    bot = create_bot(tmp_path / "g.sqlite3", environ={}, env_file=None, sync="off")
    await bot.setup_hook()  # warms the drawing processes: they are running once it returns
    own = bot.drawing
    started = [child for pid, child in children().items() if pid not in before]
    await bot.close()
    assert own is not None and own is not drawing
    assert started, "setup_hook started no drawing process"
    assert await gone(started), "the bot's own drawing processes outlived it"
    with pytest.raises(RuntimeError, match="shut down"):  # closed: nothing starts them again
        await own.public_board(STATE)


async def test_a_drawing_process_that_dies_is_replaced_and_the_picture_still_comes():
    drawing = Drawing(processes=1)
    try:
        before = children()
        first = await drawing.goryo_board(STATE)
        [worker] = [child for pid, child in children().items() if pid not in before]
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)  # as the out-of-memory killer would
        assert await gone([worker])
        again = await drawing.goryo_board(STATE)
        assert first is not None and again is not None and again.png == first.png
    finally:
        drawing.close()


# Run in the process by a builtin (eval), so that asking imports nothing: what the process has loaded by then.
LOADED = "sorted(name for name in __import__('sys').modules if name.split('.')[0] in ('discord', 'aiohttp') " \
         "or name in ('bot.app', 'bot.delivery.boards', 'bot.play.aiplay'))"


async def test_the_drawing_and_thinking_processes_load_neither_discord_nor_the_bot():
    # A process imports the module of each function it is handed: every piece of their work is in ``render``,
    # ``ai`` or a module of the bot's that imports only those (and the package ``bot`` loads its app on first use).
    processes = Processes(1, "drawing")
    try:
        assert await processes.run(functools.partial(drawing_work.warm_up, 0)) != os.getpid()
        refused = await processes.run(functools.partial(drawing_work.build_replay, STATE, [], 8_000_000))
        assert isinstance(refused, str)  # the match is not over: its words come back
        board = await processes.run(functools.partial(render.public_board, rules.public_view(STATE)))
        assert board == render.public_board(rules.public_view(STATE))
        her_view = rules.goryo_view(STATE)  # a new match: her start to choose
        action = await processes.run(functools.partial(decide, rules.Side.GORYO, Level.EASY, her_view, 7))
        assert action == decide(rules.Side.GORYO, Level.EASY, her_view, 7)
        assert await processes.run(functools.partial(eval, LOADED)) == []
    finally:
        processes.close()
