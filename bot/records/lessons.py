"""Where a learner stands in their lesson (issue 36): the record the store keeps and hands back."""

from __future__ import annotations

from dataclasses import dataclass

import rules


@dataclass(frozen=True)
class LessonRecord:
    user_id: int
    role: rules.Side  # the side learnt; stored as its word (the lessons table's CHECK lists them)
    step: int  # the steps done so far: the one shown now is ``step``
    guild_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None  # the DM message showing step ``step`` (None: not known, a lesson from before)
