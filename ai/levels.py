"""The computer opponent's levels, and one frozen table of what each does on either side.

``Level`` is a ``StrEnum``: its values are the words stored with a match against the bot, offered by the commands
and a server's ``max_level`` setting, so a stored level and a typed one compare equal to its member.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"

    @classmethod
    def of(cls, level: str) -> Level:
        """The level named ``level``; a ValueError naming the levels for any other word."""
        try:
            return cls(level)
        except ValueError:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(cls)}") from None


LEVELS: tuple[Level, ...] = tuple(Level)  # weakest first


@dataclass(frozen=True, slots=True)
class Play:
    """What one level does.

    The Samurai: ``simulations`` search nodes to ``depth`` moves, with ``hider_model`` of their belief about her
    given to a thoughtful hider (the rest to any path); ``foresight``: they look ahead and weigh what an answer
    would tell; ``searching``: the full search (capped in advanced mode, thorough); ``expert_model``: their model
    of her is drawn from her own search (``ai.expert``).

    The Goryō: her budget is the same ``simulations`` (a played-out plan costs a few hundred nodes), at most
    ``playouts`` candidate plans; ``mixed``: she draws among the choices nearly as good as the best (``ai.mixed``),
    else she plays her best start, and her best plan but, on a seeded coin toss, any that does not lose at once
    (``goryo.easy_plan``); ``board_only``: she judges the board alone, not what the Samurai can deduce; ``judges``: she
    judges her start and her plans by playing out a Samurai turn against them; ``two_hunters``: by the worse of
    two hunters' turns (``goryo.EXPERT_HUNTERS``).
    """

    simulations: int
    depth: int
    hider_model: float
    foresight: bool
    searching: bool
    expert_model: bool
    playouts: int
    mixed: bool
    board_only: bool
    judges: bool
    two_hunters: bool


# The hard Samurai expects a thoughtful hider: nine parts her own static judgement (``hiding.plan_score``,
# sharpness 4), one part any path. Against the frozen hard Goryō, 100 matches each: the plain model
# (half, sharpness 2) won 13%, this one 57%, a sharper one (0.97, sharpness 8) 46%.
# Within a match that share is scaled by how well her revealed paths fit the model (``opponent.sensible_weight``).
_THOUGHTFUL_HIDER = 0.9
_HARD_PLAYOUTS = 8  # a bound on the easy and normal Goryō's too, though they play none out
_EXPERT_PLAYOUTS = 12  # ``ai.expert.CANDIDATES``

PLAYS: Mapping[Level, Play] = MappingProxyType({
    Level.EASY: Play(
        simulations=1, depth=1, hider_model=0.0, foresight=False, searching=False, expert_model=False,
        playouts=_HARD_PLAYOUTS, mixed=False, board_only=False, judges=False, two_hunters=False,
    ),
    Level.NORMAL: Play(
        simulations=1, depth=1, hider_model=0.0, foresight=True, searching=False, expert_model=False,
        playouts=_HARD_PLAYOUTS, mixed=True, board_only=True, judges=False, two_hunters=False,
    ),
    Level.HARD: Play(
        simulations=6000, depth=4, hider_model=_THOUGHTFUL_HIDER, foresight=True, searching=True, expert_model=False,
        playouts=_HARD_PLAYOUTS, mixed=True, board_only=False, judges=True, two_hunters=False,
    ),
    Level.EXPERT: Play(
        simulations=6000, depth=4, hider_model=_THOUGHTFUL_HIDER, foresight=True, searching=True, expert_model=True,
        playouts=_EXPERT_PLAYOUTS, mixed=True, board_only=False, judges=True, two_hunters=True,
    ),
})


def play_of(level: str) -> Play:
    """What ``level`` does (a ``Level``, or its word); a ValueError for an unknown one."""
    return PLAYS[Level.of(level)]
