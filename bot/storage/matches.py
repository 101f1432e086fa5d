"""Matches: started from a challenge (or against the bot), moved on one action at a time with the
action's outbox items, reminded, previewed, taken out of play. Shared SQL on any ``Engine``.

Every write to a match checks its version in the same transaction, and locks its row where the
backend has row locks (``Engine.for_update``), so two processes committing to one match never both win.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import rules
from ai.levels import Level

from ..records.matches import ACTIVE, FINISHED, MatchRecord
from ..records.outbox import OutboxItem
from ..records.places import PrivatePlace
from . import preferences, standings
from .challenges import channel_busy
from .engine import Db, Engine
from .outbox_queue import queue
from .records import (
    CHALLENGE_COLUMNS,
    MATCH_COLUMNS,
    MatchClosedError,
    PreviewCancelledError,
    Row,
    StaleMatchError,
    match_from_row,
    side_text,
    utc_text,
)
from .tournament_results import note_result

log = logging.getLogger("bot.storage")

_NO_LIMIT = 2**62  # LIMIT -1 means "no limit" to SQLite only; a huge limit means the same to both backends


async def insert_match(
    db: Db, fields: dict[str, Any], state: rules.GameState, now: datetime, outbox: Sequence[OutboxItem]
) -> Row:
    """A new match at version 0 with ``fields`` (place, players, options) and its first outbox items; its row."""
    started = utc_text(now)
    state_json = rules.to_json(state)
    columns = {
        **fields,
        "initial_state": state_json,
        "state": state_json,
        "to_move": side_text(state.to_move),
        "status": ACTIVE if not state.is_over else FINISHED,
        "version": 0,
        "created_at": started,
        "turn_started_at": started,
    }
    inserted = await db.one(
        f"INSERT INTO matches ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)}) RETURNING id",
        tuple(columns.values()),
    )
    assert inserted is not None  # RETURNING gives the new row
    await queue(db, inserted[0], 0, outbox, started)
    return await _match_row(db, inserted[0])


async def _match_row(db: Db, match_id: int) -> Row:
    row = await db.one(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
    assert row is not None  # read inside the transaction that wrote it
    return row


class MatchesSql:
    _engine: Engine

    async def _matches_where(
        self, where: str, params: Sequence[Any] = (), tail: str = "ORDER BY id"
    ) -> list[MatchRecord]:
        async with self._engine.read() as db:
            rows = await db.all(f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} {tail}", params)
        return [match_from_row(row) for row in rows]

    async def start_match(
        self,
        *,
        challenge_id: int,
        goryo_id: int,
        samurai_id: int,
        state: rules.GameState,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        server_language: str | None = None,
        goryo_language: str = "en",
        thread_id: int | None = None,
    ) -> MatchRecord:
        """Turn a pending challenge into an active match, in one transaction (with its ``outbox`` items).

        LookupError if the challenge is gone (declined, withdrawn, expired or already
        accepted); ChannelBusyError if the database finds the channel taken.
        ``server_language``: as the accepting interaction showed it (None: the challenge's).
        ``thread_id``: the thread opened from the challenge, where the match is played (its channel), the
        challenge's channel being its parent.
        """
        engine = self._engine
        with channel_busy(engine.integrity_errors):
            async with engine.write() as db:
                # Locked (PostgreSQL) so that a second Accept waits, then finds the challenge gone.
                challenge = await db.one(
                    f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?{engine.for_update}", (challenge_id,)
                )
                if challenge is None:
                    raise LookupError(f"challenge {challenge_id} no longer exists")
                if {goryo_id, samurai_id} != {challenge["challenger_id"], challenge["opponent_id"]}:
                    raise ValueError("the players of a match must be the challenger and the opponent")
                await db.execute("DELETE FROM challenges WHERE id = ?", (challenge_id,))
                row = await insert_match(
                    db,
                    {
                        "guild_id": challenge["guild_id"],
                        "channel_id": challenge["channel_id"] if thread_id is None else thread_id,
                        "goryo_id": goryo_id,
                        "samurai_id": samurai_id,
                        "assist": challenge["assist"],  # the match keeps the challenge's options
                        "server_language": server_language or challenge["server_language"],
                        "goryo_language": goryo_language,
                    },
                    state,
                    now,
                    outbox,
                )
                if thread_id is not None:
                    await db.execute(preferences.ADD_MATCH_THREAD, (row["id"], thread_id, challenge["channel_id"]))
        log.info("match %d started in channel %d (from challenge %d)", row["id"], row["channel_id"], challenge_id)
        return match_from_row(row)

    async def start_ai_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        goryo_id: int,
        samurai_id: int,
        state: rules.GameState,
        now: datetime,
        ai_side: rules.Side,
        ai_level: Level,
        ai_seed: int,
        outbox: Sequence[OutboxItem] = (),
        assist: bool = False,
        server_language: str = "en",
        goryo_language: str = "en",
        thread_parent: int | None = None,
    ) -> MatchRecord:
        """Start a match against the bot at once (no challenge to accept), with its ``outbox`` items.

        ChannelBusyError if the channel has an active match or a pending challenge. ``thread_parent``: the channel
        the match's thread (``channel_id``) was opened in, for the line its end owes there and its archiving.
        """
        with channel_busy(self._engine.integrity_errors):
            async with self._engine.write() as db:
                row = await insert_match(
                    db,
                    {
                        "guild_id": guild_id,
                        "channel_id": channel_id,
                        "goryo_id": goryo_id,
                        "samurai_id": samurai_id,
                        "ai_side": ai_side.value,
                        "ai_level": ai_level,
                        "ai_seed": ai_seed,
                        "assist": int(assist),
                        "server_language": server_language,
                        "goryo_language": goryo_language,
                    },
                    state,
                    now,
                    outbox,
                )
                if thread_parent is not None:
                    await db.execute(preferences.ADD_MATCH_THREAD, (row["id"], channel_id, thread_parent))
        log.info(
            "match %d started against the bot (%s, %s) in channel %d", row["id"], ai_side.value, ai_level, channel_id
        )
        return match_from_row(row)

    async def ai_waiting_since(self, started_before: datetime) -> list[MatchRecord]:
        """Active matches against the bot where the human has had the turn since before ``started_before``."""
        return await self._matches_where(
            "status = 'active' AND ai_side IS NOT NULL AND to_move IS NOT NULL AND to_move != ai_side"
            " AND turn_started_at <= ?",
            (utc_text(started_before),),
        )

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._matches_where("id = ?", (match_id,))
        return found[0] if found else None

    async def active_match_in(self, channel_id: int) -> MatchRecord | None:
        found = await self._matches_where("channel_id = ? AND status = 'active'", (channel_id,))
        return found[0] if found else None

    async def active_matches_of(self, user_id: int) -> list[MatchRecord]:
        return await self._matches_where("status = 'active' AND (goryo_id = ? OR samurai_id = ?)", (user_id, user_id))

    async def active_matches(self) -> list[MatchRecord]:
        return await self._matches_where("status = 'active'")

    async def running_match_count(self) -> int:
        async with self._engine.read() as db:
            row = await db.one("SELECT COUNT(*) FROM matches WHERE status = 'active'")
        assert row is not None  # an aggregate always answers one row
        return int(row[0])

    async def active_match_places(self) -> list[tuple[int, int, int | None]]:
        """(id, channel_id, guild_id) of each active match, without parsing its state.

        The start-up check needs to find a match even when its stored state no
        longer parses, so it can be marked damaged instead of stopping the bot.
        """
        async with self._engine.read() as db:
            rows = await db.all("SELECT id, channel_id, guild_id FROM matches WHERE status = 'active' ORDER BY id")
        return [(row["id"], row["channel_id"], row["guild_id"]) for row in rows]

    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[MatchRecord]:
        """The channel's finished matches, most recent first (a negative limit: all of them)."""
        return await self._matches_where(
            "channel_id = ? AND status = 'finished'", (channel_id, limit if limit >= 0 else _NO_LIMIT),
            "ORDER BY id DESC LIMIT ?",
        )

    async def record_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        actor_id: int,
        action: rules.Action,
        new_state: rules.GameState,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        server_language: str | None = None,
        goryo_language: str | None = None,
        preview: int | None = None,
    ) -> MatchRecord:
        """Append ``action`` to the log, store ``new_state`` and queue ``outbox``, in one transaction.

        ``server_language`` and ``goryo_language``, when given, replace the stored ones (as the
        acting interaction showed them), so what the bot later says on its own follows them.

        StaleMatchError if the match is no longer at ``expected_version`` (someone else's
        action won), MatchClosedError if it is finished or damaged, LookupError if unknown,
        PreviewCancelledError if ``preview`` (the plan preview the action was confirmed from)
        was cancelled: checked under the same lock as ``cancel_preview`` takes.
        ``new_state`` must be what rules.apply makes of the stored state and ``action``:
        the store checks, so the log always replays to the stored state.
        """
        at = utc_text(now)
        action_json = json.dumps(rules.action_to_dict(action), separators=(",", ":"), ensure_ascii=False)
        new_state_json = rules.to_json(new_state)
        engine = self._engine
        async with engine.write() as db:
            # The row lock (PostgreSQL) makes a second process's commit of this match wait for ours,
            # then see the new version and refuse as stale; SQLite's write lock already serialises.
            row = await db.one(
                f"SELECT state, status, version, to_move FROM matches WHERE id = ?{engine.for_update}", (match_id,)
            )
            if row is None:
                raise LookupError(f"match {match_id} does not exist")
            if row["version"] != expected_version:
                raise StaleMatchError(f"match {match_id} is at version {row['version']}, not {expected_version}")
            if row["status"] != ACTIVE:
                raise MatchClosedError(f"match {match_id} is {row['status']}")
            if preview is not None and await db.one(
                "SELECT 1 FROM preview_cancels WHERE match_id = ? AND version = ? AND preview = ?",
                (match_id, expected_version, preview),
            ):
                raise PreviewCancelledError(f"match {match_id}: preview {preview} was cancelled")
            if rules.to_json(rules.apply(rules.from_json(row["state"]), action).state) != new_state_json:
                raise ValueError("new_state is not the result of applying the action to the stored state")
            await db.execute(
                "INSERT INTO actions (match_id, seq, actor_id, action, at) VALUES (?, ?, ?, ?, ?)",
                (match_id, expected_version + 1, actor_id, action_json, at),
            )
            turn_passed = side_text(new_state.to_move) != row["to_move"]
            changed = await db.execute(
                "UPDATE matches SET state = ?, to_move = ?, version = version + 1,"
                " status = CASE WHEN ? THEN 'finished' ELSE status END,"
                " finished_at = CASE WHEN ? THEN ? ELSE finished_at END,"
                " turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END,"
                " reminded_at = CASE WHEN ? THEN NULL ELSE reminded_at END,"
                " server_language = COALESCE(?, server_language), goryo_language = COALESCE(?, goryo_language)"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (
                    new_state_json,
                    side_text(new_state.to_move),
                    new_state.is_over,
                    new_state.is_over,
                    at,
                    turn_passed,
                    at,
                    turn_passed,
                    server_language,
                    goryo_language,
                    match_id,
                    expected_version,
                ),
            )
            if changed != 1:  # unreachable under the lock; guards against other processes
                raise StaleMatchError(f"match {match_id} moved on during the update")
            if new_state.is_over:  # summarised and rated with the action that ends it: exactly once
                outbox = await standings.finish(db, match_id, outbox, for_update=engine.for_update)
                await note_result(db, match_id, new_state, at)
            await queue(db, match_id, expected_version + 1, outbox, at)
            record = match_from_row(await _match_row(db, match_id))
        # The action's type only: a plan's path or a start space would give the Goryō away.
        outcome = record.state.outcome
        log.info(
            "match %d: action %d (%s) by %d%s",
            match_id,
            record.version,
            type(action).__name__,
            actor_id,
            f"; match over ({outcome.termination.value})" if outcome is not None else "",
        )
        return record

    async def set_languages(self, match_id: int, *, server_language: str, goryo_language: str) -> None:
        """What a match says from now on, as an interaction that changed no state showed it.

        No version bump: languages are not part of the game, so no action is refused for them.
        """
        async with self._engine.write() as db:
            await db.execute(
                "UPDATE matches SET server_language = ?, goryo_language = ? WHERE id = ?",
                (server_language, goryo_language, match_id),
            )

    async def set_live_board(self, match_id: int, *, round_number: int, message_id: int) -> None:
        async with self._engine.write() as db:
            await db.execute(
                "UPDATE matches SET live_board_round = ?, live_board_message_id = ? WHERE id = ?",
                (round_number, message_id, match_id),
            )

    async def mark_reminded(
        self, match_id: int, *, version: int, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool:
        """Note the half-time reminder for this turn and queue it; False if already sent or the match moved on."""
        async with self._engine.write() as db:
            changed = await db.execute(
                "UPDATE matches SET reminded_at = ? WHERE id = ? AND version = ? AND status = 'active'"
                " AND reminded_at IS NULL",
                (utc_text(now), match_id, version),
            )
            if changed != 1:
                return False
            await queue(db, match_id, version, outbox, utc_text(now))
            return True

    async def reminders_due(self, started_before: datetime) -> list[MatchRecord]:
        """Active matches whose turn began before ``started_before`` and got no reminder yet (indexed)."""
        return await self._matches_where(
            "status = 'active' AND reminded_at IS NULL AND to_move IS NOT NULL AND turn_started_at <= ?",
            (utc_text(started_before),),
            "ORDER BY turn_started_at",
        )

    async def new_preview(self, match_id: int) -> int:
        """Number a new plan preview of this match (1, 2, …); it replaces every earlier one."""
        async with self._engine.write() as db:
            row = await db.one(
                "INSERT INTO plan_previews (match_id, latest) VALUES (?, 1)"
                " ON CONFLICT (match_id) DO UPDATE SET latest = plan_previews.latest + 1 RETURNING latest",
                (match_id,),
            )
        assert row is not None
        return int(row[0])

    async def latest_preview(self, match_id: int) -> int | None:
        """The number of this match's newest plan preview; None if none was numbered."""
        async with self._engine.read() as db:
            row = await db.one("SELECT latest FROM plan_previews WHERE match_id = ?", (match_id,))
        return None if row is None else int(row[0])

    async def preview_shown(self, match_id: int, preview: int, place: PrivatePlace) -> PrivatePlace | None:
        async with self._engine.write() as db:
            row = await db.one(
                f"SELECT latest, place FROM plan_previews WHERE match_id = ?{self._engine.for_update}", (match_id,)
            )
            if row is None or int(row["latest"]) != preview:
                return place
            await db.execute("UPDATE plan_previews SET place = ? WHERE match_id = ?", (place.payload(), match_id))
            return PrivatePlace.from_payload(row["place"])

    async def take_preview_place(self, match_id: int) -> PrivatePlace | None:
        async with self._engine.write() as db:
            row = await db.one(
                f"SELECT place FROM plan_previews WHERE match_id = ?{self._engine.for_update}", (match_id,)
            )
            if row is None or row["place"] is None:
                return None
            await db.execute("UPDATE plan_previews SET place = NULL WHERE match_id = ?", (match_id,))
            return PrivatePlace.from_payload(row["place"])

    async def builder_shown(self, match_id: int, place: PrivatePlace) -> PrivatePlace | None:
        async with self._engine.write() as db:
            row = await db.one(
                f"SELECT place FROM builder_places WHERE match_id = ?{self._engine.for_update}", (match_id,)
            )
            await db.execute(
                "INSERT INTO builder_places (match_id, place) VALUES (?, ?)"
                " ON CONFLICT (match_id) DO UPDATE SET place = excluded.place",
                (match_id, place.payload()),
            )
        return None if row is None else PrivatePlace.from_payload(row["place"])

    async def take_builder_place(self, match_id: int) -> PrivatePlace | None:
        async with self._engine.write() as db:
            row = await db.one("DELETE FROM builder_places WHERE match_id = ? RETURNING place", (match_id,))
        return None if row is None else PrivatePlace.from_payload(row["place"])

    async def cancel_preview(self, match_id: int, *, version: int, preview: int) -> bool:
        """Note that the Goryō cancelled this preview, so its Confirm is refused; False if the match is
        no longer active at ``version`` (a Confirm or another action got there first: nothing is noted).

        Under the match's row lock (PostgreSQL; SQLite's write lock serialises anyway), as a commit
        is: a Confirm and a Cancel pressed at once, even on two processes, are decided one way only.
        """
        engine = self._engine
        async with engine.write() as db:
            row = await db.one(f"SELECT version, status FROM matches WHERE id = ?{engine.for_update}", (match_id,))
            if row is None or row["status"] != ACTIVE or row["version"] != version:
                return False
            await db.execute(
                "INSERT INTO preview_cancels (match_id, version, preview) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (match_id, version, preview),
            )
            return True

    async def preview_cancelled(self, match_id: int, *, version: int, preview: int) -> bool:
        async with self._engine.read() as db:
            row = await db.one(
                "SELECT 1 FROM preview_cancels WHERE match_id = ? AND version = ? AND preview = ?",
                (match_id, version, preview),
            )
        return row is not None

    async def mark_damaged(self, match_id: int, reason: str) -> bool:
        """Take an active match out of play (frees its channel), keeping its rows for inspection.

        True only for the one caller that did it (several processes check at start-up).
        """
        async with self._engine.write() as db:
            marked = await db.execute(
                "UPDATE matches SET status = 'damaged', damage_reason = ? WHERE id = ? AND status = 'active'",
                (reason, match_id),
            ) == 1
        if marked:
            log.warning("match %d marked damaged: %s", match_id, reason)
        return marked
