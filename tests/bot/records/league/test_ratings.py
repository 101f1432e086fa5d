"""Ratings: a rebuild equals the live fold, only rated matches move them, a resign is a plain loss."""

from __future__ import annotations

import contextlib
import functools
import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bot.records.league import NEW_RATING, Rating, changes, rated_keys, rating_of, rebuild, update
from bot.text.league import RATING_HELP
from rules import Side, Termination
from tests.bot.records.league.history import ANN, BEN, BOT, CAT, GUILD, HISTORY, played, summary


def fold(summaries):
    """What the live bot does: one update per finished match, in the order they finish."""
    return functools.reduce(update, sorted(summaries, key=lambda s: s.order), {})


def test_rebuild_equals_the_live_fold_exactly():
    assert rebuild(HISTORY) == fold(HISTORY)
    assert rebuild(reversed(HISTORY)) == rebuild(HISTORY)  # the fold order is the finish order, not the input's


def test_one_match_moves_both_players_as_openskill_rates_it():
    after = update({}, summary(1, ANN, BEN, Side.SAMURAI, Termination.CAPTURED_THRICE))
    model = PlackettLuce()
    [[goryo], [samurai]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert after[(GUILD, ANN, Side.GORYO)] == Rating(goryo.mu, goryo.sigma, matches=1, wins=0)
    assert after[(GUILD, BEN, Side.SAMURAI)] == Rating(samurai.mu, samurai.sigma, matches=1, wins=1)
    assert set(after) == {(GUILD, ANN, Side.GORYO), (GUILD, BEN, Side.SAMURAI)}  # the other roles stay unrated
    assert after[(GUILD, BEN, Side.SAMURAI)].shown > 1500 > after[(GUILD, ANN, Side.GORYO)].shown


def test_changes_say_who_moved_how_much():
    match = summary(1, ANN, BEN, Side.GORYO)
    after = update({}, match)
    goryo, samurai = changes({}, after, match)
    assert (goryo.user_id, goryo.role, goryo.before) == (ANN, Side.GORYO, NEW_RATING)
    assert (samurai.user_id, samurai.role, samurai.after) == (BEN, Side.SAMURAI, after[(GUILD, BEN, Side.SAMURAI)])
    assert goryo.shown_delta > 0 > samurai.shown_delta
    ai_match = summary(2, ANN, BOT, Side.GORYO, against_ai=True)
    assert changes(after, update(after, ai_match), ai_match) == ()


def test_update_leaves_its_argument_alone():
    before = rebuild(HISTORY[:3])
    snapshot = dict(before)
    update(before, HISTORY[3])
    assert before == snapshot


def test_matches_against_the_ai_never_move_a_rating():
    before = rebuild(HISTORY)
    for ai_match in (
        summary(20, ANN, BOT, Side.GORYO, against_ai=True),
        summary(21, BOT, ANN, Side.GORYO, against_ai=True),
        summary(22, ANN, BEN, Side.SAMURAI, against_ai=True),  # flagged, even between two ids
    ):
        assert rated_keys(ai_match) == ()
        assert update(before, ai_match) == before
    assert rebuild([*HISTORY, summary(23, ANN, BOT, Side.GORYO, against_ai=True)]) == before


def test_aborted_and_solo_matches_do_not_count():
    before = rebuild(HISTORY)
    assert update(before, summary(30, ANN, BEN, None, Termination.ABORTED)) == before
    assert update(before, summary(31, ANN, ANN, Side.GORYO)) == before


def test_a_resign_or_a_time_out_moves_ratings_like_any_loss():
    base = rebuild(HISTORY)
    discovered = (played("A2 A3 A4 A5 A6"),)
    by_capture = update(base, summary(40, ANN, CAT, Side.SAMURAI, Termination.CAPTURED_THRICE, plans=discovered))
    by_resign = update(base, summary(40, ANN, CAT, Side.SAMURAI, Termination.RESIGNED, plans=discovered))
    by_time = update(base, summary(40, ANN, CAT, Side.SAMURAI, Termination.TIMED_OUT, plans=discovered))
    assert by_resign == by_capture == by_time
    assert rating_of(by_resign, GUILD, ANN, Side.GORYO).mu < rating_of(base, GUILD, ANN, Side.GORYO).mu
    assert rating_of(by_resign, GUILD, CAT, Side.SAMURAI).mu > rating_of(base, GUILD, CAT, Side.SAMURAI).mu


def test_a_match_given_up_before_the_first_discovery_is_unrated():
    # No farming with quick resigns between two accounts, no dodging by walking away: only play counts.
    base = rebuild(HISTORY)
    for termination in (Termination.RESIGNED, Termination.TIMED_OUT):
        early = summary(41, ANN, CAT, Side.SAMURAI, termination)
        assert early.given_up_early and not early.rated and rated_keys(early) == ()
        assert update(base, early) == base
    # An ending the rules make counts whenever it comes, Discovery or not.
    assert summary(42, ANN, CAT, Side.SAMURAI, Termination.NO_LEGAL_PLAN).rated


def test_ratings_are_kept_per_server_and_per_role():
    ratings = rebuild(HISTORY)
    # Ann has played both roles in guild 1 and only the Goryō in guild 2.
    anns = {key for key in ratings if key[1] == ANN}
    assert anns == {(GUILD, ANN, Side.GORYO), (GUILD, ANN, Side.SAMURAI), (2, ANN, Side.GORYO)}
    assert rating_of(ratings, 2, ANN, Side.SAMURAI) is NEW_RATING


def test_the_shown_rating_and_its_help():
    assert str(NEW_RATING) == "1500 ± 350"
    assert NEW_RATING.low == 1150
    assert "1500 ± 350" in RATING_HELP and len(RATING_HELP) <= 1024  # fits one embed field


matches = st.builds(
    lambda i, goryo, samurai, winner, termination, ai, guild, minute: summary(
        i, goryo, samurai, winner if termination is not Termination.ABORTED else None, termination,
        against_ai=ai, guild=guild, minutes=minute,
    ),
    st.integers(1, 10_000),
    st.sampled_from([ANN, BEN, CAT, BOT]),
    st.sampled_from([ANN, BEN, CAT]),
    st.sampled_from(Side),
    st.sampled_from(Termination),
    st.booleans(),
    st.sampled_from([1, 2]),
    st.integers(0, 5),  # few distinct times, so ties in finish time are common
)


@settings(max_examples=60, deadline=None)
@given(st.lists(matches, max_size=25, unique_by=lambda s: s.id))
def test_any_history_rebuilds_to_its_live_fold_and_ignores_unrated_matches(history):
    ratings = rebuild(history)
    assert ratings == fold(history)
    assert ratings == rebuild([s for s in history if s.rated])
    assert sum(r.matches for r in ratings.values()) == 2 * sum(s.rated for s in history)
    assert sum(r.wins for r in ratings.values()) == sum(s.rated for s in history)
    assert all(0 <= r.wins <= r.matches for r in ratings.values())


def test_ratings_come_back_from_sqlite_bit_for_bit(tmp_path):
    """The later migration stores mu and sigma as REAL: the rebuild check relies on exact round trips."""
    ratings = rebuild(HISTORY)
    with contextlib.closing(sqlite3.connect(tmp_path / "ratings.sqlite3")) as db:
        db.execute("CREATE TABLE ratings (guild_id INTEGER, user_id INTEGER, role TEXT, mu REAL, sigma REAL,"
                   " matches INTEGER, wins INTEGER)")
        db.executemany(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(g, u, role.value, r.mu, r.sigma, r.matches, r.wins) for (g, u, role), r in ratings.items()],
        )
        db.commit()
        stored = {
            (g, u, Side(role)): Rating(mu, sigma, matches, wins)
            for g, u, role, mu, sigma, matches, wins in db.execute("SELECT * FROM ratings")
        }
    assert stored == rebuild(HISTORY)
