"""A tournament's posts in the outbox (route ``tournament``): queued in the transaction that decides them (a round
announced, reminded, its standings, the tournament over or cancelled), so each is owed once and never lost, and
worked off by the deliverer as a match's items are (``bot.delivery.tournament_posts``). Their tries, deliveries and
failures are noted by the outbox's own calls, by item id. Shared SQL on any ``Engine``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..records.outbox import OutboxItem, Route, TournamentPost
from .engine import Db, Engine
from .records import time_of, time_or_none, utc_text
from .shards import Shards


async def queue_posts(db: Db, tournament_id: int, number: int, items: Sequence[OutboxItem], at: str) -> None:
    """Queue ``items`` as owed by the tournament (about round ``number``), inside the caller's transaction."""
    if any(item.route is not Route.TOURNAMENT for item in items):
        raise ValueError("a tournament's posts go to its channel")
    await db.executemany(
        "INSERT INTO outbox (tournament_id, seq, kind, route, payload, created_at, next_attempt_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(tournament_id, number, item.kind, item.route, item.payload(), at, at) for item in items],
    )


class TournamentPostsSql:
    _engine: Engine

    async def pending_tournament_posts(self, tournament_id: int) -> list[TournamentPost]:
        """The tournament's undelivered posts, oldest first."""
        return await self._posts_where("tournament_id = ? AND status = 'pending'", (tournament_id,))

    async def tournament_posts(self, tournament_id: int) -> list[TournamentPost]:
        return await self._posts_where("tournament_id = ?", (tournament_id,))

    async def tournaments_with_due_posts(self, now: datetime, shards: Shards | None = None) -> list[int]:
        """Tournaments with a post waiting whose next try is due; on ``shards``' servers if given."""
        where = "" if shards is None else f" AND {shards.sql('tournaments.guild_id')}"
        async with self._engine.read() as db:
            rows = await db.all(
                "SELECT outbox.tournament_id FROM outbox JOIN tournaments ON tournaments.id = outbox.tournament_id"
                f" WHERE outbox.status = 'pending' AND outbox.next_attempt_at <= ?{where}",
                (utc_text(now),),
            )
        return sorted({row["tournament_id"] for row in rows})

    async def _posts_where(self, where: str, params: Sequence[Any]) -> list[TournamentPost]:
        async with self._engine.read() as db:
            rows = await db.all(
                "SELECT id, tournament_id, seq, kind, route, payload, status, attempts, message_id, attempted_at,"
                " next_attempt_at"
                f" FROM outbox WHERE {where} ORDER BY id",
                params,
            )
        return [
            TournamentPost(
                id=row["id"], tournament_id=row["tournament_id"], round=row["seq"],
                item=OutboxItem.from_row(row["kind"], row["route"], row["payload"]), status=row["status"],
                attempts=row["attempts"], message_id=row["message_id"], next_attempt_at=time_of(row["next_attempt_at"]),
                attempted_at=time_or_none(row["attempted_at"]),
            )
            for row in rows
        ]
