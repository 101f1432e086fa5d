"""The Samurai's panel on the live board: one choice is one action, for the match's Samurai player alone."""

from __future__ import annotations

import rules
from bot.ui.panel import action_value
from tests.bot.helpers import (
    KINDS,
    choose_on_panel,
    italian_samurai_turn,
    keep_acting,
    live_board,
    paired_table,
    panel_items,
    samurai_turn,
)


def _offered(message) -> dict[str, list[str]]:
    return {kind: [o.value for o in child.options] for kind, child in panel_items(message).items()
            if kind not in ("end", "undo")}


def _legal(state: rules.GameState) -> dict[str, list[str]]:
    legal = rules.legal_samurai_actions(state)
    found = {kind: [action_value(a) for a in legal if isinstance(a, action)] for kind, action in KINDS.items()}
    return {kind: values for kind, values in found.items() if values}


async def test_the_panel_offers_the_legal_actions_and_each_choice_plays_one(table):
    await samurai_turn(table)
    turn_round = table.state.round
    while rules.legal_samurai_actions(table.state):
        board = live_board(table)
        assert _offered(board) == _legal(table.state)
        left = 6 - table.state.actions_used
        first = next(child for kind, child in panel_items(board).items() if kind not in ("end", "undo"))
        noun = "action" if left == 1 else "actions"
        assert first.placeholder.split(" (")[1].startswith(f"{left} {noun} left of 6")
        action = keep_acting(table.state)
        before = len(table.channel.history())
        result = await choose_on_panel(table, action)
        table.state = rules.apply(table.state, action).state
        # Answered like the slash command: the action's words, in the channel, for everyone.
        assert not result.ephemeral
        assert rules.space_name(table.state.samurai_space(action.samurai)) in result.response.content
        assert len(table.channel.history()) > before
    # The 6th action's words say the turn is over; the Discovery followed and the board has no panel left.
    assert "your turn is over, and the Discovery follows" in result.response.content
    assert "Her path was" in table.channel.history()[-2].content + table.channel.history()[-1].content
    assert panel_items(live_board(table)) == {} and table.state.round == turn_round


async def test_the_summary_says_what_each_samurai_has_left_and_who_may_still_act(table):
    await samurai_turn(table)
    green = next(a for a in rules.legal_samurai_actions(table.state) if a.samurai is rules.Samurai.GREEN
                 and isinstance(a, rules.Move))
    await choose_on_panel(table, green)
    table.state = rules.apply(table.state, green).state
    purple = next(a for a in rules.legal_samurai_actions(table.state) if a.samurai is rules.Samurai.PURPLE
                  and isinstance(a, rules.Sniff))
    panel = panel_items(live_board(table))
    descriptions = {o.value: o.description for o in panel["sniff"].options}
    # Each option says what the turn is after it: who it calls, who is then done, what is then left.
    assert descriptions[action_value(purple)] == "Calls Purple: Green is then done · then Purple has 2 actions left"
    assert ({o.description for o in panel["move"].options if o.value.startswith("green:")}
            == {"then Green has 1 action left"})
    await choose_on_panel(table, purple)
    table.state = rules.apply(table.state, purple).state
    placeholder = next(iter(panel_items(live_board(table)).values())).placeholder
    assert placeholder.endswith("(4 actions left of 6 · Purple, Red and Blue may still act · Green is done)")


async def test_only_the_samurai_player_may_use_the_panel(table):
    await samurai_turn(table)
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    before = [m.content for m in table.channel.history()]
    for stranger in (table.carol, table.goryo):
        refused = await choose_on_panel(table, move, actor=stranger)
        assert refused.ephemeral and "leads the Samurai in this match: this panel is theirs" in refused.response.content
    assert [m.content for m in table.channel.history()] == before
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record.state == table.state


async def test_a_choice_on_a_replaced_board_is_refused_and_takes_its_panel_away(env, table):
    """Taking the panel off the turn's previous board (the ping) fails once (Discord refused the edit), so that
    message still shows the panel of before, above the new board: a choice there acts no more."""
    await samurai_turn(table)
    board = live_board(table)
    panel = panel_items(board)
    env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{board.id}", status=500)
    search = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Search))
    played = await table.samurai.select(board, [action_value(search)], custom_id=panel["search"].custom_id)
    assert not played.ephemeral
    table.state = rules.apply(table.state, search).state
    stale = next(m for m in table.channel.history() if m.id == board.id)
    assert live_board(table).id != board.id and action_value(search) in _offered(stale)["search"]  # still shown
    # A choice on it, legal now: refused privately, nothing played, and the stale panel goes.
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move)
                and a.samurai is search.samurai)
    refused = await table.samurai.select(board, [action_value(move)], custom_id=panel["move"].custom_id)
    assert refused.ephemeral and refused.response.content == (
        "This board was replaced by a newer one: nothing was changed. Use the newest board in the channel.")
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.state == table.state
    stale = next(m for m in table.channel.history() if m.id == board.id)
    assert panel_items(stale) == {} and stale.attachments == [] and "planned her path" in stale.content
    assert _offered(live_board(table)) == _legal(table.state)
    # No answer was left "thinking" in the channel by the refused click.
    assert all(not m.flags.loading for m in table.channel.history())


async def test_a_replaced_board_discord_would_not_take_away_goes_on_the_retry(env, table):
    await samurai_turn(table)
    await table.play(next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move)))
    board = live_board(table)
    env.inject_error("DELETE", f"/channels/{table.channel.id}/messages/{board.id}", status=503)
    await choose_on_panel(table, keep_acting(table.state))
    assert [m.id for m in table.channel.history() if panel_items(m)] == [board.id, live_board(table).id]
    await env.advance_time(11)
    assert [m.id for m in table.channel.history() if panel_items(m)] == [live_board(table).id] != [board.id]


async def test_the_panel_goes_when_the_turn_ends(table):
    await samurai_turn(table)
    assert panel_items(live_board(table))
    ended = await table.samurai.slash(table.channel, "goryo end")
    assert "Her path was" in ended.response.content
    assert panel_items(live_board(table)) == {}


async def test_a_panel_of_a_turn_that_is_over_is_refused_and_taken_off(env, table):
    await samurai_turn(table)
    old_board = live_board(table)
    # Discord refuses to take the panel off at the turn's end: the Discovery is said all the same.
    env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{old_board.id}", status=500)
    ended = await table.samurai.slash(table.channel, "goryo end")
    assert "Her path was" in ended.response.content
    table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state
    refused = await table.samurai.click(old_board, custom_id=panel_items(old_board)["end"].custom_id)
    assert refused.ephemeral
    assert refused.response.content == ("This panel belongs to the turn of round 1, which is over. "
                                        "Use the newest board in the channel.")
    assert panel_items(next(m for m in table.channel.history() if m.id == old_board.id)) == {}
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record.state == table.state


async def test_the_panel_works_after_a_restart(env, make_bot, table):
    await samurai_turn(table)
    await env.restart_bot(make_bot())
    action = keep_acting(table.state)
    result = await choose_on_panel(table, action)
    assert not result.ephemeral
    table.state = rules.apply(table.state, action).state
    assert _offered(live_board(table)) == _legal(table.state)
    ended = await choose_on_panel(table, rules.EndSamuraiTurn())
    assert "Her path was" in table.channel.history()[-2].content + table.channel.history()[-1].content
    assert ended.response.ephemeral
    assert ended.response.content == "You ended the turn: the Discovery follows in the channel."


async def test_the_panel_gives_nothing_of_her_plan_away(env):
    """Paired: two matches, same public history, different plans: the same panel, word for word."""
    seen = []
    for name in ("first", "second"):
        # Different plans, one with a False Trail: nothing of them is public until the Discovery.
        table = await paired_table(env, name)
        move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
        await choose_on_panel(table, move)
        table.state = rules.apply(table.state, move).state
        panel = panel_items(live_board(table))
        seen.append({kind: (getattr(c, "placeholder", None), getattr(c, "label", None),
                            [(o.label, o.value, o.description) for o in getattr(c, "options", [])])
                     for kind, c in panel.items()})
    assert seen[0] == seen[1]


async def test_the_panel_speaks_the_servers_italian(env, locales_of):
    _, board = await italian_samurai_turn(env)
    assert "scegli le azioni nei menu qui sotto" in board.content
    panel = panel_items(board)
    assert panel["end"].label == "Fine turno"
    assert panel["move"].placeholder.startswith("Passo… (6 azioni rimaste su 6")
    labels = {o.value: o.label for o in panel["move"].options}
    assert labels["green:C2"] == "Verde → C2 · Urna"
