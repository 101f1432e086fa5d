"""Every refusal is private, says what was wrong and what to do, and changes nothing."""

from __future__ import annotations

import rules
from tests.bot.helpers import Table


async def _version(env, table: Table) -> int:
    record = await env.bot.store.active_match_in(table.channel.id)
    return record.version


async def _at_samurai_turn(table: Table) -> None:
    await table.begin()
    state = table.state
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


def _refused(result, *words: str) -> str:
    assert result.ephemeral, "a refusal must be ephemeral"
    text = result.response.content
    for word in words:
        assert word in text, f"{word!r} not in {text!r}"
    return text


async def test_an_illegal_plan_is_explained_to_the_goryo_alone(env, table: Table):
    await table.begin()
    state = table.state
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0]))
    version = await _version(env, table)
    seen_by_samurai = len(table.channel.history(viewer=table.samurai))
    start = table.state.goryo_space
    too_short = rules.Plan((start, rules.NEIGHBOURS[start][0]))

    in_channel = await table.preview(too_short, in_channel=True)
    _refused(in_channel, "2 spaces", "must have")
    in_dm = await table.preview(too_short)
    assert "2 spaces" in in_dm.response.content and in_dm.response.message.components == []

    # A path ending on her own bound object: refused with a reason only she may read.
    plans_to_bound = [
        path for length in (4, 5) for target, paths in rules.palace.PATHS_BY_TARGET[length][start].items()
        if rules.OBJECT_AT[target] is table.state.bound and target not in table.state.broken for path in paths
    ]
    assert plans_to_bound, "seed 1 lets her reach her bound object"
    bound_plan = await table.preview(rules.Plan(plans_to_bound[0]), in_channel=True)
    _refused(bound_plan, "bound object")

    assert len(table.channel.history(viewer=table.samurai)) == seen_by_samurai
    assert all("bound object" not in m.content for m in table.channel.history(viewer=table.samurai))
    assert await _version(env, table) == version


async def test_non_players_are_refused(env, table: Table):
    await _at_samurai_turn(table)
    version = await _version(env, table)
    text = _refused(
        await table.samurai_act(rules.Move(rules.Samurai.GREEN, rules.parse_space("C2")), actor=table.carol),
        "Only", "play this match",
    )
    assert table.goryo.mention in text and table.samurai.mention in text
    _refused(await table.carol.slash(table.channel, "goryo end"), "Only")
    _refused(await table.carol.slash(table.channel, "goryo resign"), "not playing")
    assert await _version(env, table) == version


async def test_wrong_turn_and_wrong_role(env, table: Table):
    await table.begin()
    version = await _version(env, table)
    _refused(await table.samurai_act(rules.EndSamuraiTurn()), "not your turn", "Goryō is choosing")
    _refused(await table.samurai.slash(table.channel, "goryo start", space="A1"), "You lead the Samurai")
    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    _refused(await table.goryo.slash(table.channel, "goryo path", spaces="A1 A2"), "First choose where you start")
    await table.play(rules.ChooseStart(start))
    _refused(await table.samurai_act(rules.Search(rules.Samurai.RED)), "not your turn", "planning her path")
    await table.play(next(rules.legal_plans(table.state)))
    _refused(
        await table.goryo.slash(table.channel, "goryo move", samurai="green", to="C2"), "You are the Goryō"
    )
    preview = await table.preview(rules.Plan((table.state.goryo_space,) * 5))
    assert "not your turn" in preview.response.content
    assert await _version(env, table) == version + 2


async def test_bad_space_non_adjacent_move_and_a_fourth_samurai(env, table: Table):
    await _at_samurai_turn(table)
    version = await _version(env, table)
    _refused(await table.samurai.slash(table.channel, "goryo move", samurai="green", to="G7"), "is not a space", "C2")
    _refused(await table.samurai.slash(table.channel, "goryo sniff", samurai="red", space="banana"), "is not a space")
    _refused(
        await table.samurai.slash(table.channel, "goryo move", samurai="green", to="E5"), "cannot reach E5", "bridge"
    )
    assert await _version(env, table) == version

    # Call three Samurai, one action each; the fourth is refused.
    state = table.state
    for colour in (rules.Samurai.GREEN, rules.Samurai.PURPLE, rules.Samurai.RED):
        at = state.samurai_space(colour)
        await table.play(rules.Move(colour, rules.NEIGHBOURS[at][0]))
        state = table.state
    blue = state.samurai_space(rules.Samurai.BLUE)
    _refused(
        await table.samurai.slash(table.channel, "goryo move", samurai="blue",
                                  to=rules.space_name(rules.NEIGHBOURS[blue][0])),
        "3 Samurai have already been called", "end the turn",
    )
    # And an earlier Samurai cannot come back.
    green = state.samurai_space(rules.Samurai.GREEN)
    _refused(await table.samurai.slash(table.channel, "goryo search", samurai="green"),
             "once another Samurai is called")
    assert await _version(env, table) == version + 3
    assert green == table.state.samurai_space(rules.Samurai.GREEN)


async def test_samurai_commands_only_in_the_channel(table: Table):
    await _at_samurai_turn(table)
    result = await table.samurai.user.slash("goryo end")
    assert "in the match's channel" in result.response.content


async def test_commands_without_a_match_say_how_to_start_one(table: Table):
    _refused(await table.alice.slash(table.channel, "goryo board"), "No match", "/goryo challenge")
    result = await table.alice.user.slash("goryo start", space="A1")
    assert "no match in progress" in result.response.content


async def test_a_stale_or_second_confirm_applies_the_plan_once(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    plans = rules.legal_plans(table.state)
    first, second = next(plans), next(plans)
    dm = table.goryo.user.dm_channel.id
    # Discord refuses to take each older preview's buttons off as a newer one replaces it: they stand, for a while.
    preview_one = await table.preview(first)
    env.inject_error("PATCH", f"/channels/{dm}/messages/{preview_one.response.id}")
    preview_other = await table.preview(second)
    env.inject_error("PATCH", f"/channels/{dm}/messages/{preview_other.response.id}")
    preview_newest = await table.preview(first)  # the same plan again: only this one may lock in now
    replaced = await table.confirm(preview_one)
    assert "replaced by your newer preview" in replaced.response.content
    confirmed = await table.confirm(preview_newest)
    assert "Locked in" in confirmed.response.message.content
    # An older preview, once the plan is locked: the match has moved on, and says so.
    again = await table.goryo.user.click(preview_other.response, label="Confirm")
    assert "out of date" in again.response.content  # a late Cancel: test_confirmations
    record = await env.bot.store.active_match_in(table.channel.id)
    logged = await env.bot.store.actions(record.id)
    plans_logged = [entry.action for entry in logged if isinstance(entry.action, rules.Plan)]
    assert plans_logged == [first]
    pings = [m for m in table.channel.history() if "planned her path" in m.content]
    assert len(pings) == 1
