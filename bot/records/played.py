"""``Played``: one applied action as the pipeline hands it on, to what announces it and what delivers that.

Beside the outbox, below ``delivery`` and ``play``, so that both can name it.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
from rules import events as ev

from ..storage import MatchRecord
from .items import OutboxEntry


@dataclass(frozen=True)
class Played:
    """One applied action: the match before and after it, and what happened."""

    before: MatchRecord
    after: MatchRecord
    actor_id: int
    action: rules.Action
    events: tuple[ev.Event, ...]
    outbox: tuple[OutboxEntry, ...] = ()  # what it queued, as stored
