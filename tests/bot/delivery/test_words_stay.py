"""Words that went out stay: one failure in any request of an action's delivery (a 500, a 503, a timeout, an
Unknown Channel that turns out spurious) never takes back the action's words, and leaves one live board.

Each case plays a Samurai action, typed or chosen on the live board's panel, with Discord failing the n-th
request the action's delivery makes (n = 0, 1, … until the action makes fewer requests), then lets the
retries fall due: the channel shows the action's words once and exactly one board whose panel can act.
"""

from __future__ import annotations

import pytest
import simcord
import simcord.http.router

import rules
from bot.delivery.deliverer import RETRY_FIRST
from bot.ui.panel import action_value

from ..helpers import Table, live_board

FAULTS = {
    "500": {"status": 500, "code": 0},
    "503": {"status": 503, "code": 0},
    "10003": {"status": 404, "code": 10003},  # Unknown Channel, which asked again turns out to exist
    "timeout": None,  # no answer at all
}
LOST = "That counted, but Discord would not take one of my messages"


def enabled_panels(table: Table) -> list:
    """The channel's messages that carry a panel control Discord lets anyone press."""
    found = []
    for message in table.channel.history():
        controls = [child for row in message.components for child in getattr(row, "children", [row])
                    if (getattr(child, "custom_id", None) or "").startswith("goryo:panel:")
                    and not getattr(child, "disabled", False)]
        if controls:
            found.append(message)
    return found


def fail_the_nth_request(monkeypatch, env: simcord.Env, n: int, fault: str) -> list[tuple[str, str]]:
    """From now on, the n-th request the bot sends fails as ``fault`` says (once); returns the requests seen."""
    dispatch = simcord.http.router.dispatch
    seen: list[tuple[str, str]] = []

    def failing(backend, verb, route, **kwargs):
        seen.append((verb, route))
        if len(seen) - 1 == n:
            if FAULTS[fault] is None:
                raise TimeoutError()
            # What env.inject_error adds, added from within the bot's request (where SimCord's operations are refused).
            env.backend.faults.append({"method": verb, "path": route.replace("[", "[[]"), "times": 1,
                                       "message": "injected by test", **FAULTS[fault]})
        return dispatch(backend, verb, route, **kwargs)

    monkeypatch.setattr(simcord.http.router, "dispatch", failing)
    return seen


async def first_turn(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


def a_move(table: Table) -> rules.Move:
    return next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))


async def act(table: Table, action: rules.Action, how: str):
    if how == "typed":
        return await table.samurai_act(action)
    board = live_board(table)
    kind = {"move": rules.Move, "search": rules.Search, "sniff": rules.Sniff}
    name = next(k for k, t in kind.items() if isinstance(action, t))
    [select] = [child for row in board.components for child in getattr(row, "children", [row])
                if (getattr(child, "custom_id", None) or "").startswith("goryo:panel:")
                and child.custom_id.split(":")[4] == name]
    return await table.samurai.select(board, [action_value(action)], custom_id=select.custom_id)


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("how", ["typed", "panel"])
@pytest.mark.parametrize("which", ["first", "second"])  # the board replaced: the turn's ping, or a later board
async def test_one_failed_request_anywhere_in_an_actions_delivery_leaves_its_words_once_and_one_live_board(
    env, monkeypatch, how, fault, which
):
    n = 0
    while True:
        table = Table(env, channel_name=f"dojo-{n}", names=(f"g{n}", f"s{n}", f"w{n}"))
        await first_turn(table)
        if which == "second":
            move = a_move(table)
            await table.play(move)
        move = a_move(table)
        words = f"moves from {rules.space_name(table.state.samurai_space(move.samurai))} to {rules.space_name(move.to)}"
        seen = fail_the_nth_request(monkeypatch, env, n, fault)
        result = await act(table, move, how)
        table.state = rules.apply(table.state, move).state
        monkeypatch.undo()  # the later requests (the retries) go through
        made = len(seen)
        for step in range(3):
            await env.advance_time(RETRY_FIRST * 2**step + 1)
        channel = table.channel.history()
        assert sum(words in m.content for m in channel) == 1, (n, seen)
        panels = enabled_panels(table)
        assert len(panels) == 1 and panels[0].id == live_board(table).id, (n, seen)
        assert live_board(table).attachments  # the live board shows the board
        # Told privately, in a message of its own, when something was not shown at once.
        answers = [m for m in (result.response, *result.followups) if m is not None]
        assert all(m.ephemeral for m in answers if LOST in m.content), (n, seen)
        record = await env.bot.store.active_match_in(table.channel.id)
        assert record.state == table.state
        if n >= made:
            break
        n += 1
    assert n >= 3  # the answer, the board, the old board taken away: each failed once


@pytest.mark.parametrize("fault", FAULTS)
async def test_one_failed_request_anywhere_in_her_confirms_delivery_leaves_her_receipt_and_one_ping(
    env, monkeypatch, fault
):
    """Her plan's Confirm: her builder taken off, her receipt, the Samurai's ping (the turn's first board)."""
    n = 0
    while True:
        table = Table(env, channel_name=f"plan-{n}", names=(f"pg{n}", f"ps{n}", f"pw{n}"))
        await table.begin()
        await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
        plan = next(rules.legal_plans(table.state))
        preview = await table.preview(plan)
        seen = fail_the_nth_request(monkeypatch, env, n, fault)
        await table.confirm(preview)
        table.state = rules.apply(table.state, plan).state
        monkeypatch.undo()
        for step in range(3):
            await env.advance_time(RETRY_FIRST * 2**step + 1)
        assert sum("planned her path" in m.content for m in table.channel.history()) == 1, (n, seen)
        assert sum("Locked in" in m.content for m in table.goryo_dm()) == 1, (n, seen)
        panels = enabled_panels(table)
        assert len(panels) == 1 and panels[0].id == live_board(table).id, (n, seen)
        record = await env.bot.store.active_match_in(table.channel.id)
        assert record.state == table.state
        if n >= len(seen):
            break
        n += 1
    assert n >= 3
