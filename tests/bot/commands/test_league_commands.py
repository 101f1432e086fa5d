"""/goryo stats, leaderboard, history, replay and help on a small seeded history, through the real command tree."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

import rules
from bot.text.league import RATING_HELP
from tests.bot.helpers import Table, begin_in_italy, italy_seed, resign
from tests.bot.league_history import finish_match

G, S = rules.Side.GORYO, rules.Side.SAMURAI


async def seed_history(env, table: Table) -> rules.Plan:
    """Six finished matches in the table's channel, worked out by hand for Alice; her one plan in each.

    1 Alice (G) beats Bob, Bob resigning · 2 Alice (S) beats Bob, who resigns as the Goryō ·
    3 Alice (G) loses to Carol on time · 4 Alice (G) beats Bob · 5 Carol (G) v Alice, called off ·
    6 Alice (G) resigns to Bob. As the Goryō: 4 matches, 2 wins; as the Samurai: 1 of 1;
    longest winning streak either role: 2 (matches 1 and 2).
    """
    store = env.bot.store
    alice, bob, carol = table.alice.id, table.bob.id, table.carol.id
    played = [
        (alice, bob, rules.Resign(S)), (bob, alice, rules.Resign(G)), (alice, carol, rules.TimeOut(G)),
        (alice, bob, rules.Resign(S)), (carol, alice, rules.Abort()), (alice, bob, rules.Resign(G)),
    ]
    for minute, (goryo, samurai, ending) in enumerate(played):
        await finish_match(store, guild_id=table.guild.id, channel_id=table.channel.id, goryo_id=goryo,
                           samurai_id=samurai, ending=ending, minute=minute)
    state = rules.new_game(1)
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    return next(rules.legal_plans(state))  # what finish_match plays each time


def fields(result) -> dict[str, str]:
    [embed] = result.response.embeds
    return {field.name: field.value for field in embed.fields}


async def test_stats_show_hand_computed_records(env, table: Table):
    plan = await seed_history(env, table)
    result = await table.carol.slash(table.channel, "goryo stats", member=table.alice)
    assert not result.ephemeral
    shown = fields(result)
    ratings = await env.bot.store.ratings(table.guild.id)
    as_goryo, as_samurai = ratings[(table.guild.id, table.alice.id, G)], ratings[(table.guild.id, table.alice.id, S)]
    assert shown["As the Goryō"] == f"Rating **{as_goryo}** · 4 matches, 2 wins (50%) · longest winning streak 1"
    assert shown["As the Samurai"] == f"Rating **{as_samurai}** · 1 match, 1 win (100%) · longest winning streak 1"
    target = rules.OBJECT_AT[plan.path[-1]]
    sprints = 4 if len(plan.path) == 6 else 0
    assert shown["Records"].splitlines() == [
        "Longest winning streak, either role: 2",
        f"Favourite target: the {target} (4 times)",
        f"Sprint used in {sprints} of 4 matches as the Goryō",
        "False Trail placed 0 times, investigated by the Samurai 0 times",
    ]
    last = shown["Last matches"].splitlines()
    assert [line.split(" in ")[0] for line in last] == ["Match 6", "Match 5", "Match 4", "Match 3", "Match 2"]
    assert f"Goryō against {table.bob.mention}, lost" in last[0] and "no result" in last[1]
    assert all(table.channel.mention in line for line in last)

    mine = await table.carol.slash(table.channel, "goryo stats")  # no member: your own
    assert mine.response.embeds[0].title.startswith("carol")
    assert fields(mine)["As the Goryō"].startswith("No rated matches yet")  # match 5 was called off
    assert "1 match, 1 win (100%)" in fields(mine)["As the Samurai"]  # she beat Alice on time in match 3
    in_dm = await table.carol.user.slash("goryo stats")
    assert in_dm.response.content.startswith("Stats are kept per server")


async def test_leaderboard_lists_only_members_with_enough_matches(env, table: Table):
    await seed_history(env, table)
    ratings = await env.bot.store.ratings(table.guild.id)
    both = await table.carol.slash(table.channel, "goryo leaderboard")
    goryo_board, samurai_board = (embed.description for embed in both.response.embeds)
    alice = ratings[(table.guild.id, table.alice.id, G)]
    assert goryo_board.splitlines()[1:-1] == [f"1. {table.alice.mention} **{alice}** · won 2 of 4 matches"]
    bob = ratings[(table.guild.id, table.bob.id, S)]  # Samurai in matches 1, 4 and 6: just enough
    assert samurai_board.splitlines()[1:-1] == [f"1. {table.bob.mention} **{bob}** · won 1 of 3 matches"]
    only = await table.carol.slash(table.channel, "goryo leaderboard", role="samurai")
    assert [e.description for e in only.response.embeds] == [samurai_board]


async def test_history_lists_the_channels_matches_newest_first(env, table: Table):
    await seed_history(env, table)
    elsewhere = table.guild.create_text_channel("elsewhere")
    await finish_match(env.bot.store, guild_id=table.guild.id, channel_id=elsewhere.id, goryo_id=table.bob.id,
                       samurai_id=table.carol.id, ending=rules.Resign(S), minute=30)
    result = await table.carol.slash(table.channel, "goryo history")
    [embed] = result.response.embeds
    lines = embed.description.splitlines()
    assert [line.split(",")[0] for line in lines] == [f"Match {n}" for n in (6, 5, 4, 3, 2, 1)]
    assert "The Samurai win" in lines[0] and "resigned" in lines[0]
    assert "No one wins" in lines[1] or "called off" in lines[1]
    assert "Match 7" in (await table.carol.slash(elsewhere, "goryo history")).response.embeds[0].description


async def test_replay_posts_a_gif_of_the_whole_match_and_refuses_one_in_progress(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    await table.play(rules.Search(rules.Samurai.RED))
    await table.play(rules.EndSamuraiTurn())  # the Discovery: one more frame
    await resign(table, table.bob)

    # The first keystroke never waits on Discord: names the bot does not hold yet are fetched behind it.
    first = await table.carol.autocomplete(table.channel, "goryo replay", "match", "")
    assert [c["value"] for c in first] == [1] and "member" in first[0]["name"]
    choices = await table.carol.autocomplete(table.channel, "goryo replay", "match", "")
    assert [c["value"] for c in choices] == [1]
    assert choices[0]["name"].startswith("#1: alice (Goryō) vs bob (Samurai), The Goryō wins")

    result = await table.carol.slash(table.channel, "goryo replay", match=1)
    assert not result.ephemeral and result.response.content.startswith("**Replay** · Match 1,")
    [gif] = result.response.attachments
    data = await gif.read()
    assert gif.filename == "goryo-match-1.gif" and len(data) <= 26_214_400  # SimCord's upload limit
    # Its alt text: what it shows, then the ending as the final board's says it.
    assert gif.description.startswith("Replay of match 1, round by round: the public board after each action, "
                                      "ending on the final board. Match over. The Goryō wins: the Samurai resigned.")
    assert f"Her bound object was the {table.state.bound}." in gif.description
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF" and image.is_animated
        assert image.n_frames == 5 + 1 + 1  # one per action (start, plan, search, end, resign), the Discovery, the end

    await table.bob.click(end_message(table), label="Rematch")
    await table.answer("Accept", by=table.alice)
    refused = await table.carol.slash(table.channel, "goryo replay", match=2)
    assert refused.ephemeral and "still being played" in refused.response.content
    assert [c["value"] for c in await table.carol.autocomplete(table.channel, "goryo replay", "match", "")] == [1]
    unknown = await table.carol.slash(table.channel, "goryo replay", match=99)
    assert unknown.ephemeral and "no match 99" in unknown.response.content


@pytest.mark.goryo(seed=italy_seed())
async def test_a_replay_in_an_italian_server_has_its_alt_text_in_italian(env, locales_of):
    table = await begin_in_italy(env, locales_of)
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    asked = await table.goryo.slash(table.channel, "goryo resign")
    await table.goryo.click(asked.response, label="Resign")
    result = await table.bob.slash(table.channel, "goryo replay", match=1)  # asked in English, posted in Italian
    [gif] = result.response.attachments
    assert gif.description.startswith("Replay della partita 1, round per round: il tabellone pubblico dopo ogni "
                                      "azione, fino al tabellone finale. Partita finita. Vincono i Samurai")
    assert "Oggetto Vincolato era" in gif.description and "Replay of" not in gif.description


def end_message(table: Table) -> discord.Message:
    return [m for m in table.channel.history() if "bound object was" in m.content][-1]


async def test_replays_and_choices_leave_out_channels_the_member_cannot_see(env, table: Table):
    hidden = table.guild.create_text_channel(
        "back-room", overwrites={table.carol: discord.PermissionOverwrite(view_channel=False)}
    )
    await finish_match(env.bot.store, guild_id=table.guild.id, channel_id=hidden.id, goryo_id=table.alice.id,
                       samurai_id=table.bob.id, ending=rules.Resign(S), minute=0)
    assert await table.carol.autocomplete(table.channel, "goryo replay", "match", "") == []
    assert [c["value"] for c in await table.alice.autocomplete(table.channel, "goryo replay", "match", "")] == [1]
    refused = await table.carol.slash(table.channel, "goryo replay", match=1)
    assert refused.ephemeral and "no match 1" in refused.response.content


async def test_help_comes_in_topics_each_within_one_message(table: Table):
    overview = await table.carol.slash(table.channel, "goryo help")
    assert overview.ephemeral and "topic:" in overview.response.content
    texts = {}
    for topic in ("rules", "commands", "ratings", "assist", "ai"):
        answer = await table.carol.slash(table.channel, "goryo help", topic=topic)
        assert answer.ephemeral
        texts[topic] = answer.response.content
        assert 0 < len(texts[topic]) <= 2000
    assert "The Samurai win" in texts["rules"]
    assert "/goryo replay" in texts["commands"] and "Rematch" in texts["commands"]
    assert RATING_HELP in texts["ratings"] and "/goryo leaderboard" in texts["ratings"]
