"""Issue 44: ``/goryo replay match: as:record`` attaches the match's record, which replays to the match."""

from __future__ import annotations

import pytest

import rules
from rules.record import check, parse_record
from rules.record.notation import action_line
from tests.bot.helpers import begin_in_italy, italy_seed, resign

from ..helpers import Table

SEED = italy_seed()  # the Italian server's match (begin_in_italy)


async def play_a_turn_with_an_undo(table: Table) -> None:
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    await table.play(move)
    await table.play(rules.Undo())
    await table.play(rules.Search(rules.Samurai.RED))
    await table.play(rules.EndSamuraiTurn())


async def test_the_record_of_a_finished_match_replays_to_its_stored_state(env, table: Table):
    await table.begin(assist=True)
    await play_a_turn_with_an_undo(table)
    await resign(table, table.bob)

    result = await table.carol.slash(table.channel, "goryo replay", match=1, **{"as": "record"})
    assert not result.ephemeral and result.response.content.startswith("**Record** of match 1:")
    [attachment] = result.response.attachments
    assert attachment.filename == "goryo-match-1.txt"
    text = (await attachment.read()).decode("utf-8")
    stored = await env.bot.store.get_match(1)
    assert check(text) == stored.state  # the very state the match ended in
    record = parse_record(text)
    assert list(record.actions) == [logged.action for logged in await env.bot.store.actions(1)]
    assert [line.text for line in record.lines][2:4] == [action_line(table_move(record)), "undo"]
    tags = dict(record.tags)
    assert tags["Goryo"] == "alice" and tags["Samurai"] == "bob" and tags["Channel"] == "dojo"
    assert tags["Aid"] == "on" and tags["Level"] == "-" and tags["Mode"] == "basic"
    assert tags["Result"] == "goryo" and tags["Termination"] == "resigned"
    assert tags["Site"] == table.guild.name and tags["Event"] == "Goryō match 1"


async def test_the_record_of_a_match_in_progress_is_refused_privately(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    refused = await table.carol.slash(table.channel, "goryo replay", match=1, **{"as": "record"})
    assert refused.ephemeral and not refused.response.attachments
    assert refused.response.content == "Match 1 is still being played; its record will be ready once it ends."
    assert (await env.bot.store.get_match(1)).is_active


def table_move(record) -> rules.Move:
    return record.actions[2]


@pytest.mark.goryo(seed=SEED)
async def test_the_record_in_an_italian_server(env, locales_of):
    table = await begin_in_italy(env, locales_of)
    refused = await table.alice.slash(table.channel, "goryo replay", match=1, **{"as": "record"})
    assert refused.ephemeral
    assert refused.response.content == ("La partita 1 è ancora in corso: la sua trascrizione sarà pronta quando "
                                        "sarà finita.")
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    asked = await table.goryo.slash(table.channel, "goryo resign")
    await table.goryo.click(asked.response, label="Resign")
    assert any("Vincono i Samurai" in m.content for m in table.channel.history())
    result = await table.alice.slash(table.channel, "goryo replay", match=1, **{"as": "record"})
    assert result.response.content.startswith("**Trascrizione** della partita 1:")
    [attachment] = result.response.attachments
    final = check((await attachment.read()).decode("utf-8"))
    assert final == (await env.bot.store.get_match(1)).state and final.outcome.winner is rules.Side.SAMURAI
