"""``/goryo games``: a private list of the caller's matches in progress in every server, with links; in DMs too."""

from __future__ import annotations

import pytest
import simcord

import rules
from tests.bot.helpers import Table

pytestmark = pytest.mark.goryo(ai_pause=0)


def the_bot(env) -> simcord.UserHandle:
    return simcord.UserHandle(env, env.backend.bot_user)


async def two_servers(env) -> tuple[Table, Table]:
    """Alice is the Goryō against Bob in one server, and the Samurai against Kenji in another."""
    first = Table(env)
    await first.begin()
    second = Table(env, guild=env.create_guild("Second dojo"), channel_name="hall", names=("kenji", "yuki", "sora"))
    alice = second.guild.add_member(first.alice.user)
    await second.challenge(by=second.alice, opponent=alice, role="goryo")  # Kenji is the Goryō
    await alice.click(second.challenge_message(), label="Accept")
    return first, second


async def test_games_lists_every_server_with_role_round_turn_clock_and_a_link(env):
    first, second = await two_servers(env)
    listed = await first.alice.slash(first.channel, "goryo games")
    assert listed.ephemeral
    text = listed.response.content
    assert text.startswith("You are playing 2 matches:")
    mine, theirs = text.splitlines()[1:]
    # Her own turn comes first: she chooses where she starts in the first server.
    assert f"https://discord.com/channels/{first.guild.id}/{first.channel.id}" in mine
    assert "you play the Goryō, round 1" in mine and "Your turn, until <t:" in mine
    assert f"https://discord.com/channels/{second.guild.id}/{second.channel.id}" in theirs
    assert "you play the Samurai, round 1" in theirs and "Their turn, until <t:" in theirs
    # Only hers: Bob sees the one match he plays, and it is his opponent's turn.
    bobs = (await first.bob.slash(first.channel, "goryo games")).response.content
    assert bobs.startswith("You are playing 1 match:") and str(second.channel.id) not in bobs
    assert "Their turn" in bobs


async def test_games_works_in_dms_and_follows_the_turn(env):
    first, _ = await two_servers(env)
    await first.play(rules.ChooseStart(rules.SPACES_OF_TYPE[first.state.first_type][0]))
    in_dm = await first.alice.user.slash("goryo games")
    text = in_dm.response.content
    assert text.startswith("You are playing 2 matches:")
    assert text.count("Their turn, until") == 1 and text.count("Your turn") == 1  # her start is chosen: she plans next
    assert "round 1" in text


@pytest.mark.goryo(turn_limit=600, ai_pause=0)
async def test_time_running_out_shows_who_may_claim(env):
    first, _ = await two_servers(env)
    await env.advance_time(700)  # past the 10-minute turn limit
    hers = (await first.alice.slash(first.channel, "goryo games")).response.content
    assert "your time ran out at" in hers and "may `/goryo claim` the win" in hers
    bobs = (await first.bob.slash(first.channel, "goryo games")).response.content
    assert "their time ran out at" in bobs and "`/goryo claim`" in bobs


@pytest.mark.goryo(ai_pause=10)  # longer than SimCord's settle deadline: the bot's Samurai wait for advance_time
async def test_a_match_against_the_bot_shows_no_clock_on_its_turn(env):
    table = Table(env)
    await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), role="goryo", level="easy")
    table.goryo = table.alice
    record = await env.bot.store.active_match_in(table.channel.id)
    text = (await table.alice.slash(table.channel, "goryo games")).response.content
    assert text.startswith("You are playing 1 match:") and "you play the Goryō" in text and "Your turn, until" in text
    await table.start(rules.space_name(rules.SPACES_OF_TYPE[record.state.first_type][0]))
    record = await env.bot.store.get_match(record.id)
    await table.confirm(await table.preview(next(rules.legal_plans(record.state))))
    text = (await table.alice.slash(table.channel, "goryo games")).response.content
    assert "My turn: I am thinking." in text and "<t:" not in text


async def test_no_games_says_how_to_start_one(env):
    table = Table(env)
    empty = await table.carol.slash(table.channel, "goryo games")
    assert empty.ephemeral
    assert empty.response.content.startswith("You have no match in progress.")
    assert "/goryo challenge opponent:" in empty.response.content
    assert (await table.carol.user.slash("goryo games")).response.content == empty.response.content


async def test_games_in_italian(env, locales_of):
    first, _ = await two_servers(env)
    locales_of[first.alice.id] = "it"
    text = (await first.alice.slash(first.channel, "goryo games")).response.content
    assert text.startswith("Stai giocando 2 partite:")
    assert "giochi come il Goryō" in text and "giochi come i Samurai" in text
    assert "Tocca a te, fino al" in text and "Tocca all'avversario" in text
    locales_of[first.carol.id] = "it"
    empty = (await first.carol.user.slash("goryo games")).response.content
    assert empty.startswith("Non hai partite in corso.") and "/goryo sfida" in empty


@pytest.mark.goryo(turn_limit=600, ai_pause=0)
async def test_twenty_five_matches_all_listed_within_discords_limit_in_every_language(env, locales_of):
    """Each match is about 225 characters at its longest, her time run out (256 in Italian): 25 take several
    messages, each within Discord's 2,000 (the request check fails this test on any longer one), and every match
    is in one of them."""
    table = Table(env)
    channels = [table.guild.create_text_channel(f"dojo-{n}") for n in range(25)]
    for channel in channels:
        await table.alice.slash(channel, "goryo challenge", opponent=table.bob, role="goryo")
        challenge = next(m for m in reversed(channel.history()) if m.components)
        assert (await table.bob.click(challenge, label="Accept")).acknowledged
    await env.advance_time(700)  # past the 10-minute turn limit: the longest line each
    for language, head in (("en", "You are playing 25 matches:"), ("it", "Stai giocando 25 partite:")):
        locales_of[table.alice.id] = language
        result = await table.alice.slash(table.channel, "goryo games")
        pages = [result.response, *result.followups]
        assert len(pages) > 1 and all(page.ephemeral for page in pages)
        assert all(len(page.content) <= 2000 for page in pages)
        assert pages[0].content.startswith(head)
        text = "\n".join(page.content for page in pages)
        assert [line for line in text.splitlines() if line.startswith("- ")] == text.splitlines()[1:]
        for channel in channels:
            assert text.count(f"/{channel.id}:") == 1
