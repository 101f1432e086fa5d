"""Who hears that a match ended through the pipeline (a tournament moves on when its round's last match ends).

Built in ``setup_hook`` before the game, handed to it, and listened to by what is built after it, so neither
holds the other. A listener's fault is logged and never reaches the player whose action ended the match.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from ..storage import MatchRecord

log = logging.getLogger(__name__)

Listener = Callable[[MatchRecord], Awaitable[None]]


class MatchEnds:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def tell(self, record: MatchRecord) -> None:
        for listener in self._listeners:
            try:
                await listener(record)
            except Exception:  # the match is over and told; what follows from it is retried by the sweeps
                log.exception("match %d: a listener to its end failed", record.id)
