"""A per-user cooldown for read-only commands that draw pictures, so one person cannot starve other matches.

In memory: a restart forgets it, which costs at most one extra picture per user. With several
processes it stays per process, on purpose: it guards the drawing processes' load, not a rule
of the game, and Discord brings a member's commands in one server always to the process holding
that server's shard (DMs all to shard 0's), so a member could get one extra picture per process
at most. Sharing it would put a database write on every read-only command.
"""

from __future__ import annotations

from datetime import datetime, timedelta


class Cooldown:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._last: dict[int, datetime] = {}

    def wait(self, user_id: int, now: datetime) -> float | None:
        """None, and the use counted, if ``user_id`` may go now; else the seconds left to wait."""
        last = self._last.get(user_id)
        if last is not None and now < last + timedelta(seconds=self.seconds):
            return (last + timedelta(seconds=self.seconds) - now).total_seconds()
        self._last[user_id] = now
        if len(self._last) > 10_000:  # forget those whose cooldown is long over
            cutoff = now - timedelta(seconds=self.seconds)
            self._last = {user: at for user, at in self._last.items() if at > cutoff}
        return None
