"""A tournament's rules through SimCord: thread permissions checked at creation, sign-up closing by itself, full
and closed refusals, the round's deadline and its reminder, a player who leaves, a restart during the pairing."""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.records.tournaments import Status
from tests.bot.helpers import WORDS, Cup, open_cup

HOUR = 3600


async def later(env, seconds: float) -> None:
    """``seconds`` pass with the bot's periodic sweeps held, then the tournaments' sweep runs once: SimCord moves
    days on at once instead of settling a sweep every 30 seconds of them (a sweep acts on the time it finds)."""
    for loop in (env.bot.sweeper, env.bot.turn_sweeper):
        loop.cancel()
    await env.advance_time(seconds)
    await env.bot.parts.rounds.sweep()


async def created(cup: Cup, **options) -> int:
    made = await cup.admin.slash(cup.channel, "goryo tournament create", name="Spring cup", format="swiss", **options)
    assert not made.ephemeral, made.response.content
    return (await cup.store.tournaments_in(cup.guild.id))[0].id


async def join_all(cup: Cup, players) -> None:
    for player in players:
        joined = await player.click(cup.signup_message(), label="Join")
        assert joined.ephemeral and "You joined" in joined.response.content


async def test_creating_names_the_thread_permission_the_bot_lacks_and_makes_nothing(env, locales_of):
    cup = open_cup(env, locales_of, "en", 3)
    denied = discord.Permissions(create_public_threads=True).value
    env.backend.set_overwrite(cup.channel.id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, deny=denied))
    refused = await cup.admin.slash(cup.channel, "goryo tournament create", name="Cup", format="swiss")
    assert refused.ephemeral and "**Create Public Threads**" in refused.response.content
    assert await cup.store.tournaments_in(cup.guild.id) == []


async def test_the_deduction_aid_only_where_the_server_allows_it(env, locales_of):
    cup = open_cup(env, locales_of, "en", 3)
    await cup.admin.slash(cup.channel, "goryo settings", assist=False)
    refused = await cup.admin.slash(cup.channel, "goryo tournament create", name="Cup", format="swiss", assist=True)
    assert refused.ephemeral and "keep the deduction aid out" in refused.response.content
    assert await cup.store.tournaments_in(cup.guild.id) == []


async def test_sign_up_closes_at_its_time_and_fewer_than_three_cancel_saying_so(env, locales_of):
    cup = open_cup(env, locales_of, "en", 3)
    tournament_id = await created(cup, signup_hours=1)
    await join_all(cup, cup.players[:2])
    await later(env, 2 * HOUR)
    assert (await cup.store.get_tournament(tournament_id)).status is Status.CANCELLED
    said = [m.content for m in cup.channel.history() if "is cancelled" in m.content]
    assert said == ["**Spring cup** is cancelled: only 2 players signed up, and a tournament needs at least 3."]
    signup = next(m for m in cup.channel.history() if "Sign-up is closed." in m.content)
    assert not signup.components  # its buttons can no longer act: taken off
    late = await cup.players[2].slash(cup.channel, "goryo tournament join", tournament=tournament_id)
    assert late.ephemeral and "closed" in late.response.content


async def test_sign_up_closing_at_its_time_with_three_pairs_round_one_at_once(env, locales_of):
    cup = open_cup(env, locales_of, "en", 3)
    tournament_id = await created(cup, signup_hours=1)
    await join_all(cup, cup.players)
    await later(env, 2 * HOUR)
    play = await cup.store.tournament_play(tournament_id)
    assert play.tournament.status is Status.RUNNING and play.tournament.round == 1
    assert len(play.of_round(1)) == 2 and all(r.match_id is not None for r in play.of_round(1))
    assert any("round 1 of 3" in m.content for m in cup.channel.history())


async def test_a_full_tournament_refuses_until_someone_leaves(env, locales_of):
    cup = open_cup(env, locales_of, "en", 4)
    tournament_id = await created(cup, max_players=3)
    await join_all(cup, cup.players[:3])
    full = await cup.players[3].click(cup.signup_message(), label="Join")
    assert full.ephemeral and "full: it takes 3 players" in full.response.content
    left = await cup.players[0].click(cup.signup_message(), label="Leave")
    assert left.ephemeral and "You left" in left.response.content
    await join_all(cup, cup.players[3:])
    assert (await cup.store.tournament_play(tournament_id)).players == [p.id for p in cup.players[1:]]
    not_in = await cup.players[0].slash(cup.channel, "goryo tournament leave")
    assert not_in.ephemeral and "You are not playing" in not_in.response.content
    started = await cup.players[1].slash(cup.channel, "goryo tournament start")
    assert started.ephemeral and "Manage Server" in started.response.content  # not a manager: nothing starts
    assert (await cup.store.get_tournament(tournament_id)).status is Status.SIGNUP


async def test_the_round_ends_at_its_deadline_decided_by_the_turn_time_after_a_reminder(env, locales_of):
    cup = open_cup(env, locales_of, "en", 3)
    tournament_id = await created(cup, round_days=2)
    await join_all(cup, cup.players)
    await cup.admin.slash(cup.channel, "goryo tournament start")
    play = await cup.store.tournament_play(tournament_id)
    [bye] = play.byes
    playing = [p.id for p in cup.players if p.id != bye.player]
    await later(env, 25 * HOUR)
    [reminder] = [m for m in cup.channel.history() if "please finish your matches" in m.content]
    assert all(f"<@{p}>" in reminder.content for p in playing) and f"<@{bye.player}>" not in reminder.content
    await later(env, 24 * HOUR)
    play = await cup.store.tournament_play(tournament_id)
    # Each Goryō never chose her start: her turn ran out, so the Samurai won both matches of the double.
    assert [(r.winner == r.samurai) for r in play.results() if r.round == 1] == [True, True]
    assert play.tournament.round == 2


async def test_a_player_who_leaves_mid_round_forfeits_and_is_paired_no_more(env, locales_of):
    cup = open_cup(env, locales_of, "en", 4)
    tournament_id = await created(cup, rounds=2)
    await join_all(cup, cup.players)
    await cup.admin.slash(cup.channel, "goryo tournament start")
    leaver = cup.players[3]
    left = await leaver.slash(cup.channel, "goryo tournament leave")
    assert left.ephemeral and "your remaining matches are forfeited" in left.response.content
    play = await cup.store.tournament_play(tournament_id)
    theirs = [r for r in play.results() if leaver.id in (r.goryo, r.samurai)]
    assert len(theirs) == 2 and all(r.winner != leaver.id for r in theirs)
    assert any(f"<@{leaver.id}> withdrew" in m.content for m in cup.channel.history())
    # The other double ends; round 2 pairs the three still in, with a bye, and never the leaver.
    for row in play.of_round(1):
        if not row.decided:
            record = await cup.store.get_match(row.match_id)
            if record.is_active:
                loser = cup.member(row.goryo_id)
                asked = await loser.slash(cup.thread(record.channel_id), "goryo resign")
                await loser.click(asked.response, label=WORDS["en"]["resign"])
    play = await cup.store.tournament_play(tournament_id)
    assert play.tournament.round == 2
    assert all(leaver.id not in (r.goryo_id, r.samurai_id) for r in play.of_round(2))
    assert [b.round for b in play.byes] == [2]


async def test_a_restart_during_the_pairing_starts_the_matches_not_yet_started(env, make_bot, locales_of):
    cup = open_cup(env, locales_of, "en", 4)
    tournament_id = await created(cup)
    await join_all(cup, cup.players)
    env.inject_error("POST", f"/channels/{cup.channel.id}/threads", status=500, times=1)  # one thread fails
    await cup.admin.slash(cup.channel, "goryo tournament start")
    play = await cup.store.tournament_play(tournament_id)
    assert sum(r.match_id is None for r in play.of_round(1)) == 1
    await env.restart_bot(make_bot())  # its start-up sweep carries on from what is stored
    play = await cup.store.tournament_play(tournament_id)
    assert all(r.match_id is not None for r in play.of_round(1))
    assert len({(await cup.store.get_match(r.match_id)).channel_id for r in play.of_round(1)}) == 4
    announced = [m for m in cup.channel.history() if "round 1 of 3" in m.content]
    assert len(announced) == 1  # announced once


async def test_sign_up_survives_a_restart_and_a_member_who_left_the_server_withdraws_at_the_pairing(
        env, make_bot, locales_of):
    cup = open_cup(env, locales_of, "en", 5)
    tournament_id = await created(cup, rounds=2)
    await join_all(cup, cup.players[:2])
    await env.restart_bot(make_bot())  # mid sign-up: the message's buttons still work, the list is kept
    await join_all(cup, cup.players[2:])
    assert (await cup.store.tournament_play(tournament_id)).players == [p.id for p in cup.players]
    await cup.admin.slash(cup.channel, "goryo tournament start")
    gone = cup.players[4]
    play = await cup.store.tournament_play(tournament_id)
    cup.guild.remove_member(gone)
    for row in play.of_round(1):  # round 1 ends; the later sign-up of each double resigns
        record = await cup.store.get_match(row.match_id) if row.match_id is not None else None
        if record is None or not record.is_active:
            continue
        loser = cup.member(max(row.goryo_id, row.samurai_id, key=play.players.index))
        asked = await loser.slash(cup.thread(record.channel_id), "goryo resign")
        await loser.click(asked.response, label="Resign")
    play = await cup.store.tournament_play(tournament_id)
    assert play.tournament.round == 2 and gone.id in play.withdrawn
    assert all(gone.id not in (r.goryo_id, r.samurai_id) for r in play.of_round(2))
    assert gone.id not in [b.player for b in play.byes if b.round == 2]
    assert any(f"<@{gone.id}> withdrew" in m.content for m in cup.channel.history())
