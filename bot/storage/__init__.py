"""The bot's persistent state: matches, challenges, the action log, the outbox and the timers.

Importers use ``from bot.storage import Store, MatchRecord, …``; the backends live in
the modules of this package.
"""

import os

from .shards import Shards, shard_of
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
    PreviewCancelledError,
    StaleMatchError,
    Store,
)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(database: object) -> bool:
    return isinstance(database, str) and database.startswith(POSTGRES_SCHEMES)


async def open_store(database: str | os.PathLike, *, durable: bool = True, pool_size: int = 10) -> Store:
    """The store for ``database``: a ``postgresql://`` URL opens PostgreSQL, anything else is a SQLite file."""
    if not is_postgres_url(database):
        return await Store.open(database, durable=durable)
    try:
        from .postgres import PostgresStore  # asyncpg is only needed by those who use PostgreSQL
    except ImportError as error:
        raise RuntimeError(
            "GORYO_DATABASE is a PostgreSQL URL, which needs asyncpg: pip install 'goryo-bot[postgres]'"
        ) from error
    return await PostgresStore.open(database, durable=durable, pool_size=pool_size)


__all__ = [
    "ACTIVE",
    "CHALLENGER_ROLES",
    "DAMAGED",
    "FINISHED",
    "POSTGRES_SCHEMES",
    "ChallengeRecord",
    "ChannelBusyError",
    "LoggedAction",
    "MatchClosedError",
    "MatchRecord",
    "PreviewCancelledError",
    "Shards",
    "StaleMatchError",
    "Store",
    "is_postgres_url",
    "open_store",
    "shard_of",
]
