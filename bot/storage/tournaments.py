"""Tournaments (issue 43): sign-up, each round's pairing, its matches and byes, results. Shared SQL on any ``Engine``.

Every change that two members or two processes could make at once is decided in the database, under the
tournament's row lock (PostgreSQL) or the file's write lock (SQLite), by the state it finds: sign-up closes
once, a round is paired once, a match of a double is started once, a result is written once. A round's
pairing is stored (``tournament_matches`` rows with no match yet) before any of its matches is started, so
after a restart in the middle of starting them the rest are started from those rows.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

import rules

from ..records.matches import MatchRecord
from ..records.outbox import OutboxItem
from ..records.tournaments import (
    MIN_PLAYERS,
    Bye,
    Entrant,
    Format,
    JoinOutcome,
    LeaveOutcome,
    Pairing,
    Status,
    TournamentMatch,
    TournamentPlay,
    TournamentRecord,
)
from . import preferences
from .engine import Db, Engine
from .matches import insert_match
from .records import Row, match_from_row, time_of, time_or_none, utc_text

log = logging.getLogger("bot.storage")

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, name, format, rounds, round_days, advanced, assist, max_players, signup_closes_at,"
    " status, round, round_deadline, reminded_round, created_by, created_at, language, message_id"
)
OPEN = "('signup', 'running')"
ENTRANTS = "SELECT user_id, seq, withdrawn_at FROM tournament_players WHERE tournament_id = ? ORDER BY seq"
MATCHES = (
    "SELECT round, goryo_id, samurai_id, match_id, winner_id, decided_at FROM tournament_matches"
    " WHERE tournament_id = ? ORDER BY round, goryo_id"
)
def tournament_from_row(row: Row) -> TournamentRecord:
    return TournamentRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], name=row["name"],
        format=Format(row["format"]), rounds=row["rounds"], round_days=row["round_days"],
        advanced=bool(row["advanced"]), assist=bool(row["assist"]), max_players=row["max_players"],
        signup_closes_at=time_of(row["signup_closes_at"]), status=Status(row["status"]), round=row["round"],
        round_deadline=time_or_none(row["round_deadline"]), reminded_round=row["reminded_round"],
        created_by=row["created_by"], created_at=time_of(row["created_at"]), language=row["language"],
        message_id=row["message_id"],
    )


def _match_from_row(row: Row) -> TournamentMatch:
    return TournamentMatch(row["round"], row["goryo_id"], row["samurai_id"], row["match_id"], row["winner_id"],
                           row["decided_at"] is not None)


class TournamentsSql:
    _engine: Engine

    async def _locked(self, db: Db, tournament_id: int) -> Row | None:
        return await db.one(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?{self._engine.for_update}", (tournament_id,)
        )

    async def create_tournament(
        self, *, guild_id: int, channel_id: int, name: str, format: Format, rounds: int, round_days: int,
        advanced: bool, assist: bool, max_players: int | None, signup_closes_at: datetime, created_by: int,
        now: datetime, language: str = "en",
    ) -> TournamentRecord:
        async with self._engine.write() as db:
            inserted = await db.one(
                "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, round_days, advanced, assist,"
                " max_players, signup_closes_at, created_by, created_at, language)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, name, format.value, rounds, round_days, int(advanced), int(assist),
                 max_players, utc_text(signup_closes_at), created_by, utc_text(now), language),
            )
            assert inserted is not None  # RETURNING gives the new row
            row = await db.one(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (inserted[0],))
        log.info("tournament %d created in server %d", inserted[0], guild_id)
        return tournament_from_row(row)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self._engine.write() as db:
            await db.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async with self._engine.read() as db:
            row = await db.one(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else tournament_from_row(row)

    async def tournaments_in(self, guild_id: int) -> list[TournamentRecord]:
        """The server's tournaments, newest first."""
        async with self._engine.read() as db:
            rows = await db.all(
                f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
            )
        return [tournament_from_row(row) for row in rows]

    async def open_tournaments(self) -> list[TournamentRecord]:
        """Those in sign-up or play, oldest first (the sweep's: sign-ups closing, deadlines, reminders)."""
        async with self._engine.read() as db:
            rows = await db.all(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status IN {OPEN} ORDER BY id")
        return [tournament_from_row(row) for row in rows]

    async def tournament_play(self, tournament_id: int) -> TournamentPlay:
        """The tournament with its players, matches and byes, read at one moment. LookupError if unknown."""
        async with self._engine.read() as db:
            row = await db.one(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
            if row is None:
                raise LookupError(f"tournament {tournament_id} does not exist")
            entrants = await db.all(ENTRANTS, (tournament_id,))
            matches = await db.all(MATCHES, (tournament_id,))
            byes = await db.all(
                "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round", (tournament_id,)
            )
        return TournamentPlay(
            tournament_from_row(row),
            tuple(Entrant(e["user_id"], e["seq"], e["withdrawn_at"] is not None) for e in entrants),
            tuple(_match_from_row(m) for m in matches),
            tuple(Bye(b["round"], b["user_id"]) for b in byes),
        )

    async def tournament_of_match(self, match_id: int) -> int | None:
        async with self._engine.read() as db:
            row = await db.one("SELECT tournament_id FROM tournament_matches WHERE match_id = ?", (match_id,))
        return None if row is None else int(row["tournament_id"])

    async def tournaments_played(self, guild_id: int, user_id: int) -> list[int]:
        """The server's tournaments ``user_id`` played in (started ones), newest first."""
        async with self._engine.read() as db:
            rows = await db.all(
                "SELECT t.id FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id"
                " WHERE t.guild_id = ? AND p.user_id = ? AND t.status IN ('running', 'finished') ORDER BY t.id DESC",
                (guild_id, user_id),
            )
        return [int(row["id"]) for row in rows]

    # --- sign-up ------------------------------------------------------------------------------------------

    async def join_tournament(self, tournament_id: int, user_id: int, *, now: datetime) -> JoinOutcome:
        async with self._engine.write() as db:
            row = await self._locked(db, tournament_id)
            if row is None:
                return JoinOutcome.UNKNOWN
            if row["status"] != Status.SIGNUP.value or utc_text(now) >= row["signup_closes_at"]:
                return JoinOutcome.CLOSED
            if await db.one("SELECT 1 FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                            (tournament_id, user_id)):
                return JoinOutcome.ALREADY
            if await db.one(
                "SELECT 1 FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id"
                f" WHERE p.user_id = ? AND t.guild_id = ? AND t.status IN {OPEN} AND p.withdrawn_at IS NULL",
                (user_id, row["guild_id"]),
            ):
                return JoinOutcome.IN_ANOTHER
            counted = await db.one(
                "SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS last FROM tournament_players WHERE tournament_id = ?",
                (tournament_id,),
            )
            assert counted is not None  # an aggregate always has its row
            if row["max_players"] is not None and counted["n"] >= row["max_players"]:
                return JoinOutcome.FULL
            await db.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, seq, joined_at) VALUES (?, ?, ?, ?)",
                (tournament_id, user_id, counted["last"] + 1, utc_text(now)),
            )
        return JoinOutcome.JOINED

    async def leave_tournament(self, tournament_id: int, user_id: int, *, now: datetime) -> LeaveOutcome:
        """During sign-up the name comes off the list; during play the player withdraws (and forfeits)."""
        async with self._engine.write() as db:
            row = await self._locked(db, tournament_id)
            if row is None or Status(row["status"]).is_over:
                return LeaveOutcome.OVER
            if row["status"] == Status.SIGNUP.value:
                removed = await db.execute(
                    "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
                )
                return LeaveOutcome.LEFT if removed == 1 else LeaveOutcome.NOT_IN
            changed = await db.execute(
                "UPDATE tournament_players SET withdrawn_at = ?"
                " WHERE tournament_id = ? AND user_id = ? AND withdrawn_at IS NULL",
                (utc_text(now), tournament_id, user_id),
            )
            return LeaveOutcome.WITHDREW if changed == 1 else LeaveOutcome.NOT_IN

    async def close_signup(self, tournament_id: int, *, now: datetime) -> Status | None:
        """Sign-up ends: the tournament runs (round 0, to be paired), or is cancelled with fewer than three
        players. None for every caller but the one that closed it (two Starts at once start it once)."""
        async with self._engine.write() as db:
            row = await self._locked(db, tournament_id)
            if row is None or row["status"] != Status.SIGNUP.value:
                return None
            counted = await db.one(
                "SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = ?", (tournament_id,)
            )
            assert counted is not None  # an aggregate always has its row
            status = Status.RUNNING if counted["n"] >= MIN_PLAYERS else Status.CANCELLED
            await db.execute(
                "UPDATE tournaments SET status = ?, closed_at = ? WHERE id = ?",
                (status.value, utc_text(now), tournament_id),
            )
        return status

    async def end_tournament(self, tournament_id: int, status: Status, *, now: datetime) -> bool:
        """Finished or cancelled, once: False if it was already over."""
        if not status.is_over:
            raise ValueError("a tournament ends finished or cancelled")
        async with self._engine.write() as db:
            changed = await db.execute(
                f"UPDATE tournaments SET status = ?, closed_at = ? WHERE id = ? AND status IN {OPEN}",
                (status.value, utc_text(now), tournament_id),
            )
        return changed == 1

    # --- rounds -------------------------------------------------------------------------------------------

    async def save_pairing(
        self, tournament_id: int, number: int, pairing: Pairing, *, deadline: datetime, now: datetime,
        withdrawn: Collection[int] = (),
    ) -> bool:
        """Round ``number``'s doubles and bye, its deadline; only from round ``number - 1`` of a running
        tournament (so a round is paired once). A withdrawn player's matches are decided at once, for the
        opponent (for neither if both withdrew), and never started."""
        at = utc_text(now)
        async with self._engine.write() as db:
            row = await self._locked(db, tournament_id)
            if row is None or row["status"] != Status.RUNNING.value or row["round"] != number - 1:
                return False
            for double in pairing.doubles:
                for goryo, samurai in double.matches():
                    gone = {goryo, samurai} & set(withdrawn)
                    winner = None if not gone or len(gone) == 2 else (samurai if goryo in gone else goryo)
                    await db.execute(
                        "INSERT INTO tournament_matches (tournament_id, round, goryo_id, samurai_id, winner_id,"
                        " decided_at) VALUES (?, ?, ?, ?, ?, ?)",
                        (tournament_id, number, goryo, samurai, winner, at if gone else None),
                    )
            if pairing.bye is not None:
                await db.execute("INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)",
                                 (tournament_id, number, pairing.bye))
            await db.execute(
                "UPDATE tournaments SET round = ?, round_deadline = ?, reminded_round = NULL WHERE id = ?",
                (number, utc_text(deadline), tournament_id),
            )
        return True

    async def start_tournament_match(
        self, tournament_id: int, number: int, goryo_id: int, *, samurai_id: int, guild_id: int, channel_id: int,
        parent_id: int, state: rules.GameState, now: datetime, outbox: Sequence[OutboxItem] = (),
        assist: bool = False, server_language: str = "en", goryo_language: str = "en",
    ) -> MatchRecord | None:
        """The match of this row of the pairing, in its thread ``channel_id`` under ``parent_id``; None if it
        was started (or decided) already."""
        async with self._engine.write() as db:
            await self._locked(db, tournament_id)
            pending = await db.one(
                "SELECT 1 FROM tournament_matches WHERE tournament_id = ? AND round = ? AND goryo_id = ?"
                " AND samurai_id = ? AND match_id IS NULL AND decided_at IS NULL",
                (tournament_id, number, goryo_id, samurai_id),
            )
            if pending is None:
                return None
            fields: dict[str, Any] = {
                "guild_id": guild_id, "channel_id": channel_id, "goryo_id": goryo_id, "samurai_id": samurai_id,
                "assist": int(assist), "server_language": server_language, "goryo_language": goryo_language,
            }
            row = await insert_match(db, fields, state, now, outbox)
            if channel_id != parent_id:
                await db.execute(preferences.ADD_MATCH_THREAD, (row["id"], channel_id, parent_id))
            await db.execute(
                "UPDATE tournament_matches SET match_id = ? WHERE tournament_id = ? AND round = ? AND goryo_id = ?",
                (row["id"], tournament_id, number, goryo_id),
            )
        log.info("match %d started for tournament %d, round %d", row["id"], tournament_id, number)
        return match_from_row(row)

    async def decide_tournament_match(
        self, tournament_id: int, number: int, goryo_id: int, *, winner_id: int | None, now: datetime
    ) -> bool:
        """A match never started, or stopped as damaged, counted now; False if already decided or being played."""
        async with self._engine.write() as db:
            changed = await db.execute(
                "UPDATE tournament_matches SET winner_id = ?, decided_at = ? WHERE tournament_id = ? AND round = ?"
                " AND goryo_id = ? AND decided_at IS NULL"
                " AND (match_id IS NULL OR match_id IN (SELECT id FROM matches WHERE status = 'damaged'))",
                (winner_id, utc_text(now), tournament_id, number, goryo_id),
            )
        return changed == 1

    async def mark_round_reminded(self, tournament_id: int, number: int) -> bool:
        """True for the one caller that is to send the reminder of round ``number``."""
        async with self._engine.write() as db:
            changed = await db.execute(
                "UPDATE tournaments SET reminded_round = ? WHERE id = ? AND round = ?"
                " AND (reminded_round IS NULL OR reminded_round < ?)",
                (number, tournament_id, number, number),
            )
        return changed == 1

    async def mark_round_announced(self, tournament_id: int, number: int) -> bool:
        """True for the one caller that is to announce round ``number`` (its pairs pinged once)."""
        return await self._mark(tournament_id, "announced_round", number)

    async def mark_standings_posted(self, tournament_id: int, number: int) -> bool:
        """True for the one caller that is to post the standings after round ``number``."""
        return await self._mark(tournament_id, "standings_round", number)

    async def _mark(self, tournament_id: int, column: str, number: int) -> bool:
        assert column in ("announced_round", "standings_round")  # a name of ours, never a value from outside
        async with self._engine.write() as db:
            changed = await db.execute(
                f"UPDATE tournaments SET {column} = ? WHERE id = ? AND ({column} IS NULL OR {column} < ?)",
                (number, tournament_id, number),
            )
        return changed == 1
