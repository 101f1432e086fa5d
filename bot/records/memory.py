"""A bounded memory: answers kept to spare asking again, forgotten all at once when there are too many.

Kept by the parts that remember what Discord said or what a player was told (``play.visibility``,
``play.permission_watch``, ``delivery.permission_notices``): each answer is cheap to ask or tell again, so
starting over is simpler than keeping an order of use, and the memory cannot grow without end.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memory(dict[K, V]):
    """A dict that starts again, empty, rather than hold more than ``most`` entries."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def remember(self, key: K, value: V) -> None:
        if key not in self and len(self) >= self.most:
            self.clear()  # rarely reached; at worst something is asked or told again
        self[key] = value
