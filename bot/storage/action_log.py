"""The append-only action log: read back, replayed, and checked against the stored state.
Shared SQL on any ``Engine``."""

from __future__ import annotations

import json

import rules

from ..records.matches import LoggedAction
from .engine import Engine
from .records import Row, state_differences, time_of


def _action(row: Row) -> rules.Action:
    return rules.action_from_dict(json.loads(row["action"]))


class ActionLogSql:
    _engine: Engine

    async def actions(self, match_id: int) -> list[LoggedAction]:
        async with self._engine.read() as db:
            rows = await db.all(
                "SELECT seq, actor_id, action, at FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
            )
        return [LoggedAction(seq=row["seq"], actor_id=row["actor_id"], action=_action(row), at=time_of(row["at"]))
                for row in rows]

    async def initial_state(self, match_id: int) -> rules.GameState:
        async with self._engine.read() as db:
            row = await db.one("SELECT initial_state FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise LookupError(f"match {match_id} does not exist")
        return rules.from_json(row["initial_state"])

    async def state_at(self, match_id: int, seq: int) -> rules.GameState:
        """The match's state after its first ``seq`` actions (the stored state when that is the latest)."""
        async with self._engine.read() as db:
            match = await db.one("SELECT initial_state, state, version FROM matches WHERE id = ?", (match_id,))
            if match is None:
                raise LookupError(f"match {match_id} does not exist")
            if match["version"] == seq:
                return rules.from_json(match["state"])
            log_rows = await db.all(
                "SELECT action FROM actions WHERE match_id = ? AND seq <= ? ORDER BY seq", (match_id, seq)
            )
        state = rules.from_json(match["initial_state"])
        for row in log_rows:
            state = rules.apply(state, _action(row)).state
        return state

    async def _replay_inputs(self, match_id: int) -> tuple[Row, list[Row]]:
        async with self._engine.read() as db:
            match = await db.one("SELECT initial_state, state, version FROM matches WHERE id = ?", (match_id,))
            if match is None:
                raise LookupError(f"match {match_id} does not exist")
            log_rows = await db.all("SELECT seq, action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,))
        return match, log_rows

    async def replay(self, match_id: int) -> rules.GameState:
        """The initial state with every logged action applied in order."""
        match, log_rows = await self._replay_inputs(match_id)
        state = rules.from_json(match["initial_state"])
        for row in log_rows:
            state = rules.apply(state, _action(row)).state
        return state

    async def verify(self, match_id: int) -> str | None:
        """None if the log replays to the stored state, else a short reason free of hidden information.

        The reason is for the operator's log (``bot.play.integrity``), never shown to players.
        """
        match, log_rows = await self._replay_inputs(match_id)
        if len(log_rows) != match["version"] or [row["seq"] for row in log_rows] != list(
            range(1, len(log_rows) + 1)
        ):
            return f"the action log holds {len(log_rows)} actions but the match counts {match['version']}"
        try:
            state = rules.from_json(match["initial_state"])
        except (ValueError, KeyError, TypeError, rules.GoryoError):
            return "the initial state can't be read"
        for row in log_rows:
            try:
                action = _action(row)
            except (ValueError, KeyError, TypeError, rules.GoryoError):
                return f"logged action {row['seq']} can't be read"
            try:
                state = rules.apply(state, action).state
            except rules.IllegalActionError:
                return f"logged action {row['seq']} is illegal on replay"
        try:
            stored = rules.from_json(match["state"])
        except (ValueError, KeyError, TypeError, rules.GoryoError):
            return "the stored state can't be read"
        if stored != state:
            return "the stored state differs from the replay in: " + ", ".join(state_differences(state, stored))
        return None
