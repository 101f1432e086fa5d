"""A small hand-written history in two servers, with what each match should count for.

Members: ANN (1), BEN (2), CAT (3) and the bot (99). Guild 1 holds matches 1-7, guild 2 match 8.
Ann's records in guild 1, worked out by hand, are what test_stats.py expects.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.records.league import MatchSummary, PlayedPlan
from rules import Outcome, Side, Termination, parse_plan, parse_space

ANN, BEN, CAT, BOT = 1, 2, 3, 99
GUILD, OTHER_GUILD = 1, 2
TABLE, BACK_ROOM = 10, 11
START = datetime(2026, 1, 1, tzinfo=UTC)

G, S = Side.GORYO, Side.SAMURAI


def played(path: str, round_number: int = 1, false_trail: str | None = None, investigated: bool = False) -> PlayedPlan:
    return PlayedPlan(
        round=round_number,
        path=parse_plan(path),
        false_trail=parse_space(false_trail) if false_trail else None,
        discovered=True,
        false_trail_investigated=investigated,
    )


def summary(
    match_id: int,
    goryo: int,
    samurai: int,
    winner: Side | None,
    termination: Termination = Termination.SURVIVED_FOUR_ROUNDS,
    *,
    plans: tuple[PlayedPlan, ...] = (),
    guild: int = GUILD,
    channel: int = TABLE,
    against_ai: bool = False,
    minutes: int | None = None,
) -> MatchSummary:
    return MatchSummary(
        id=match_id,
        guild_id=guild,
        channel_id=channel,
        goryo_id=goryo,
        samurai_id=samurai,
        finished_at=START + timedelta(minutes=match_id if minutes is None else minutes),
        outcome=Outcome(termination, winner),
        against_ai=against_ai,
        plans=plans,
    )


# Ann's targets as the Goryō in rated matches: D1 Urn (with the Sprint), F3 Mask, A6 Urn, C6 Helmet, E6 Fan.
HISTORY: tuple[MatchSummary, ...] = (
    summary(1, ANN, BEN, G, plans=(played("A1 B1 C1 C2 D2 D1"), played("D1 E1 F1 F2 F3", 2))),
    summary(2, BEN, ANN, S, Termination.CAPTURED_THRICE),
    summary(3, ANN, CAT, S, Termination.RESIGNED, channel=BACK_ROOM, plans=(
        played("A2 A3 A4 A5 A6", 1, false_trail="E5", investigated=True),
        played("A6 B6 B5 C5 C6", 2, false_trail="F1"),
        played("C6 C5 D5 D6 E6", 3),
    )),
    summary(4, CAT, ANN, S, Termination.TIMED_OUT, plans=(played("B1 C1 C2 D2 D1"),)),  # after a Discovery: rated
    summary(5, ANN, BOT, G, against_ai=True, plans=tuple(played("A1 B1 B2 C2 C1", r) for r in (1, 2, 3))),
    summary(6, ANN, BEN, None, Termination.ABORTED, channel=BACK_ROOM),
    summary(7, BEN, ANN, S, Termination.EXORCISED),
    summary(8, ANN, BEN, G, guild=OTHER_GUILD, plans=(played("A1 B1 B2 C2 C1"),)),
)
