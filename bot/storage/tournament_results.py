"""A tournament match's result, written by the transaction that ends the match (so exactly once, whatever
crashes after): the winner's id, or none for an aborted match. A match of no tournament changes nothing."""

from __future__ import annotations

import rules

from .engine import Db

NOTE_RESULT = (
    "UPDATE tournament_matches SET winner_id = CASE ? WHEN 'goryo' THEN goryo_id WHEN 'samurai' THEN samurai_id"
    " ELSE NULL END, decided_at = ? WHERE match_id = ? AND decided_at IS NULL"
)


async def note_result(db: Db, match_id: int, state: rules.GameState, at: str) -> None:
    outcome = state.outcome
    winner = outcome.winner.value if outcome is not None and outcome.winner is not None else None
    await db.execute(NOTE_RESULT, (winner, at, match_id))
