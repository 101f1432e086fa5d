"""``/goryo board text:True`` (issue 45): the whole board in words, for the asker alone, in their language; her own
board for the Goryō (in her DMs too), the public one for anyone else, and nothing drawn."""

from __future__ import annotations

import rules
from locales import speaking
from words.phrases import plan_name
from words.text_board import goryo_text_board, public_text_board

from ..helpers import Table


async def to_the_samurai_turn(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    await table.play(next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Sniff)))


async def test_a_spectator_reads_the_public_board_in_words_privately(env):
    table = Table(env)
    await to_the_samurai_turn(table)
    before = len(table.channel.history())
    result = await table.carol.slash(table.channel, "goryo board", text=True)
    answer = result.response
    assert answer.ephemeral and not answer.attachments and not answer.embeds
    assert answer.content == public_text_board(rules.public_view(table.state))
    assert len(answer.content) <= 2000 and "```" in answer.content
    assert "bound object" not in answer.content and plan_name(table.state.plan.path) not in answer.content
    assert len(table.channel.history()) == before, "nothing is posted in the channel"


async def test_the_goryo_reads_her_own_board_in_words_in_her_dms_and_in_the_channel(env):
    table = Table(env)
    await to_the_samurai_turn(table)
    expected = goryo_text_board(rules.goryo_view(table.state))
    in_dm = await table.goryo.user.slash("goryo board", text=True)
    assert in_dm.response.content == expected and not in_dm.response.attachments
    assert plan_name(table.state.plan.path) in expected and "Your bound object" in expected
    in_channel = await table.goryo.slash(table.channel, "goryo board", text=True)
    assert in_channel.response.ephemeral and in_channel.response.content == expected


async def test_the_board_in_words_speaks_the_asker_s_language(env, locales_of):
    table = Table(env)
    await to_the_samurai_turn(table)
    locales_of[table.carol.id] = "it"
    result = await table.carol.slash(table.channel, "goryo board", text=True)
    with speaking("it"):
        expected = public_text_board(rules.public_view(table.state))
    assert result.response.content == expected and "Il tabellone a parole" in expected
