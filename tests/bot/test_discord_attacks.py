"""Attacks on the Discord surfaces (issue 32): a race at a thread's opening, a thread waiting on its parent's
permissions, refusals from buttons. (A single Unknown Channel answer: test_channel_refused.)"""

from __future__ import annotations

import sqlite3

import simcord
import simcord.http.router

import rules
from tests.bot.helpers import (
    REFUSES,
    Table,
    answers,
    choose_on_panel,
    deny_the_bot,
    end_message,
    resign,
    said,
    threads_on,
)


async def test_an_accept_whose_challenge_is_withdrawn_while_its_thread_opens_leaves_no_thread(env, table: Table,
                                                                                              monkeypatch):
    """Withdraw lands between the thread's opening and the match's start (a second writer on the real database
    file, at the moment Discord opens the thread): the Accept is refused privately and the thread is taken back."""
    await threads_on(env, table)
    await table.challenge(role="goryo")
    send = simcord.http.router.dispatch
    database = env.bot.settings.database

    def withdrawn_meanwhile(backend, method, path, **rest):
        answer = send(backend, method, path, **rest)
        if method == "POST" and path.endswith("/threads"):
            with sqlite3.connect(database) as other:  # Withdraw's own write, as another click makes it
                other.execute("DELETE FROM challenges")
        return answer

    monkeypatch.setattr(simcord.http.router, "dispatch", withdrawn_meanwhile)
    accepting = answers(await table.answer("Accept"))
    monkeypatch.setattr(simcord.http.router, "dispatch", send)
    assert [m.ephemeral for m in accepting if "no longer open" in m.content] == [True]
    assert await env.bot.store.active_match_in(table.channel.id) is None
    live = [t for t in table.channel.threads if not env.backend.channels[t.id].thread_metadata.archived]
    assert live == []  # deleted (or, where the bot may not, archived): no empty "Goryō · alice vs bob" stays open


async def test_permissions_given_back_on_a_threads_parent_release_what_the_thread_waits_for_at_once(env,
                                                                                                     table: Table):
    await threads_on(env, table)
    await table.challenge(role="goryo")
    before = {t.id for t in table.channel.threads}
    await table.answer("Accept")
    [thread] = [t for t in table.channel.threads if t.id not in before]
    table.goryo, table.samurai = table.alice, table.bob
    table.state = rules.new_game(table.seed)
    parent, table.channel = table.channel, thread  # the match's channel: its commands and messages are there
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    deny_the_bot(env, parent.id, "send_messages_in_threads")
    await env.settle()
    await table.confirm(await table.preview(next(rules.legal_plans(table.state))))
    assert said(thread.history(), "planned her path") == []  # waiting for the thread
    env.backend.delete_overwrite(parent.id, env.bot.user.id)  # given back, on the parent channel
    await env.advance_time(1)  # not the next try, minutes away: at once, as Discord says the channel changed
    assert len(said(thread.history(), "planned her path")) == 1


async def test_a_panel_click_where_the_channel_refuses_the_bot_is_answered_privately(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    deny_the_bot(env, table.channel.id, "send_messages")
    await env.settle()
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    clicked = await choose_on_panel(table, move)
    said_back = answers(clicked)
    assert [m.ephemeral for m in said_back if REFUSES in m.content] == [True]
    # The move's words went out as the click's answer (Discord takes an answer where the bot may not post) and
    # stay; why the board does not follow is said privately: no one else sees it.
    assert [m.ephemeral for m in said_back if "moves from" in m.content] == [False]
    assert all(m.ephemeral for m in said_back if "moves from" not in m.content)
    assert said(table.channel.history(), REFUSES) == []


async def test_a_second_rematch_against_the_bot_is_refused_privately(env, table: Table, monkeypatch):
    """Two Rematch presses at once: the other one's match starts while this one thinks (its row written on the real
    database file by a second writer, at the moment this press is acknowledged). Its refusal is private."""
    bot_user = simcord.UserHandle(env, env.backend.bot_user)
    await table.alice.slash(table.channel, "goryo challenge", opponent=bot_user, role="samurai", level="easy")
    await resign(table, table.alice)
    send = simcord.http.router.dispatch
    database = env.bot.settings.database

    def other_press_won(backend, method, path, *, json=None, **rest):
        answer = send(backend, method, path, json=json, **rest)
        if path.endswith("/callback") and isinstance(json, dict) and json.get("type") == 5:
            with sqlite3.connect(database) as other:
                columns = ", ".join(row[1] for row in other.execute("PRAGMA table_info(matches)") if row[1] != "id")
                other.execute(f"INSERT INTO matches ({columns}) SELECT {columns} FROM matches WHERE id = 1")
                other.execute("UPDATE matches SET status = 'active' WHERE id = 2")
        return answer

    monkeypatch.setattr(simcord.http.router, "dispatch", other_press_won)
    pressed = answers(await table.alice.click(end_message(table), label="Rematch"))
    monkeypatch.setattr(simcord.http.router, "dispatch", send)
    refusal = [m for m in pressed if "already being played" in m.content]
    assert len(refusal) == 1 and all(m.ephemeral for m in pressed)  # to the presser alone
    assert not any("already being played" in m.content for m in table.channel.history())


async def test_an_accept_that_opens_a_thread_answers_discord_before_opening_it(env, table: Table):
    """Discord's 3-second window: the Accept is acknowledged before the thread is asked for (or a name fetched)."""
    await threads_on(env, table)
    await table.challenge(role="goryo")
    since = len(env.backend.http_requests)
    await table.answer("Accept")
    asked = [f"{e.method} {e.path}" for e in env.backend.http_requests[since:]]
    first = next(i for i, request in enumerate(asked) if request.endswith("/callback"))
    assert first == 0, asked[:first]
    assert any(request.endswith("/threads") for request in asked[first:])


def answered_late(env) -> list[str]:
    """Interactions whose first request to Discord was not their response: for each, what was asked before it.

    Read from SimCord's transcript: each INTERACTION_CREATE, then every request until its own callback. The test
    acts one step at a time, each settled before the next, so nothing else is asking Discord meanwhile."""
    late, waiting = [], {}
    for kind, event, payload in env.backend.transcript:
        if kind == "GATEWAY" and event == "INTERACTION_CREATE":
            waiting[payload["id"]] = (payload["token"], [])
        elif kind == "HTTP":
            path = event.split(" ", 1)[1]
            for interaction_id, (token, before) in list(waiting.items()):
                if path == f"/interactions/{interaction_id}/{token}/callback":
                    if before:
                        late.append(f"{interaction_id}: {before}")
                    del waiting[interaction_id]
                else:
                    before.append(event)
    return late


async def test_a_whole_match_in_a_thread_answers_every_interaction_first(env, table: Table):
    """Every interaction of a typed and clicked match (its challenge, the Accept opening a thread, the Goryō's
    turns, the Samurai's, a board, a status, the resignation) is answered before anything else is asked of
    Discord for it."""
    await threads_on(env, table)
    await table.challenge(role="goryo")
    before = {t.id for t in table.channel.threads}
    await table.answer("Accept")
    [thread] = [t for t in table.channel.threads if t.id not in before]
    table.goryo, table.samurai, table.state = table.alice, table.bob, rules.new_game(table.seed)
    table.channel = thread
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    await choose_on_panel(table, move)
    await table.carol.slash(thread, "goryo board")
    await table.carol.slash(thread, "goryo status")
    asked = await table.bob.slash(thread, "goryo resign")
    await table.bob.click(asked.response, label="Resign")
    assert answered_late(env) == []


async def test_a_match_against_the_bot_and_the_league_commands_answer_every_interaction_first(env, table: Table):
    bot_user = simcord.UserHandle(env, env.backend.bot_user)
    await table.alice.slash(table.channel, "goryo challenge", opponent=bot_user, role="samurai", level="easy")
    await resign(table, table.alice)
    await table.alice.click(end_message(table), label="Rematch")
    await resign(table, table.alice)
    for command, options in (("goryo stats", {}), ("goryo leaderboard", {}), ("goryo history", {}),
                             ("goryo games", {}), ("goryo replay", {"match": 1})):
        await table.bob.slash(table.channel, command, **options)
    await table.bob.autocomplete(table.channel, "goryo replay", "match", "")
    assert answered_late(env) == []
