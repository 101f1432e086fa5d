"""SimCord's simulated Discord, with the bot's longer waits kept for the sandbox's clock to end.

SimCord settles every operation (a command, a click) by waiting for all the bot's work, its
timers included when they fall due within the settle timeout. A pause of the bot's own (its
Samurai's 2 s between actions) therefore held the click that woke it until the whole turn was
over, and the page froze for it. Here a timer of ``QUEUED_FROM`` seconds or more gets no wall-clock
fallback: it fires only when the sandbox moves the clock on (every ``CLOCK_TICK_SECONDS``, in
``SandboxWorld.follow_the_wall_clock``), so a click returns as soon as the bot has answered it and
the turn plays on afterwards, action by action, while the page stays usable.
"""

from __future__ import annotations

from typing import Any

import simcord

# Shorter timers (a retry's back-off, a library's brief wait) still fire in real time within the operation.
QUEUED_FROM = 0.2


class WallClockEnv(simcord.Env):
    def _schedule_timer(self, record: Any, callback: Any, args: tuple[Any, ...], schedule_context: Any) -> None:
        super()._schedule_timer(record, callback, args, schedule_context)
        real = record.real_handle
        if real is not None and record.when - self._virtual_time >= QUEUED_FROM:
            # Without a real-time handle the timer is "parked" for settlement and fires on the next advance.
            real.cancel()
            record.real_handle = None
