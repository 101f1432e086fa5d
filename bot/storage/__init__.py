"""The bot's persistent state: matches, challenges, the action log, the outbox and the timers.

Importers use ``from bot.storage import Store, MatchRecord, …``; the backends live in
the modules of this package.
"""

import os
import sqlite3
from collections.abc import Awaitable, Callable

from .address import for_driver, is_url, redact, scheme_of, scrub
from .migrations import SchemaTooNewError
from .preferences import (
    NOTICE_MODES,
    SETTING_NAMES,
    MatchThread,
    NoticeMode,
    ServerSettings,
    SettingChange,
    SettingName,
    TurnNotice,
)
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

Opener = Callable[..., Awaitable[Store]]


class StoreUnavailable(RuntimeError):
    """The database cannot be opened: one line saying which (redacted) and why, fit to show an admin."""


def _unavailable(database: str | os.PathLike, error: Exception) -> StoreUnavailable:
    # The driver's words say why; they pass through scrub since a driver may quote the URL.
    reason = scrub(f"{type(error).__name__}: {error}".strip().removesuffix(":"), database).splitlines()[0]
    return StoreUnavailable(f"cannot open the database {redact(database)} ({reason})")


async def _open_sqlite(path: str | os.PathLike, *, durable: bool, pool_size: int) -> Store:
    try:
        return await Store.open(path, durable=durable)
    except (OSError, sqlite3.Error, SchemaTooNewError) as error:
        raise _unavailable(path, error) from None


async def _open_postgres(url: str, *, durable: bool, pool_size: int) -> Store:
    try:
        from .postgres import PostgresStore  # asyncpg is only needed by those who use PostgreSQL
    except ImportError:
        raise StoreUnavailable(
            f"the database {redact(url)} is a PostgreSQL URL, which needs asyncpg: pip install 'goryo-bot[postgres]'"
        ) from None
    import asyncpg

    try:
        return await PostgresStore.open(for_driver(url), durable=durable, pool_size=pool_size)
    # Refused, unknown host, wrong password, no such database, a malformed URL, a newer schema.
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError, SchemaTooNewError) as error:
        raise _unavailable(url, error) from None


# How each kind of address is opened, by its URL scheme ("" for a SQLite file). Every way into
# the database (the bot, the command line, the sandbox) goes through open_store, so through this.
OPENERS: dict[str, Opener] = {"": _open_sqlite, "postgresql": _open_postgres, "postgres": _open_postgres}


def is_postgres_url(database: object) -> bool:
    return is_url(database) and scheme_of(database) in ("postgresql", "postgres")  # type: ignore[arg-type]


async def open_store(database: str | os.PathLike, *, durable: bool = True, pool_size: int = 10) -> Store:
    """The store for ``database``, opened as ``OPENERS`` says for its scheme: a ``postgresql://`` URL opens
    PostgreSQL, a file name SQLite; a URL of any other kind is refused (it never becomes a file name).

    Raises StoreUnavailable when the database cannot be reached or opened, with the address redacted.
    """
    opener = OPENERS.get(scheme_of(database))
    if opener is None:
        raise StoreUnavailable(
            f"the database {redact(database)} is neither a SQLite file nor a URL starting with "
            + " or ".join(f"{scheme}://" for scheme in OPENERS if scheme)
        )
    return await opener(database, durable=durable, pool_size=pool_size)


__all__ = [
    "ACTIVE",
    "CHALLENGER_ROLES",
    "DAMAGED",
    "FINISHED",
    "NOTICE_MODES",
    "OPENERS",
    "POSTGRES_SCHEMES",
    "SETTING_NAMES",
    "ChallengeRecord",
    "ChannelBusyError",
    "LoggedAction",
    "MatchClosedError",
    "MatchRecord",
    "MatchThread",
    "NoticeMode",
    "PreviewCancelledError",
    "ServerSettings",
    "SettingChange",
    "SettingName",
    "Shards",
    "StaleMatchError",
    "Store",
    "StoreUnavailable",
    "TurnNotice",
    "is_postgres_url",
    "open_store",
    "redact",
    "shard_of",
]
