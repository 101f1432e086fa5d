"""Nothing stale stays pressable: over a whole match, at every moment at most one board carries the Samurai's
panel, at most one of her messages her builder and one her plan's preview (none when it is not their turn), and
a used Rematch goes."""

from __future__ import annotations

import pytest

import rules
from bot.ui.panel import action_value

from ..helpers import EndedByItself, Table, carrying, controls, live_board
from ..scripts import scripted_match

SEED, ACTIONS = scripted_match(rules.Termination.SURVIVED_FOUR_ROUNDS)
KINDS = {"move": rules.Move, "sniff": rules.Sniff, "search": rules.Search}


async def by_panel(table: Table, action: rules.Action) -> None:
    """A Samurai action chosen on the live board's panel rather than typed."""
    board = live_board(table)
    kind = next(k for k, t in KINDS.items() if isinstance(action, t))
    [select] = [c for c in controls(board, "goryo:panel:") if c.custom_id.split(":")[4] == kind]
    await table.samurai.select(board, [action_value(action)], custom_id=select.custom_id)
    table.state = rules.apply(table.state, action).state


@pytest.mark.parametrize("bot_settings", [{"seed": SEED, "board_cooldown": 0}], indirect=True)
async def test_at_every_moment_of_a_whole_match_at_most_one_board_and_one_builder_can_act(env, bot_settings):
    table = Table(env, seed=SEED)
    await table.begin()
    for number, action in enumerate(ACTIONS):
        if table.state.to_move is rules.Side.GORYO:
            # Her board asked for in her DMs while her builder is live: shown, with no second builder.
            [builder] = carrying(table.goryo_dm(), "goryo:build:")
            await table.goryo.user.slash("goryo board")
            board = table.goryo_dm()[-1]
            assert board.attachments and builder.jump_url in board.content and not controls(board, "goryo:")
        if isinstance(action, rules.Plan):
            # She previews another plan first (typed, as if twice): the plan she plays replaces it.
            other = next(p for p in rules.legal_plans(table.state) if p != action)
            await table.preview(other)
            assert len(carrying(table.goryo_dm(), "goryo:plan:")) == 1
        panels = carrying(table.channel.history(), "goryo:panel:")
        builders = carrying(table.goryo_dm(), "goryo:build:")
        assert carrying(table.goryo_dm(), "goryo:plan:") == [] or isinstance(action, rules.Plan), number
        state = table.state
        # (after a turn's last legal action it ended by itself: the table's shadow ends it next)
        hunting = state.phase is rules.Phase.SAMURAI_TURN and rules.legal_samurai_actions(state)
        assert len(panels) == (1 if hunting else 0), number
        assert len(builders) == (1 if state.to_move is rules.Side.GORYO else 0), number
        if panels:
            assert panels[0].id == live_board(table).id
        if number % 2 and isinstance(action, tuple(KINDS.values())):
            await by_panel(table, action)
        else:
            result = await table.play(action)
            assert not isinstance(result, EndedByItself) or action == rules.EndSamuraiTurn()
    assert table.state.is_over
    assert carrying(table.channel.history(), "goryo:panel:") == [] and carrying(table.goryo_dm(), "goryo:build:") == []
    [end] = carrying(table.channel.history(), "goryo:rematch:")
    await table.samurai.click(end, label="Rematch")
    assert carrying(table.channel.history(), "goryo:rematch:") == []  # used: gone, its words stay
    assert "bound object was" in next(m for m in table.channel.history() if m.id == end.id).content
