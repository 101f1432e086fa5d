"""The bot's persistent state: matches, challenges, the action log, the outbox and the timers.

Importers use ``from bot.storage import Store, MatchRecord, …``; the backends live in
the modules of this package.
"""

from .sqlite import (
    ACTIVE,
    CHALLENGER_ROLES,
    DAMAGED,
    FINISHED,
    ChallengeRecord,
    ChannelBusyError,
    LoggedAction,
    MatchClosedError,
    MatchRecord,
    StaleMatchError,
    Store,
)

__all__ = [
    "ACTIVE",
    "CHALLENGER_ROLES",
    "DAMAGED",
    "FINISHED",
    "ChallengeRecord",
    "ChannelBusyError",
    "LoggedAction",
    "MatchClosedError",
    "MatchRecord",
    "StaleMatchError",
    "Store",
]
