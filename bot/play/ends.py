"""Who hears that a match ended through the pipeline (a tournament moves on when its round's last match ends).

Built with the parts in ``setup_hook`` (``bot.app.build``), told by ``Acting`` after each action's answer, and
listened to by what is built after it (the tournaments' rounds), so neither holds the other. The listeners run in
a task of their own, after the answer: a listener's fault is logged, never the player's, and the sweeps retry
whatever it left undone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from ..storage import MatchRecord

log = logging.getLogger(__name__)

Listener = Callable[[MatchRecord], Awaitable[None]]


class MatchEnds:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._telling: set[asyncio.Task[None]] = set()  # held until done: the loop keeps only weak references

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def heard(self, record: MatchRecord) -> None:
        """After any action: if it ended ``record``'s match, its listeners are told."""
        if record.is_active or not self._listeners:
            return
        task = asyncio.get_running_loop().create_task(self.tell(record))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def tell(self, record: MatchRecord) -> None:
        for listener in self._listeners:
            try:
                await listener(record)
            except Exception:  # the match is over and told; what follows from it is retried by the sweeps
                log.exception("match %d: a listener to its end failed", record.id)
