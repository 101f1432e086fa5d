"""The store written once in SQL, on whichever backend's ``Engine`` it is given.

``SqlStore`` is made of one part per concern (challenges, matches, the action log, the outbox, the
league, players' and servers' choices), each a module of queries on the ``Engine``/``Db`` interface of
``bot.storage.engine``. A backend module (``sqlite``, ``postgres``) builds its engine and hands it over:
``SqliteStore`` and ``PostgresStore`` both are an ``SqlStore`` with a way to open it, and neither knows
the other.
"""

from __future__ import annotations

from typing import Self

from .action_log import ActionLogSql
from .challenges import ChallengesSql
from .engine import Engine, Missed, Nudged
from .lessons import LessonsSql
from .matches import MatchesSql
from .outbox_queue import OutboxSql
from .preferences import PreferencesSql
from .reviews import HintsSql, ReviewsSql
from .standings import LeagueSql
from .tournaments import TournamentsSql


class SqlStore(
    ChallengesSql, MatchesSql, ActionLogSql, OutboxSql, LeagueSql, PreferencesSql, LessonsSql, TournamentsSql,
    ReviewsSql, HintsSql,
):
    """The bot's persistent state (``bot.storage.contract.Store``) on ``engine``; ``await close()`` at the end."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @property
    def address(self) -> str:
        """The database, as shown in logs and messages (a URL without its secrets)."""
        return self._engine.address

    async def close(self) -> None:
        """Close the connections; closing twice is harmless."""
        await self._engine.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def nudge_outbox(self, match_id: int, guild_id: int | None) -> None:
        """Tell the other processes that this match's outbox waits (its server's process sends it).

        One process on SQLite has no one to tell; PostgreSQL's NOTIFY reaches the others.
        """
        await self._engine.nudge(match_id, guild_id)

    async def listen_outbox(self, nudged: Nudged, missed: Missed | None = None) -> None:
        """Call ``nudged(match_id, guild_id)`` whenever another process nudges a match's outbox, and
        ``missed()`` when some nudges may have gone unheard (a dropped connection, on PostgreSQL)."""
        await self._engine.listen(nudged, missed)
