"""Buttons that ask before acting: only the newest plan preview locks in, and resigning is confirmed."""

from __future__ import annotations

import asyncio

import rules
from tests.bot.helpers import Table
from words.phrases import plan_name


async def started(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))


def two_trails(state: rules.GameState) -> tuple[rules.Plan, rules.Plan]:
    """The same path with two different False Trail spaces."""
    plan = next(p for p in rules.legal_plans(state, with_false_trail=True) if p.false_trail is not None)
    other = next(
        p for p in rules.legal_plans(state, with_false_trail=True)
        if p.path == plan.path and p.false_trail not in (None, plan.false_trail)
    )
    return plan, other


async def version(env, table: Table) -> int:
    return (await env.bot.store.active_match_in(table.channel.id)).version


def pressable(message) -> bool:
    return any(child.custom_id.startswith("goryo:plan:") for row in message.components for child in row.children)


def in_dm(table: Table, message_id: int):
    return next(m for m in table.goryo_dm() if m.id == message_id)


async def test_a_newer_preview_replaces_the_older_one_and_takes_its_buttons_off(env, table: Table):
    await started(table)
    first, second = two_trails(table.state)
    old = await table.preview(first)
    new = await table.preview(second)
    assert not pressable(in_dm(table, old.response.id)) and pressable(in_dm(table, new.response.id))
    assert in_dm(table, old.response.id).content == old.response.content  # its words stay
    await table.confirm(new)
    assert not any(pressable(m) for m in table.goryo_dm())


async def test_a_preview_typed_in_the_channel_loses_its_buttons_too_once_replaced_or_the_match_over(env, table: Table):
    await started(table)
    first, second = two_trails(table.state)
    old = await table.preview(first, in_channel=True)
    new = await table.preview(second, in_channel=True)
    assert old.ephemeral and new.ephemeral

    def hers(message_id: int):
        return next(m for m in table.channel.history(viewer=table.goryo) if m.id == message_id)

    assert not pressable(hers(old.response.id)) and pressable(hers(new.response.id))
    assert hers(old.response.id).content == old.response.content
    # The match ends while her newest preview is shown (the Samurai resign): it can act no more, so it goes.
    asked = await table.samurai.slash(table.channel, "goryo resign")
    await table.samurai.click(asked.response, label="Resign")
    assert await env.bot.store.active_match_in(table.channel.id) is None
    assert not pressable(hers(new.response.id))


async def test_a_replaced_preview_left_standing_is_refused_even_across_a_restart_and_taken_off(
        env, make_bot, table: Table):
    await started(table)
    first, second = two_trails(table.state)
    # Discord refuses to take the two older previews' buttons off as newer ones replace them: they stay, for a while.
    olds = []
    for plan in (first, second):
        olds.append(await table.preview(plan))
        env.inject_error("PATCH", f"/channels/{table.goryo.user.dm_channel.id}/messages/{olds[-1].response.id}")
    new = await table.preview(second)
    assert all(pressable(in_dm(table, old.response.id)) for old in olds)
    await env.restart_bot(make_bot())
    before = await version(env, table)

    for old, label in zip(olds, ("Confirm", "Cancel"), strict=True):
        refused = await table.goryo.user.click(old.response, label=label)
        assert "replaced by your newer preview" in refused.response.content
        assert not pressable(in_dm(table, old.response.id))  # pressed once: gone, its words stay
        assert in_dm(table, old.response.id).content == old.response.content
    assert await version(env, table) == before  # nothing was locked

    locked = await table.confirm(new)
    receipt = locked.response.message.content
    trail = rules.space_name(second.false_trail)
    assert f"Locked in: {plan_name(second.path)}" in receipt and f"False Trail on {trail}" in receipt
    assert "no Sprint" in receipt
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.state.plan == second


async def test_the_receipt_says_when_there_is_no_false_trail_and_when_the_sprint_is_used(env, table: Table):
    await started(table)
    sprint = next(p for p in rules.legal_plans(table.state) if len(p.path) == 6 and p.false_trail is None)
    locked = await table.confirm(await table.preview(sprint))
    receipt = locked.response.message.content
    assert "Sprint used" in receipt and "no False Trail" in receipt
    assert f"breaking the {rules.OBJECT_AT[sprint.target]} on {rules.space_name(sprint.target)}" in receipt


async def test_resigning_asks_first_and_keep_playing_changes_nothing(env, table: Table):
    await started(table)
    before = await version(env, table)
    asked = await table.samurai.slash(table.channel, "goryo resign")
    assert asked.ephemeral and "Resign the match" in asked.response.content
    assert table.goryo.mention in asked.response.content  # who would win
    assert await version(env, table) == before

    kept = await table.samurai.click(asked.response, label="Keep playing")
    assert "keep playing" in kept.response.message.content and kept.response.message.components == []
    assert await env.bot.store.active_match_in(table.channel.id) is not None


async def test_a_stale_resignation_is_refused(env, make_bot, table: Table):
    await started(table)
    asked = await table.samurai.slash(table.channel, "goryo resign")
    await table.play(next(rules.legal_plans(table.state)))  # the match moves on
    await env.restart_bot(make_bot())  # and the buttons outlive the process
    stale = await table.samurai.click(asked.response, label="Resign")
    assert stale.ephemeral and "out of date" in stale.response.content
    assert await env.bot.store.active_match_in(table.channel.id) is not None

    # Asked again and confirmed, it ends the match; the old question still cannot be used.
    again = await table.samurai.slash(table.channel, "goryo resign")
    done = await table.samurai.click(again.response, label="Resign")
    assert "You resigned" in done.response.message.content
    over = await table.samurai.click(asked.response, label="Resign")
    assert over.ephemeral and "already over" in over.response.content


async def test_when_her_dms_are_shut_the_end_is_not_announced_as_her_move(env, table: Table):
    await started(table)
    dm = table.goryo.user.dm_channel
    env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    asked = await table.samurai.slash(table.channel, "goryo resign")
    await table.samurai.click(asked.response, label="Resign")
    public = [m.content for m in table.channel.history()]
    # The end message is the last word: no "it is the Goryō's move, play here" after it.
    assert "The Goryō wins" in public[-1] and table.goryo.mention in public[-1]
    assert not any("it is the Goryō's move" in text for text in public)


async def test_buttons_on_ephemeral_messages_leave_no_timer_behind(env, table: Table):
    # discord.py gives each ephemeral message's live view a 15-minute timeout task; ours are only
    # carriers (clicks reach the buttons through their templates), so none should be waiting.
    await started(table)
    plan = next(iter(rules.legal_plans(table.state)))
    preview = await table.preview(plan, in_channel=True)
    assert preview.ephemeral
    asked = await table.samurai.slash(table.channel, "goryo resign")
    assert asked.ephemeral

    view_timers = [t for t in asyncio.all_tasks() if "timeout_task" in t.get_coro().__qualname__]
    assert view_timers == []
    locked = await table.confirm(preview, in_channel=True)  # the buttons still work
    assert "Locked in" in locked.response.message.content


async def test_cancel_on_a_preview_the_match_has_left_behind_keeps_its_words_and_takes_its_buttons_off(
        env, table: Table):
    await started(table)
    plan, _ = two_trails(table.state)
    preview = await table.preview(plan)
    # The Samurai resign while it is shown, and Discord refuses to take its buttons off: it stands, outdated.
    env.inject_error("PATCH", f"/channels/{table.goryo.user.dm_channel.id}/messages/{preview.response.id}")
    asked = await table.samurai.slash(table.channel, "goryo resign")
    await table.samurai.click(asked.response, label="Resign")
    assert pressable(in_dm(table, preview.response.id))
    shown = in_dm(table, preview.response.id).content

    refused = await table.goryo.user.click(preview.response, label="Cancel")
    assert refused.response.id != preview.response.id and "out of date" in refused.response.content
    assert in_dm(table, preview.response.id).content == shown  # its words stay
    assert not pressable(in_dm(table, preview.response.id))
