"""Where each learner stands in their lesson (issue 36): a fact per learner, so a lesson survives a restart.

The position itself is never stored: it is the lesson's seed with its first ``step`` steps played
(``bot.text.lessons``). ``guild_id`` and ``channel_id`` are where ``/goryo learn`` was typed, so the
lesson's last step can start a first real match there. Lessons are kept apart from matches: they are
never rated, counted, listed or replayed, and never hold a channel.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import rules

from ..records.lessons import LessonRecord
from .engine import Engine
from .records import utc_text

SAVE_LESSON = (
    "INSERT INTO lessons (user_id, role, step, guild_id, channel_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET role = excluded.role, step = excluded.step,"
    " guild_id = excluded.guild_id, channel_id = excluded.channel_id, message_id = NULL,"
    " updated_at = excluded.updated_at"
)
# Only from the step the learner saw: a second click on the same control moves the lesson once.
ADVANCE_LESSON = (
    "UPDATE lessons SET step = ?, message_id = NULL, updated_at = ? WHERE user_id = ? AND role = ? AND step = ?"
)
FINISHED_A_MATCH = (
    "SELECT 1 AS found FROM matches WHERE status = 'finished' AND (goryo_id = ? OR samurai_id = ?) LIMIT 1"
)
GET_LESSON = "SELECT user_id, role, step, guild_id, channel_id, message_id FROM lessons WHERE user_id = ?"
# Only while the lesson still stands at the step shown: a step's message is noted for that step alone.
LESSON_SHOWN = "UPDATE lessons SET message_id = ? WHERE user_id = ? AND role = ? AND step = ?"


def lesson_from_row(row: Any) -> LessonRecord | None:
    if row is None:
        return None
    return LessonRecord(row["user_id"], rules.Side(row["role"]), row["step"], row["guild_id"], row["channel_id"],
                        row["message_id"])


class LessonsSql:
    _engine: Engine

    async def save_lesson(self, lesson: LessonRecord, *, now: datetime) -> None:
        """Begin (or begin again) ``lesson.user_id``'s lesson at ``lesson.step``; one lesson per learner."""
        role = rules.Side(lesson.role)  # a ValueError for any other word, before anything is written
        async with self._engine.write() as db:
            await db.execute(SAVE_LESSON, (lesson.user_id, role.value, lesson.step, lesson.guild_id,
                                           lesson.channel_id, utc_text(now)))

    async def advance_lesson(self, user_id: int, role: rules.Side, *, from_step: int, to_step: int,
                             now: datetime) -> bool:
        """Move the lesson on from ``from_step``; False if it no longer stands there (a click came twice)."""
        async with self._engine.write() as db:
            changed = await db.execute(ADVANCE_LESSON, (to_step, utc_text(now), user_id, role.value, from_step))
        return changed == 1

    async def lesson_shown(self, user_id: int, role: rules.Side, step: int, message_id: int) -> bool:
        """Note that ``message_id`` shows ``step``; False if the lesson has moved on meanwhile."""
        async with self._engine.write() as db:
            changed = await db.execute(LESSON_SHOWN, (message_id, user_id, role.value, step))
        return changed == 1

    async def lesson(self, user_id: int) -> LessonRecord | None:
        async with self._engine.read() as db:
            return lesson_from_row(await db.one(GET_LESSON, (user_id,)))

    async def finished_a_match(self, user_id: int) -> bool:
        """Whether ``user_id`` ever finished a match on this bot (against anyone, the bot included)."""
        async with self._engine.read() as db:
            return await db.one(FINISHED_A_MATCH, (user_id, user_id)) is not None
