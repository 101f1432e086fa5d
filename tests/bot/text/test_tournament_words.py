"""Tournament messages stay within Discord's 2,000 characters however many play, and lose nobody on the way."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.records.tournaments import Format, Status, TournamentRecord, standings
from bot.text.tournaments import MESSAGE_CONTENT, signup_text, table_messages

T = datetime(2026, 11, 22, tzinfo=UTC)


def test_the_standings_table_fills_several_messages_each_within_the_limit() -> None:
    players = list(range(10**17, 10**17 + 300))
    table = standings(players, [], [])
    names = {p: f"a rather long display name {p}" for p in players}
    messages = table_messages("Autumn cup: standings after round 1 of 5", table, names)
    assert len(messages) > 1 and all(len(m) <= MESSAGE_CONTENT for m in messages)
    rows = [line for m in messages for line in m.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 300 and rows[0].split()[0] == "1" and rows[-1].split()[0] == "300"
    assert all(m.count("```") == 2 for m in messages)  # each a whole code block


def test_a_large_sign_up_list_counts_those_it_cannot_show() -> None:
    cup = TournamentRecord(1, 2, 3, "Cup", Format.SWISS, 3, 7, False, False, None, T, Status.SIGNUP, 0, None, None,
                           4, T, "en", None)
    players = list(range(10**17, 10**17 + 1000))
    text = signup_text(cup, players)
    assert len(text) <= MESSAGE_CONTENT and "1000 players signed up" in text
    shown = text.count("<@") - 1  # the creator is mentioned too
    assert shown > 10 and text.endswith(f"(+{1000 - shown})")
    assert signup_text(cup, []).endswith("0 players signed up.")
