"""Turn time limits on SimCord's virtual clock: the half-time reminder, claiming on time,
a moderator's abort, lapsing challenges — and all of it across restarts, since every
timer is derived from stored timestamps."""

from __future__ import annotations

import discord
import pytest

import rules
from tests.bot.helpers import Table

LIMIT = 600.0  # ten minutes per turn: virtual time, but each sweep tick costs real milliseconds
pytestmark = pytest.mark.goryo(turn_limit=LIMIT)


def reminders(messages: list[discord.Message]) -> list[discord.Message]:
    return [m for m in messages if "half the turn time is gone" in m.content]


async def started(table: Table) -> None:
    """A match where the Goryō has chosen her start: her first plan is due."""
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))


async def planned(table: Table) -> None:
    await started(table)
    await table.play(next(rules.legal_plans(table.state)))


async def logged(env, table: Table) -> list[rules.Action]:
    record = await env.bot.store.active_match_in(table.channel.id) or (
        await env.bot.store.finished_matches(table.channel.id)
    )[0]
    return [entry.action for entry in await env.bot.store.actions(record.id)]


async def test_the_goryo_is_reminded_once_by_dm_at_half_time(env, table: Table):
    await started(table)
    await env.advance_time(LIMIT / 2 - 120)
    assert reminders(table.goryo_dm()) == []
    await env.advance_time(240)
    [reminder] = reminders(table.goryo_dm())
    assert table.goryo.mention in reminder.content and "/goryo claim" in reminder.content
    assert table.samurai.mention in reminder.content  # who may claim
    await env.advance_time(LIMIT)
    assert len(reminders(table.goryo_dm())) == 1
    assert reminders(table.channel.history()) == []  # nothing about her turn in the channel


async def test_the_samurai_are_reminded_once_in_the_channel(env, table: Table):
    await planned(table)
    await env.advance_time(LIMIT / 2 + 60)
    [reminder] = reminders(table.channel.history(viewer=table.carol))  # public: anyone may see it
    assert table.samurai.mention in reminder.content and "the Samurai's move" in reminder.content
    await env.advance_time(LIMIT)
    assert len(reminders(table.channel.history())) == 1
    assert reminders(table.goryo_dm()) == []


async def test_a_new_turn_gets_its_own_reminder(env, table: Table):
    await started(table)
    await env.advance_time(LIMIT / 2 + 60)
    await table.play(next(rules.legal_plans(table.state)))  # her turn ends, reminded
    await table.play(rules.EndSamuraiTurn())  # quick Samurai: no reminder for them
    await env.advance_time(LIMIT / 2 + 60)
    assert len(reminders(table.goryo_dm())) == 2
    assert reminders(table.channel.history()) == []


async def test_a_goryo_with_closed_dms_is_reminded_in_the_channel(env, table: Table):
    await started(table)
    env.inject_error("POST", "/channels/*/messages", status=403, code=50007,
                     message="Cannot send messages to this user")
    await env.advance_time(LIMIT / 2 + 60)
    [notice] = [m for m in table.channel.history() if table.goryo.mention in m.content and "Goryō's move" in m.content]
    assert str(table.state.bound) not in notice.content and notice.attachments == []


async def test_claiming_before_the_limit_is_refused_with_the_deadline(env, table: Table):
    await started(table)
    await env.advance_time(LIMIT - 60)
    early = await table.samurai.slash(table.channel, "goryo claim")
    assert early.ephemeral and "Not yet" in early.response.content and "<t:" in early.response.content
    assert await logged(env, table) == [rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])]


async def test_past_the_limit_the_waiting_player_wins_on_time(env, table: Table):
    await started(table)
    await env.advance_time(LIMIT + 1)
    own = await table.goryo.slash(table.channel, "goryo claim")  # she is the late one
    assert own.ephemeral and "your own move" in own.response.content
    outsider = await table.carol.slash(table.channel, "goryo claim")
    assert outsider.ephemeral and "Only" in outsider.response.content

    claimed = await table.samurai.slash(table.channel, "goryo claim")
    assert not claimed.ephemeral
    end = claimed.response.content
    assert "**The Samurai win**" in end and "ran out of time" in end and f"**{table.state.bound}**" in end
    assert table.goryo.mention in end and table.samurai.mention in end
    told = table.goryo_dm()[-1]  # the loser hears of it where she plays
    assert "is over, and the Samurai win" in told.content and told.attachments[0].filename == "goryo-final.png"
    assert (await logged(env, table))[-1] == rules.TimeOut(rules.Side.GORYO)
    assert await env.bot.store.active_match_in(table.channel.id) is None


async def test_the_goryo_claims_when_the_samurai_stall(env, table: Table):
    await planned(table)
    await table.play(rules.legal_samurai_actions(table.state)[0])  # acting doesn't restart the clock
    await env.advance_time(LIMIT + 1)
    claimed = await table.goryo.user.slash("goryo claim")  # from her DMs
    assert "is over, and you win" in claimed.response.content  # her answer, right there in her DMs
    end = table.channel.history()[-1].content
    assert "**The Goryō wins**" in end and "the Samurai ran out of time" in end
    assert table.goryo.mention in end and table.samurai.mention in end
    assert (await logged(env, table))[-1] == rules.TimeOut(rules.Side.SAMURAI)


async def test_a_late_move_still_counts_until_someone_claims(env, table: Table):
    await started(table)
    await env.advance_time(LIMIT * 2)
    await table.play(next(rules.legal_plans(table.state)))  # late, but nobody claimed
    refused = await table.goryo.slash(table.channel, "goryo claim")  # the Samurai's clock just started
    assert refused.ephemeral and "Not yet" in refused.response.content
    assert isinstance((await logged(env, table))[-1], rules.Plan)


async def test_timers_survive_restarts(env, make_bot, table: Table):
    await started(table)
    await env.restart_bot(make_bot())
    await env.advance_time(LIMIT / 2 + 60)
    assert len(reminders(table.goryo_dm())) == 1  # sent by the new process, from the stored time
    await env.restart_bot(make_bot())
    await env.advance_time(60)
    assert len(reminders(table.goryo_dm())) == 1  # the stored mark stops a second one
    early = await table.samurai.slash(table.channel, "goryo claim")
    assert early.ephemeral and "Not yet" in early.response.content
    await env.advance_time(LIMIT / 2)
    await env.restart_bot(make_bot())
    claimed = await table.samurai.slash(table.channel, "goryo claim")
    assert "ran out of time" in claimed.response.content


async def test_only_members_who_manage_the_channel_may_abort(env, table: Table):
    await planned(table)
    for player in (table.goryo, table.samurai):
        refused = await player.slash(table.channel, "goryo abort")
        assert refused.ephemeral and "You play in this match, so you can't call it off" in refused.response.content
    refused = await table.carol.slash(table.channel, "goryo abort")
    assert refused.ephemeral and "manage this channel" in refused.response.content
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    moderator = table.guild.add_member(env.create_user("dora"), roles=[mods])
    aborted = await moderator.slash(table.channel, "goryo abort")
    assert not aborted.ephemeral
    assert "No one wins" in aborted.response.content and f"**{table.state.bound}**" in aborted.response.content
    assert table.goryo.mention in aborted.response.content and table.samurai.mention in aborted.response.content
    told = table.goryo_dm()[-1]
    assert "is over, and no one wins" in told.content and told.attachments[0].filename == "goryo-final.png"
    assert (await logged(env, table))[-1] == rules.Abort()
    # The channel is free again.
    assert not (await table.challenge(by=table.carol, opponent=table.alice)).ephemeral


async def test_a_player_who_may_manage_the_channel_still_cannot_abort_their_own_match(env, table: Table):
    # Calling a match off leaves it unrated: a player with Manage Channels could dodge every loss.
    table.channel = table.guild.create_text_channel(
        "mods-table", overwrites={table.alice: discord.PermissionOverwrite(manage_channels=True)}
    )
    await planned(table)  # Alice the Goryō
    refused = await table.alice.slash(table.channel, "goryo abort")
    assert refused.ephemeral
    said = refused.response.content
    assert "You play in this match, so you can't call it off" in said
    assert "`/goryo resign`" in said and "`/goryo claim`" in said
    assert (await env.bot.store.active_match_in(table.channel.id)) is not None  # nothing changed
    assert rules.Abort() not in await logged(env, table)


async def test_abort_needs_a_match_in_this_channel(env, table: Table):
    refused = await table.carol.slash(table.channel, "goryo abort")
    assert refused.ephemeral and "No match" in refused.response.content
    in_dm = await table.carol.user.slash("goryo abort")
    assert "its own channel" in in_dm.response.content


@pytest.mark.goryo(challenge_timeout=900)
async def test_an_unanswered_challenge_lapses_across_a_restart(env, make_bot, table: Table):
    await table.challenge()
    message = table.challenge_message()
    await env.advance_time(600)
    await env.restart_bot(make_bot())
    await env.advance_time(400)
    lapsed = next(m for m in table.channel.history() if m.id == message.id)
    assert "lapsed" in lapsed.content and lapsed.components == []
    assert await env.bot.store.pending_challenge_in(table.channel.id) is None
    assert not (await table.challenge(by=table.carol)).ephemeral  # the channel is free again


async def test_status_shows_the_turn_clock(env, table: Table):
    await started(table)
    before = await table.samurai.slash(table.channel, "goryo status")
    assert "Turn time: the Goryō has until <t:" in before.response.content
    await env.advance_time(LIMIT + 1)
    after = await table.samurai.slash(table.channel, "goryo status")
    assert "Turn time: the Goryō ran out" in after.response.content and "/goryo claim" in after.response.content
