"""Which matches a bot process delivers for: those whose server lives on one of its Discord shards.

Discord puts a server on shard ``(guild_id >> 22) % shard_count`` (the formula discord.py uses),
and sends every DM to shard 0. A process holding some of the shards delivers the outbox of the
matches played on its servers only, DMs those matches owe included; another process that
committed an action to such a match (her DM command reaches shard 0) answers its own interaction
and leaves the rest to the server's process. A process holding every shard holds every match.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard a server's events come on; a match with no server goes with the DMs, on shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one process holds: ``ids`` out of ``count``."""

    count: int
    ids: frozenset[int]

    @classmethod
    def held(cls, count: int | None, ids: Iterable[int] | None) -> Shards | None:
        """The process's part, or None when it holds every shard (then every match is its own)."""
        if count is None or ids is None:
            return None
        held = frozenset(int(i) for i in ids)
        return None if held >= frozenset(range(count)) else cls(int(count), held)

    def holds(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def sql(self, guild_column: str) -> str:
        """The same test as ``holds`` in SQL (SQLite and PostgreSQL alike); the numbers are ints, so inlined."""
        ids = ", ".join(str(i) for i in sorted(self.ids))
        return f"(COALESCE({guild_column}, 0) >> 22) % {self.count} IN ({ids})"
