"""The outbox's rows: what committed actions owe to people, queued in their transaction and worked
off by the deliverer (``bot.delivery.deliverer``), with the claims that let one process at a time drain a match.
Shared SQL on any ``Engine``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..records.outbox import Carrier, OutboxEntry, OutboxItem
from .engine import Db, Engine
from .records import time_or_none, utc_text
from .shards import Shards


async def queue(db: Db, match_id: int, seq: int, items: Sequence[OutboxItem], at: str) -> None:
    """Queue ``items`` as owed by the match's action ``seq``, inside the caller's transaction."""
    await db.executemany(
        "INSERT INTO outbox (match_id, seq, kind, route, payload, created_at, next_attempt_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(match_id, seq, item.kind, item.route, item.payload(), at, at) for item in items],
    )


def _pending_of(shards: Shards | None) -> str:
    """The waiting items (indexed), of the matches on ``shards``' servers only when given."""
    if shards is None:
        return "FROM outbox WHERE status = 'pending'"
    return (
        "FROM outbox JOIN matches ON matches.id = outbox.match_id"
        f" WHERE outbox.status = 'pending' AND {shards.sql('matches.guild_id')}"
    )


class OutboxSql:
    _engine: Engine

    async def claim_outbox(self, match_id: int, *, holder: str, now: datetime, until: datetime) -> bool:
        """Take the right to deliver this match's outbox until ``until``; False while another holder has it.

        The holder may claim again (extending it); an expired claim goes to whoever asks.
        The upsert is one statement, so two processes asking at once get one yes.
        """
        async with self._engine.write() as db:
            row = await db.one(
                "INSERT INTO outbox_claims (match_id, holder, expires_at) VALUES (?, ?, ?)"
                " ON CONFLICT (match_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at"
                " WHERE outbox_claims.expires_at <= ? OR outbox_claims.holder = excluded.holder"
                " RETURNING match_id",
                (match_id, holder, utc_text(until), utc_text(now)),
            )
        return row is not None

    async def release_outbox(self, match_id: int, *, holder: str) -> None:
        async with self._engine.write() as db:
            await db.execute("DELETE FROM outbox_claims WHERE match_id = ? AND holder = ?", (match_id, holder))

    async def outbox_backlog(self, shards: Shards | None = None) -> tuple[int, datetime | None]:
        """How many items wait to be sent, and when the oldest of them was queued (None: nothing waits)."""
        async with self._engine.read() as db:
            row = await db.one(f"SELECT COUNT(*), MIN(outbox.created_at) {_pending_of(shards)}")
        assert row is not None  # an aggregate always answers one row
        return int(row[0]), time_or_none(row[1])

    async def pending_outbox(self, match_id: int) -> list[OutboxEntry]:
        """The match's undelivered items, oldest first."""
        return await self._outbox_where("match_id = ? AND status = 'pending'", (match_id,))

    async def outbox_of(self, match_id: int) -> list[OutboxEntry]:
        return await self._outbox_where("match_id = ?", (match_id,))

    async def last_delivered(self, match_id: int, kind: str) -> OutboxEntry | None:
        found = await self._outbox_where(
            "match_id = ? AND kind = ? AND status = 'done'", (match_id, kind), "ORDER BY id DESC LIMIT 1"
        )
        return found[0] if found else None

    async def _outbox_where(self, where: str, params: Sequence[Any], tail: str = "ORDER BY id") -> list[OutboxEntry]:
        async with self._engine.read() as db:
            rows = await db.all(
                "SELECT id, match_id, seq, kind, route, payload, status, attempts, message_id, attempted_at, attempt,"
                f" refused_at FROM outbox WHERE {where} {tail}",
                params,
            )
        return [
            OutboxEntry(
                id=row["id"],
                match_id=row["match_id"],
                seq=row["seq"],
                item=OutboxItem.from_row(row["kind"], row["route"], row["payload"]),
                status=row["status"],
                attempts=row["attempts"],
                message_id=row["message_id"],
                attempted_at=time_or_none(row["attempted_at"]),
                carrier=Carrier.from_payload(row["attempt"]),
                refused=row["refused_at"] is not None,
            )
            for row in rows
        ]

    async def matches_with_due_outbox(self, now: datetime, shards: Shards | None = None) -> list[int]:
        """Matches with an item waiting whose next try is due (indexed); on ``shards``' servers if given."""
        async with self._engine.read() as db:
            # Not DISTINCT in SQL: SQLite would then walk the whole outbox (by match) instead of
            # the few pending rows of the partial index.
            rows = await db.all(f"SELECT match_id {_pending_of(shards)} AND next_attempt_at <= ?", (utc_text(now),))
        return sorted({row["match_id"] for row in rows})

    async def next_outbox_attempt(self, shards: Shards | None = None) -> datetime | None:
        """When the earliest waiting item is due again (indexed), or None if nothing waits."""
        async with self._engine.read() as db:
            row = await db.one(f"SELECT MIN(next_attempt_at) AS at {_pending_of(shards)}")
        return None if row is None else time_or_none(row["at"])

    async def outbox_attempt(self, entry_id: int, *, now: datetime, carrier: Carrier | None = None) -> None:
        """Note that a send of the item begins: when (the latest try: each try first looked for the ones
        before it), and the first interaction to carry it (its reply may hold the item)."""
        async with self._engine.write() as db:
            await db.execute(
                "UPDATE outbox SET attempted_at = ?, attempt = COALESCE(attempt, ?)"
                " WHERE id = ? AND status = 'pending'",
                (utc_text(now), None if carrier is None else carrier.payload(), entry_id),
            )

    async def outbox_delivered(self, entry_id: int, *, message_id: int | None, now: datetime) -> bool:
        """Mark an item done; False if it already was (a second deliverer lost the race).

        The interaction's token is dropped: nothing needs it any more.
        """
        async with self._engine.write() as db:
            changed = await db.execute(
                "UPDATE outbox SET status = 'done', delivered_at = ?, message_id = ?, attempts = attempts + 1,"
                " attempt = NULL WHERE id = ? AND status = 'pending'",
                (utc_text(now), message_id, entry_id),
            )
        return changed == 1

    async def outbox_failed(self, entry_id: int, *, retry_at: datetime | None) -> None:
        """Count a failed try: try again at ``retry_at``, or give up (None)."""
        async with self._engine.write() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = COALESCE(?, next_attempt_at),"
                " status = CASE WHEN CAST(? AS TEXT) IS NULL THEN 'failed' ELSE status END"
                " WHERE id = ? AND status = 'pending'",
                (None if retry_at is None else utc_text(retry_at), None if retry_at is None else "retry", entry_id),
            )

    async def outbox_wait(self, until: Sequence[tuple[int, datetime]]) -> None:
        """Items held back behind one that failed: not due before that one is tried again (``(id, when)`` pairs)."""
        async with self._engine.write() as db:
            await db.executemany(
                "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending'",
                [(utc_text(when), entry_id) for entry_id, when in until],
            )

    async def outbox_refused(self, entry_id: int, *, now: datetime) -> bool:
        """Note that the players are being told the channel refuses this item; False if they already were."""
        async with self._engine.write() as db:
            changed = await db.execute(
                "UPDATE outbox SET refused_at = ? WHERE id = ? AND refused_at IS NULL", (utc_text(now), entry_id)
            )
        return changed == 1
