"""Seasons of the leaderboard (issue 43): all time (the stored ratings), this month or last month (UTC).

A month's leaderboard is the ratings folded from scratch over the matches that finished in it, as if the
league had begun on its first day: everyone starts the month equal.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from enum import Enum

from .ratings import Rating, RatingKey, rebuild
from .summary import MatchSummary


class Season(Enum):
    ALL_TIME = "all_time"
    THIS_MONTH = "this_month"
    LAST_MONTH = "last_month"


def month_start(moment: datetime) -> datetime:
    moment = moment.astimezone(UTC)
    return datetime(moment.year, moment.month, 1, tzinfo=UTC)


def window(season: Season, now: datetime) -> tuple[datetime, datetime] | None:
    """The season's [start, end) in UTC; None for all time."""
    this = month_start(now)
    if season is Season.ALL_TIME:
        return None
    if season is Season.THIS_MONTH:
        following = datetime(this.year + this.month // 12, this.month % 12 + 1, 1, tzinfo=UTC)
        return this, following
    previous = datetime(this.year - (this.month == 1), (this.month - 2) % 12 + 1, 1, tzinfo=UTC)
    return previous, this


def season_ratings(summaries: Iterable[MatchSummary], season: Season, now: datetime) -> dict[RatingKey, Rating]:
    """The ratings of a month, from its matches alone (``season`` must not be all time: those are stored)."""
    bounds = window(season, now)
    if bounds is None:
        raise ValueError("all-time ratings are the stored ones")
    start, end = bounds
    return rebuild(s for s in summaries if start <= s.finished_at < end)
