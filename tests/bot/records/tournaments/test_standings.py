"""Standings: points first, then head-to-head, Buchholz, wins as the Goryō and the earlier sign-up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.records.tournaments import Bye, MatchResult, standings, winner_of


def test_points_then_head_to_head() -> None:
    # 1 and 2 end on 2 points each; 2 beat 1 twice, so 2 is above 1 though 1 signed up first.
    results = [
        MatchResult(1, 1, 2, 2), MatchResult(1, 2, 1, 2),
        MatchResult(1, 3, 4, 4), MatchResult(1, 4, 3, 3),
        MatchResult(2, 1, 3, 1), MatchResult(2, 3, 1, 1),
        MatchResult(2, 2, 4, 4), MatchResult(2, 4, 2, 4),
    ]
    table = standings([1, 2, 3, 4], results, [])
    assert [row.player for row in table] == [4, 2, 1, 3]
    assert [row.points for row in table] == [3, 2, 2, 1]
    assert table[1].head_to_head == 2 and table[2].head_to_head == 0
    assert winner_of(table) == 4


def test_buchholz_breaks_a_tie_before_the_sign_up() -> None:
    # 1 and 2 both won once as the Samurai; 1's opponent (3) scored 2, 2's (4) none; 2 signed up first.
    results = [MatchResult(1, 3, 1, 1), MatchResult(1, 4, 2, 2), MatchResult(2, 3, 5, 3)]
    table = standings([2, 1, 3, 4, 5], results, [Bye(1, 3)])
    assert [row.player for row in table][:3] == [3, 1, 2]
    assert (table[1].buchholz, table[2].buchholz) == (2, 0)


def test_wins_as_the_goryo_then_the_sign_up() -> None:
    # Everyone on 1 point, Buchholz 1 each; 1 and 3 beat an equal (head-to-head 1), 1 as the Goryō.
    results = [MatchResult(1, 1, 2, 1), MatchResult(1, 2, 1, None), MatchResult(1, 3, 4, None),
               MatchResult(1, 4, 3, 3)]
    table = standings([1, 2, 3, 4], results, [Bye(1, 2), Bye(1, 4)])
    assert [row.points for row in table] == [1, 1, 1, 1]
    assert [row.buchholz for row in table] == [1, 1, 1, 1]
    assert [row.player for row in table] == [1, 3, 2, 4]


def test_aborted_and_unplayed_matches_count_for_neither() -> None:
    table = standings([7, 8], [MatchResult(1, 7, 8, None), MatchResult(1, 8, 7, None)], [])
    assert [(row.player, row.points, row.buchholz) for row in table] == [(7, 0, 0), (8, 0, 0)]


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[int], list[MatchResult], list[Bye]]:
    count = draw(st.integers(min_value=1, max_value=8))
    entrants = draw(st.permutations(list(range(10, 10 + count))))
    results = []
    for goryo, samurai in draw(st.lists(st.tuples(st.sampled_from(entrants), st.sampled_from(entrants)),
                                        max_size=20)):
        if goryo != samurai:
            results.append(MatchResult(1, goryo, samurai, draw(st.sampled_from([goryo, samurai, None]))))
    byes = [Bye(1, p) for p in draw(st.lists(st.sampled_from(entrants), max_size=3, unique=True))]
    return list(entrants), results, byes


@settings(max_examples=150, deadline=None)
@given(tournaments(), st.randoms())
def test_standings_are_ordered_by_the_tiebreaks_whatever_the_order_of_results(
    t: tuple[list[int], list[MatchResult], list[Bye]], rng: random.Random
) -> None:
    entrants, results, byes = t
    table = standings(entrants, results, byes)
    assert [row.rank for row in table] == list(range(1, len(entrants) + 1))
    assert sorted(row.player for row in table) == sorted(entrants)
    assert sum(row.points for row in table) == sum(r.winner is not None for r in results) + len(byes)
    keys = [(-r.points, -r.head_to_head, -r.buchholz, -r.goryo_wins, entrants.index(r.player)) for r in table]
    assert keys == sorted(keys)
    shuffled = list(results)
    rng.shuffle(shuffled)
    assert standings(entrants, shuffled, byes) == table
