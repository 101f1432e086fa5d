"""Each finished match's review (issue 44), kept once computed: a finished match never changes, so neither does
its review. Stored as ``ai.review``'s JSON, facts only; the first one saved stands."""

from __future__ import annotations

from datetime import datetime

from .engine import Engine
from .records import utc_text

SAVE_REVIEW = "INSERT INTO match_reviews (match_id, review, made_at) VALUES (?, ?, ?) ON CONFLICT (match_id) DO NOTHING"
GET_REVIEW = "SELECT review FROM match_reviews WHERE match_id = ?"


class ReviewsSql:
    _engine: Engine

    async def save_review(self, match_id: int, review: str, *, now: datetime) -> None:
        async with self._engine.write() as db:
            await db.execute(SAVE_REVIEW, (match_id, review, utc_text(now)))

    async def saved_review(self, match_id: int) -> str | None:
        async with self._engine.read() as db:
            row = await db.one(GET_REVIEW, (match_id,))
        return None if row is None else str(row["review"])
