"""Each finished match's review (issue 44), kept once computed: a finished match never changes, so neither does
its review. Stored as ``ai.review``'s JSON, facts only; the first one saved stands. And the hints asked for in
a match, one per version, noted in its history for its record."""

from __future__ import annotations

import json
from datetime import datetime

import rules

from ..records.hints import HintNote
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


NOTE_HINT = (
    "INSERT INTO match_hints (match_id, version, side, action, asked_by, asked_at) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (match_id, version) DO NOTHING"
)
GET_HINTS = "SELECT version, side, action, asked_by FROM match_hints WHERE match_id = ? ORDER BY version"


class HintsSql:
    _engine: Engine

    async def note_hint(self, match_id: int, hint: HintNote, *, now: datetime) -> None:
        async with self._engine.write() as db:
            await db.execute(NOTE_HINT, (match_id, hint.version, hint.side.value,
                                         json.dumps(rules.action_to_dict(hint.action)), hint.asked_by,
                                         utc_text(now)))

    async def hints(self, match_id: int) -> list[HintNote]:
        async with self._engine.read() as db:
            rows = await db.all(GET_HINTS, (match_id,))
        return [HintNote(int(row["version"]), rules.Side(row["side"]),
                         rules.action_from_dict(json.loads(row["action"])), int(row["asked_by"])) for row in rows]
