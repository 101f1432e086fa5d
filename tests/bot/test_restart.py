"""A restart mid-round: the same match continues from SQLite, and old buttons still work."""

from __future__ import annotations

import rules
from tests.bot.helpers import Table
from words.phrases import plan_name


async def test_restart_mid_round_continues_the_same_match(env, make_bot, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    old_bot = env.bot

    await env.restart_bot(make_bot())
    assert env.bot is not old_bot

    # The preview's Confirm button was made by the old process; the new one honours it.
    locked = await table.confirm(preview)
    assert "Locked in" in locked.response.message.content
    table.state = rules.apply(table.state, plan).state
    action = rules.legal_samurai_actions(table.state)[0]
    moved = await table.play(action)
    assert not moved.ephemeral

    await env.restart_bot(make_bot())
    ended = await table.play(rules.EndSamuraiTurn())
    assert "Her path was " + plan_name(plan.path) in ended.response.content
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.state == table.state and record.version == 4  # start, plan, one action, end


async def test_a_challenge_survives_a_restart(env, make_bot, table: Table):
    await table.challenge(role="goryo")
    await env.restart_bot(make_bot())
    accepted = await table.answer("Accept")
    assert "Challenge accepted" in accepted.response.message.content
