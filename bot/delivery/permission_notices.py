"""How often a match's players hear about its channel's permissions: once per change that matters, and for one
match at most once an hour, however often a moderator flips them.

What matters is where the match stands (``Standing``): fine, degraded (it goes on, with something lost, such as
the board's facts as plain text), or unplayable (the board cannot reach the channel). A change inside one standing
(another permission of the same kind) is not told again; a change of standing within the hour after the last
notice waits for the hour's end, and is told then only if it still differs from what the players last heard.

Kept in this process's memory, not stored: after a restart a player may hear the standing once more.
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta

from ..records.memory import Memory

QUIET_FOR = timedelta(hours=1)  # at most one notice per match this often
REMEMBERED = 10_000  # matches remembered; past that the memory starts again (at worst, a notice told again)


class Standing(enum.Enum):
    FINE = "fine"
    DEGRADED = "degraded"
    UNPLAYABLE = "unplayable"


def standing_of(missing: Iterable[str], playable: Iterable[str]) -> Standing:
    """Where a match stands when the bot lacks ``missing`` and cannot play without ``playable``."""
    missing = set(missing)
    if not missing:
        return Standing.FINE
    return Standing.DEGRADED if missing.isdisjoint(playable) else Standing.UNPLAYABLE


class PermissionNotices:
    """What each match's players last heard of its channel's permissions, and when."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self.clock = clock
        self._told: Memory[int, tuple[Standing, datetime]] = Memory(REMEMBERED)
        self._waiting: dict[int, asyncio.Task[None]] = {}  # a match's notice held back until its quiet hour ends

    def due(self, match_id: int, standing: Standing) -> datetime | None:
        """When the players may hear that the match stands at ``standing`` (now or later); None: nothing to tell,
        they know it (or it is fine and they never heard otherwise)."""
        told = self._told.get(match_id)
        if standing is (told[0] if told is not None else Standing.FINE):
            return None
        now = self.clock()
        return now if told is None else max(now, told[1] + QUIET_FOR)

    def may_tell_now(self, match_id: int, standing: Standing) -> bool:
        due = self.due(match_id, standing)
        return due is not None and due <= self.clock()

    def told(self, match_id: int, standing: Standing) -> None:
        self._told.remember(match_id, (standing, self.clock()))

    def later(self, match_id: int, due: datetime, tell: Callable[[], Awaitable[None]]) -> None:
        """Call ``tell`` once ``due`` comes (one wait per match: ``tell`` reads where the match stands then)."""
        if match_id in self._waiting:
            return

        async def wait() -> None:
            try:
                await asyncio.sleep(max(0.0, (due - self.clock()).total_seconds()))
            finally:
                self._waiting.pop(match_id, None)
            await tell()

        self._waiting[match_id] = asyncio.get_running_loop().create_task(wait())

    def stop(self) -> None:
        for task in list(self._waiting.values()):
            task.cancel()
        self._waiting.clear()
