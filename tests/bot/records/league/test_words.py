"""The league's texts for the hand-worked history: what a member reads in /goryo stats, leaderboard, history."""

from __future__ import annotations

from bot.records.league import changes, channel_history, leaderboard, member_stats, rebuild, update
from bot.text.league import (
    history_footer,
    history_lines,
    leaderboard_text,
    matches,
    rating_change_line,
    replay_caption,
    replay_choices,
    stats_fields,
    times,
    wins,
)
from locales import speaking
from rules import Side
from tests.bot.records.league.history import ANN, BEN, GUILD, HISTORY, START, TABLE, summary

RATINGS = rebuild(HISTORY)


def test_stats_read_plainly():
    fields = dict(stats_fields(member_stats(HISTORY, RATINGS, guild_id=GUILD, user_id=ANN)))
    assert list(fields) == ["As the Goryō", "As the Samurai", "Records", "Last matches"]
    assert "2 matches, 1 win (50%)" in fields["As the Goryō"]
    assert f"**{RATINGS[(GUILD, ANN, Side.SAMURAI)]}**" in fields["As the Samurai"]
    assert "3 matches, 3 wins (100%) · longest winning streak 3" in fields["As the Samurai"]
    assert fields["Records"].splitlines() == [
        "Longest winning streak, either role: 2",
        "Favourite target: the Urn (2 times)",
        "Sprint used in 1 of 2 matches as the Goryō",
        "False Trail placed 2 times, investigated by the Samurai 1 time",
        "Against the bot: 1 match, 1 win (never rated)",
    ]
    last = fields["Last matches"].splitlines()
    assert last[1] == "Match 6 in <#11>: Goryō against <@2>, no result (the match was called off)"
    assert last[2].startswith("Match 5 in <#10>: Goryō against the bot, won")
    assert last[4] == "Match 3 in <#11>: Goryō against <@3>, lost (the Goryō resigned)"
    assert all(len(text) <= 1024 for text in fields.values())


def test_a_newcomer_reads_that_nothing_has_happened_yet():
    fields = dict(stats_fields(member_stats(HISTORY, RATINGS, guild_id=GUILD, user_id=4242)))
    assert fields["As the Goryō"] == "No rated matches yet · rating 1500 ± 350"
    assert fields["Last matches"] == "No finished matches yet."


def test_leaderboard_text():
    text = leaderboard_text(leaderboard(RATINGS, guild_id=GUILD, role=Side.SAMURAI, min_matches=1), Side.SAMURAI, 1)
    lines = text.splitlines()
    assert lines[0] == "**Best Samurai players in this server**"
    assert lines[1].startswith("1. <@1> **") and lines[1].endswith("won 3 of 3 matches")
    assert lines[3].endswith("won 0 of 1 match")
    empty = leaderboard_text([], Side.GORYO)
    assert "Nobody has played enough matches in this role yet." in empty and "3 matches as the Goryō" in empty


def test_history_and_rating_changes():
    lines = history_lines(channel_history(HISTORY, channel_id=TABLE, size=2))
    stamp = int(START.timestamp()) + 7 * 60
    assert lines[1] == (
        f"Match 7, <t:{stamp}:R>: <@2> (Goryō) vs <@1> (Samurai). The Samurai win: all garden tiles but one are "
        "flipped, so her bound object is known: she is exorcised."
    )
    assert history_lines([]) == ["No finished matches in this channel yet."]
    match = summary(50, ANN, BEN, Side.SAMURAI)
    goryo, samurai = (rating_change_line(c) for c in changes({}, update({}, match), match))
    assert goryo.startswith("<@1> as the Goryō: 1500 → 14") and "(−" in goryo
    assert samurai.startswith("<@2> as the Samurai: 1500 → 15") and "(+" in samurai


def test_the_rating_note_under_an_end_message_is_made_from_the_stored_numbers_in_the_readers_language():
    from bot.text.league import rating_note

    match = summary(50, ANN, BEN, Side.SAMURAI)
    moved = changes({}, update({}, match), match)
    note = rating_note(moved, unrated=False)
    assert note == "Ratings: " + "\n".join(rating_change_line(c) for c in moved)
    assert rating_note((), unrated=True) == (
        "Unrated: the match ended before the Samurai's first Discovery, so no rating moves.")
    assert rating_note((), unrated=False) is None
    with speaking("it"):
        italian = rating_note(moved, unrated=False)
    assert italian is not None and italian != note and "1500 →" in italian


def test_replay_choices_newest_first_filtered_by_what_was_typed():
    names = {ANN: "Ann", BEN: "Ben", 3: "Cat", 99: "Goryō Bot"}.get
    choices = replay_choices(HISTORY, "", names)
    assert [match_id for _, match_id in choices] == [8, 7, 6, 5, 4, 3, 2, 1]
    assert choices[1] == ("#7: Ben (Goryō) vs Ann (Samurai), The Samurai win", 7)
    assert [i for _, i in replay_choices(HISTORY, "cat", names)] == [4, 3]
    assert [i for _, i in replay_choices(HISTORY, "#5", names)] == [5]
    assert len(replay_choices(HISTORY, "", names, limit=3)) == 3
    long_names = replay_choices(HISTORY, "", lambda user_id: "x" * 80)
    assert all(len(name) <= 100 for name, _ in long_names)


def test_the_league_speaks_italian_with_its_plurals():
    with speaking("it"):
        fields = dict(stats_fields(member_stats(HISTORY, RATINGS, guild_id=GUILD, user_id=ANN)))
        assert [matches(1), matches(3), wins(1), wins(0), times(1), times(2)] == [
            "1 partita", "3 partite", "1 vittoria", "0 vittorie", "1 volta", "2 volte"]
        board = leaderboard_text([], Side.GORYO).splitlines()
        lines = history_lines(channel_history(HISTORY, channel_id=TABLE, size=2))
        choices = replay_choices(HISTORY, "", {ANN: "Ann", BEN: "Ben", 3: "Cat", 99: "Goryō Bot"}.get)
    assert list(fields) == ["Da Goryō", "Da Samurai", "Record", "Ultime partite"]
    assert "2 partite, 1 vittoria (50%)" in fields["Da Goryō"]
    assert fields["Record"].splitlines() == [
        "Serie di vittorie più lunga, in qualsiasi ruolo: 2",
        "Bersaglio preferito: l'Urna (2 volte)",
        "Scatto usato in 1 di 2 partite da Goryō",
        "Falsa Pista piazzata 2 volte, scoperta dai Samurai 1 volta",
        "Contro il bot: 1 partita, 1 vittoria (non contano per il punteggio)",
    ]
    assert (fields["Ultime partite"].splitlines()[4]
            == "Partita 3 in <#11>: da Goryō contro <@3>, persa (il Goryō si è arreso)")
    assert board == ["**I migliori giocatori da Goryō in questo server**",
                     "Nessuno ha ancora giocato abbastanza partite in questo ruolo.",
                     ("-# Ordinati in base all'estremo basso di ogni punteggio. "
                      "Per comparire servono 3 partite da Goryō.")]
    stamp = int(START.timestamp()) + 7 * 60
    assert lines[1].startswith(f"Partita 7, <t:{stamp}:R>: <@2> (Goryō) contro <@1> (Samurai). Vincono i Samurai: ")
    assert choices[1] == ("#7: Ben (Goryō) contro Ann (Samurai), Vincono i Samurai", 7)


def test_the_replay_and_history_frames_in_both_languages():
    match = summary(50, ANN, BEN, Side.SAMURAI)
    assert replay_caption(None, 9, reduced=False) == "**Replay** of match 9."
    assert replay_caption(match, 50, reduced=True).endswith("\n-# Made smaller to fit the upload limit here.")
    assert history_footer() == "/goryo replay match: shows any of them again, move by move."
    with speaking("it"):
        assert replay_caption(match, 50, reduced=False).startswith("**Replay** · Partita 50, <t:")
        assert replay_caption(None, 9, reduced=True) == (
            "**Replay** della partita 9.\n-# Rimpicciolito per stare nel limite di caricamento di questo canale."
        )
        assert history_footer().endswith(" ne mostra di nuovo una qualsiasi, mossa per mossa.")
