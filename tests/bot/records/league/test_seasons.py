"""Seasons: the month windows, January's last month in the year before, and a month's ratings from its matches."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.records.league.seasons import Season, season_ratings, window


def test_the_windows_of_this_and_last_month() -> None:
    now = datetime(2026, 1, 15, 10, tzinfo=UTC)
    assert window(Season.ALL_TIME, now) is None
    assert window(Season.THIS_MONTH, now) == (datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, tzinfo=UTC))
    assert window(Season.LAST_MONTH, now) == (datetime(2025, 12, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC))
    december = datetime(2026, 12, 31, 23, 59, tzinfo=UTC)
    assert window(Season.THIS_MONTH, december) == (datetime(2026, 12, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)))
def test_last_month_ends_where_this_month_begins_and_now_is_in_this_month(now: datetime) -> None:
    this = window(Season.THIS_MONTH, now)
    last = window(Season.LAST_MONTH, now)
    assert this is not None and last is not None
    assert last[1] == this[0] and this[0] <= now < this[1] and last[0] < last[1]


def test_all_time_ratings_are_not_folded_again() -> None:
    with pytest.raises(ValueError, match="stored"):
        season_ratings([], Season.ALL_TIME, datetime(2026, 1, 1, tzinfo=UTC))
    assert season_ratings([], Season.LAST_MONTH, datetime(2026, 1, 1, tzinfo=UTC)) == {}
