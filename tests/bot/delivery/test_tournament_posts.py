"""A tournament's posts go through the outbox (issue 43 follow-up): queued with the step that owes them, sent exactly
once whatever happens between, a crash between the pairing and the announcement, one while the announcement is
being sent, or Discord refusing it. Each pair is pinged once: the announcement pings each player once, and nothing
else in the channel pings them meanwhile."""

from __future__ import annotations

import pytest

from bot.delivery.deliverer import RETRY_FIRST
from bot.records.tournaments import Status
from tests.bot.delivery.conftest import crash_at_checkpoint
from tests.bot.helpers import Cup, open_cup, sign_up


def crash_at(bot, point: str) -> None:
    crash_at_checkpoint(point, bot.parts.rounds, bot.parts.deliverer)


def bot_messages(cup: Cup) -> list:
    """What the bot posted in the tournament's channel, as SimCord's Discord holds it (with whom each pinged)."""
    bot_id = cup.env.backend.bot_user.id
    return [m for m in cup.env.backend.messages.get(cup.channel.id, {}).values() if m.author_id == bot_id]


async def announced_once(cup: Cup, tournament_id: int) -> None:
    """Round 1 announced by one message that names and pings each player once; no other post pings anyone."""
    heading = cup.words["round"].format(n=1, total=2)
    announcements = [m for m in bot_messages(cup) if heading in m.content]
    assert len(announcements) == 1, [m.content for m in announcements]
    [announcement] = announcements
    players = {p.id for p in cup.players}
    assert all(announcement.content.count(f"<@{p}>") == 1 for p in players)
    assert set(announcement.ping_user_ids) == players
    pings = [p for m in bot_messages(cup) for p in m.ping_user_ids]
    assert sorted(pings) == sorted(players)  # each pinged once in the channel
    play = await cup.store.tournament_play(tournament_id)
    assert play.tournament.round == 1 and play.tournament.status is Status.RUNNING
    assert all(row.match_id is not None for row in play.of_round(1))  # its matches started, each once
    assert len({row.match_id for row in play.of_round(1)}) == len(play.of_round(1)) == 4
    posts = await cup.store.tournament_posts(tournament_id)
    assert [p.item.kind for p in posts] == ["round"] and posts[0].status == "done"
    assert posts[0].message_id == announcement.id


@pytest.mark.parametrize("point", ["paired 1", "sending round", "sent round"])
async def test_a_crash_between_the_pairing_and_the_announcement_posts_it_once_after_the_restart(
        env, make_bot, locales_of, point):
    cup = open_cup(env, locales_of, "en", 4)
    tournament_id = await sign_up(cup, "swiss", rounds=2)
    crash_at(env.bot, point)
    await cup.admin.slash(cup.channel, "goryo tournament start")
    heading = cup.words["round"].format(n=1, total=2)
    # The crash came: after the pairing (nothing said yet), as the send began, or once Discord had the message
    # but before it was marked sent.
    assert len([m for m in bot_messages(cup) if heading in m.content]) == (1 if point == "sent round" else 0)
    await env.restart_bot(make_bot())
    await env.advance_time(1)
    await announced_once(cup, tournament_id)


@pytest.mark.parametrize(("status", "code"), [(500, 0), (403, 50013)])
async def test_an_announcement_discord_refuses_is_posted_once_when_tried_again(env, locales_of, status, code):
    cup = open_cup(env, locales_of, "en", 4)
    tournament_id = await sign_up(cup, "swiss", rounds=2)
    env.inject_error("POST", f"/channels/{cup.channel.id}/messages", status=status, code=code)
    await cup.admin.slash(cup.channel, "goryo tournament start")
    heading = cup.words["round"].format(n=1, total=2)
    assert [m for m in bot_messages(cup) if heading in m.content] == []
    [waiting] = await cup.store.pending_tournament_posts(tournament_id)
    assert waiting.item.kind == "round" and waiting.attempts == 1
    await env.advance_time(RETRY_FIRST + 1)  # its retry falls due
    await announced_once(cup, tournament_id)


async def test_the_standings_and_the_final_ones_go_through_the_outbox_once_each(env, make_bot, locales_of):
    cup = open_cup(env, locales_of, "en", 3)
    tournament_id = await sign_up(cup, "round_robin")
    crash_at(env.bot, "sent standings")  # the first standings reached Discord, then the process died
    await cup.admin.slash(cup.channel, "goryo tournament start")
    play = await cup.store.tournament_play(tournament_id)
    for row in play.of_round(1):
        if row.decided:
            continue
        record = await cup.store.get_match(row.match_id)
        loser = cup.member(max(row.goryo_id, row.samurai_id, key=play.players.index))
        asked = await loser.slash(cup.thread(record.channel_id), "goryo resign")
        await loser.click(asked.response, label=cup.words["resign"])
    await env.restart_bot(make_bot())
    await env.advance_time(1)
    standings = [m for m in bot_messages(cup) if m.attachments]
    assert len(standings) == 1  # found in the channel after the restart, not posted again
    posts = await cup.store.tournament_posts(tournament_id)
    assert [p.status for p in posts if p.item.kind == "standings"] and all(p.status == "done" for p in posts)
    assert posts[-1].message_id is not None
