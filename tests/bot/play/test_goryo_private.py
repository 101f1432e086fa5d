"""The Goryō's private play: closed DMs, playing in the channel, several matches at once."""

from __future__ import annotations

import pytest

import render
import rules
from tests.bot.helpers import Table, carrying, controls


def _close_dms(env, member) -> None:
    dm = member.user.dm_channel
    env.inject_error(
        "POST", f"/channels/{dm.id}/messages", status=403, code=50007,
        message="Cannot send messages to this user", times=None,
    )


def _secret_free(table: Table) -> None:
    """Nothing the Samurai player can see tells the bound object or shows her private board.

    (Object names appear in public texts as tiles and spaces; the comparison of two
    matches in test_secrecy is the thorough check.)
    """
    bound = str(table.state.bound)
    for message in table.channel.history(viewer=table.samurai):
        assert f"bound object is the {bound}" not in message.content.replace("*", "")
        assert all(a.filename != "goryo-private.png" for a in message.attachments)


async def test_closed_dms_the_goryo_plays_in_the_channel(env, table: Table):
    _close_dms(env, table.alice)
    await table.begin()  # Alice is the Goryō; Bob accepted, so she is told in the channel
    notice = table.channel.history()[-1]
    assert table.alice.mention in notice.content and "could not send you a direct message" in notice.content
    assert table.alice.user.dm_channel.history() == []

    status = await table.alice.slash(table.channel, "goryo status")
    assert status.ephemeral and f"your bound object is the {table.state.bound}" in status.response.content
    board = await table.alice.slash(table.channel, "goryo board")
    assert not board.ephemeral and board.response.attachments[0].filename == "goryo-board.png"
    private = board.followups[-1]
    assert private.ephemeral and private.attachments[0].filename == "goryo-private.png"

    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    started = await table.start(rules.space_name(start), in_channel=True)
    assert started.ephemeral and "Round 1 of 4" in started.response.content
    table.state = rules.apply(table.state, rules.ChooseStart(start)).state

    plan = next(rules.legal_plans(table.state))
    preview = await table.preview(plan, in_channel=True)
    assert preview.ephemeral and "Your plan" in preview.response.content
    preview_image = await preview.response.attachments[0].read()
    locked = await table.confirm(preview, in_channel=True)
    assert "Locked in" in locked.response.message.content
    table.state = rules.apply(table.state, plan).state
    # The receipt shows her board as locked, not the preview it replaced.
    receipt = await locked.response.message.attachments[0].read()
    assert receipt == render.goryo_board(rules.goryo_view(table.state))
    assert receipt != preview_image
    assert "planned her path" in table.channel.history()[-1].content

    await table.play(rules.EndSamuraiTurn())  # discovery; her next turn cannot go by DM
    last = table.channel.history()[-1]
    assert table.alice.mention in last.content and "could not send you a direct message" in last.content
    _secret_free(table)


async def test_closed_dms_when_the_goryo_accepts_she_is_told_privately(env, table: Table):
    _close_dms(env, table.bob)
    await table.challenge(role="samurai")  # Bob will be the Goryō, and he is the one accepting
    accepted = await table.answer("Accept")
    secret = accepted.followups[-1]
    assert secret.ephemeral and "Your bound object is the" in secret.content
    assert secret.attachments[0].filename == "goryo-private.png"
    table.goryo, table.samurai = table.bob, table.alice
    table.state = rules.new_game(1)
    _secret_free(table)


async def test_a_goryo_in_two_matches_picks_one(env, table: Table):
    other = Table(env, channel_name="garden", guild=table.guild, names=("dave", "erin", "frank"))
    other.alice = table.alice  # Alice plays the Goryō in both channels
    await table.begin()
    await other.challenge(by=table.alice, opponent=other.bob, role="goryo")
    await other.answer("Accept", by=other.bob)

    ambiguous = await table.alice.user.slash("goryo start", space="A1")
    assert "2 matches" in ambiguous.response.content and "`match`" in ambiguous.response.content

    choices = await table.alice.user.autocomplete("goryo start", "match", "")
    assert len(choices) == 2
    assert {"dojo" in c["name"] or "garden" in c["name"] for c in choices} == {True}
    dojo = next(c["value"] for c in choices if "dojo" in c["name"])
    garden_only = await table.alice.user.autocomplete("goryo status", "match", "garden")
    assert [c["name"] for c in garden_only if "garden" in c["name"]] == [c["name"] for c in garden_only]

    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    chosen = await table.alice.user.slash("goryo start", space=rules.space_name(start), match=dojo)
    assert "Round 1 of 4" in chosen.response.content
    assert "appears on" in table.channel.history()[-1].content
    assert "appears on" not in other.channel.history()[-1].content

    # In a channel, the channel's match is meant: no option needed there.
    status = await table.alice.slash(other.channel, "goryo status")
    assert other.channel.mention in status.response.content


def _builders(table: Table) -> list:
    """Her messages in the channel that carry a builder she can still use (hers alone: ephemeral)."""
    return carrying(table.channel.history(viewer=table.alice), "goryo:build:")


@pytest.mark.goryo(board_cooldown=0)
async def test_closed_dms_a_builder_shown_in_the_channel_goes_once_replaced_or_her_choice_is_in(env, table: Table):
    _close_dms(env, table.alice)
    await table.begin()
    board = await table.alice.slash(table.channel, "goryo board")  # her board, hers alone, with her start's builder
    [first] = _builders(table)
    assert first.id == board.followups[-1].id and first.flags.ephemeral

    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    started = await table.start(rules.space_name(start), in_channel=True)  # typed: the board's builder acts no more
    table.state = rules.apply(table.state, rules.ChooseStart(start)).state
    [turn] = _builders(table)
    assert turn.id == started.response.id  # her turn's answer carries the next one
    assert next(m for m in table.channel.history(viewer=table.alice) if m.id == first.id).content == first.content

    again = await table.alice.slash(table.channel, "goryo board")  # a second one replaces it: one at a time
    assert [m.id for m in _builders(table)] == [again.followups[-1].id]

    await table.play(next(rules.legal_plans(table.state)), in_channel=True)
    assert _builders(table) == []
    assert carrying(table.channel.history(viewer=table.samurai), "goryo:build:") == []  # never shown to him


async def test_closed_dms_a_builder_past_its_interactions_15_minutes_is_refused_and_taken_off_when_pressed(
        env, table: Table):
    _close_dms(env, table.alice)
    await table.begin()
    await table.alice.slash(table.channel, "goryo board")
    [builder] = _builders(table)
    await env.advance_time(15 * 60 + 1)  # its interaction can reach it no more: it outlives her choice
    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    await table.start(rules.space_name(start), in_channel=True)
    assert builder.id in [m.id for m in _builders(table)]

    [menu] = controls(builder, "goryo:build:")
    refused = await table.alice.select(builder, [menu.options[0].value], custom_id=menu.custom_id)
    [refusal] = [m for m in refused.followups if "turn that is over" in m.content]
    assert refusal.ephemeral  # hers alone, its words kept: only its controls went
    assert builder.id not in [m.id for m in _builders(table)]
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.state.goryo_space == start  # the refused press changed nothing


async def test_closed_dms_a_builder_used_in_the_channel_goes_once_her_plan_is_in(env, table: Table):
    _close_dms(env, table.alice)
    await table.begin()
    await table.alice.slash(table.channel, "goryo board")
    [builder] = _builders(table)
    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    [menu] = controls(builder, "goryo:build:")
    await table.alice.select(builder, [rules.space_name(start)], custom_id=menu.custom_id)  # her start, by a click
    table.state = rules.apply(table.state, rules.ChooseStart(start)).state
    [turn] = _builders(table)  # the clicked message became her turn's, with the builder of her path
    plan = next(rules.legal_plans(table.state))
    step = next(c for c in controls(turn, "goryo:build:") if c.custom_id.endswith(":step"))
    await table.alice.select(turn, [rules.space_name(plan.path[1])], custom_id=step.custom_id)  # a step: edited
    assert [m.id for m in _builders(table)] == [turn.id]

    await table.play(plan, in_channel=True)  # typed all the same: the builder she was using goes
    assert _builders(table) == []
