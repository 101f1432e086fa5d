"""Challenges: posting, who may answer, withdraw, decline, lapsing, one per channel, the setup DM."""

from __future__ import annotations

from datetime import timedelta

import pytest

import rules
from tests.bot.helpers import Table


async def test_accepted_challenge_starts_a_match_and_dms_the_goryo(table: Table):
    posted = await table.challenge(role="goryo")
    assert not posted.ephemeral
    assert table.bob.mention in posted.response.content and table.alice.mention in posted.response.content
    assert [b.label for row in posted.response.message.components for b in row.children] == [
        "Accept", "Decline", "Withdraw",
    ]

    accepted = await table.answer("Accept")

    state = rules.new_game(1)
    public = accepted.response.message
    assert "Challenge accepted" in public.content and f"{state.first_type}" in public.content
    assert public.components == []  # buttons gone
    assert public.attachments and public.attachments[0].description
    dm = table.alice.user.dm_channel.history()
    assert len(dm) == 1
    assert f"Your bound object is the {state.bound}" in dm[0].content
    assert f"first object drawn is the {state.first_type}" in dm[0].content
    assert "/goryo start" in dm[0].content
    assert dm[0].attachments[0].filename == "goryo-private.png"
    # Nothing secret in the channel.
    assert all(str(state.bound) not in m.content for m in table.channel.history(viewer=table.bob))


async def test_only_the_opponent_may_accept_or_decline(table: Table):
    await table.challenge(role="samurai")
    for label in ("Accept", "Decline"):
        refused = await table.answer(label, by=table.carol)
        assert refused.ephemeral
        assert "only they can answer" in refused.response.content
        # The challenger is pointed at the button that is hers: Withdraw.
        own = await table.answer(label, by=table.alice)
        assert own.ephemeral and "your own challenge" in own.response.content and "Withdraw" in own.response.content
    # Still open: Bob can still accept, and then he is the Goryō (Alice chose the Samurai).
    await table.answer("Accept")
    assert "Your bound object" in table.bob.user.dm_channel.history()[0].content


async def test_only_the_challenger_may_withdraw(table: Table):
    await table.challenge()
    refused = await table.answer("Withdraw", by=table.bob)
    assert refused.ephemeral and "Only" in refused.response.content
    withdrawn = await table.answer("Withdraw", by=table.alice)
    assert "withdrew" in withdrawn.response.message.content
    # The channel is free again.
    again = await table.challenge()
    assert not again.ephemeral


async def test_declined_challenge_frees_the_channel(table: Table):
    await table.challenge()
    declined = await table.answer("Decline")
    assert "declined" in declined.response.message.content
    assert declined.response.message.components == []
    assert not (await table.challenge()).ephemeral


async def test_second_challenge_in_a_busy_channel_is_refused(table: Table):
    await table.challenge()
    refused = await table.challenge(by=table.carol, opponent=table.alice)
    assert refused.ephemeral and "already waiting" in refused.response.content
    await table.answer("Accept")
    refused = await table.challenge(by=table.carol, opponent=table.alice)
    assert refused.ephemeral and "already being played" in refused.response.content


async def test_challenging_yourself_or_a_bot_is_refused(env, table: Table):
    refused = await table.challenge(opponent=table.alice)
    assert refused.ephemeral and "yourself" in refused.response.content
    robot = table.guild.add_member(env.create_user("robot", bot=True))
    refused = await table.challenge(opponent=robot)
    assert refused.ephemeral and "Bots" in refused.response.content


@pytest.mark.goryo(challenge_timeout=900)
async def test_unanswered_challenge_lapses_after_the_timeout(env, table: Table):
    await table.challenge()
    message = table.challenge_message()
    await env.advance_time(600)
    assert table.channel.history()[-1].components  # still open after 10 minutes
    await env.advance_time(400)
    lapsed = next(m for m in table.channel.history() if m.id == message.id)
    assert "lapsed" in lapsed.content and lapsed.components == []
    assert not (await table.challenge(by=table.carol)).ephemeral  # channel free again


async def test_challenge_in_dms_is_refused(table: Table):
    refused = await table.alice.user.slash("goryo challenge", opponent=table.bob.user)
    assert "server text channel" in refused.response.content


async def test_roles_are_drawn_at_random_by_default(table: Table):
    await table.challenge()  # no role: random, fixed here by the seed
    await table.answer("Accept")
    dms = {name: member.user.dm_channel.history() for name, member in (("alice", table.alice), ("bob", table.bob))}
    assert sorted(len(d) for d in dms.values()) == [0, 1]  # exactly one of them is the Goryō
    goryo = next(name for name, d in dms.items() if d)
    assert f"<@{getattr(table, goryo).id}> is the Goryō" in table.channel.history()[-1].content


@pytest.mark.goryo(challenge_timeout=900)
async def test_a_lapsed_challenge_the_sweep_has_not_reached_does_not_block_the_channel(env, table: Table):
    # Written straight to the real store as if posted 20 minutes ago, before any sweep ran.
    long_ago = env.now() - timedelta(minutes=20)
    stale = await env.bot.store.create_challenge(
        guild_id=table.guild.id, channel_id=table.channel.id, challenger_id=table.carol.id,
        opponent_id=table.bob.id, challenger_role="random", advanced=False, now=long_ago,
    )
    posted = await table.challenge()
    assert not posted.ephemeral, posted.response.content
    assert await env.bot.store.get_challenge(stale.id) is None
