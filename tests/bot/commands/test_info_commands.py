"""help, status, board, Cancel, and what the logs may say."""

from __future__ import annotations

import logging

import rules
from tests.bot.helpers import Table
from words.phrases import plan_name


async def test_help_is_private_and_short_enough_for_discord(table: Table):
    result = await table.carol.slash(table.channel, "goryo help", topic="rules")
    assert result.ephemeral
    text = result.response.content
    assert "The Samurai win" in text and len(text) <= 2000
    assert "once you call the next one, the earlier one is done" in text  # not learnt by being refused
    commands = (await table.carol.slash(table.channel, "goryo help", topic="commands")).response.content
    assert "/goryo challenge" in commands and "/goryo path" in commands and len(commands) <= 2000
    in_dm = await table.carol.user.slash("goryo help", topic="rules")
    assert in_dm.response.content == text


async def test_status_tells_anyone_the_state_of_play_privately(table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    status = await table.carol.slash(table.channel, "goryo status")
    assert status.ephemeral
    text = status.response.content
    assert "Round 1 of 4" in text and "planning her path" in text
    assert "Spirit tokens flipped: 0 of 3" in text and "Gong: 0 of 12" in text
    assert "Sprint, False Trail" in text
    assert "bound object" not in text  # Carol is not the Goryō
    assert f"your bound object is the {table.state.bound}" in (
        await table.goryo.slash(table.channel, "goryo status")).response.content


async def test_board_posts_the_public_board_for_anyone(table: Table):
    await table.begin()
    board = await table.carol.slash(table.channel, "goryo board")
    assert not board.ephemeral
    picture = board.response.attachments[0]
    assert picture.filename == "goryo-board.png" and picture.description
    assert (await picture.read()).startswith(b"\x89PNG")
    assert board.followups == []  # nothing private for a spectator


async def test_cancel_locks_nothing(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    cancelled = await table.goryo.user.click(preview.response, label="Cancel")
    assert "Cancelled" in cancelled.response.message.content
    assert cancelled.response.message.components == []
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.state.phase is rules.Phase.GORYO_TURN and record.version == 1
    assert not any("planned her path" in m.content for m in table.channel.history())


async def test_logs_at_info_never_show_hidden_information(table: Table, caplog):
    caplog.set_level(logging.INFO)
    await table.begin()
    state = table.state
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0]))
    plan = next(rules.legal_plans(table.state))
    await table.play(plan)
    await table.play(rules.Search(rules.Samurai.RED))
    await table.play(rules.EndSamuraiTurn())
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert any("match 1" in line for line in logged)  # the logs do follow the match
    for line in logged:
        assert str(state.bound) not in line
        assert plan_name(plan.path) not in line
        assert "".join(rules.space_name(s) for s in plan.path) not in line
