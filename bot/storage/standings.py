"""The league's tables: each finished match's public summary, and the ratings per server, member and role.

``record_finished`` runs inside the transaction that finishes a match (``Store.record_action``), so a
match is summarised and rated exactly once, together with the action that ended it: a crash leaves
it either unfinished and unrated, or finished and rated. Both tables are derived data: ``rebuild``
recomputes every summary and rating from the action logs, and must agree with what was stored.

Several processes may finish matches of one player at the same moment (PostgreSQL, READ COMMITTED):
each live update inserts any missing rating row and locks its rows (``FOR UPDATE``, in key order, so two
updates never deadlock) before reading them, so no update is lost. The order the updates took under
those locks is stored as ``matches.rating_seq``, and a rebuild folds the matches in that order: the
order matters (a rating moves by how far the opponent's stood at the time), and the finish times can't
give it, since two finishes may share a time or take the locks the other way round.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import rules
from rules import ObjectType, Outcome, Side, Termination

from ..records import league
from ..records.league import MatchSummary, PlayedPlan, Rating, RatingChange, RatingKey
from ..records.outbox import OutboxItem, Route
from .engine import Db, Engine
from .records import Row

log = logging.getLogger("bot.storage")

NO_GUILD = 0  # the ratings table's key for a match outside any server (none is played there today)


# --- summaries as JSON ---------------------------------------------------------------


def summary_to_json(summary: MatchSummary) -> str:
    data = {
        "outcome": [summary.outcome.termination.value,
                    None if summary.outcome.winner is None else summary.outcome.winner.value],
        "against_ai": summary.against_ai,
        "plans": [
            {
                "round": plan.round,
                "path": "".join(rules.space_name(s) for s in plan.path),
                "false_trail": None if plan.false_trail is None else rules.space_name(plan.false_trail),
                "discovered": plan.discovered,
                "investigated": plan.false_trail_investigated,
            }
            for plan in summary.plans
        ],
        "bound": None if summary.bound is None else summary.bound.value,
        "rounds": summary.rounds,
        "spirits": summary.spirits,
        "advanced": summary.advanced,
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _summary_from_row(row: Row) -> MatchSummary:
    data = json.loads(row["summary"])
    termination, winner = data["outcome"]
    return MatchSummary(
        id=row["match_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        goryo_id=row["goryo_id"],
        samurai_id=row["samurai_id"],
        finished_at=datetime.fromisoformat(row["finished_at"]),
        outcome=Outcome(Termination(termination), None if winner is None else Side(winner)),
        against_ai=data["against_ai"],
        plans=tuple(
            PlayedPlan(
                round=plan["round"],
                path=tuple(rules.parse_space(plan["path"][i : i + 2]) for i in range(0, len(plan["path"]), 2)),
                false_trail=None if plan["false_trail"] is None else rules.parse_space(plan["false_trail"]),
                discovered=plan["discovered"],
                false_trail_investigated=plan["investigated"],
            )
            for plan in data["plans"]
        ),
        bound=None if data["bound"] is None else ObjectType(data["bound"]),
        rounds=data["rounds"],
        spirits=data["spirits"],
        advanced=data["advanced"],
    )


_SUMMARY_COLUMNS = "match_id, guild_id, channel_id, goryo_id, samurai_id, finished_at, summary"


# --- writing ----------------------------------------------------------------------------


async def summarise_match(db: Db, match_id: int) -> MatchSummary:
    """The finished match's summary, replayed from its stored initial state and action log."""
    [match] = await db.all(
        "SELECT guild_id, channel_id, goryo_id, samurai_id, initial_state, finished_at, ai_side"
        " FROM matches WHERE id = ?",
        (match_id,),
    )
    logged = await db.all("SELECT action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,))
    return league.summarise(
        match_id=match_id,
        guild_id=match["guild_id"],
        channel_id=match["channel_id"],
        goryo_id=match["goryo_id"],
        samurai_id=match["samurai_id"],
        finished_at=datetime.fromisoformat(match["finished_at"]),
        initial_state=rules.from_json(match["initial_state"]),
        actions=[rules.action_from_dict(json.loads(row["action"])) for row in logged],
        against_ai=match["ai_side"] is not None,
    )


async def _store_summary(db: Db, summary: MatchSummary) -> None:
    await db.execute(
        f"INSERT INTO match_summaries ({_SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            summary.id,
            summary.guild_id,
            summary.channel_id,
            summary.goryo_id,
            summary.samurai_id,
            summary.finished_at.isoformat(timespec="microseconds"),
            summary_to_json(summary),
        ),
    )


def _rating_row(key: RatingKey) -> tuple[int, int, str]:
    guild_id, user_id, role = key
    return (NO_GUILD if guild_id is None else guild_id, user_id, role.value)


async def _store_ratings(db: Db, ratings: dict[RatingKey, Rating]) -> None:
    await db.executemany(
        "INSERT INTO ratings (guild_id, user_id, role, mu, sigma, matches, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id, role) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches, wins = excluded.wins",
        [(*_rating_row(key), r.mu, r.sigma, r.matches, r.wins) for key, r in ratings.items()],
    )


async def record_finished(
    db: Db, match_id: int, *, for_update: str = ""
) -> tuple[MatchSummary, tuple[RatingChange, ...]]:
    """Summarise the match that just finished and fold it into the ratings; call inside its transaction.

    ``for_update``: the store's row-lock clause (`` FOR UPDATE`` on PostgreSQL, where several processes
    may finish matches of one player at once; SQLite's write transaction already serialises them).
    """
    summary = await summarise_match(db, match_id)
    await _store_summary(db, summary)
    keys = league.rated_keys(summary)
    if not keys:
        return summary, ()
    before = await _locked_ratings(db, keys, for_update)
    after = league.update(before, summary)
    await _store_ratings(db, {key: after[key] for key in keys})
    # Under those locks, so a later match of any of these players gets a later number: a rebuild folds
    # in this order, and matches with no player in common commute, so their relative order is free.
    await db.execute(
        "UPDATE matches SET rating_seq = (SELECT COALESCE(MAX(rating_seq), 0) + 1 FROM matches) WHERE id = ?",
        (match_id,),
    )
    return summary, league.changes(before, after, summary)


async def _locked_ratings(
    db: Db, keys: Iterable[RatingKey], for_update: str
) -> dict[RatingKey, Rating]:
    """The ratings at ``keys``, each row locked until the transaction ends.

    A newcomer's row is made first (a row that doesn't exist can't be locked: two first matches would
    both read a fresh rating). Rows are taken in key order, so two transactions never wait on each other.
    """
    locked: dict[RatingKey, Rating] = {}
    for key in sorted(keys, key=_rating_row):
        row = _rating_row(key)
        new = league.NEW_RATING
        await db.execute(
            "INSERT INTO ratings (guild_id, user_id, role, mu, sigma, matches, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, role) DO NOTHING",
            (*row, new.mu, new.sigma, new.matches, new.wins),
        )
        [found] = await db.all(
            f"SELECT mu, sigma, matches, wins FROM ratings WHERE guild_id = ? AND user_id = ? AND role = ?{for_update}",
            row,
        )
        locked[key] = Rating(found["mu"], found["sigma"], found["matches"], found["wins"])
    return locked


async def finish(
    db: Db, match_id: int, outbox: Sequence[OutboxItem], *, for_update: str = ""
) -> Sequence[OutboxItem]:
    """The league's part of finishing a match, in its transaction; the outbox with the ratings' facts.

    A fault here must not stop the match from ending: its writes are undone (a savepoint) and the
    match is left without a summary, which the next start-up's rebuild fills in.
    """
    await db.execute("SAVEPOINT league")
    try:
        summary, rating_changes = await record_finished(db, match_id, for_update=for_update)
    except Exception:
        await db.execute("ROLLBACK TO league")
        await db.execute("RELEASE league")
        log.exception("match %d: could not rate it; a rebuild at the next start will", match_id)
        return outbox
    await db.execute("RELEASE league")
    return with_rating_facts(outbox, rating_changes, summary)


def with_rating_facts(
    items: Sequence[OutboxItem], changes: Sequence[RatingChange], summary: MatchSummary | None = None
) -> list[OutboxItem]:
    """The channel's end message carries what the match did to both ratings, or, for a match between two
    people given up before the first Discovery, that it was unrated: numbers and ids, which the deliverer
    puts in words in the message's language (``bot.text.league.rating_note``)."""
    unrated = summary is not None and summary.given_up_early and summary.between_two_people
    if not changes and not unrated:
        return list(items)
    return [
        dataclasses.replace(item, rating_changes=tuple(changes), unrated=not changes)
        if item.kind == "end" and item.route is Route.PUBLIC else item
        for item in items
    ]


async def rebuild(db: Db) -> dict[RatingKey, Rating]:
    """Every summary and rating again from the action logs; call inside a write transaction.

    Rated matches are folded in the order the live updates took (``rating_seq``); any without one
    (finished before it existed, or whose live update failed) come first, in finish order. The fold
    order is then written back as ``rating_seq``, so the next live update follows on from it.
    """
    finished = await db.all("SELECT id, rating_seq FROM matches WHERE status = 'finished' ORDER BY id")
    summaries = [await summarise_match(db, row["id"]) for row in finished]
    taken = {row["id"]: row["rating_seq"] for row in finished}
    folded = sorted(
        (s for s in summaries if s.rated),
        key=lambda s: (taken[s.id] is not None, taken[s.id] or 0, s.order),
    )
    await db.execute("DELETE FROM match_summaries")
    await db.execute("DELETE FROM ratings")
    for summary in summaries:
        await _store_summary(db, summary)
    ratings = league.rebuild(folded, ordered=True)
    await _store_ratings(db, ratings)
    await db.execute("UPDATE matches SET rating_seq = NULL WHERE rating_seq IS NOT NULL")
    await db.executemany(
        "UPDATE matches SET rating_seq = ? WHERE id = ?", [(seq, s.id) for seq, s in enumerate(folded, 1)]
    )
    return ratings


# --- reading -----------------------------------------------------------------------------


async def ratings(
    db: Db, guild_id: int | None = None, *, every_guild: bool = False
) -> dict[RatingKey, Rating]:
    """The stored ratings of one server (or of every server)."""
    where, params = (
        ("", ()) if every_guild else (" WHERE guild_id = ?", (NO_GUILD if guild_id is None else guild_id,))
    )
    rows = await db.all(f"SELECT guild_id, user_id, role, mu, sigma, matches, wins FROM ratings{where}", params)
    return {
        (None if row["guild_id"] == NO_GUILD else row["guild_id"], row["user_id"], Side(row["role"])): Rating(
            row["mu"], row["sigma"], row["matches"], row["wins"]
        )
        for row in rows
    }


async def summaries(
    db: Db, where: str, params: Sequence[Any] = (), limit: int = -1
) -> list[MatchSummary]:
    """Stored summaries matching ``where``, newest first (``limit`` < 0: all of them)."""
    # LIMIT -1 means "no limit" to SQLite only; a huge limit means the same to both backends.
    rows = await db.all(
        f"SELECT {_SUMMARY_COLUMNS} FROM match_summaries WHERE {where}"
        " ORDER BY finished_at DESC, match_id DESC LIMIT ?",
        (*params, limit if limit >= 0 else 2**62),
    )
    return [_summary_from_row(row) for row in rows]


async def unsummarised(db: Db) -> int:
    """Finished matches with no summary (finished before the league existed): a rebuild adds them."""
    rows = await db.all(
        "SELECT COUNT(*) AS n FROM matches WHERE status = 'finished'"
        " AND id NOT IN (SELECT match_id FROM match_summaries)",
    )
    return int(rows[0]["n"])


# --- the store's methods ---------------------------------------------------------------------------


class LeagueSql:
    _engine: Engine

    async def ratings(self, guild_id: int | None) -> dict[RatingKey, Rating]:
        async with self._engine.read() as db:
            return await ratings(db, guild_id)

    async def all_ratings(self) -> dict[RatingKey, Rating]:
        async with self._engine.read() as db:
            return await ratings(db, every_guild=True)

    async def rebuild_ratings(self) -> dict[RatingKey, Rating]:
        """Every summary and rating again from the action logs (replacing the stored ones); the ratings."""
        async with self._engine.write() as db:
            await self._engine.lock_league(db)
            rebuilt = await rebuild(db)
        log.info("league rebuilt from the logs: %d rating(s)", len(rebuilt))
        return rebuilt

    async def rebuild_league_if_behind(self) -> bool:
        """At start-up: rebuild if some finished match has no summary (it finished before the league existed)."""
        async with self._engine.read() as db:
            missing = await unsummarised(db)
        if missing:
            await self.rebuild_ratings()
        return bool(missing)

    async def summary(self, match_id: int) -> MatchSummary | None:
        async with self._engine.read() as db:
            found = await summaries(db, "match_id = ?", (match_id,))
        return found[0] if found else None

    async def guild_summaries(self, guild_id: int, *, limit: int = -1) -> list[MatchSummary]:
        """The server's finished matches, newest first."""
        async with self._engine.read() as db:
            return await summaries(db, "guild_id = ?", (guild_id,), limit)

    async def member_summaries(self, guild_id: int, user_id: int) -> list[MatchSummary]:
        """The member's finished matches in the server, newest first."""
        async with self._engine.read() as db:
            return await summaries(
                db, "guild_id = ? AND (goryo_id = ? OR samurai_id = ?)", (guild_id, user_id, user_id)
            )

    async def channel_summaries(self, channel_id: int, *, limit: int = -1) -> list[MatchSummary]:
        """The channel's finished matches, newest first."""
        async with self._engine.read() as db:
            return await summaries(db, "channel_id = ?", (channel_id,), limit)
