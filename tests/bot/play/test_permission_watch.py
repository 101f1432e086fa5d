"""A moderator flipping a permission of a running match's channel: its players hear of it once per change of
where the match stands, and never more than once an hour for the match, however often it flips."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.delivery.deliverer import RETRY_MOST

from ..helpers import Table

WORDS = {
    "en": {"accept": "Accept", "cannot": "cannot go on", "back": "I have every permission I use in"},
    "it": {"accept": "Accetta", "cannot": "non può andare avanti", "back": "Ho di nuovo tutte le autorizzazioni"},
}


def about_permissions(messages) -> list:
    return [m for m in messages if "permission" in m.content or "autorizzazion" in m.content]


async def flip(env, table: Table, times: int) -> None:
    """Send Messages taken from the bot in the match's channel and given back, ``times`` times."""
    denied = discord.Permissions(send_messages=True).value
    for _ in range(times):
        env.backend.set_overwrite(table.channel.id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, deny=denied))
        await env.settle()
        env.backend.delete_overwrite(table.channel.id, env.bot.user.id)
        await env.settle()


async def wait(env, seconds: float) -> None:
    while seconds > 0:
        await env.advance_time(min(seconds, RETRY_MOST))
        seconds -= RETRY_MOST


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_permission_flipped_ten_times_is_told_once_then_once_more_an_hour_later(env, locales_of, language):
    words = WORDS[language]
    table = Table(env, guild=env.create_guild("Dojo", preferred_locale="it") if language == "it" else None)
    await table.challenge(role="goryo")
    await table.answer(words["accept"])
    await flip(env, table, 10)
    samurai_dms = about_permissions(table.bob.user.dm_channel.history())
    assert len(samurai_dms) == 1 and words["cannot"] in samurai_dms[0].content
    assert len(about_permissions(table.alice.user.dm_channel.history())) == 1

    await wait(env, 3600)  # the quiet hour is over: where the match stands now (fine) differs from what they heard
    samurai_dms = about_permissions(table.bob.user.dm_channel.history())
    assert len(samurai_dms) == 2 and words["back"] in samurai_dms[1].content
    assert len(about_permissions(table.alice.user.dm_channel.history())) == 2

    await flip(env, table, 10)  # flips again within the hour after that notice, and ends denied
    denied = discord.Permissions(send_messages=True).value
    env.backend.set_overwrite(table.channel.id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, deny=denied))
    await env.settle()
    await wait(env, 1200)
    assert len(about_permissions(table.bob.user.dm_channel.history())) == 2  # quiet until the hour is over
    await wait(env, 3000)
    samurai_dms = about_permissions(table.bob.user.dm_channel.history())
    assert len(samurai_dms) == 3 and words["cannot"] in samurai_dms[2].content
    await wait(env, 3 * 3600)  # nothing changes any more: nothing more is said
    assert len(about_permissions(table.bob.user.dm_channel.history())) == 3
