"""The whole ``/goryo`` group as the bot syncs it: ``group.py``'s commands and those other modules add.

Built by ``setup_hook`` once the store is open, with the parts it built handed in, each to the commands that use it.
"""

from __future__ import annotations

from discord import app_commands

from ..play.challenges import Challenges
from ..play.choices import Choices
from ..play.goryo_side import GoryoSide
from ..play.hints import Hints
from ..play.lessons import Lessons
from ..play.resigning import Resigning
from ..play.samurai_side import SamuraiSide
from ..play.service import Clock
from ..play.timekeeping import TurnClock
from ..play.tournaments import Tournaments
from ..play.viewing import Viewing
from ..settings import Settings
from ..storage import Store
from . import hint, learn, mine, server_settings
from . import tournaments as tournament_commands
from .group import GoryoCommands
from .league import Records


def goryo_group(
    *, store: Store, settings: Settings, clock: Clock, challenges: Challenges, goryo: GoryoSide,
    samurai: SamuraiSide, viewing: Viewing, resigning: Resigning, choices: Choices, turns: TurnClock,
    records: Records, lessons: Lessons, hints: Hints, tournaments: Tournaments,
) -> app_commands.Group:
    async def newcomer(user_id: int) -> bool:
        """Neither a lesson begun nor a match finished: ``/goryo help`` points to the lesson first."""
        return await store.lesson(user_id) is None and not await store.finished_a_match(user_id)

    group: app_commands.Group = GoryoCommands(
        challenges=challenges, goryo=goryo, samurai=samurai, viewing=viewing, resigning=resigning, choices=choices,
        turns=turns, records=records, clock=clock, newcomer=newcomer,
    )
    group = mine.extend(group, store, turns, clock)
    group = server_settings.extend(group, store, settings, clock)
    group = learn.extend(group, lessons)
    group = hint.extend(group, hints, viewing.match_choices)
    return tournament_commands.extend(group, tournaments)
