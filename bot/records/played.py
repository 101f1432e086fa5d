"""``Played``: one applied action as the pipeline hands it on, to what announces it and what delivers that.

A plain record, so that ``delivery`` and ``play`` can both name it.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
from rules import events as ev

from .matches import MatchRecord
from .outbox import OutboxEntry


@dataclass(frozen=True)
class Played:
    """One applied action: the match before and after it, and what happened."""

    before: MatchRecord
    after: MatchRecord
    actor_id: int
    action: rules.Action
    events: tuple[ev.Event, ...]
    outbox: tuple[OutboxEntry, ...] = ()  # what it queued, as stored
