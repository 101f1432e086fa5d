"""A channel that refuses the bot (a permission taken away): nothing the match owes it is dropped.

The permission is taken away for real: a moderator's overwrite on the channel denies the bot
Send Messages (SimCord then answers its posts 403 Missing Permissions, as Discord does, and tells
the bot's cache). What the match owes the channel waits, in order, retried every few minutes,
across a restart; the players are told once where the bot can still reach them, and the acting
player's own command says why its answer did not show.
"""

from __future__ import annotations

import pytest

import rules
from bot.delivery.deliverer import RETRY_MOST
from bot.text.faults import channel_refuses
from locales import speaking
from tests.bot.helpers import REFUSES, Table, answers, deny_the_bot, said

HOUR = 3600


def allow_the_bot(env, table: Table, *, told: bool) -> None:
    """The moderator gives it back: on the channel (Discord tells the bot: ``told``), or where the bot hears
    nothing of it (as through a role it has)."""
    if told:
        env.backend.delete_overwrite(table.channel.id, env.bot.user.id)
    else:
        channel = env.backend.get_channel(table.channel.id)
        channel.overwrites = [o for o in channel.overwrites if o.target_id != env.bot.user.id]


async def wait(env, seconds: float) -> None:
    """Let virtual time pass, a few minutes at a time: SimCord gives each advance a few real seconds to settle,
    and runs the bot's timers (its sweeps every 30 s, the retries) one by one on the way."""
    while seconds > 0:
        await env.advance_time(min(seconds, RETRY_MOST))
        seconds -= RETRY_MOST


def samurai_dm(table: Table) -> list:
    return table.samurai.user.dm_channel.history()


@pytest.mark.parametrize("told", [True, False], ids=["channel-updated", "unannounced"])
async def test_owed_announcements_wait_for_a_channel_that_refuses_the_bot_and_go_out_once_in_order(
    env, make_bot, table: Table, told
):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    deny_the_bot(env, table.channel.id, "send_messages")  # a moderator takes Send Messages from the bot

    # She locks in her plan: her receipt comes (her DMs work), the Samurai's ping cannot be posted.
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    await table.confirm(preview)
    table.state = rules.apply(table.state, plan).state
    assert said(table.goryo_dm(), "Locked in")
    [told_her] = said(table.goryo_dm(), REFUSES)  # her Confirm's own answer says why, and what to grant
    assert "Send Messages" in told_her.content and f"<#{table.channel.id}>" in told_her.content
    # The other player hears by DM, once: as the channel changed (the refused ping says no more), or, unannounced
    # to the bot, as the ping was refused.
    [told_him] = said(samurai_dm(table), REFUSES) + said(samurai_dm(table), "cannot go on")
    assert "Send Messages" in told_him.content
    assert said(table.channel.history(), "planned her path") == []

    # The Samurai act all the same: their commands answer privately why nothing shows in the channel.
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    moved = await table.samurai_act(move)
    table.state = rules.apply(table.state, move).state
    assert [m.ephemeral for m in answers(moved) if REFUSES in m.content] == [True]
    ended = await table.samurai_act(rules.EndSamuraiTurn())
    table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state
    assert [m.ephemeral for m in answers(ended) if REFUSES in m.content] == [True]
    assert said(table.channel.history(), "moves from") == []  # nothing overtook the ping

    await wait(env, HOUR)
    await env.restart_bot(make_bot())  # the outage outlives a restart
    await wait(env, HOUR)
    assert said(table.channel.history(), "planned her path") == []
    outbox = await env.bot.store.outbox_of(1)
    ping = next(e for e in outbox if e.item.kind == "ping")
    owed_since = [e for e in outbox if e.id >= ping.id and e.item.route != "goryo"]
    assert len(owed_since) >= 3 and {e.status for e in owed_since} == {"pending"}  # waiting, not given up
    assert 10 <= ping.attempts <= 30  # tried every few minutes, not hammered and not dropped

    allow_the_bot(env, table, told=told)
    await env.advance_time(1 if told else RETRY_MOST + 1)  # at once when Discord says so, else at the next try

    channel = [m.content for m in table.channel.history()]
    owed = ["planned her path", "moves from", "Her path was"]
    at = [next(i for i, text in enumerate(channel) if words in text) for words in owed]
    assert at == sorted(at)  # in the order the match owed them
    assert all(sum(words in text for text in channel) == 1 for words in owed)  # each once
    assert [e for e in await env.bot.store.outbox_of(1) if e.status != "done"] == []
    # Told once each: the restart and the dozens of refused tries said nothing more.
    assert len(said(samurai_dm(table), REFUSES) + said(samurai_dm(table), "cannot go on")) == 1
    assert len(said(table.goryo_dm(), REFUSES)) == 1
    assert said(table.channel.history(), REFUSES) == []  # never said in the channel, which refused the bot
    # And the match goes on in the channel: her next plan's ping is posted at once.
    await table.play(next(rules.legal_plans(table.state)))
    assert len(said(table.channel.history(), "planned her path")) == 2


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["can't post in <#7>", "**Send Messages**", "grant it to me"]),
    ("it", ["Non posso scrivere in <#7>", "**Inviare messaggi**", "concedermelo"]),
])
def test_the_notice_names_the_channel_and_the_permission_to_grant_in_the_readers_language(language, words):
    with speaking(language):
        one = channel_refuses(7, ["send_messages"])
        two = channel_refuses(7, ["view_channel", "attach_files"])
    assert all(w in one for w in words)
    assert ("View Channel" in two and "Attach Files" in two) if language == "en" else (
        "Visualizzare i canali" in two and "Allegare file" in two and "concedermeli" in two)


async def test_a_deleted_channel_is_not_tried_for_ever(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    env.backend.delete_channel(table.channel.id)  # for real: asked again, Discord says Unknown Channel too
    await table.play(next(rules.legal_plans(table.state)))
    await wait(env, 2 * RETRY_MOST)

    ping = next(e for e in await env.bot.store.outbox_of(1) if e.item.kind == "ping")
    assert (ping.status, ping.attempts) == ("failed", 1)  # nothing sent there can ever arrive: given up, logged
    assert await env.bot.store.next_outbox_attempt() is None  # and nothing keeps the deliverer busy


async def test_a_single_unknown_channel_answer_drops_nothing_when_the_channel_exists(env, table: Table):
    """Discord answered one post Unknown Channel (10003), yet the channel is there: asked, Discord says so, and the
    turn's ping, board and panel are tried again and posted, not dropped."""
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=404, code=10003,
                     message="Unknown Channel", times=1)
    await table.play(next(rules.legal_plans(table.state)))
    await wait(env, RETRY_MOST)
    ping = next(e for e in await env.bot.store.outbox_of(1) if e.item.kind == "ping")
    assert ping.status == "done" and ping.attempts >= 1
    assert len(said(table.channel.history(), "planned her path")) == 1
