"""The store tests' shared facts and steps: who plays where and when, a plain second connection to the
database under a store, and the few moves most tests start from."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import asyncpg

import rules
from bot.storage import (
    MatchRecord,
    Store,
    open_store,
)
from bot.storage.postgres import dollar_params

T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
GUILD, CHANNEL, OTHER_CHANNEL = 10, 100, 200
ALICE, BOB, CAROL = 1001, 1002, 1003


class Database:
    """The database under a store, reached as an operator (or a buggy bot) would: a plain second connection."""

    def __init__(self, kind: str, where) -> None:
        self.kind = kind
        self.where = where
        self.error = sqlite3.IntegrityError if kind == "sqlite" else asyncpg.PostgresError

    async def open(self) -> Store:
        return await open_store(self.where)

    async def execute(self, sql: str, *params) -> None:
        if self.kind == "sqlite":
            with raw(self.where) as plain:
                plain.execute(sql, params)
            return
        connection = await asyncpg.connect(self.where)
        try:
            await connection.execute(dollar_params(sql), *params)
        finally:
            await connection.close()

    async def fetchval(self, sql: str, *params):
        if self.kind == "sqlite":
            with raw(self.where) as plain:
                return plain.execute(sql, params).fetchone()[0]
        connection = await asyncpg.connect(self.where)
        try:
            return await connection.fetchval(dollar_params(sql), *params)
        finally:
            await connection.close()

    async def drop_trigger(self, name: str, table: str) -> None:
        await self.execute(f"DROP TRIGGER {name}" + ("" if self.kind == "sqlite" else f" ON {table}"))


def raw(db_path) -> sqlite3.Connection:
    """A second, plain connection, as an operator (or a buggy bot) would have."""
    return sqlite3.connect(db_path, isolation_level=None)


async def challenge(store: Store, channel_id: int = CHANNEL, now: datetime = T0, **overrides):
    defaults = {
        "guild_id": GUILD, "channel_id": channel_id, "challenger_id": ALICE, "opponent_id": BOB,
        "challenger_role": "random", "advanced": False, "now": now,
    }
    return await store.create_challenge(**(defaults | overrides))


async def new_match(store: Store, channel_id: int = CHANNEL, seed: int = 1, advanced: bool = False) -> MatchRecord:
    posted = await challenge(store, channel_id, advanced=advanced)
    return await store.start_match(
        challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(seed, advanced=advanced), now=T0
    )


async def play(store: Store, match: MatchRecord, action: rules.Action, now: datetime = T0) -> MatchRecord:
    actor = match.player_of(match.state.to_move)
    step = rules.apply(match.state, action)
    return await store.record_action(
        match.id, expected_version=match.version, actor_id=actor, action=action, new_state=step.state, now=now
    )


def first_plan(state: rules.GameState) -> rules.Plan:
    return rules.Plan(next(iter(rules.legal_paths(state))), None)
