"""``/goryo settings``: anyone reads a server's settings; only Manage Server changes them;
a running match keeps its own."""

from __future__ import annotations

import re

import discord
import pytest

import rules
from tests.bot.helpers import Table, admin

DAY = 24 * 3600


def deadline_in(text: str) -> int:
    return int(re.search(r"until <t:(\d+):f>", text).group(1))


async def begin_under_an_hour_a_turn(env, table: Table) -> None:
    """A manager sets the server's turn limit to an hour (the bot's own is a day), then the match begins."""
    await admin(env, table).slash(table.channel, "goryo settings", turn_limit=1)
    await env.advance_time(1)
    await table.begin()


@pytest.mark.goryo(turn_limit=DAY)
async def test_anyone_reads_the_defaults_and_without_manage_server_nothing_changes(env, table: Table):
    read = await table.carol.slash(table.channel, "goryo settings")
    assert read.ephemeral
    assert "`turn_limit`: 24 hours per turn (the bot's default)" in read.response.content
    assert "`assist`: matches may show the deduction aid (the bot's default)" in read.response.content
    for player in (table.alice, table.carol):
        refused = await player.slash(table.channel, "goryo settings", turn_limit=2, assist=False)
        assert refused.ephemeral and "needs the Manage Server permission" in refused.response.content
    # A role that manages channels is not enough: it is the server's settings.
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    moderator = table.guild.add_member(env.create_user("mod"), roles=[mods])
    assert "Manage Server" in (await moderator.slash(table.channel, "goryo settings", assist=False)).response.content
    assert (await env.bot.store.server_settings(table.guild.id)).changes == {}
    in_dm = await table.carol.user.slash("goryo settings")
    assert "Settings belong to a server" in in_dm.response.content


@pytest.mark.goryo(turn_limit=DAY)
async def test_a_manager_changes_them_with_who_and_when_and_a_running_match_keeps_its_limit(env, table: Table):
    await table.begin()  # started under the bot's 24 hours
    running = await env.bot.store.active_match_in(table.channel.id)
    manager = admin(env, table)
    saved = await manager.slash(table.channel, "goryo settings", turn_limit=2)
    assert saved.ephemeral and saved.response.content.startswith("Saved.")
    assert f"`turn_limit`: 2 hours per turn (set by {manager.mention} on <t:" in saved.response.content
    stored = (await env.bot.store.server_settings(table.guild.id)).changes["turn_limit"]
    assert (stored.value, stored.changed_by) == (str(2 * 3600), manager.id)
    # Everyone reads the change; the running match still has its day.
    assert "2 hours per turn" in (await table.carol.slash(table.channel, "goryo settings")).response.content
    games = (await table.alice.slash(table.channel, "goryo games")).response.content
    assert deadline_in(games) == int(running.turn_started_at.timestamp()) + DAY
    # A match that starts afterwards has two hours.
    await env.advance_time(1)
    other = Table(env, guild=table.guild, channel_name="annex", names=("kenji", "yuki", "sora"))
    await other.begin()
    fresh = await env.bot.store.active_match_in(other.channel.id)
    games = (await other.alice.slash(other.channel, "goryo games")).response.content
    assert deadline_in(games) == int(fresh.turn_started_at.timestamp()) + 2 * 3600
    status = (await other.carol.slash(other.channel, "goryo status")).response.content
    assert f"<t:{int(fresh.turn_started_at.timestamp()) + 2 * 3600}:f>" in status


async def test_assist_off_refuses_challenges_with_the_aid_and_keeps_a_running_aided_match(env, table: Table):
    await table.begin(assist=True)
    manager = admin(env, table)
    await manager.slash(table.channel, "goryo settings", assist=False)
    assert (await env.bot.store.active_match_in(table.channel.id)).assist  # the running match keeps its aid
    other = Table(env, guild=table.guild, channel_name="annex", names=("kenji", "yuki", "sora"))
    refused = await other.challenge(role="goryo", assist=True)
    assert refused.ephemeral and "keep the deduction aid out of its matches" in refused.response.content
    assert await env.bot.store.pending_challenge_in(other.channel.id) is None
    assert not (await other.challenge(role="goryo")).ephemeral  # without the aid, as ever
    read = (await other.carol.slash(other.channel, "goryo settings")).response.content
    assert f"`assist`: matches may not show the deduction aid (set by {manager.mention}" in read


@pytest.mark.goryo(turn_limit=DAY)
async def test_a_claim_follows_the_limit_the_match_started_under(env, table: Table):
    await begin_under_an_hour_a_turn(env, table)
    early = await table.bob.slash(table.channel, "goryo claim")
    assert early.ephemeral
    for _ in range(7):
        await env.advance_time(600)  # the bot's default would be a day; this match has an hour
    claimed = await table.bob.slash(table.channel, "goryo claim")
    assert not claimed.ephemeral
    record = (await env.bot.store.finished_matches(table.channel.id, 1))[0]
    assert record.state.outcome is not None and record.state.outcome.winner is rules.Side.SAMURAI


async def test_settings_in_italian(env, table: Table, locales_of):
    locales_of[table.carol.id] = "it"
    read = (await table.carol.slash(table.channel, "goryo settings")).response.content
    assert read.startswith("Impostazioni del server:") and "(predefinito del bot)" in read
    refused = (await table.carol.slash(table.channel, "goryo settings", assist=False)).response.content
    assert "serve il permesso Gestisci server" in refused and "/goryo impostazioni" in refused
    manager = admin(env, table)
    locales_of[manager.id] = "it"
    saved = (await manager.slash(table.channel, "goryo settings", turn_limit=3)).response.content
    assert saved.startswith("Salvato.") and "3 ore per turno" in saved


@pytest.mark.goryo(turn_limit=DAY)
async def test_the_half_time_reminder_follows_the_servers_limit_and_its_deadline(env, table: Table):
    await begin_under_an_hour_a_turn(env, table)
    record = await env.bot.store.active_match_in(table.channel.id)
    for _ in range(3):
        await env.advance_time(600)  # 30 minutes: half of this match's hour (the bot's default would be 12 hours)
    await env.advance_time(120)
    [reminder] = [m for m in table.goryo_dm() if "/goryo claim" in m.content]
    assert f"<t:{int(record.turn_started_at.timestamp()) + 3600}:f>" in reminder.content
