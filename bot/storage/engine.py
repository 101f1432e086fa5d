"""What the shared SQL needs from a backend: a small connection interface and its transactions.

The queries (``bot.storage.sql`` and the modules it is made of) are written once, with ``?`` parameters,
in the SQL that SQLite and PostgreSQL both speak. A backend hands them an ``Engine``: read and write
transactions over a ``Db`` (four calls), the few words where the dialects differ, and the outbox nudges.
Nothing here knows a driver; ``bot.storage.sqlite`` and ``bot.storage.postgres`` each implement it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from .records import Row

Nudged = Callable[[int, int | None], None]  # (match id, guild id) of an outbox another process filled
Missed = Callable[[], None]  # some nudges may have gone unheard


class Db(Protocol):
    """One transaction's connection, as the shared SQL uses it (``?`` parameters on every backend)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row, or None."""
        ...

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


class Engine(Protocol):
    """A backend's plumbing under the shared SQL."""

    address: str  # the database as shown in logs (a URL redacted)
    # What the database raises when a constraint or an invariant trigger refuses a write.
    integrity_errors: tuple[type[Exception], ...]
    # Appended to the SELECT of a row about to be changed ("" where a write locks the whole database).
    for_update: str

    def write(self) -> AbstractAsyncContextManager[Db]:
        """One write transaction: all of it commits, or none of it."""
        ...

    def read(self) -> AbstractAsyncContextManager[Db]:
        """A read snapshot, consistent across several SELECTs."""
        ...

    async def lock_league(self, db: Db) -> None:
        """Inside a write: keep matches from being rated while the league is rebuilt."""
        ...

    async def nudge(self, match_id: int, guild_id: int | None) -> None:
        """Tell the other processes that this match's outbox waits (nothing to do with one process)."""
        ...

    async def listen(self, nudged: Nudged, missed: Missed | None) -> None:
        """Call ``nudged`` for each nudge from another process, ``missed`` when some may have been lost."""
        ...

    async def close(self) -> None:
        """Close the connections; closing twice is harmless."""
        ...
