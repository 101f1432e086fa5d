"""The two sides and the four Samurai: the engine's smallest names, below everything that speaks of them.

Apart from ``pieces`` (which names them too, as it always has) so that ``reasons`` can name a Samurai
in English without importing the board, which itself makes reasons.
"""

from __future__ import annotations

import enum


class Side(enum.Enum):
    GORYO = "goryo"
    SAMURAI = "samurai"

    @property
    def other(self) -> Side:
        return Side.SAMURAI if self is Side.GORYO else Side.GORYO

    @property
    def title(self) -> str:
        return "the Goryō" if self is Side.GORYO else "the Samurai"


class Samurai(enum.Enum):
    GREEN = "green"
    PURPLE = "purple"
    RED = "red"
    BLUE = "blue"

    def __str__(self) -> str:
        return self.value
