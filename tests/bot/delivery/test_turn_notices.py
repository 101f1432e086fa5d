"""``/goryo notify mention|dm|off``: how the Samurai's player hears that their turn has begun;
the Goryō keeps her DMs."""

from __future__ import annotations

import rules
from tests.bot.delivery.helpers import dms, to_the_samurai_turn
from tests.bot.helpers import Table, live_board


def pinged(env, table: Table, message) -> set[int]:
    """Whom a message of the table's channel actually pinged, as Discord decided from its allowed mentions."""
    return set(env.backend.messages[table.channel.id][message.id].ping_user_ids)


async def test_by_default_the_samurai_is_mentioned_in_the_channel_and_gets_no_dm(env, table: Table):
    await to_the_samurai_turn(table)
    ping = live_board(table)
    assert table.bob.mention in ping.content and table.bob.id in pinged(env, table, ping)
    assert dms(table.bob) == []
    assert any("plan your path" in m.content for m in table.goryo_dm())  # her first turn reached her by DM


async def test_mention_chosen_again_is_the_same_as_the_default(env, table: Table):
    chosen = await table.bob.slash(table.channel, "goryo notify", mode="mention")
    assert chosen.ephemeral and "I'll mention you in the match's channel" in chosen.response.content
    await to_the_samurai_turn(table)
    assert table.bob.id in pinged(env, table, live_board(table)) and dms(table.bob) == []


async def test_dm_sends_a_link_and_the_channel_names_no_one(env, table: Table):
    chosen = await table.bob.user.slash("goryo notify", mode="dm")  # from his DMs
    assert "by DM with a link" in chosen.response.content
    await to_the_samurai_turn(table)
    ping = live_board(table)
    assert table.bob.mention not in ping.content and pinged(env, table, ping) == set()
    assert ping.content.startswith("The Goryō has planned her path for round 1. Your turn, Samurai:")
    assert ping.attachments  # still the turn's live board
    [notice] = [m for m in dms(table.bob) if "Your turn, Samurai" in m.content]
    record = await env.bot.store.active_match_in(table.channel.id)
    assert f"round 1 of match {record.id}" in notice.content
    assert f"https://discord.com/channels/{table.guild.id}/{table.channel.id}" in notice.content
    assert not notice.attachments  # her secrets never travel to him; nothing but words and a link


async def test_off_tells_no_one_and_the_goryo_still_gets_her_turn_dms(env, table: Table):
    await table.bob.slash(table.channel, "goryo notify", mode="off")
    await table.alice.slash(table.channel, "goryo notify", mode="off")  # she is the Goryō here
    await to_the_samurai_turn(table)
    ping = live_board(table)
    assert pinged(env, table, ping) == set() and table.bob.mention not in ping.content
    assert dms(table.bob) == []
    # The Samurai end their turn: her next turn still comes by DM, with her board.
    await table.play(rules.EndSamuraiTurn())
    latest = table.goryo_dm()[-1]
    assert "Round 2 of 4" in latest.content and "plan your path" in latest.content and latest.attachments


async def test_the_choice_is_per_player_and_applies_to_every_match(env, table: Table):
    await table.alice.slash(table.channel, "goryo notify", mode="dm")  # Alice's choice is not Bob's
    await to_the_samurai_turn(table)
    assert table.bob.id in pinged(env, table, live_board(table))
    assert dms(table.bob) == []


async def test_notify_in_italian(env, table: Table, locales_of):
    locales_of[table.bob.id] = "it"
    chosen = await table.bob.slash(table.channel, "goryo notify", mode="dm")
    assert chosen.response.content.startswith("Fatto: quando inizia il tuo turno da Samurai, te lo dirò in DM")
    assert "Come Goryō ricevi sempre i tuoi turni in DM" in chosen.response.content
    await to_the_samurai_turn(table)
    # The channel speaks the server's language (English here); his DM speaks his.
    assert live_board(table).content.startswith("The Goryō has planned her path")
    [notice] = dms(table.bob)
    assert notice.content.startswith("Tocca a te, Samurai: il Goryō ha pianificato il suo percorso per il round 1")


async def test_a_dm_notice_that_fails_holds_nothing_back_and_is_sent_once_after_a_restart(env, make_bot, table: Table):
    await table.bob.user.slash("goryo notify", mode="dm")  # in his DMs, so the DM channel exists
    env.inject_error("POST", f"/channels/{table.bob.user.dm_channel.id}/messages", status=500)
    await to_the_samurai_turn(table)
    assert live_board(table).attachments  # the channel's board went out all the same
    assert not [m for m in dms(table.bob) if "Your turn, Samurai" in m.content]
    await env.restart_bot(make_bot())
    notices = [m for m in dms(table.bob) if "Your turn, Samurai" in m.content]
    assert len(notices) == 1 and "round 1" in notices[0].content


async def test_shut_dms_lose_only_the_notice(env, table: Table):
    await table.bob.user.slash("goryo notify", mode="dm")
    env.inject_error("POST", f"/channels/{table.bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await to_the_samurai_turn(table)
    record = await env.bot.store.active_match_in(table.channel.id)
    assert all(e.status == "done" for e in await env.bot.store.outbox_of(record.id))
    assert live_board(table).attachments and pinged(env, table, live_board(table)) == set()
