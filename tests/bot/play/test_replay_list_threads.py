"""The replay list offers every finished match the member can see from the first time it opens: a match played
in a thread the bot opened (public) is decided from its parent channel, which the bot holds, even once the
thread is archived and out of its cache."""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.bot.helpers import admin

from ..helpers import Table


async def a_finished_match_in_a_thread(env, table: Table) -> tuple[int, int]:
    await admin(env, table).slash(table.channel, "goryo settings", threads=True)
    await table.challenge(role="goryo")
    await table.bob.click(table.challenge_message(), label="Accept")
    [thread] = table.channel.threads
    asked = await table.alice.slash(thread, "goryo resign")
    await table.alice.click(asked.response, label="Resign")
    record = next(iter(await env.bot.store.finished_matches(thread.id, 1)))
    return record.id, thread.id


async def test_a_match_played_in_a_thread_is_offered_the_first_time_the_list_opens(env, table: Table):
    match_id, thread_id = await a_finished_match_in_a_thread(env, table)
    env.backend.edit_channel(thread_id, {}, thread_metadata={"archived": True})  # out of the bot's cache
    await env.settle()
    assert env.bot.get_guild(table.guild.id).get_channel_or_thread(thread_id) is None
    requests = len(env.backend.http_requests)
    first = await table.carol.autocomplete(table.channel, "goryo replay", "match", "")
    assert [c["value"] for c in first] == [match_id]
    asked = [r.path for r in env.backend.http_requests[requests:] if r.method == "GET"]
    assert not any(str(thread_id) in path for path in asked)  # decided from what the bot holds

    # Someone who may not see the parent channel is not offered it, the first time either.
    other = table.guild.create_text_channel("elsewhere")
    hidden = table.guild.add_member(env.create_user("hidden"))
    env.backend.set_overwrite(table.channel.id, Overwrite(hidden.id, OverwriteType.MEMBER,
                                                          deny=discord.Permissions(view_channel=True).value))
    await env.settle()
    assert await hidden.autocomplete(other, "goryo replay", "match", "") == []
