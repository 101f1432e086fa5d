"""The thinking processes: where the expert level makes its decisions.

The expert searches for up to about two seconds per decision, all of it pure Python. In a thread
it would hold the interpreter lock and the event loop would stutter for every player on the bot;
in a process of its own it cannot. The lower levels decide in milliseconds and stay in threads.

Decisions are pure functions of values that pickle (the view, the level, a seed), so a decision
made here is the decision that would be made anywhere. The processes start with the first expert
decision; ``close`` ends them.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any, TypeVar

from ai.levels import Level

from ..delivery.processes import Processes

T = TypeVar("T")

# The levels whose thinking is long enough to need a process.
PROCESS_LEVELS = frozenset({Level.EXPERT})

# One per core, at most four: more thinkers than cores only slices the same seconds thinner.
THINKERS = max(1, min(4, os.cpu_count() or 1))


class Thinking:
    """The processes the expert thinks in: ``setup_hook`` builds one, or ``create_bot(thinking=...)`` hands it in."""

    def __init__(self, processes: int = THINKERS) -> None:
        self.processes = processes
        self._processes = Processes(processes, "thinking")

    @property
    def started(self) -> bool:
        """Whether the processes have started (they start with the first expert decision)."""
        return self._processes.started

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a thinking process; the event loop serves everyone else meanwhile."""
        return await self._processes.run(functools.partial(work, *args))

    def close(self) -> None:
        """End the thinking processes; a decision in hand is abandoned (the match's runner recomputes it)."""
        self._processes.close()
