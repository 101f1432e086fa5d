"""The whole ``/goryo`` group as the bot syncs it: ``group.py``'s commands and those other modules add.

Built by ``setup_hook`` once the store is open, with the game, turn clocks and league records handed in.
"""

from __future__ import annotations

from discord import app_commands

from ..play.game import Game
from ..play.hints import Hints
from ..play.lessons import Lessons
from ..play.timekeeping import TurnClock
from . import hint, learn, mine, server_settings
from .group import GoryoCommands
from .league import Records


def goryo_group(game: Game, turns: TurnClock, records: Records, lessons: Lessons, hints: Hints) -> app_commands.Group:
    group = server_settings.extend(mine.extend(GoryoCommands(game, turns, records), game, turns), game)
    return hint.extend(learn.extend(group, lessons), hints, game.match_choices)
