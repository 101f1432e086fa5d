"""Rematch: either player asks from the end message; the other accepts; roles swapped, same options;
survives restarts."""

from __future__ import annotations

import pytest
import simcord

import rules
from tests.bot.helpers import Table, end_message, resign


async def test_rematch_swaps_roles_keeps_options_and_survives_a_restart(env, make_bot, table: Table):
    await table.begin(advanced=True, assist=True)  # Alice the Goryō, Bob the Samurai
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await resign(table, table.alice)
    end = end_message(table)
    assert [c.label for row in end.components for c in row.children] == ["Rematch"]

    # A spectator cannot ask; Bob (who won) can.
    spectator = await table.carol.click(end, label="Rematch")
    assert spectator.ephemeral and "Only" in spectator.response.content
    # Discord refuses once to take the used Rematch away: it stays, and each later press is refused.
    env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{end.id}", status=500)
    offered = await table.bob.click(end, label="Rematch")
    assert not offered.ephemeral
    offer = table.challenge_message()
    assert "rematch of match 1" in offer.content and "Advanced mode" in offer.content
    assert "deduction aid is on" in offer.content
    assert f"{table.bob.mention} plays the Goryō" in offer.content  # he was the Samurai: roles swapped

    again = await table.alice.click(end, label="Rematch")  # one offer at a time
    assert again.ephemeral and "already waiting" in again.response.content

    await env.restart_bot(make_bot())  # before it is accepted: the offer and its buttons outlive the process
    accepted = await table.answer("Accept", by=table.alice)
    assert "Challenge accepted" in accepted.response.message.content
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.id == 2 and record.channel_id == table.channel.id
    assert (record.goryo_id, record.samurai_id) == (table.bob.id, table.alice.id)
    assert record.state.advanced and record.assist

    # The first match's Rematch is out of date now: the channel has a match going.
    stale = await table.alice.click(end, label="Rematch")
    assert stale.ephemeral and "being played" in stale.response.content
    table.goryo, table.samurai = table.bob, table.alice
    await resign(table, table.bob)
    stale = await table.alice.click(end, label="Rematch")
    assert stale.ephemeral and "out of date" in stale.response.content and "match 2" in stale.response.content
    first_end = next(m for m in table.channel.history() if m.id == end.id)
    assert first_end.components == [] and "bound object was" in first_end.content  # out of date: it went


async def test_a_used_rematch_goes_and_its_words_stay(env, table: Table):
    await table.begin()
    await resign(table, table.alice)
    end = end_message(table)
    offered = await table.bob.click(end, label="Rematch")
    assert not offered.ephemeral and "rematch of match 1" in table.challenge_message().content
    end = next(m for m in table.channel.history() if m.id == end.id)
    assert end.components == [] and "bound object was" in end.content


async def test_no_rematch_after_a_match_is_called_off(env, table: Table):
    await table.begin()
    record = await env.bot.store.active_match_in(table.channel.id)
    await env.bot.parts.service.play(record.id, table.alice.id, rules.Abort())
    await env.bot.parts.deliverer.deliver(record.id)
    end = table.channel.history()[-1]
    assert "called off" in end.content and end.components == []


@pytest.mark.goryo(ai_pause=0)
async def test_a_rematch_against_the_bot_starts_at_once_and_keeps_the_end_message(env, table: Table):
    bot_user = simcord.UserHandle(env, env.backend.bot_user)
    await table.alice.slash(table.channel, "goryo challenge", opponent=bot_user, role="samurai", level="easy")
    await resign(table, table.alice)
    end = end_message(table)
    assert "Ratings" not in end.content  # a match against the bot is never rated

    again = await table.alice.click(end, label="Rematch")
    assert not again.ephemeral and "Challenge taken" in again.response.content
    assert "bound object was" in end_message(table).content  # the end message was not overwritten
    assert end_message(table).components == []  # its Rematch was used
    record = await env.bot.store.active_match_in(table.channel.id)
    assert ((record.id, record.goryo_id, record.ai_side, record.ai_level)
            == (2, table.alice.id, rules.Side.SAMURAI, "easy"))
    assert await env.bot.store.ratings(table.guild.id) == {}
