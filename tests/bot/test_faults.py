"""Faults: Discord refusing the bot's messages, and the bot dying between the pipeline's steps.

Either way an action is stored exactly once or not at all (the action log says which),
the player hears privately what to do, and the match goes on — after a restart too.
"""

from __future__ import annotations

import pytest
import simcord

import rules
from bot.service import STEPS

from .helpers import Table, unexpected_errors

SORRY = "Something went wrong on my side"
LOST = "That counted, but Discord would not take one of my messages"
DISCORD_ERRORS = [
    pytest.param(500, 0, id="500"),
    pytest.param(403, 50001, id="403"),
    pytest.param(429, 0, id="429"),
]


class InjectedCrash(RuntimeError):
    """Stands for the process dying at a given point."""


@pytest.fixture
async def env(simcord_env):
    """Like conftest's env, but the crashes these tests inject are expected."""
    yield simcord_env
    unexpected = [
        e for e in unexpected_errors(simcord_env) if not isinstance(getattr(e, "original", e), InjectedCrash)
    ]
    if unexpected:
        raise ExceptionGroup("the bot raised unexpected errors", unexpected)


async def actions_of(env: simcord.Env, table: Table) -> list[rules.Action]:
    record = await env.bot.store.active_match_in(table.channel.id)
    assert await env.bot.store.verify(record.id) is None  # the log replays to the stored state
    assert record.state == table.state  # and the stored state is the shadow's: nothing lost, nothing doubled
    return [entry.action for entry in await env.bot.store.actions(record.id)]


async def hunting(table: Table) -> None:
    """A match in the Samurai's first turn."""
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


def moves(table: Table) -> list[rules.Action]:
    return [a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move)]


# --- Discord refuses a message ---------------------------------------------------------


@pytest.mark.parametrize(("status", "code"), DISCORD_ERRORS)
async def test_a_lost_public_reply_keeps_the_action_once_and_says_how_to_see_the_board(env, table: Table, status, code):
    await hunting(table)
    before = await actions_of(env, table)
    env.inject_error("POST", "/interactions/*/callback", status=status, code=code)
    move = moves(table)[0]
    result = await table.samurai_act(move)
    table.state = rules.apply(table.state, move).state

    assert result.ephemeral and LOST in result.response.content and "/goryo board" in result.response.content
    assert await actions_of(env, table) == [*before, move]
    board = await table.samurai.slash(table.channel, "goryo board")
    assert not board.ephemeral and board.response.attachments
    # The match goes on.
    follow_on = await table.play(moves(table)[0])
    assert not follow_on.ephemeral and "moves from" in follow_on.response.content


@pytest.mark.parametrize(("status", "code"), DISCORD_ERRORS)
async def test_a_lost_dm_still_hands_the_goryo_her_turn(env, table: Table, status, code):
    await hunting(table)
    before = await actions_of(env, table)
    env.inject_error("POST", "/channels/*/messages", status=status, code=code)  # the DM of her next turn
    ended = await table.play(rules.EndSamuraiTurn())

    assert not ended.ephemeral and "Her path was" in ended.response.content
    assert await actions_of(env, table) == [*before, rules.EndSamuraiTurn()]
    [notice] = [m for m in table.channel.history() if table.goryo.mention in m.content and "Goryō's move" in m.content]
    assert ("Allow DMs" in notice.content) == (status == 403)
    # She plays on from the channel, answered privately.
    status_reply = await table.goryo.slash(table.channel, "goryo status")
    assert status_reply.ephemeral and f"bound object is the {table.state.bound}" in status_reply.response.content
    locked = await table.play(next(rules.legal_plans(table.state)), in_channel=True)
    assert "Locked in" in locked.response.message.content


@pytest.mark.parametrize(("status", "code"), DISCORD_ERRORS)
async def test_when_the_dm_and_its_fallback_both_fail_the_samurai_are_told(env, table: Table, status, code):
    await hunting(table)
    before = await actions_of(env, table)
    env.inject_error("POST", "/channels/*/messages", status=status, code=code, times=2)
    ended = await table.play(rules.EndSamuraiTurn())

    assert "Her path was" in ended.response.content
    [notice] = ended.followups
    assert notice.ephemeral and LOST in notice.content
    assert await actions_of(env, table) == [*before, rules.EndSamuraiTurn()]


@pytest.mark.parametrize(("status", "code"), DISCORD_ERRORS)
async def test_a_lost_follow_up_is_logged_not_raised(env, table: Table, status, code):
    await table.begin()
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])
    env.inject_error("POST", "/channels/*/messages", status=status, code=code)  # the public post
    env.inject_error("POST", "/webhooks/*", status=status, code=code)  # and the follow-up saying so
    started = await table.play(start, in_channel=True)

    assert started.ephemeral and "You break the" in started.response.content  # her private reply got through
    assert await actions_of(env, table) == [start]
    board = await table.carol.slash(table.channel, "goryo board")
    assert "appears on" not in board.response.content and board.response.attachments


# --- the bot dies between two steps -------------------------------------------------------


def crash_after(step: str):
    def checkpoint(name: str) -> None:
        if name == step:
            raise InjectedCrash(f"crash after {step}")

    return checkpoint


def committed(step: str) -> bool:
    return STEPS.index(step) >= STEPS.index("commit")


@pytest.mark.parametrize("step", STEPS)
async def test_a_crash_in_a_samurai_action_leaves_the_match_before_or_after_it(env, make_bot, table: Table, step):
    await hunting(table)
    before = await actions_of(env, table)
    move = moves(table)[0]
    env.bot.game.service.checkpoint = crash_after(step)
    result = await table.samurai_act(move)

    apology = result.followups[-1] if step == "reply" else result.response
    assert apology.ephemeral and SORRY in apology.content and "/goryo board" in apology.content
    if committed(step):
        table.state = rules.apply(table.state, move).state
    assert await actions_of(env, table) == ([*before, move] if committed(step) else before)

    await env.restart_bot(make_bot())
    again = await table.play(rules.EndSamuraiTurn()) if committed(step) else await table.play(move)
    assert not again.ephemeral
    assert await actions_of(env, table) == [*before, move] + ([rules.EndSamuraiTurn()] if committed(step) else [])


@pytest.mark.parametrize("step", STEPS)
async def test_a_crash_while_confirming_a_plan_leaves_the_match_before_or_after_it(env, make_bot, table: Table, step):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    before = await actions_of(env, table)
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    env.bot.game.service.checkpoint = crash_after(step)
    await table.confirm(preview)

    assert SORRY in table.goryo_dm()[-1].content  # her DMs: private
    assert all(SORRY not in m.content for m in table.channel.history())
    if committed(step):
        table.state = rules.apply(table.state, plan).state
    assert await actions_of(env, table) == ([*before, plan] if committed(step) else before)

    await env.restart_bot(make_bot())
    if step == "reply":  # the preview already became her receipt: no button left to press
        assert "Locked in" in preview.response.content and preview.response.components == []
    elif committed(step):
        await table.confirm(preview)  # the same button, after the restart
        assert "out of date" in table.goryo_dm()[-1].content
    else:
        again = await table.confirm(preview)
        assert "Locked in" in again.response.message.content
        table.state = rules.apply(table.state, plan).state
    assert await actions_of(env, table) == [*before, plan]
    hunt = await table.play(moves(table)[0])
    assert not hunt.ephemeral
