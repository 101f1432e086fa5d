"""Which finished matches a member is shown: private threads (open or archived), hidden and deleted channels.

One rule (``bot.play.visibility``) decides for replay, its list of choices, stats and history. Threads
are made in SimCord's Discord as a member makes them (Alice opens it), with the bot added, as it must
be to play there; Carol is never in them.
"""

from __future__ import annotations

import discord
from simcord.enums import ChannelType

import rules
from tests.bot.helpers import Table
from tests.bot.league_history import finish_match

S = rules.Side.SAMURAI


def private_thread(env, table: Table, *members) -> int:
    """A private thread under the table's channel, opened by Alice, with the bot and ``members`` in it."""
    backend = env.backend
    thread = backend.create_thread(table.channel.id, "back-room", table.alice.id, type=ChannelType.PRIVATE_THREAD)
    for member in (backend.bot_user, *members):
        backend.add_thread_member(thread.id, member.id)
    return thread.id


async def finished_in(env, table: Table, channel_id: int, minute: int = 0) -> int:
    return await finish_match(env.bot.store, guild_id=table.guild.id, channel_id=channel_id, goryo_id=table.alice.id,
                              samurai_id=table.bob.id, ending=rules.Resign(S), minute=minute)


def admin(env, table: Table):
    role = table.guild.create_role("mods", permissions=discord.Permissions(administrator=True))
    return table.guild.add_member(env.create_user("dana"), roles=[role])


async def listed(member, table: Table) -> list[int]:
    """The replay list at the second keystroke: the first never waits on Discord, leaving out what only Discord
    can tell (looked up behind it, and remembered)."""
    await member.autocomplete(table.channel, "goryo replay", "match", "")
    return [c["value"] for c in await member.autocomplete(table.channel, "goryo replay", "match", "")]


async def test_the_replay_list_never_waits_on_discord(env, table: Table):
    """What the bot does not hold (an archived thread, a thread's members) is left out at first, and known next."""
    thread_id = private_thread(env, table, table.bob)
    match_id = await finished_in(env, table, thread_id)
    env.backend.edit_channel(thread_id, {}, thread_metadata={"archived": True})
    await env.settle()
    first = await table.bob.autocomplete(table.channel, "goryo replay", "match", "")
    assert first == []
    assert [c["value"] for c in await table.bob.autocomplete(table.channel, "goryo replay", "match", "")] == [match_id]


async def replays(member, table: Table, match_id: int) -> bool:
    result = await member.slash(table.channel, "goryo replay", match=match_id)
    said = [m for m in (result.response, *result.followups) if m is not None]
    if any(m.ephemeral for m in said):  # a refusal: private, and nothing left in the channel
        assert [m.ephemeral for m in said] == [True] * len(said)
        assert f"no match {match_id} in this server that you can see" in said[-1].content
        return False
    [posted] = said
    assert posted.content.startswith(f"**Replay** · Match {match_id},")
    return True


async def last_matches(asker, table: Table) -> str:
    result = await asker.slash(table.channel, "goryo stats", member=table.alice)
    [embed] = result.response.embeds
    return {field.name: field.value for field in embed.fields}["Last matches"]


async def test_a_private_threads_matches_are_its_members_own_open_or_archived(env, table: Table):
    thread_id = private_thread(env, table, table.bob)
    match_id = await finished_in(env, table, thread_id)
    dana = admin(env, table)
    for archived in (False, True):
        if archived:  # discord.py drops an archived thread from its cache: it is fetched
            env.backend.edit_channel(thread_id, {}, thread_metadata={"archived": True})
            await env.settle()
            assert env.bot.get_guild(table.guild.id).get_channel_or_thread(thread_id) is None
        assert await listed(table.carol, table) == []
        assert not await replays(table.carol, table, match_id)
        assert f"Match {match_id} in" not in await last_matches(table.carol, table)
        for member in (table.bob, dana):  # a member of the thread; an administrator, who sees every thread
            assert await listed(member, table) == [match_id]
            assert f"Match {match_id} in <#{thread_id}>" in await last_matches(member, table)
        assert await replays(table.bob, table, match_id)
        await env.advance_time(61)  # past the replay cooldown, and what the bot remembers of the thread

    env.backend.remove_thread_member(thread_id, table.bob.id)
    await env.advance_time(61)  # membership is asked of Discord again after a minute
    assert await listed(table.bob, table) == []


async def test_stats_list_only_matches_from_channels_the_asker_can_see(env, table: Table):
    hidden = table.guild.create_text_channel(
        "back-room", overwrites={table.carol: discord.PermissionOverwrite(view_channel=False)}
    )
    secret = await finished_in(env, table, hidden.id, minute=0)
    public = await finished_in(env, table, table.channel.id, minute=1)
    carols = await last_matches(table.carol, table)
    assert f"Match {public} in {table.channel.mention}" in carols and f"Match {secret} " not in carols
    assert f"Match {secret} in {hidden.mention}" in await last_matches(table.bob, table)
    # The records still count both, as the ratings (and the leaderboard) do: numbers, not matches.
    result = await table.carol.slash(table.channel, "goryo stats", member=table.alice)
    assert "2 matches, 2 wins" in result.response.embeds[0].fields[0].value
    history = await table.carol.slash(table.channel, "goryo history")
    assert f"Match {public}" in history.response.embeds[0].description  # the channel where she asks: she sees it
    assert f"Match {secret}" not in history.response.embeds[0].description


async def test_a_deleted_channels_matches_are_shown_to_administrators_only(env, table: Table):
    gone = table.guild.create_text_channel("old-dojo")
    match_id = await finished_in(env, table, gone.id)
    assert await listed(table.alice, table) == [match_id]
    env.backend.delete_channel(gone.id)
    await env.settle()
    dana = admin(env, table)
    for member in (table.alice, table.carol):  # even a player of it: no one can tell who could see that channel
        assert await listed(member, table) == []
        assert not await replays(member, table, match_id)
        assert f"Match {match_id} " not in await last_matches(member, table)
    assert await listed(dana, table) == [match_id]
    await env.advance_time(60)  # past the replay cooldown
    assert await replays(dana, table, match_id)


async def test_a_thread_whose_membership_discord_cannot_tell_stays_hidden(env, table: Table):
    thread_id = private_thread(env, table, table.bob)
    match_id = await finished_in(env, table, thread_id)
    env.inject_error("GET", f"/channels/{thread_id}/thread-members/*", status=503, times=None)
    assert await listed(table.bob, table) == []
    assert not await replays(table.bob, table, match_id)
    env.backend.faults.clear()
    assert await listed(table.bob, table) == [match_id]
    asked = sum("/thread-members/" in request.path for request in env.http_requests)
    assert await listed(table.bob, table) == [match_id]  # the next keystroke: Discord is not asked again
    assert sum("/thread-members/" in request.path for request in env.http_requests) == asked


def requests_before_the_first_response(env, since: int) -> list[str]:
    """What the bot asked of Discord, after ``since`` requests, before its first response to an interaction."""
    asked = []
    for entry in env.backend.http_requests[since:]:
        if entry.path.startswith("/interactions/") and entry.path.endswith("/callback"):
            return asked
        asked.append(f"{entry.method} {entry.path}")
    raise AssertionError("the interaction was never answered")


async def test_a_replay_of_a_threads_match_answers_discord_before_asking_it_for_the_thread(env, table: Table):
    """Discord's 3-second window: an archived thread (not in discord.py's cache) is fetched after the answer."""
    thread_id = private_thread(env, table, table.bob)
    match_id = await finished_in(env, table, thread_id)
    env.backend.edit_channel(thread_id, {}, thread_metadata={"archived": True})
    await env.settle()
    for member, shown in ((table.bob, True), (table.carol, False)):
        since = len(env.backend.http_requests)
        assert await replays(member, table, match_id) is shown
        assert requests_before_the_first_response(env, since) == []
        assert any(f"/channels/{thread_id}" in e.path for e in env.backend.http_requests[since:])  # asked, after
        await env.advance_time(61)  # what the bot remembers of the thread is forgotten: asked again


async def test_stats_answer_discord_before_asking_it_for_a_thread(env, table: Table):
    thread_id = private_thread(env, table, table.bob)
    match_id = await finished_in(env, table, thread_id)
    env.backend.edit_channel(thread_id, {}, thread_metadata={"archived": True})
    await env.settle()
    since = len(env.backend.http_requests)
    assert f"Match {match_id} in <#{thread_id}>" in await last_matches(table.bob, table)
    assert requests_before_the_first_response(env, since) == []
    assert any(f"/channels/{thread_id}" in e.path for e in env.backend.http_requests[since:])
