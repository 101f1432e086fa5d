"""Pairings as values: Berger tables meet everyone once; Swiss never repeats a meeting, gives a bye only to
an odd count and at most one per player, and keeps players on equal points together when it can."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.records.tournaments import (
    Bye,
    Double,
    Format,
    MatchResult,
    NoPairingError,
    Pairing,
    berger_rounds,
    met_pairs,
    pair_swiss,
    points_of,
    round_robin_rounds,
)
from bot.records.tournaments.rounds import next_pairing, rounds_of


@given(st.integers(min_value=2, max_value=24))
def test_berger_tables_pair_everyone_with_everyone_once(count: int) -> None:
    entrants = tuple(range(100, 100 + count))
    schedule = berger_rounds(entrants)
    assert len(schedule) == round_robin_rounds(count)
    meetings = [double.key() for pairing in schedule for double in pairing.doubles]
    assert sorted(meetings, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(entrants, 2)), key=sorted
    )
    for pairing in schedule:
        seated = list(pairing.players())
        assert sorted(seated) == sorted(entrants)  # everyone plays or sits out, once a round
        assert (pairing.bye is not None) == (count % 2 == 1)
    byes = [p.bye for p in schedule if p.bye is not None]
    assert len(byes) == len(set(byes))


def test_a_double_is_two_matches_one_in_each_role() -> None:
    assert Double(1, 2).matches() == ((1, 2), (2, 1))
    with pytest.raises(ValueError, match="themselves"):
        Double(3, 3)


def _valid(pairing: Pairing, players: list[int], met: set[frozenset[int]], had_bye: set[int]) -> None:
    assert sorted(pairing.players()) == sorted(players)
    assert not {d.key() for d in pairing.doubles} & met
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    assert pairing.bye not in had_bye


def _some_pairing_exists(players: list[int], met: set[frozenset[int]], had_bye: set[int]) -> bool:
    """Brute force, for the small fields the properties use."""
    def pairs(rest: list[int]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        return any(
            frozenset((first, other)) not in met and pairs([p for p in others if p != other]) for other in others
        )
    if len(players) % 2 == 0:
        return pairs(players)
    return any(pairs([p for p in players if p != bye]) for bye in players if bye not in had_bye)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=3, max_value=9), st.integers(min_value=1, max_value=9), st.randoms())
def test_swiss_rounds_repeat_no_meeting_and_give_at_most_one_bye(count: int, asked: int, rng: random.Random) -> None:
    entrants = list(range(1, count + 1))
    results: list[MatchResult] = []
    byes: list[Bye] = []
    for number in range(1, rounds_of(Format.SWISS, count, asked) + 1):
        met, had_bye = met_pairs(results), {b.player for b in byes}
        try:
            pairing = next_pairing(Format.SWISS, entrants, number, results, byes)
        except NoPairingError:
            assert not _some_pairing_exists(entrants, met, had_bye)
            return
        _valid(pairing, entrants, met, had_bye)
        for double in pairing.doubles:
            for goryo, samurai in double.matches():
                results.append(MatchResult(number, goryo, samurai, rng.choice([goryo, samurai, None])))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye))


def _groups_pair_within(ranked: list[int], points: dict[int, int], met: set[frozenset[int]]) -> bool:
    groups: dict[int, list[int]] = {}
    for player in ranked:
        groups.setdefault(points[player], []).append(player)
    return all(len(g) % 2 == 0 and _some_pairing_exists(g, met, set()) for g in groups.values())


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=2, max_value=10), st.randoms())
def test_swiss_keeps_equal_points_together_when_every_group_can_pair(count: int, rng: random.Random) -> None:
    players = list(range(1, count + 1))
    points = {p: rng.randint(0, 3) for p in players}
    ranked = sorted(players, key=lambda p: -points[p])
    met = {frozenset(pair) for pair in combinations(players, 2) if rng.random() < 0.3}
    bye_taken = {p for p in players if rng.random() < 0.3}
    try:
        pairing = pair_swiss(ranked, points, met, bye_taken)
    except NoPairingError:
        assert not _some_pairing_exists(ranked, met, bye_taken)
        return
    _valid(pairing, ranked, met, bye_taken)
    rest = [p for p in ranked if p != pairing.bye]
    if _groups_pair_within(rest, points, met):
        assert all(points[d.first] == points[d.second] for d in pairing.doubles)


def test_the_bye_goes_to_the_lowest_placed_who_has_not_had_one() -> None:
    ranked = [5, 4, 3, 2, 1]
    points = {5: 4, 4: 3, 3: 2, 2: 1, 1: 0}
    assert pair_swiss(ranked, points, set(), set()).bye == 1
    assert pair_swiss(ranked, points, set(), {1}).bye == 2


def test_no_pairing_when_everyone_has_met() -> None:
    players = [1, 2, 3, 4]
    met = {frozenset(p) for p in combinations(players, 2)}
    with pytest.raises(NoPairingError):
        pair_swiss(players, dict.fromkeys(players, 0), met, set())


def test_a_swiss_plays_no_more_rounds_than_a_round_robin() -> None:
    assert rounds_of(Format.SWISS, 4, 9) == 3
    assert rounds_of(Format.SWISS, 5, 9) == 5
    assert rounds_of(Format.SWISS, 6, 3) == 3
    assert rounds_of(Format.ROUND_ROBIN, 4, 1) == 3


def test_withdrawn_players_are_not_paired_in_a_swiss() -> None:
    entrants = [1, 2, 3, 4, 5]
    pairing = next_pairing(Format.SWISS, entrants, 1, [], [], withdrawn={3})
    assert 3 not in set(pairing.players())
    assert pairing.bye is None
    assert points_of(entrants, [], []) == dict.fromkeys(entrants, 0)
