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

from ..discord_private import timers_wait_for_the_clock

# Shorter timers (a retry's back-off, a library's brief wait) still fire in real time within the operation.
QUEUED_FROM = 0.2

WallClockEnv = timers_wait_for_the_clock(QUEUED_FROM)
