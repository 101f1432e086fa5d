"""A match whose state the renderer refuses (render.UndrawableView: a state no match should reach,
here a stored row edited behind the bot's back) still gets every announcement, in words alone:
no crash, nothing lost, and the match plays on."""

from __future__ import annotations

import json
import sqlite3

import rules
from tests.bot.helpers import Table, live_board


def push_the_mallet_past_the_gong(database, channel_id: int) -> None:
    """The stored state's gong mallet beyond its last space: nothing in a real match gets it there."""
    with sqlite3.connect(database) as db:
        row = db.execute("SELECT id, state FROM matches WHERE channel_id = ? AND status = 'active'",
                         (channel_id,)).fetchone()
        state = json.loads(row[1]) | {"mallet": 40}
        db.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(state), row[0]))


async def hunting(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


async def test_an_action_on_an_undrawable_state_is_announced_in_words_alone(env, bot_settings):
    table = Table(env)
    await hunting(table)
    assert live_board(table).attachments  # drawn while the state is one a match can reach
    before = len(table.channel.history())
    push_the_mallet_past_the_gong(bot_settings["database"], table.channel.id)

    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    result = await table.samurai_act(move)

    assert result.acknowledged
    announced = table.channel.history()[before:]
    mover = rules.space_name(move.to)
    assert any(mover in m.content for m in announced), [m.content for m in announced]
    assert all(m.attachments == [] for m in announced)
    assert live_board(table).attachments == []  # the old picture would show the board before the move
    # The match goes on: the next action is accepted and announced too.
    table.state = rules.apply(table.state, move).state
    sniff = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Sniff))
    result = await table.samurai_act(sniff)
    assert result.acknowledged and len(table.channel.history()) > before + len(announced)


async def test_goryo_board_on_an_undrawable_state_answers_in_words(env, bot_settings):
    table = Table(env)
    await hunting(table)
    push_the_mallet_past_the_gong(bot_settings["database"], table.channel.id)
    result = await table.carol.slash(table.channel, "goryo board")
    assert result.acknowledged
    answer = table.channel.history()[-1]
    assert answer.content and answer.attachments == []
