"""Records, leaderboard and history against values worked out by hand from history.HISTORY."""

from __future__ import annotations

from bot.records.league import channel_history, leaderboard, member_stats, rebuild
from rules import ObjectType, Side, Termination
from tests.bot.records.league.history import (
    ANN,
    BACK_ROOM,
    BEN,
    BOT,
    CAT,
    GUILD,
    HISTORY,
    OTHER_GUILD,
    TABLE,
    played,
    summary,
)

RATINGS = rebuild(HISTORY)


def ann():
    return member_stats(HISTORY, RATINGS, guild_id=GUILD, user_id=ANN)


def test_records_per_role_count_only_rated_matches_of_this_server():
    stats = ann()
    # As the Goryō: won 1, lost 3 (she resigned); 5 is against the bot, 6 aborted, 8 in another server.
    assert (stats.goryo.matches, stats.goryo.wins, stats.goryo.losses) == (2, 1, 1)
    assert stats.goryo.win_rate == 0.5
    # As the Samurai: won 2, 4 (Cat's time ran out) and 7.
    assert (stats.samurai.matches, stats.samurai.wins, stats.samurai.win_rate) == (3, 3, 1.0)
    assert (stats.against_ai_matches, stats.against_ai_wins) == (1, 1)


def test_streaks_across_roles_and_within_each_role():
    stats = ann()
    # In finish order her rated results are W(1) W(2) L(3) W(4) W(7).
    assert stats.longest_streak == 2
    assert stats.goryo.longest_streak == 1
    assert stats.samurai.longest_streak == 3


def test_favourite_target_and_powers_come_from_her_rated_goryo_plans():
    stats = ann()
    # Urn twice (D1, A6); Mask, Helmet, Fan once. Mask would win if the bot match or guild 2 counted.
    assert (stats.favourite_target, stats.favourite_target_count) == (ObjectType.URN, 2)
    assert stats.powers.goryo_matches == 2
    assert stats.powers.sprint_matches == 1
    assert (stats.powers.false_trails, stats.powers.false_trails_investigated) == (2, 1)


def test_a_tie_for_favourite_goes_to_the_first_type_in_the_box():
    tied = (summary(1, ANN, BEN, Side.GORYO, plans=(played("D1 E1 F1 F2 F3"), played("A2 A1 B1 C1 D1"))),)
    stats = member_stats(tied, rebuild(tied), guild_id=GUILD, user_id=ANN)
    # Mask (F3) and Urn (D1) once each; the box lists Mask before Urn.
    assert (stats.favourite_target, stats.favourite_target_count) == (ObjectType.MASK, 1)


def test_last_five_matches_newest_first_with_aborted_and_bot_matches():
    recent = ann().recent
    assert [m.match_id for m in recent] == [7, 6, 5, 4, 3]
    seven, six, five, four, three = recent
    assert (seven.opponent_id, seven.role, seven.won) == (BEN, Side.SAMURAI, True)
    assert seven.termination is Termination.EXORCISED
    assert (six.won, six.termination, six.channel_id) == (None, Termination.ABORTED, BACK_ROOM)
    assert (five.opponent_id, five.against_ai, five.won) == (BOT, True, True)
    assert (four.opponent_id, four.role, four.termination) == (CAT, Side.SAMURAI, Termination.TIMED_OUT)
    assert (three.won, three.role, three.channel_id) == (False, Side.GORYO, BACK_ROOM)
    assert three.termination is Termination.RESIGNED


def test_stats_show_the_ratings_of_this_server():
    stats = ann()
    assert stats.goryo_rating == RATINGS[(GUILD, ANN, Side.GORYO)]
    assert stats.samurai_rating == RATINGS[(GUILD, ANN, Side.SAMURAI)]
    assert stats.rating(Side.SAMURAI).matches == 3
    elsewhere = member_stats(HISTORY, RATINGS, guild_id=OTHER_GUILD, user_id=ANN)
    assert (elsewhere.goryo.matches, elsewhere.samurai.matches) == (1, 0)
    assert elsewhere.goryo_rating == RATINGS[(OTHER_GUILD, ANN, Side.GORYO)] != stats.goryo_rating
    assert str(elsewhere.samurai_rating) == "1500 ± 350"  # never played that role there


def test_a_member_with_no_matches_gets_empty_records():
    stats = member_stats(HISTORY, RATINGS, guild_id=GUILD, user_id=12345)
    assert (stats.goryo.matches, stats.goryo.win_rate, stats.longest_streak) == (0, None, 0)
    assert (stats.favourite_target, stats.recent) == (None, ())


def test_leaderboard_needs_the_minimum_number_of_matches():
    # Samurai matches in guild 1: Ann 3 (all won), Ben 1 (lost), Cat 1 (won).
    assert [row.user_id for row in leaderboard(RATINGS, guild_id=GUILD, role=Side.SAMURAI, min_matches=3)] == [ANN]
    rows = leaderboard(RATINGS, guild_id=GUILD, role=Side.SAMURAI, min_matches=1)
    assert [(row.rank, row.user_id) for row in rows] == [(1, ANN), (2, CAT), (3, BEN)]


def test_leaderboard_ranks_goryo_players_of_this_server_only():
    # Goryō in guild 1: Ann 1-1, Cat 0-1, Ben 0-2 (the bot, the aborted match and guild 2 don't count).
    rows = leaderboard(RATINGS, guild_id=GUILD, role=Side.GORYO, min_matches=1)
    records = [(row.user_id, row.rating.matches, row.rating.wins) for row in rows]
    assert records == [(ANN, 2, 1), (CAT, 1, 0), (BEN, 2, 0)]
    top_two = leaderboard(RATINGS, guild_id=GUILD, role=Side.GORYO, min_matches=1, size=2)
    assert [row.user_id for row in top_two] == [ANN, CAT]
    assert [row.user_id for row in leaderboard(RATINGS, guild_id=OTHER_GUILD, role=Side.GORYO, min_matches=1)] == [ANN]


def test_channel_history_newest_first_aborted_included():
    assert [s.id for s in channel_history(HISTORY, channel_id=TABLE)] == [8, 7, 5, 4, 2, 1]
    assert [s.id for s in channel_history(HISTORY, channel_id=BACK_ROOM, size=1)] == [6]


def test_a_stored_undiscovered_plan_counts_nowhere():
    # Summaries stored before issue 26 kept her last plan even when the match ended before its Discovery.
    import dataclasses

    from tests.bot.records.league.history import played

    secret = dataclasses.replace(played("B1 C1 C2 D2 D1 E1", 2, false_trail="A6"), discovered=False)
    public = summary(1, ANN, BEN, Side.SAMURAI, Termination.RESIGNED, plans=(played("A2 A3 A4 A5 A6"),))
    stored = dataclasses.replace(public, plans=(*public.plans, secret))
    ratings = rebuild([public])
    assert member_stats([stored], ratings, guild_id=GUILD, user_id=ANN) == member_stats(
        [public], ratings, guild_id=GUILD, user_id=ANN
    )
