"""The Samurai's panel on the live board: one choice is one action, for the match's Samurai player alone."""

from __future__ import annotations

import rules
from bot.ui.panel import action_value
from tests.bot.helpers import Table, keep_acting, live_board, paired_table

KINDS = {"move": rules.Move, "sniff": rules.Sniff, "search": rules.Search}


async def _samurai_turn(table: Table, plan: rules.Plan | None = None) -> None:
    await table.begin()
    await _samurai_turn_begun(table, plan)


async def _italian_samurai_turn(env, samurai_locale: dict | None = None) -> tuple[Table, object]:
    """A match in an Italian server, accepted in Italian, at its first Samurai turn; and its live board.
    With ``samurai_locale`` (the ``locales_of`` fixture), the Samurai player's own client is Italian too."""
    table = Table(env, guild=env.create_guild("Dojo italiano", preferred_locale="it"))
    if samurai_locale is not None:
        samurai_locale[table.bob.id] = "it"
    await table.challenge(role="goryo")
    await table.bob.click(table.challenge_message(), label="Accetta")
    table.goryo, table.samurai = table.alice, table.bob
    table.state = rules.new_game(table.seed)
    await _samurai_turn_begun(table)
    return table, next(m for m in reversed(table.channel.history()) if _panel(m))


async def _samurai_turn_begun(table: Table, plan: rules.Plan | None = None) -> None:
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(plan or next(rules.legal_plans(table.state)))


def _panel(message) -> dict:
    """The panel's components by kind (move, sniff, search, end), as Discord holds them."""
    found = {}
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            if custom_id.startswith("goryo:panel:"):
                found[custom_id.split(":")[4]] = child
    return found


def _offered(message) -> dict[str, list[str]]:
    return {kind: [o.value for o in child.options] for kind, child in _panel(message).items()
            if kind not in ("end", "undo")}


def _legal(state: rules.GameState) -> dict[str, list[str]]:
    legal = rules.legal_samurai_actions(state)
    found = {kind: [action_value(a) for a in legal if isinstance(a, action)] for kind, action in KINDS.items()}
    return {kind: values for kind, values in found.items() if values}


async def _choose(table: Table, action: rules.Action, actor=None):
    """Play ``action`` from the live board's panel, as the Samurai player (or ``actor``)."""
    board = live_board(table)
    panel = _panel(board)
    if isinstance(action, rules.EndSamuraiTurn):
        asked = await (actor or table.samurai).click(board, custom_id=panel["end"].custom_id)
        if not rules.legal_samurai_actions(table.state) or not asked.ephemeral or "End the turn" not in str(
                asked.response.content):
            return asked
        # Actions are left: End turn only asked, privately; confirmed here.
        return await (actor or table.samurai).click(asked.response, label="End turn")
    kind = next(k for k, t in KINDS.items() if isinstance(action, t))
    return await (actor or table.samurai).select(board, [action_value(action)], custom_id=panel[kind].custom_id)


async def test_the_panel_offers_the_legal_actions_and_each_choice_plays_one(table):
    await _samurai_turn(table)
    turn_round = table.state.round
    while rules.legal_samurai_actions(table.state):
        board = live_board(table)
        assert _offered(board) == _legal(table.state)
        left = 6 - table.state.actions_used
        first = next(child for kind, child in _panel(board).items() if kind not in ("end", "undo"))
        noun = "action" if left == 1 else "actions"
        assert first.placeholder.split(" (")[1].startswith(f"{left} {noun} left of 6")
        action = keep_acting(table.state)
        before = len(table.channel.history())
        result = await _choose(table, action)
        table.state = rules.apply(table.state, action).state
        # Answered like the slash command: the action's words, in the channel, for everyone.
        assert not result.ephemeral
        assert rules.space_name(table.state.samurai_space(action.samurai)) in result.response.content
        assert len(table.channel.history()) > before
    # The 6th action's words say the turn is over; the Discovery followed and the board has no panel left.
    assert "your turn is over, and the Discovery follows" in result.response.content
    assert "Her path was" in table.channel.history()[-2].content + table.channel.history()[-1].content
    assert _panel(live_board(table)) == {} and table.state.round == turn_round


async def test_the_summary_says_what_each_samurai_has_left_and_who_may_still_act(table):
    await _samurai_turn(table)
    green = next(a for a in rules.legal_samurai_actions(table.state) if a.samurai is rules.Samurai.GREEN
                 and isinstance(a, rules.Move))
    await _choose(table, green)
    table.state = rules.apply(table.state, green).state
    purple = next(a for a in rules.legal_samurai_actions(table.state) if a.samurai is rules.Samurai.PURPLE
                  and isinstance(a, rules.Sniff))
    panel = _panel(live_board(table))
    descriptions = {o.value: o.description for o in panel["sniff"].options}
    # Each option says what the turn is after it: who it calls, who is then done, what is then left.
    assert descriptions[action_value(purple)] == "Calls Purple: Green is then done · then Purple has 2 actions left"
    assert ({o.description for o in panel["move"].options if o.value.startswith("green:")}
            == {"then Green has 1 action left"})
    await _choose(table, purple)
    table.state = rules.apply(table.state, purple).state
    placeholder = next(iter(_panel(live_board(table)).values())).placeholder
    assert placeholder.endswith("(4 actions left of 6 · Purple, Red and Blue may still act · Green is done)")


async def test_only_the_samurai_player_may_use_the_panel(table):
    await _samurai_turn(table)
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    before = [m.content for m in table.channel.history()]
    for stranger in (table.carol, table.goryo):
        refused = await _choose(table, move, actor=stranger)
        assert refused.ephemeral and "leads the Samurai in this match: this panel is theirs" in refused.response.content
    assert [m.content for m in table.channel.history()] == before
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record.state == table.state


async def test_a_choice_on_a_replaced_board_is_refused_and_takes_its_panel_away(env, table):
    """Taking the panel off the turn's previous board (the ping) fails once (Discord refused the edit), so that
    message still shows the panel of before, above the new board: a choice there acts no more."""
    await _samurai_turn(table)
    board = live_board(table)
    panel = _panel(board)
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
    assert _panel(stale) == {} and stale.attachments == [] and "planned her path" in stale.content
    assert _offered(live_board(table)) == _legal(table.state)
    # No answer was left "thinking" in the channel by the refused click.
    assert all(not m.flags.loading for m in table.channel.history())


async def test_a_replaced_board_discord_would_not_take_away_goes_on_the_retry(env, table):
    await _samurai_turn(table)
    await table.play(next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move)))
    board = live_board(table)
    env.inject_error("DELETE", f"/channels/{table.channel.id}/messages/{board.id}", status=503)
    await _choose(table, keep_acting(table.state))
    assert [m.id for m in table.channel.history() if _panel(m)] == [board.id, live_board(table).id]
    await env.advance_time(11)
    assert [m.id for m in table.channel.history() if _panel(m)] == [live_board(table).id] != [board.id]


async def test_the_panel_goes_when_the_turn_ends(table):
    await _samurai_turn(table)
    assert _panel(live_board(table))
    ended = await table.samurai.slash(table.channel, "goryo end")
    assert "Her path was" in ended.response.content
    assert _panel(live_board(table)) == {}


async def test_a_panel_of_a_turn_that_is_over_is_refused_and_taken_off(env, table):
    await _samurai_turn(table)
    old_board = live_board(table)
    # Discord refuses to take the panel off at the turn's end: the Discovery is said all the same.
    env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{old_board.id}", status=500)
    ended = await table.samurai.slash(table.channel, "goryo end")
    assert "Her path was" in ended.response.content
    table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state
    refused = await table.samurai.click(old_board, custom_id=_panel(old_board)["end"].custom_id)
    assert refused.ephemeral
    assert refused.response.content == ("This panel belongs to the turn of round 1, which is over. "
                                        "Use the newest board in the channel.")
    assert _panel(next(m for m in table.channel.history() if m.id == old_board.id)) == {}
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record.state == table.state


async def test_the_panel_works_after_a_restart(env, make_bot, table):
    await _samurai_turn(table)
    await env.restart_bot(make_bot())
    action = keep_acting(table.state)
    result = await _choose(table, action)
    assert not result.ephemeral
    table.state = rules.apply(table.state, action).state
    assert _offered(live_board(table)) == _legal(table.state)
    ended = await _choose(table, rules.EndSamuraiTurn())
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
        await _choose(table, move)
        table.state = rules.apply(table.state, move).state
        panel = _panel(live_board(table))
        seen.append({kind: (getattr(c, "placeholder", None), getattr(c, "label", None),
                            [(o.label, o.value, o.description) for o in getattr(c, "options", [])])
                     for kind, c in panel.items()})
    assert seen[0] == seen[1]


async def test_the_panel_speaks_the_servers_italian(env, locales_of):
    _, board = await _italian_samurai_turn(env)
    assert "scegli le azioni nei menu qui sotto" in board.content
    panel = _panel(board)
    assert panel["end"].label == "Fine turno"
    assert panel["move"].placeholder.startswith("Passo… (6 azioni rimaste su 6")
    labels = {o.value: o.label for o in panel["move"].options}
    assert labels["green:C2"] == "Verde → C2 · Urna"
