"""The thinking processes: where the expert level makes its decisions.

The expert searches for up to about two seconds per decision, all of it pure Python. In a thread
it would hold the interpreter lock and the event loop would stutter for every player on the bot;
in a process of its own it cannot. The lower levels decide in milliseconds and stay in threads.

Decisions are pure functions of values that pickle (the view, the level, a seed), so a decision
made here is the decision that would be made anywhere. The processes start with the first expert
decision; ``close`` ends them.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")

# The levels whose thinking is long enough to need a process.
PROCESS_LEVELS = frozenset({"expert"})

# One per core, at most four: more thinkers than cores only slices the same seconds thinner.
THINKERS = max(1, min(4, os.cpu_count() or 1))


class Thinking:
    """The processes the expert thinks in: ``setup_hook`` builds one, or ``create_bot(thinking=...)`` hands it in."""

    def __init__(self, processes: int = THINKERS) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the thinking processes are shut down")
        if self._pool is None:
            # "spawn", not fork: the bot has threads (aiosqlite) that a fork would copy mid-flight.
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a thinking process; the event loop serves everyone else meanwhile."""
        loop = asyncio.get_running_loop()
        call = functools.partial(work, *args)
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenProcessPool:  # a thinking process died (killed, out of memory): start afresh, once
            if self._pool is pool:  # not yet replaced by another decision that found it broken too
                self._pool = None
                pool.shutdown(wait=False)
            return await loop.run_in_executor(self._executor(), call)

    def close(self) -> None:
        """End the thinking processes; a decision in hand is abandoned (the match's runner recomputes it)."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
