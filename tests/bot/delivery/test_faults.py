"""Faults: Discord refusing the bot's messages, the connection failing, and the bot dying between the
pipeline's steps.

An action is stored exactly once or not at all (the action log says which), and what
it owes to people sits in the outbox, stored with it: after a refusal (retried) or a
crash (a restart delivers it), every announcement appears exactly once, the player
hears privately what happened, and the match goes on. That includes a crash in the
narrowest window, after Discord took a message and before it was marked done, on every
route: the restarted bot finds it (in the interaction's reply, or in the channel or DM)
instead of sending it again.
"""

from __future__ import annotations

import asyncio
import fnmatch

import aiohttp
import pytest
import simcord
import simcord.http.router

import rules
import words
from bot.delivery.boards import ALT_TEXT_LIMIT
from bot.delivery.deliverer import RETRY_FIRST
from bot.delivery.routes import worded
from bot.play.service import STEPS
from tests.bot.delivery.conftest import InjectedCrash, crash_at_checkpoint
from tests.bot.helpers import Table, live_board, said

SORRY = "Something went wrong on my side"
LOST = "That counted, but Discord would not take one of my messages"
DISCORD_ERRORS = [
    pytest.param(404, 10062, id="10062"),  # Unknown interaction: its 3 seconds (or 15 minutes) are over
    pytest.param(500, 0, id="500"),
    pytest.param(403, 50001, id="403"),
]


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


def shows_the_board_now(table: Table) -> bool:
    """The live board's picture is the current state's (its alt text describes exactly that)."""
    expected = words.describe_public(rules.public_view(table.state))[:ALT_TEXT_LIMIT]
    return live_board(table).attachments[0].description == expected


# --- Discord refuses a message, on each route --------------------------------------------


async def a_round_with(table: Table, inject_before) -> tuple[rules.Action, rules.Action, object, object]:
    """Her plan confirmed, one move, the turn ended: ``inject_before(step)`` is called before each of
    "confirm", "move" and "end", so a test can make Discord fail there."""
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    inject_before("confirm")
    await table.confirm(preview)
    table.state = rules.apply(table.state, plan).state
    inject_before("move")
    move = moves(table)[0]
    moved = await table.samurai_act(move)
    table.state = rules.apply(table.state, move).state
    inject_before("end")
    ended = await table.play(rules.EndSamuraiTurn())
    return plan, move, moved, ended


ROUTES = {
    # route: (the action that meets the fault, the request that fails)
    "reply": ("move", "POST", "/interactions/*/callback"),
    "channel": ("confirm", "POST", "/channels/{channel}/messages"),
    "live": ("move", "PATCH", "/channels/{channel}/messages/*"),
    "dm": ("end", "POST", "/channels/{dm}/messages"),
}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("status", "code"), DISCORD_ERRORS)
async def test_a_refused_message_is_delivered_once_and_the_match_goes_on(env, table: Table, route, status, code):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    when, method, path = ROUTES[route]
    fault = path.format(channel=table.channel.id, dm=table.goryo.user.dm_channel.id)

    def inject_before(step: str) -> None:
        if step == when:
            env.inject_error(method, fault, status=status, code=code)

    plan, move, moved, _ = await a_round_with(table, inject_before)
    if route == "reply":
        assert not moved.acknowledged  # Discord refused the only answer; the channel heard anyway
    await env.advance_time(RETRY_FIRST + 1)  # the refused item's retry falls due

    channel = table.channel.history()
    assert len(said(channel, "planned her path")) == 1  # the ping, which is the turn's live board
    assert len(said(channel, "moves from")) == 1
    assert len(said(channel, "Her path was")) == 1
    assert shows_the_board_now(table) or table.state.phase is not rules.Phase.SAMURAI_TURN
    dm = table.goryo_dm()
    assert len(said(dm, "Locked in")) == 1
    dms_shut = route == "dm" and status == 403
    assert len(said(dm, "Round 2 of 4")) == (0 if dms_shut else 1)
    assert len(said(channel, "Goryō's move")) == (1 if dms_shut else 0)  # told where to play instead
    assert await actions_of(env, table) == [rules.ChooseStart(table.state.broken[0]), plan, move,
                                            rules.EndSamuraiTurn()]
    # Nothing is left waiting, and the match goes on.
    assert [e for e in await env.bot.store.outbox_of(1) if e.status != "done"] == []
    locked = await table.play(next(rules.legal_plans(table.state)))
    assert "Locked in" in locked.response.message.content


async def test_when_the_dm_and_its_fallback_both_fail_the_goryo_hears_later_and_the_samurai_are_told(env, table: Table):
    await hunting(table)
    before = await actions_of(env, table)
    env.inject_error("POST", f"/channels/{table.goryo.user.dm_channel.id}/messages", status=403, code=50007)
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=500)  # the notice in the channel
    ended = await table.play(rules.EndSamuraiTurn())

    assert "Her path was" in ended.response.content
    [notice] = ended.followups
    assert notice.ephemeral and LOST in notice.content
    assert await actions_of(env, table) == [*before, rules.EndSamuraiTurn()]
    await env.advance_time(RETRY_FIRST + 1)
    assert len(said(table.goryo_dm(), "Round 2 of 4")) == 1  # her DMs work again: the retry gets through
    assert said(table.channel.history(), "Goryō's move") == []


async def test_a_reply_discord_failed_to_fill_is_filled_in_place_on_the_retry(env, table: Table):
    await hunting(table)
    # The answer to "thinking…" (an edit of the original response): Discord's own failure.
    env.inject_error("PATCH", "/webhooks/*/messages/@original", status=500)
    ended = await table.samurai_act(rules.EndSamuraiTurn())
    table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state
    assert ended.deferred and "Her path was" not in (ended.response.content or "")
    await env.advance_time(RETRY_FIRST + 1)

    # It might have got through, so it was looked for, then given to the reply still waiting for it.
    assert "Her path was" in ended.response.content
    assert once_in(table.channel.history(), "Her path was") and once_in(table.goryo_dm(), "Round 2 of 4")
    await each_item_said_once(env, table)


async def test_a_challenge_discord_would_not_show_is_not_kept(env, table: Table):
    env.inject_error("POST", "/interactions/*/callback", status=404, code=10062)
    await table.challenge()
    assert await env.bot.store.pending_challenge_in(table.channel.id) is None
    again = await table.challenge()  # the channel is not blocked by an invisible challenge
    assert not again.ephemeral and "challenges" in again.response.content


# --- the bot dies between two steps -------------------------------------------------------


def crash_at(bot, point: str) -> None:
    crash_at_checkpoint(point, bot.parts.service, bot.parts.deliverer)


def committed(point: str) -> bool:
    return point not in STEPS or STEPS.index(point) >= STEPS.index("commit")


def apologised(result: simcord.InteractionResult) -> bool:
    answers = [m for m in [result.response, *result.followups] if m is not None and SORRY in m.content]
    return bool(answers) and all(m.ephemeral for m in answers) and "/goryo board" in answers[0].content


@pytest.mark.parametrize("point", [*STEPS, "delivered narration", "delivered live"])
async def test_a_crash_in_a_samurai_action_leaves_the_match_before_or_after_it(env, make_bot, table: Table, point):
    await hunting(table)
    before = await actions_of(env, table)
    move = moves(table)[0]
    crash_at(env.bot, point)
    result = await table.samurai_act(move)

    assert apologised(result)
    if committed(point):
        table.state = rules.apply(table.state, move).state
    assert await actions_of(env, table) == ([*before, move] if committed(point) else before)

    await env.restart_bot(make_bot())
    # After the restart, what the action owed has been said, once.
    assert len(said(table.channel.history(), "moves from")) == (1 if committed(point) else 0)
    assert shows_the_board_now(table)
    again = await table.play(rules.EndSamuraiTurn()) if committed(point) else await table.play(move)
    assert not again.ephemeral
    assert await actions_of(env, table) == [*before, move] + ([rules.EndSamuraiTurn()] if committed(point) else [])


@pytest.mark.parametrize("point", [*STEPS, "delivered discovery", "delivered goryo-turn"])
async def test_a_crash_after_the_end_of_a_turn_never_loses_the_discovery(env, make_bot, table: Table, point):
    await hunting(table)
    before = await actions_of(env, table)
    crash_at(env.bot, point)
    result = await table.samurai_act(rules.EndSamuraiTurn())

    assert apologised(result)
    if committed(point):
        table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state
    await env.restart_bot(make_bot())
    channel, dm = table.channel.history(), table.goryo_dm()
    assert len(said(channel, "Her path was")) == (1 if committed(point) else 0)
    assert len(said(dm, "Round 2 of 4")) == (1 if committed(point) else 0)
    if committed(point):
        board = await table.carol.slash(table.channel, "goryo board")  # the Discovery stays within reach
        assert [a.filename for a in board.response.attachments] == ["goryo-board.png", "goryo-discovery.png"]
    else:
        await table.play(rules.EndSamuraiTurn())
    assert await actions_of(env, table) == [*before, rules.EndSamuraiTurn()]


@pytest.mark.parametrize("point", [*STEPS, "delivered receipt", "delivered ping"])
async def test_a_crash_while_confirming_a_plan_leaves_the_match_before_or_after_it(env, make_bot, table: Table, point):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    before = await actions_of(env, table)
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    crash_at(env.bot, point)
    await table.confirm(preview)

    assert SORRY in table.goryo_dm()[-1].content  # her DMs: private
    assert all(SORRY not in m.content for m in table.channel.history())
    if committed(point):
        table.state = rules.apply(table.state, plan).state
    assert await actions_of(env, table) == ([*before, plan] if committed(point) else before)

    await env.restart_bot(make_bot())
    # The hand-over is never silent: the Samurai are pinged once, she has her receipt once.
    assert len(said(table.channel.history(), "planned her path")) == (1 if committed(point) else 0)
    assert len(said(table.goryo_dm(), "Locked in")) == (1 if committed(point) else 0)
    if point.startswith("delivered"):  # the preview already became her receipt: no button left to press
        assert "Locked in" in preview.response.content and preview.response.components == []
    elif committed(point):  # her plan is in: the preview can act no more, so its buttons went (its words stay)
        [shown] = [m for m in table.goryo_dm() if m.id == preview.response.id]
        assert shown.components == [] and "Your plan" in shown.content
    else:
        again = await table.confirm(preview)
        assert "Locked in" in again.response.message.content
        table.state = rules.apply(table.state, plan).state
    assert await actions_of(env, table) == [*before, plan]
    hunt = await table.play(moves(table)[0])
    assert not hunt.ephemeral


# --- Discord took a message, then the bot died before marking it done --------------------------

FIFTEEN_MINUTES = 15 * 60 + 1  # an interaction's token lives 15 minutes


def crash_quietly_at(env: simcord.Env, point: str) -> None:
    """As crash_at, but the dying bot says nothing more (its apology would fill the reply it left waiting).

    For an action whose thinking is answered by the apology: Discord refuses that edit.
    """
    env.inject_error("PATCH", "/webhooks/*/messages/@original", status=500)
    crash_at(env.bot, point)


async def starting(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))


async def move_in_doubt(env, table: Table, point: str) -> simcord.InteractionResult:
    await hunting(table)
    move = moves(table)[0]
    crash_at(env.bot, point)
    result = await table.samurai_act(move)
    table.state = rules.apply(table.state, move).state
    return result


async def end_in_doubt(env, table: Table, point: str, *, quietly: bool = False) -> simcord.InteractionResult:
    await hunting(table)
    crash_quietly_at(env, point) if quietly else crash_at(env.bot, point)
    result = await table.samurai_act(rules.EndSamuraiTurn())
    table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state
    return result


async def confirm_in_doubt(env, table: Table, point: str) -> simcord.InteractionResult:
    await starting(table)
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    crash_at(env.bot, point)
    await table.confirm(preview)
    table.state = rules.apply(table.state, plan).state
    return preview


async def start_in_doubt(env, table: Table, point: str) -> simcord.InteractionResult:
    await table.begin()
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])
    crash_at(env.bot, point)
    result = await table.start(rules.space_name(start.space))
    table.state = rules.apply(table.state, start).state
    return result


def once_in(history, words: str) -> bool:
    return len(said(history, words)) == 1


async def each_item_said_once(env, table: Table, boards_left: int = 1) -> None:
    """Every item of the match's outbox is done, and its words appear exactly once where it goes (a turn's board:
    at most ``boards_left`` copies, one unless Discord refused to delete an older one)."""
    for entry in await env.bot.store.outbox_of(1):
        assert entry.status == "done", entry
        if entry.item.kind == "builder-off":  # an edit: her builder loses its menus, nothing is said
            continue
        if entry.item.kind == "live":  # the turn's board, posted anew after each action, the one before deleted
            assert [m.content for m in table.channel.history()].count(entry.item.text) <= boards_left, entry
            continue
        where = table.goryo_dm() if entry.item.route == "goryo" else table.channel.history()
        assert [m.content for m in where].count(worded(entry).item.text) == 1, entry.item.kind  # as it is sent


IN_DOUBT = {
    # case: (how the crash is reached, the checks once the restarted bot has recovered)
    # The interaction's answer: sent as its first response, as the follow-up of its "thinking…", as the clicked message.
    "reply": (lambda env, table: move_in_doubt(env, table, "sent narration"),
              lambda table, result: once_in(table.channel.history(), "moves from")
              and "moves from" in result.response.content),
    "reply after thinking": (lambda env, table: end_in_doubt(env, table, "sent discovery"),
                             lambda table, result: once_in(table.channel.history(), "Her path was")
                             and once_in(table.goryo_dm(), "Round 2 of 4")),
    "reply replacing the clicked message": (lambda env, table: confirm_in_doubt(env, table, "sent receipt"),
                                            lambda table, preview: once_in(table.goryo_dm(), "Locked in")
                                            and "Locked in" in preview.response.content
                                            and once_in(table.channel.history(), "planned her path")),
    # A new channel message, the live board posted (with the ping, then anew after an action), the Goryō's DM.
    "public post": (lambda env, table: start_in_doubt(env, table, "sent narration"),
                    lambda table, result: len(table.channel.history()) == 2  # the match's start, and this
                    and once_in(table.goryo_dm(), "start there")),
    "live board posted": (lambda env, table: confirm_in_doubt(env, table, "sent ping"),
                          lambda table, preview: once_in(table.channel.history(), "planned her path")
                          and once_in(table.goryo_dm(), "Locked in")),
    "live board posted anew": (lambda env, table: move_in_doubt(env, table, "sent live"),
                          lambda table, result: once_in(table.channel.history(), "moves from")
                          and once_in(table.channel.history(), "planned her path") and shows_the_board_now(table)),
    "dm": (lambda env, table: end_in_doubt(env, table, "sent goryo-turn"),
           lambda table, result: once_in(table.goryo_dm(), "Round 2 of 4")
           and once_in(table.channel.history(), "Her path was")),
    # The attempt was written, then the bot died before Discord heard of it: sent (or filled) once after the restart.
    "reply waiting, thinking": (lambda env, table: end_in_doubt(env, table, "sending discovery", quietly=True),
                                lambda table, result: once_in(table.channel.history(), "Her path was")
                                and "Her path was" in result.response.content),
    "reply waiting, clicked message": (lambda env, table: confirm_in_doubt(env, table, "sending receipt"),
                                       lambda table, preview: once_in(table.goryo_dm(), "Locked in")
                                       and "Locked in" in preview.response.content
                                       and preview.response.components == []),
    "public post never sent": (lambda env, table: start_in_doubt(env, table, "sending narration"),
                               lambda table, result: len(table.channel.history()) == 2),
    "dm never sent": (lambda env, table: end_in_doubt(env, table, "sending goryo-turn"),
                      lambda table, result: once_in(table.goryo_dm(), "Round 2 of 4")),
}
LATE = ["reply", "reply after thinking", "reply replacing the clicked message"]


@pytest.mark.parametrize(
    ("case", "restart_after"),
    [(case, 0) for case in IN_DOUBT] + [pytest.param(case, FIFTEEN_MINUTES, id=f"{case}-15min") for case in LATE],
)
async def test_a_message_in_doubt_at_a_crash_appears_exactly_once_after_the_restart(
        env, make_bot, table: Table, case, restart_after):
    reach, said_once = IN_DOUBT[case]
    result = await reach(env, table)
    if restart_after:
        await env.advance_time(restart_after)  # the interaction's token has lapsed: its answer is found in the channel
    await env.restart_bot(make_bot())

    assert said_once(table, result)
    await each_item_said_once(env, table)
    await actions_of(env, table)  # the log replays to the stored state, which is the shadow's
    if table.state.phase is rules.Phase.SAMURAI_TURN:  # the match goes on, on the one live board
        await table.play(moves(table)[0])
        assert once_in(table.channel.history(), "planned her path") and shows_the_board_now(table)


# --- the other actions' step boundaries: her start, and the end of a match ------------------


async def resign_as_samurai(table: Table) -> None:
    asked = await table.samurai.slash(table.channel, "goryo resign")
    await table.samurai.click(asked.response, label="Resign")


@pytest.mark.parametrize("point", ["commit", "sent narration", "delivered goryo-turn"])
async def test_a_crash_while_she_chooses_her_start_says_it_all_once_after_the_restart(
        env, make_bot, table: Table, point):
    await table.begin()
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])
    crash_at(env.bot, point)
    await table.start(rules.space_name(start.space))
    table.state = rules.apply(table.state, start).state
    await env.restart_bot(make_bot())

    await each_item_said_once(env, table)
    assert await actions_of(env, table) == [start]
    await table.play(next(rules.legal_plans(table.state)))  # and she plans on


@pytest.mark.parametrize("point", ["commit", "sent end", "delivered end", "sent goryo-end"])
async def test_a_crash_as_a_match_ends_announces_the_end_once_after_the_restart(env, make_bot, table: Table, point):
    await hunting(table)
    crash_at(env.bot, point)
    await resign_as_samurai(table)
    await env.restart_bot(make_bot())

    await each_item_said_once(env, table)
    assert [e.item.kind for e in await env.bot.store.outbox_of(1)][-2:] == ["end", "goryo-end"]
    assert await env.bot.store.active_match_in(table.channel.id) is None
    assert await env.bot.store.verify(1) is None  # the log replays to the stored state
    rematch = [m for m in table.channel.history() if m.components]
    assert len(rematch) == 1 and "Resign" not in rematch[0].content  # one end message, with its rematch buttons


# --- Discord hears from the bot before any picture is drawn -------------------------------


async def test_every_interaction_is_acknowledged_before_a_picture_is_drawn(env, table: Table):
    unanswered_while_drawing: list[str] = []
    drawn: set[str] = set()

    def checkpoint(point: str) -> None:
        if point.startswith("drawing"):
            drawn.add(point)
            if not all(i.responded for i in env.backend.interactions.values()):
                unanswered_while_drawing.append(point)

    env.bot.parts.deliverer.checkpoint = checkpoint
    await hunting(table)  # the challenge taken, her start (from her DMs), her plan confirmed
    await table.play(moves(table)[0])
    await table.play(rules.EndSamuraiTurn())
    await resign_as_samurai(table)
    assert drawn == {"drawing goryo", "drawing public", "drawing discovery", "drawing final"}
    assert unanswered_while_drawing == []  # Discord was answered (or told to wait) first, every time


# --- the connection fails: no answer from Discord at all ------------------------------------------


def inject_exception(monkeypatch, env: simcord.Env, method: str, path: str, error: BaseException, *,
                     after: bool = False, times: int = 1) -> list[int]:
    """Like ``env.inject_error``, for what SimCord cannot inject: the connection failing (a timeout, a reset).

    SimCord's faults are HTTP statuses only. Both of its transports (discord.py's HTTP client, and
    the webhook adapter interactions use) send every request through ``simcord.http.router.dispatch``,
    so wrapping it raises ``error`` where aiohttp would, in place of Discord's answer. ``after``: Discord
    took the request and the answer was lost on the way back (the message exists), else it never arrived.
    Returns how many faults are left to raise (a one-item list).
    """
    dispatch = simcord.http.router.dispatch
    left = [times]

    def failing(backend, verb, route, **kwargs):
        if left[0] <= 0 or verb != method or not fnmatch.fnmatch(route, path):
            return dispatch(backend, verb, route, **kwargs)
        left[0] -= 1
        if after:
            dispatch(backend, verb, route, **kwargs)
        raise error

    monkeypatch.setattr(simcord.http.router, "dispatch", failing)
    return left


# Each route a send takes, and the edit that fills a reply left "thinking" (the Discovery's picture).
SENDS = {**ROUTES, "follow-up": ("end", "PATCH", "/webhooks/*/messages/@original")}
NETWORK_ERRORS = [
    pytest.param(asyncio.TimeoutError, id="timeout"),
    pytest.param(lambda: aiohttp.ClientConnectionError("connection reset"), id="connection"),
    pytest.param(lambda: OSError(104, "Connection reset by peer"), id="oserror"),
]


@pytest.mark.parametrize("after", [False, True], ids=["lost", "taken"])
@pytest.mark.parametrize("error", NETWORK_ERRORS)
@pytest.mark.parametrize("route", SENDS)
async def test_a_send_the_connection_failed_is_delivered_once_without_waiting_for_a_reminder(
    env, monkeypatch, table: Table, route, error, after
):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    when, method, path = SENDS[route]
    fault = path.format(channel=table.channel.id, dm=table.goryo.user.dm_channel.id)

    faults: list[list[int]] = []

    def inject_before(step: str) -> None:
        if step == when:
            faults.append(inject_exception(monkeypatch, env, method, fault, error(), after=after))

    plan, move, moved, ended = await a_round_with(table, inject_before)
    assert faults == [[0]]  # the connection failed where it was meant to
    await env.advance_time(RETRY_FIRST + 1)  # the retry falls due: no reminder (hours away) is needed

    channel, dm = table.channel.history(), table.goryo_dm()
    assert len(said(channel, "planned her path")) == 1
    assert len(said(channel, "moves from")) == 1
    assert len(said(channel, "Her path was")) == 1
    assert len(said(dm, "Locked in")) == 1
    assert len(said(dm, "Round 2 of 4")) == 1
    assert shows_the_board_now(table) or table.state.phase is not rules.Phase.SAMURAI_TURN
    # One honest answer each: never "Something went wrong" for an action that counted.
    for answers in (dm, [m for r in (moved, ended) for m in (r.response, *r.followups) if m is not None]):
        assert said(answers, SORRY) == []
    assert await actions_of(env, table) == [rules.ChooseStart(table.state.broken[0]), plan, move,
                                            rules.EndSamuraiTurn()]
    assert [e for e in await env.bot.store.outbox_of(1) if e.status != "done"] == []
    await each_item_said_once(env, table)


async def test_a_delivery_a_fault_broke_off_is_taken_up_again_without_a_restart(env, table: Table):
    await starting(table)
    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan)
    broke: list[str] = []

    def once(point: str) -> None:  # something other than Discord fails once (the store, say), mid-delivery
        if point == "sending ping" and not broke:
            broke.append(point)
            raise InjectedCrash(point)

    env.bot.parts.deliverer.checkpoint = once
    await table.confirm(preview)
    assert broke and said(table.channel.history(), "planned her path") == []
    await env.advance_time(RETRY_FIRST + 1)  # the same process looks again: no restart, no other action needed

    assert len(said(table.channel.history(), "planned her path")) == 1
    assert [e for e in await env.bot.store.outbox_of(1) if e.status != "done"] == []


# --- the board never leaves the screen ---------------------------------------------------


def board_at_bottom(table: Table) -> bool:
    """The picture of the board as it is now is among the channel's two latest messages; after the turn, the
    Discovery is."""
    latest = table.channel.history()[-2:]
    if table.state.phase is not rules.Phase.SAMURAI_TURN:
        return any("Her path was" in m.content and m.attachments for m in latest)
    expected = words.describe_public(rules.public_view(table.state))[:ALT_TEXT_LIMIT]
    return any(a.description == expected for m in latest for a in m.attachments)


def boards_of_now(table: Table) -> int:
    expected = words.describe_public(rules.public_view(table.state))[:ALT_TEXT_LIMIT]
    return sum(a.description == expected for m in table.channel.history() for a in m.attachments)


async def test_the_board_is_among_the_two_latest_messages_after_every_action_of_a_turn(env, make_bot, table: Table):
    """A whole Samurai turn, with Discord refusing the new board (429, then 500s), refusing to delete the old one,
    a restart, and a crash just after the new board was posted: after each action, once its retries are done,
    the board is at the bottom of the channel, posted once, and every announcement is there once."""
    await hunting(table)
    assert board_at_bottom(table) and boards_of_now(table) == 1  # the ping carries the turn's first board
    posts, deletes = f"/channels/{table.channel.id}/messages", f"/channels/{table.channel.id}/messages/*"
    faults = [
        lambda: env.inject_error("POST", posts, status=429, code=0, message="You are being rate limited."),
        lambda: env.inject_error("POST", posts, status=500, times=2),  # maybe delivered: looked for, then sent again
        lambda: env.inject_error("DELETE", deletes, status=500),  # the old board stays: it is not retried
        lambda: None,
        lambda: crash_at(env.bot, "sent live"),  # posted, not yet marked done: in doubt after the restart
    ]
    step = 0
    while table.state.phase is rules.Phase.SAMURAI_TURN:
        legal = [a for a in rules.legal_samurai_actions(table.state) if not isinstance(a, rules.EndSamuraiTurn)]
        action = legal[0] if legal and step < 8 else rules.EndSamuraiTurn()
        if step < len(faults):
            faults[step]()
        await table.play(action)
        if step == 3:  # a restart between two actions
            await env.restart_bot(make_bot())
        if step == 4:
            await env.restart_bot(make_bot())
        for _ in range(4):  # a refused board's retries fall due (10 s, then 20 s…)
            if not await env.bot.store.pending_outbox(1):
                break
            await env.advance_time(RETRY_FIRST * 2 ** _ + 1)
        assert not await env.bot.store.pending_outbox(1)
        assert board_at_bottom(table), (step, action, [m.content for m in table.channel.history()[-3:]])
        if table.state.phase is rules.Phase.SAMURAI_TURN:
            assert boards_of_now(table) == 1, step  # never two copies of the new board
        step += 1
    assert step >= 6  # a whole turn: every fault above was met
    await each_item_said_once(env, table, boards_left=2)  # the board whose delete was refused stays
    await actions_of(env, table)
    assert once_in(table.channel.history(), "planned her path")  # the ping's words stay, its picture gone
    assert len(said(table.channel.history(), "The board in")) == 2
