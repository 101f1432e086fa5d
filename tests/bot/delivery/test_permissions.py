"""The permissions the bot uses: the invite asks for them all; each one taken away, one at a time, through a
moderator's overwrite on the channel (as a server would), is found and said privately, with who can grant it."""

from __future__ import annotations

import discord
import pytest

import rules
from bot.__main__ import main, print_report
from bot.delivery import permissions
from bot.play import health
from tests.bot.helpers import Table, answers, deny_the_bot, threads_on

NAMES = {"view_channel": "View Channel", "send_messages": "Send Messages", "embed_links": "Embed Links",
         "attach_files": "Attach Files", "read_message_history": "Read Message History",
         "create_public_threads": "Create Public Threads", "send_messages_in_threads": "Send Messages in Threads",
         "manage_threads": "Manage Threads"}


def test_the_invite_asks_for_every_permission_the_bot_uses(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.signature")  # application 123456789012345678
    assert main(["--invite-url"]) == 0
    url = capsys.readouterr().out.strip()
    wanted = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                 read_message_history=True, create_public_threads=True,
                                 send_messages_in_threads=True, manage_threads=True)
    assert url == ("https://discord.com/oauth2/authorize?client_id=123456789012345678"
                   f"&scope=bot+applications.commands&permissions={wanted.value}")
    assert set(permissions.USED) == set(NAMES)  # every permission the code uses is asked for, and named


@pytest.mark.parametrize("taken", permissions.IN_CHANNEL)
async def test_each_permission_taken_from_the_channel_is_said_privately_at_the_challenge(env, table: Table, taken):
    deny_the_bot(env, table.channel.id, taken)
    result = await table.challenge(role="goryo")
    said = answers(result)
    # A newcomer's private pointer to /goryo learn (issue 36) is another matter than permissions.
    private = [m for m in said if m.ephemeral and "/goryo learn" not in m.content]
    assert len(private) == 1 and NAMES[taken] in private[0].content and "Manage Roles" in private[0].content
    pending = await env.bot.store.pending_challenge_in(table.channel.id)
    if taken in permissions.PLAYABLE:  # refused: nothing stored, nothing public
        assert private[0].content.startswith("No match can be played here")
        assert said == private and pending is None
    else:  # the challenge stands; what the missing permission costs is said to the challenger alone
        assert "The match can be played here" in private[0].content and pending is not None
        assert any(not m.ephemeral and "challenges you" in m.content for m in said)


@pytest.mark.parametrize("taken", ["create_public_threads", "send_messages_in_threads", "manage_threads"])
async def test_each_thread_permission_taken_is_said_privately_at_the_challenge_and_the_accept(env, table: Table,
                                                                                              taken):
    await threads_on(env, table)
    await table.challenge(role="goryo")  # while the bot may still open threads
    deny_the_bot(env, table.channel.id, taken)
    accepting = answers(await table.answer("Accept"))
    [private] = [m for m in accepting if m.ephemeral]
    assert NAMES[taken] in private.content and "Manage Roles" in private.content
    store = env.bot.store
    if taken == "manage_threads":  # the match goes on in its thread; it only can't be archived
        assert "The match can be played here" in private.content
        assert await store.pending_challenge_in(table.channel.id) is None
    else:
        assert private.content.startswith("No match can be played here")
        assert await store.pending_challenge_in(table.channel.id) is not None  # still open: nothing changed
        assert table.channel.threads == []


async def test_a_permission_taken_under_a_running_match_is_told_by_dm_and_at_the_next_command(env, table: Table):
    await table.begin()
    deny_the_bot(env, table.channel.id, "embed_links")
    await env.settle()
    for player in (table.alice, table.bob):
        [dm] = [m for m in player.user.dm_channel.history() if "permissions of" in m.content]
        assert "**Embed Links**" in dm.content and f"<#{table.channel.id}>" in dm.content and "goes on" in dm.content
    deny_the_bot(env, table.channel.id, "embed_links", "attach_files")  # now the board cannot be posted
    await env.settle()
    # Within the hour after the first notice, the DM waits (flipping permissions must not flood the players)...
    assert [m for m in table.bob.user.dm_channel.history() if "cannot go on" in m.content] == []
    first = answers(await table.bob.slash(table.channel, "goryo status"))
    told = [m for m in first if m.ephemeral and "permissions of" in m.content]
    assert len(told) == 1 and "**Attach Files**" in told[0].content and "**Embed Links**" in told[0].content
    again = answers(await table.bob.slash(table.channel, "goryo status"))
    assert not [m for m in again if "permissions of" in m.content]  # once for each change
    carol = answers(await table.carol.slash(table.channel, "goryo status"))
    assert not [m for m in carol if "permissions of" in m.content]  # players only
    for _ in range(6):  # ...and comes once the hour is over, the match still standing where it was
        await env.advance_time(600)
    [dm] = [m for m in table.bob.user.dm_channel.history() if "cannot go on" in m.content]
    assert "**Attach Files**" in dm.content


@pytest.mark.parametrize("language", ["en", "it"])
async def test_without_embed_links_the_boards_facts_and_key_come_as_text_within_discords_limit(env, language,
                                                                                              locales_of):
    guild = env.create_guild("dojo", preferred_locale=language)
    table = Table(env, guild=guild)
    # The deduction aid: the longest key. The challenge's buttons speak the server's language.
    await table.challenge(role="goryo", advanced=True, assist=True)
    assert (await table.answer("Accetta" if language == "it" else "Accept")).acknowledged
    table.goryo, table.samurai, table.state = table.alice, table.bob, rules.new_game(table.seed, advanced=True)
    deny_the_bot(env, table.channel.id, "embed_links")
    await env.settle()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    [board] = [m for m in table.channel.history() if m.attachments][-1:]
    assert board.embeds == [] and "<@" in board.content  # the turn's ping, with its board
    key = "Legenda" if language == "it" else "Key"
    assert f"**{key}**" in board.content and len(board.content) <= 2000


async def test_the_health_check_lists_each_server_and_the_matches_where_a_permission_is_missing(env, table: Table):
    await table.begin()
    store = env.bot.store
    lines, playable = await health.report(env.bot, store)
    assert playable and lines == [f"{table.guild.name} ({table.guild.id}): 1 running match(es)"]
    deny_the_bot(env, table.channel.id, "read_message_history")
    await env.settle()
    lines, playable = await health.report(env.bot, store)
    assert playable and "Read Message History" in lines[1] and "CANNOT" not in lines[1]
    deny_the_bot(env, table.channel.id, "read_message_history", "attach_files")
    await env.settle()
    lines, playable = await health.report(env.bot, store)
    assert not playable
    assert f"match 1 in #{table.channel.name} ({table.channel.id}): missing Attach Files, Read Message History " \
           "(CANNOT BE PLAYED)" in lines[1]
    assert any("Attach Files: needed to post the board's picture" in line for line in lines)


async def test_the_check_connects_as_its_own_client_reports_once_ready_and_exits_non_zero(env, table: Table, capsys):
    """The client `python -m bot --check` starts: SimCord brings it to ready as Discord would, it reports and
    disconnects, and a match that cannot be played where it is makes the exit status non-zero."""
    await table.begin()
    deny_the_bot(env, table.channel.id, "attach_files")
    await env.settle()
    checking = health.CheckingClient(env.bot.store)
    assert checking.intents.value == discord.Intents(guilds=True).value  # no privileged intent needed
    await env.restart_bot(checking)
    await env.settle()
    assert checking.is_closed() and checking.outcome is not None
    lines, playable = checking.outcome
    assert not playable and lines[0] == f"{table.guild.name} ({table.guild.id}): 1 running match(es)"
    assert print_report(lines, playable) == 1
    printed = capsys.readouterr().out
    assert "missing Attach Files (CANNOT BE PLAYED)" in printed
    assert print_report(lines[:1], True) == 0
