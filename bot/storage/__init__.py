"""The bot's persistent state: matches, challenges, the action log, the outbox and the timers.

Importers use ``from bot.storage import Store, MatchRecord, …``: ``Store`` is the contract
(``contract.py``) every backend fulfils, and ``open_store`` picks the backend from the address's
scheme through ``OPENERS``. README.md in this folder says what a new backend must provide.
"""

import importlib
import os
from collections.abc import Awaitable
from typing import Protocol

from ..records.matches import (
    ACTIVE,
    CHALLENGER_ROLES,
    DAMAGED,
    FINISHED,
    ChallengeRecord,
    LoggedAction,
    MatchRecord,
)
from .address import is_url, redact, scheme_of
from .contract import Store
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
from .records import ChannelBusyError, MatchClosedError, PreviewCancelledError, StaleMatchError
from .shards import Shards, shard_of
from .unavailable import StoreUnavailable

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class Opener(Protocol):
    """Opens one kind of database: the address as given, and the bot's wishes for it.

    Raises StoreUnavailable, never the driver's own errors, when the database cannot be opened.
    """

    def __call__(self, database: str | os.PathLike[str], *, durable: bool, pool_size: int) -> Awaitable[Store]: ...


def backend(module: str, *, kind: str, extra: str | None = None) -> Opener:
    """The opener of the backend in ``bot.storage.<module>`` (its ``open_database``), imported on first use,
    so that a backend's driver is needed only by those who use it (``extra``: the pip extra that installs it)."""

    async def opener(database: str | os.PathLike[str], *, durable: bool, pool_size: int) -> Store:
        try:
            found = importlib.import_module(f"{__name__}.{module}")
        except ImportError as error:
            if extra is None or error.name is None or error.name.startswith(__name__):
                raise  # not a missing driver: a fault of ours, to be seen as it is
            raise StoreUnavailable(
                f"the database {redact(database)} is a {kind} URL, which needs {error.name}:"
                f" pip install 'goryo-bot[{extra}]'"
            ) from None
        opened: Store = await found.open_database(database, durable=durable, pool_size=pool_size)
        return opened

    return opener


# How each kind of address is opened, by its URL scheme ("" for a SQLite file): a new backend is one
# module (see README.md) and one line here. Every way into the database (the bot, the command line,
# the sandbox) goes through open_store, so through this.
OPENERS: dict[str, Opener] = {
    "": backend("sqlite", kind="SQLite"),
    "postgresql": backend("postgres", kind="PostgreSQL", extra="postgres"),
    "postgres": backend("postgres", kind="PostgreSQL", extra="postgres"),
}


def is_postgres_url(database: object) -> bool:
    return isinstance(database, (str, os.PathLike)) and is_url(database) and scheme_of(database) in (
        "postgresql", "postgres")


async def open_store(database: str | os.PathLike[str], *, durable: bool = True, pool_size: int = 10) -> Store:
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
