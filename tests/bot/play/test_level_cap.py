"""``/goryo settings max_level:``: no cap by default; a server's cap refuses, privately and naming it, a challenge
to the bot above it, and the Rematch button too (issue 37)."""

from __future__ import annotations

import discord
import simcord

import rules
from tests.bot.helpers import Table


def admin(env, table: Table):
    managers = table.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(env.create_user("dora"), roles=[managers])


def the_bot(env) -> simcord.UserHandle:
    return simcord.UserHandle(env, env.backend.bot_user)


def annex(env, table: Table, name: str) -> Table:
    return Table(env, guild=table.guild, channel_name=name, names=(f"{name}-a", f"{name}-b", f"{name}-c"))


async def test_no_cap_by_default_then_a_managers_cap_refuses_the_levels_above_it(env, table: Table):
    read = await table.carol.slash(table.channel, "goryo settings")
    assert "`max_level`: members may challenge me at any level (the bot's default)" in read.response.content
    refused = await table.carol.slash(table.channel, "goryo settings", max_level="easy")
    assert refused.ephemeral and "needs the Manage Server permission" in refused.response.content
    assert (await env.bot.store.server_settings(table.guild.id)).max_level is None

    # No cap: the expert level is anyone's (as the Goryō, so the bot's Samurai wait for her setup).
    began = await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), role="goryo",
                                    level="expert")
    assert not began.ephemeral and "Challenge taken" in began.response.content
    assert (await env.bot.store.active_match_in(table.channel.id)).ai_level == "expert"

    manager = admin(env, table)
    saved = await manager.slash(table.channel, "goryo settings", max_level="normal")
    assert saved.ephemeral and saved.response.content.startswith("Saved.")
    assert f"`max_level`: members may challenge me up to the **normal** level (set by {manager.mention}" in (
        saved.response.content)
    assert (await env.bot.store.server_settings(table.guild.id)).max_level == "normal"
    assert (await env.bot.store.active_match_in(table.channel.id)).ai_level == "expert"  # a running match keeps it

    other = annex(env, table, "annex")
    for level in ("hard", "expert"):
        above = await other.alice.slash(other.channel, "goryo challenge", opponent=the_bot(env), role="goryo",
                                        level=level)
        assert above.ephemeral and "let members challenge me up to the `normal` level" in above.response.content
        assert "`/goryo settings max_level:`" in above.response.content
        assert await env.bot.store.active_match_in(other.channel.id) is None
        assert await env.bot.store.pending_challenge_in(other.channel.id) is None
    within = await other.alice.slash(other.channel, "goryo challenge", opponent=the_bot(env), role="goryo",
                                     level="normal")
    assert not within.ephemeral and (await env.bot.store.active_match_in(other.channel.id)).ai_level == "normal"
    # A challenge between people has no level: the cap leaves it alone.
    people = annex(env, table, "hall")
    assert not (await people.challenge(role="goryo")).ephemeral

    # The top level lifts the cap.
    await manager.slash(table.channel, "goryo settings", max_level="expert")
    read = await table.carol.slash(table.channel, "goryo settings")
    assert f"`max_level`: members may challenge me at any level (set by {manager.mention}" in read.response.content


async def test_the_rematch_button_above_the_cap_is_refused_privately_and_works_once_it_is_raised(env, table: Table):
    await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), role="samurai", level="normal")
    asked = await table.alice.slash(table.channel, "goryo resign")
    await table.alice.click(asked.response, label="Resign")
    end = [m for m in table.channel.history() if "bound object was" in m.content][-1]

    manager = admin(env, table)
    await manager.slash(table.channel, "goryo settings", max_level="easy")
    refused = await table.alice.click(end, label="Rematch")
    assert refused.ephemeral and "let members challenge me up to the `easy` level" in refused.response.content
    assert await env.bot.store.active_match_in(table.channel.id) is None
    assert "bound object was" in [m for m in table.channel.history() if "bound object" in m.content][-1].content

    await manager.slash(table.channel, "goryo settings", max_level="hard")
    again = await table.alice.click(end, label="Rematch")
    assert not again.ephemeral and "Challenge taken" in again.response.content
    record = await env.bot.store.active_match_in(table.channel.id)
    assert (record.ai_level, record.goryo_id) == ("normal", table.alice.id)
    assert record.ai_side is rules.Side.SAMURAI
