"""Whole tournaments through SimCord (issue 43): a six-player Swiss of three rounds and a four-player round robin,
each to its final standings, with a restart in the middle, in English and in Italian. Matches end by resignation:
in each double the player who signed up earlier wins both matches (the other resigns them), so the standings
are known in advance."""

from __future__ import annotations

import pytest

from bot.records.tournaments import Status
from tests.bot.helpers import Cup, open_cup, sign_up


async def play_round(cup: Cup, tournament_id: int, *, restart_after: int | None = None, make_bot=None) -> None:
    """Every match of the round ends: in each, the later sign-up resigns. A restart after ``restart_after`` of them."""
    play = await cup.store.tournament_play(tournament_id)
    order = play.players
    rows = [r for r in play.of_round(play.tournament.round) if not r.decided]
    assert rows and all(r.match_id is not None for r in rows)
    for done, row in enumerate(rows):
        if restart_after is not None and done == restart_after:
            await cup.env.restart_bot(make_bot())
        record = await cup.store.get_match(row.match_id)
        loser = max(row.goryo_id, row.samurai_id, key=order.index)
        player = cup.member(loser)
        asked = await player.slash(cup.thread(record.channel_id), "goryo resign")
        assert asked.ephemeral
        await player.click(asked.response, label=cup.words["resign"])


def expected_order(play) -> list[int]:
    points = {p: 0 for p in play.players}
    for result in play.results():
        points[result.winner] += 1
    for bye in play.byes:
        points[bye.player] += 1
    return sorted(play.players, key=lambda p: (-points[p], play.players.index(p)))


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_six_player_swiss_of_three_rounds_to_its_final_standings_with_a_restart(
        env, make_bot, locales_of, language):
    cup = open_cup(env, locales_of, language, 6)
    tournament_id = await sign_up(cup, "swiss", rounds=3)
    started = await cup.admin.slash(cup.channel, "goryo tournament start")
    assert started.ephemeral and cup.words["started"] in started.response.content
    again = await cup.admin.slash(cup.channel, "goryo tournament start")
    assert again.ephemeral  # started once
    for number in (1, 2, 3):
        play = await cup.store.tournament_play(tournament_id)
        assert play.tournament.round == number and play.tournament.status is Status.RUNNING
        announced = [m for m in cup.channel.history() if cup.words["round"].format(n=number, total=3) in m.content]
        assert len(announced) == 1
        # Each pair pinged once: the announcement names all six, each once.
        assert all(announced[0].content.count(f"<@{p.id}>") == 1 for p in cup.players)
        assert len(play.of_round(number)) == 6  # three doubles, two matches each
        for row in play.of_round(number):  # each thread's first line names its players without pinging again
            first = cup.thread((await cup.store.get_match(row.match_id)).channel_id).history()[0]
            assert "<@" not in first.content and f"R{number}" in cup.thread(first.channel.id).name
        await play_round(cup, tournament_id, restart_after=3 if number == 2 else None, make_bot=make_bot)
    play = await cup.store.tournament_play(tournament_id)
    assert play.tournament.status is Status.FINISHED
    meetings = [frozenset((r.goryo, r.samurai)) for r in play.results()]
    assert len(set(meetings)) * 2 == len(meetings) == 18  # never the same two twice
    assert all(r.winner is not None for r in play.results())
    winner = expected_order(play)[0]
    final = [m for m in cup.channel.history() if cup.words["winner"] in m.content]
    assert len(final) == 1 and f"<@{winner}>" in final[0].content
    assert final[0].attachments and final[0].attachments[0].filename == "standings.png"
    assert cup.words["final"] in final[0].attachments[0].description  # its alt text says what it shows
    table = [m for m in cup.channel.history() if cup.words["final"] in m.content and "```" in m.content]
    assert table and all(len(m.content) <= 2000 for m in cup.channel.history())
    # Anyone reads the standings privately afterwards.
    read = await cup.players[-1].slash(cup.channel, "goryo tournament standings")
    assert read.ephemeral and f"<@{winner}>" in read.response.content
    # The winner's stats list the tournament with their place.
    stats = await cup.players[-1].slash(cup.channel, "goryo stats", member=cup.member(winner))
    [embed] = stats.response.embeds
    assert {f.name: f.value for f in embed.fields}[cup.words["tournaments"]] == cup.words["place"] + ", 6 " + (
        "points" if cup.words["join"] == "Join" else "punti")


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_four_player_round_robin_to_its_final_standings_with_a_restart(env, make_bot, locales_of, language):
    cup = open_cup(env, locales_of, language, 4)
    tournament_id = await sign_up(cup, "round_robin")
    await cup.admin.slash(cup.channel, "goryo tournament start")
    # A player of a running tournament may not sign up for another of the server's: refused, nothing changes.
    await cup.admin.slash(cup.channel, "goryo tournament create", name="Winter cup", format="swiss")
    winter = (await cup.store.tournaments_in(cup.guild.id))[0]
    refused = await cup.players[1].slash(cup.channel, "goryo tournament join", tournament=winter.id)
    assert refused.ephemeral and cup.words["in_another"] in refused.response.content
    assert (await cup.store.tournament_play(winter.id)).players == []
    for number in (1, 2, 3):
        if number == 2:
            await env.restart_bot(make_bot())
        play = await cup.store.tournament_play(tournament_id)
        assert play.tournament.round == number
        await play_round(cup, tournament_id, restart_after=1 if number == 3 else None, make_bot=make_bot)
    play = await cup.store.tournament_play(tournament_id)
    assert play.tournament.status is Status.FINISHED
    # Everyone met everyone once, in both roles.
    assert sorted((r.goryo, r.samurai) for r in play.results()) == sorted(
        (a.id, b.id) for a in cup.players for b in cup.players if a is not b)
    final = [m for m in cup.channel.history() if cup.words["winner"] in m.content]
    assert len(final) == 1 and f"<@{cup.players[0].id}>" in final[0].content  # who signed up first won every match
    pictures = [m for m in cup.channel.history() if m.attachments and m.attachments[0].filename == "standings.png"]
    assert len(pictures) == 3  # the standings after each round, the last one final
