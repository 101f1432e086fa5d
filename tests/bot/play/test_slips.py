"""No slip costs a turn (issue 34): End turn asks while actions are left, and a move that revealed nothing can be
taken back, by the live board's Undo or ``/goryo undo``; in English and in Italian."""

from __future__ import annotations

import rules
from bot.text.status import status_text
from bot.ui.panel import panel_view
from locales import speaking
from tests.bot.helpers import (
    Table,
    choose_on_panel,
    italian_samurai_turn,
    keep_acting,
    live_board,
    panel_items,
    samurai_turn,
)
from words.facts import public_facts

GREEN = rules.Samurai.GREEN


async def _stored(table: Table) -> rules.GameState:
    record = await table.env.bot.store.active_match_in(table.channel.id)
    return record.state


def _labels(message) -> list[str]:
    """The button labels of an ephemeral message, as Discord holds them (raw component rows)."""
    return [b["label"] for row in message.components for b in row["components"]]


def _move(state: rules.GameState, samurai: rules.Samurai = GREEN) -> rules.Move:
    return next(a for a in rules.legal_samurai_actions(state) if isinstance(a, rules.Move) and a.samurai is samurai)


async def test_end_turn_asks_while_actions_are_left_and_nothing_ends_until_confirmed(env, table):
    await samurai_turn(table)
    board = live_board(table)
    before = [m.content for m in table.channel.history()]
    asked = await table.samurai.click(board, custom_id=panel_items(board)["end"].custom_id)
    assert asked.ephemeral
    assert asked.response.content.startswith("End the turn with 6 actions unused?")
    assert _labels(asked.response) == ["End turn", "Keep playing"]
    assert await _stored(table) == table.state and [m.content for m in table.channel.history()] == before
    kept = await table.samurai.click(asked.response, label="Keep playing")
    assert kept.response.content == "You keep playing: nothing was changed."
    assert await _stored(table) == table.state

    # A question asked before another action is stale: refused privately, nothing changes.
    stale = await table.samurai.click(live_board(table), custom_id=panel_items(live_board(table))["end"].custom_id)
    move = _move(table.state)
    await choose_on_panel(table, move)
    table.state = rules.apply(table.state, move).state
    refused = await table.samurai.click(stale.response, label="End turn")
    assert refused.response.ephemeral and "out of date" in refused.response.content
    assert await _stored(table) == table.state

    # One action used: five unused, said in the question and in the Discovery once confirmed.
    asked = await table.samurai.click(live_board(table), custom_id=panel_items(live_board(table))["end"].custom_id)
    assert asked.response.content.startswith("End the turn with 5 actions unused?")
    ended = await table.samurai.click(asked.response, label="End turn")
    assert ended.response.content == "You ended the turn: the Discovery follows in the channel."
    discovery = next(m.content for m in reversed(table.channel.history()) if "Her path was" in m.content)
    assert "5 actions went unused." in discovery
    assert (await _stored(table)).phase is rules.Phase.GORYO_TURN


async def test_the_typed_end_ends_at_once_and_says_how_many_actions_went_unused(table):
    await samurai_turn(table)
    move = _move(table.state)
    await table.play(move)
    ended = await table.samurai.slash(table.channel, "goryo end")
    assert not ended.ephemeral and "Her path was" in ended.response.content
    assert "5 actions went unused." in ended.response.content


async def test_undo_takes_back_moves_to_the_last_answer_and_the_log_replays_the_match_as_played(env, table):
    await samurai_turn(table)
    start = table.state
    assert "undo" not in panel_items(live_board(table))  # nothing to take back yet
    refused = await table.samurai.slash(table.channel, "goryo undo")
    assert refused.ephemeral and refused.response.content == (
        "There is no move to take back: no Samurai has moved yet this turn.")

    first = _move(table.state)
    await choose_on_panel(table, first)
    table.state = rules.apply(table.state, first).state
    board = live_board(table)
    assert panel_items(board)["undo"].label == "Undo move"
    undone = await table.samurai.click(board, custom_id=panel_items(board)["undo"].custom_id)
    assert not undone.ephemeral
    origin, to = rules.space_name(start.samurai_space(GREEN)), rules.space_name(first.to)
    assert undone.response.content == (f"The Green Samurai takes back his move from {origin} to {to}: he stands on "
                                       f"{origin} again, and is no longer called.")
    table.state = rules.apply(table.state, rules.Undo()).state
    assert table.state == start and await _stored(table) == start
    assert "undo" not in panel_items(live_board(table))

    # Two moves, then a search: the search's answer fixes them; a move after it can be taken back by the command.
    await table.play(_move(table.state))
    await table.play(_move(table.state))
    search = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Search))
    await table.play(search)
    refused = await table.samurai.slash(table.channel, "goryo undo")
    assert refused.ephemeral and "an answered investigation, and everything before it, stands" in (
        refused.response.content)
    answered = table.state
    await table.play(_move(table.state, search.samurai) if any(
        isinstance(a, rules.Move) and a.samurai is search.samurai for a in rules.legal_samurai_actions(table.state))
        else _move(table.state, rules.Samurai.RED))
    taken = await table.samurai.slash(table.channel, "goryo undo")
    assert not taken.ephemeral and "takes back his move" in taken.response.content
    table.state = rules.apply(table.state, rules.Undo()).state
    assert table.state == answered and await _stored(table) == answered

    # The log is append-only and holds the undos: folding it gives the match as it stands.
    record = await env.bot.store.active_match_in(table.channel.id)
    logged = [entry.action for entry in await env.bot.store.actions(record.id)]
    assert sum(isinstance(a, rules.Undo) for a in logged) == 2
    state = rules.new_game(table.seed)
    for action in logged:
        state = rules.apply(state, action).state
    assert state == record.state


async def test_a_doubled_undo_is_refused_privately_and_takes_back_only_one_move(env, table):
    await samurai_turn(table)
    await table.play(_move(table.state))
    one = table.state
    second = _move(table.state)
    await choose_on_panel(table, second)
    table.state = rules.apply(table.state, second).state
    board = live_board(table)
    undo_id = panel_items(board)["undo"].custom_id
    # The board stays, panel and all, after the first click (Discord refused to delete it): the same Undo again.
    env.inject_error("DELETE", f"/channels/{table.channel.id}/messages/{board.id}", status=500)
    env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{board.id}", status=500)
    await table.samurai.click(board, custom_id=undo_id)
    table.state = rules.apply(table.state, rules.Undo()).state
    assert table.state == one
    again = await table.samurai.click(board, custom_id=undo_id)
    # The board it was pressed on was replaced: its Undo acts no more.
    assert again.ephemeral and again.response.content.startswith("This board was replaced by a newer one")
    assert await _stored(table) == one
    # The Goryō cannot take the Samurai's move back.
    hers = await table.goryo.slash(table.channel, "goryo undo")
    assert hers.ephemeral and await _stored(table) == one


async def test_end_turn_and_undo_speak_italian(env, locales_of):
    table, board = await italian_samurai_turn(env, samurai_locale=locales_of)
    asked = await table.samurai.click(board, custom_id=panel_items(board)["end"].custom_id)
    assert asked.response.content.startswith("Finire il turno con 6 azioni inutilizzate?")
    assert _labels(asked.response) == ["Fine turno",
                                                                                    "Continua a giocare"]
    refused = await table.samurai.slash(table.channel, "goryo undo")
    assert refused.response.content == ("Non c'è nessuna mossa da annullare: "
                                        "in questo turno nessun Samurai si è ancora mosso.")
    move = _move(table.state)
    await table.samurai.select(board, [f"green:{rules.space_name(move.to)}"],
                               custom_id=panel_items(board)["move"].custom_id)
    board = next(m for m in reversed(table.channel.history()) if panel_items(m))
    assert panel_items(board)["undo"].label == "Annulla mossa"
    undone = await table.samurai.click(board, custom_id=panel_items(board)["undo"].custom_id)
    assert "annulla la sua mossa da" in undone.response.content and "non è più attivato" in undone.response.content
    asked = await table.samurai.click(next(m for m in reversed(table.channel.history()) if panel_items(m)),
                                      custom_id=panel_items(board)["end"].custom_id)
    ended = await table.samurai.click(asked.response, label="Fine turno")
    assert ended.response.content == "Hai finito il turno: la Rivelazione segue nel canale."
    discovery = next(m.content for m in reversed(table.channel.history()) if "Rivelazione" in m.content
                     and "inutilizzat" in m.content)
    assert "6 azioni sono rimaste inutilizzate." in discovery


async def test_advanced_mode_says_each_called_samurai_acts_at_most_twice(table):
    await table.begin(advanced=True)
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    board = live_board(table)
    facts = {field.name: field.value for field in board.embeds[0].fields}
    assert facts["Advanced mode"] == "each Samurai called acts at most twice"
    first = next(c for k, c in panel_items(board).items() if k not in ("end", "undo"))
    assert first.placeholder.endswith("· each Samurai called acts at most twice)")
    # His first action leaves him one; his second, none: said of the turn after each choice.
    moves = {o.value: o.description for o in panel_items(board)["move"].options}
    assert set(moves.values()) >= {"Calls Green · then Green has 1 action left"}
    move = _move(table.state)
    await choose_on_panel(table, move)
    table.state = rules.apply(table.state, move).state
    descriptions = {o.description for o in panel_items(live_board(table))["move"].options
                    if o.value.startswith("green:")}
    assert descriptions == {"Green is then done"}
    status = await table.carol.slash(table.channel, "goryo status")
    assert "Advanced mode: each Samurai called acts at most twice." in status.response.content
    rules_help = await table.carol.slash(table.channel, "goryo help", topic="rules")
    assert "in advanced mode, at most 2: each acts at most twice" in rules_help.response.content


def test_each_option_says_what_it_leads_to_with_plurals_in_both_languages():
    """The panel as the deliverer builds it, in each language: the words of the turn after each choice."""
    from bot.ui.panel import panel_view
    from locales import speaking
    state = rules.new_game(3)
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    state = rules.apply(state, rules.Plan(next(rules.legal_paths(state)))).state

    def options(state, kind="move"):
        view = panel_view(1, state)
        return next(i.item for i in view.children if i.item.custom_id.endswith(f":{kind}"))

    state = rules.apply(state, _move(state)).state
    with speaking("en"):
        select = options(state)
        assert {o.description for o in select.options if o.value.startswith("green:")} == {
            "then Green has 1 action left"}
        assert "(5 actions left of 6 · " in select.placeholder
    with speaking("it"):
        select = options(state)
        assert {o.description for o in select.options if o.value.startswith("green:")} == {
            "poi a Verde resta 1 azione"}
        assert "(5 azioni rimaste su 6 · " in select.placeholder
        purple = next(o.description for o in select.options if o.value.startswith("purple:"))
        assert purple == "Attiva Viola: Verde ha poi finito · poi a Viola restano 2 azioni"
    # Five actions used: the sixth ends the turn, and says so; one action is left of six.
    while state.actions_used < 5:
        state = rules.apply(state, keep_acting(state)).state
    with speaking("en"):
        selects = [i.item for i in panel_view(1, state).children if hasattr(i.item, "options")]
        assert {o.description.rsplit(" · ", 1)[-1] for s in selects for o in s.options} == {"the turn then ends"}
        assert "(1 action left of 6 · " in selects[0].placeholder
    with speaking("it"):
        selects = [i.item for i in panel_view(1, state).children if hasattr(i.item, "options")]
        assert {o.description.rsplit(" · ", 1)[-1] for s in selects for o in s.options} == {"poi il turno finisce"}
        assert "(1 azione rimasta su 6 · " in selects[0].placeholder


def test_advanced_mode_says_its_limit_in_italian_too():
    """The facts beside the board, ``/goryo status`` and the panel, as the bot composes them in Italian."""
    state = rules.new_game(3, advanced=True)
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    state = rules.apply(state, rules.Plan(next(rules.legal_paths(state)))).state
    view = rules.public_view(state)
    with speaking("it"):
        facts = dict(public_facts(view))
        status = status_text(view, 1, 2, 3)
        select = next(i.item for i in panel_view(1, state).children if hasattr(i.item, "options"))
    assert facts["Modalità avanzata"] == "ogni Samurai attivato agisce al massimo due volte"
    assert "Modalità avanzata: ogni Samurai attivato agisce al massimo due volte." in status
    assert select.placeholder.endswith("· ogni Samurai attivato agisce al massimo due volte)")
    assert {o.description for o in select.options if o.value.startswith("green:")} == {
        "Attiva Verde · poi a Verde resta 1 azione"}
    basic = rules.public_view(rules.new_game(3))
    with speaking("it"):
        assert "Modalità avanzata" not in dict(public_facts(basic)) and "avanzata" not in status_text(basic, 1, 2, 3)
