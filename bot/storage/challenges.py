"""Pending challenges: posted, shown, looked up, withdrawn. Shared SQL on any ``Engine``."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from ..records.matches import CHALLENGER_ROLES, ChallengeRecord, Role
from .engine import Engine
from .records import (
    CHALLENGE_COLUMNS,
    ChannelBusyError,
    busy_kind,
    challenge_from_row,
    time_of,
    utc_text,
)

log = logging.getLogger("bot.storage")


@contextmanager
def channel_busy(integrity_errors: tuple[type[Exception], ...]) -> Iterator[None]:
    """The database's "one match or challenge per channel" rules, as ChannelBusyError."""
    try:
        yield
    except integrity_errors as error:
        kind = busy_kind(error)
        if kind is None:
            raise
        raise ChannelBusyError(kind) from error


class ChallengesSql:
    _engine: Engine

    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        challenger_role: Role,
        advanced: bool,
        now: datetime,
        assist: bool = False,
        server_language: str = "en",
        challenger_language: str = "en",
    ) -> ChallengeRecord:
        """Record a pending challenge; ChannelBusyError if the channel has a match or a challenge."""
        if challenger_role not in CHALLENGER_ROLES:
            raise ValueError(f"challenger_role must be one of {', '.join(CHALLENGER_ROLES)}, not {challenger_role!r}")
        created = utc_text(now)
        with channel_busy(self._engine.integrity_errors):
            async with self._engine.write() as db:
                inserted = await db.one(
                    "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, challenger_role,"
                    " advanced, created_at, assist, server_language, challenger_language)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, challenger_id, opponent_id, challenger_role, int(advanced), created,
                     int(assist), server_language, challenger_language),
                )
                assert inserted is not None  # RETURNING gives the new row
                challenge_id: int = inserted[0]
        log.info("challenge %d posted in channel %d", challenge_id, channel_id)
        return ChallengeRecord(
            id=challenge_id,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger_id,
            opponent_id=opponent_id,
            challenger_role=Role(challenger_role),
            advanced=bool(advanced),
            created_at=time_of(created),
            message_id=None,
            assist=bool(assist),
            server_language=server_language,
            challenger_language=challenger_language,
        )

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async with self._engine.write() as db:
            await db.execute("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))

    async def drop_unposted_challenges(self) -> int:
        """Remove challenges whose message was never shown (a crash between storing and posting)."""
        async with self._engine.write() as db:
            return await db.execute("DELETE FROM challenges WHERE message_id IS NULL")

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        async with self._engine.read() as db:
            row = await db.one(f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else challenge_from_row(row)

    async def pending_challenge_in(self, channel_id: int) -> ChallengeRecord | None:
        async with self._engine.read() as db:
            row = await db.one(f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE channel_id = ?", (channel_id,))
        return None if row is None else challenge_from_row(row)

    async def pending_challenges(self) -> list[ChallengeRecord]:
        """Every pending challenge, oldest first."""
        async with self._engine.read() as db:
            rows = await db.all(f"SELECT {CHALLENGE_COLUMNS} FROM challenges ORDER BY created_at, id")
        return [challenge_from_row(row) for row in rows]

    async def delete_challenge(self, challenge_id: int) -> bool:
        """Remove a challenge; True only for the one caller that actually removed it."""
        async with self._engine.write() as db:
            deleted = await db.execute("DELETE FROM challenges WHERE id = ?", (challenge_id,)) == 1
        if deleted:
            log.info("challenge %d removed", challenge_id)
        return deleted
