"""Spawned worker processes for pure work that would hold the event loop in a thread: drawing, thinking."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

T = TypeVar("T")


class Processes:
    """``count`` processes, started with the first work; one that dies is replaced once; ``close`` ends them."""

    def __init__(self, count: int, what: str) -> None:
        self.count = count
        self.what = what  # "drawing", "thinking": named when work comes after close
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    @property
    def started(self) -> bool:
        return self._pool is not None

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError(f"the {self.what} processes are shut down")
        if self._pool is None:
            # "spawn", not fork: the bot has threads (aiosqlite) that a fork would copy mid-flight.
            self._pool = ProcessPoolExecutor(self.count, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, work: Callable[[], T]) -> T:
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, work)
        except BrokenProcessPool:  # a process died (killed, out of memory): start afresh, once
            if self._pool is pool:  # not yet replaced by other work that found it broken too
                self._pool = None
                pool.shutdown(wait=False)
            return await loop.run_in_executor(self._executor(), work)

    def close(self) -> None:
        """End the processes; work in hand is abandoned, and none is taken after."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
