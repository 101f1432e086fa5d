"""The Goryō's path builder in her DMs: her start and her path by clicks, the same as typing them.

And a whole match played from both seats by clicks alone: her builder, the Samurai's panel.
"""

from __future__ import annotations

import random

import rules
from bot.ui.panel import action_value
from tests.bot.helpers import Table, live_board
from words.phrases import plan_name


def _items(message) -> dict:
    found = {}
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            if custom_id.startswith(("goryo:build:", "goryo:panel:")):
                found[custom_id.rsplit(":", 1)[1]] = child
    return found


def _values(child) -> list[str]:
    return [o.value for o in child.options]


def _builder(table: Table):
    """Her newest DM with the builder on it."""
    return next(m for m in reversed(table.goryo_dm()) if _items(m))


async def _pick(table: Table, what: str, value: str):
    dm = _builder(table)
    return await table.goryo.user.select(dm, [value], custom_id=_items(dm)[what].custom_id)


async def _press(table: Table, what: str):
    dm = _builder(table)
    return await table.goryo.user.click(dm, custom_id=_items(dm)[what].custom_id)


async def _start_by_click(table: Table) -> rules.Space:
    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    await _pick(table, "start", rules.space_name(start))
    table.state = rules.apply(table.state, rules.ChooseStart(start)).state
    return start


def _steps_after(state: rules.GameState, path: tuple) -> list[str]:
    return sorted({rules.space_name(p[len(path)]) for p in rules.legal_paths(state)
                   if len(p) > len(path) and p[: len(path)] == path}, key=lambda n: rules.parse_space(n))


async def test_her_start_and_each_step_offer_only_what_leads_to_a_legal_plan(table):
    await table.begin()
    offered = _values(_items(_builder(table))["start"])
    assert offered == [rules.space_name(s) for s in rules.SPACES if rules.is_legal(table.state, rules.ChooseStart(s))]
    await _start_by_click(table)
    plan = max(rules.legal_plans(table.state), key=lambda p: len(p.path))  # a Sprint plan when one exists
    assert len(plan.path) == 6
    for index in range(1, len(plan.path)):
        path = plan.path[:index]
        step = _items(_builder(table))["step"]
        assert _values(step) == _steps_after(table.state, path)
        # The sixth space is her Sprint's step, and says so.
        assert all(o.label.endswith("· Sprint") == (index == 5) for o in step.options)
        await _pick(table, "step", rules.space_name(plan.path[index]))
    dm = _builder(table)
    assert dm.content.startswith(f"Your path: {plan_name(plan.path)}. Preview it to confirm, or go Back.")
    # Her board on the message is redrawn with the path so far: its alt text names it.
    [picture] = dm.attachments
    assert f"Your path: {plan_name(plan.path)}" in picture.description
    # Back takes the last step off: five spaces are a plan too, which her Sprint may still extend.
    await _press(table, "back")
    assert _builder(table).content.startswith(f"Your path: {plan_name(plan.path[:-1])}. Preview it to confirm, "
                                              "go on with your Sprint, or go Back.")
    await _press(table, "back")
    assert _builder(table).content.startswith(f"Your path so far: {plan_name(plan.path[:-2])}. Pick the next")
    assert "preview" not in _items(_builder(table))


async def test_a_built_plan_is_previewed_and_confirmed_like_a_typed_one(table):
    await table.begin()
    await _start_by_click(table)
    plan = next(rules.legal_plans(table.state))
    trail = rules.space_name(next(s for s in rules.SPACES if rules.is_legal(table.state, rules.Plan(plan.path, s))))
    expected = rules.Plan(plan.path, rules.parse_space(trail))
    typed = await table.preview(expected)  # the same plan typed, for comparison
    for space in plan.path[1:]:
        await _pick(table, "step", rules.space_name(space))
    trail_select = next(k for k in _items(_builder(table)) if k.startswith("trail") and
                        trail in _values(_items(_builder(table))[k]))
    await _pick(table, trail_select, trail)
    assert _builder(table).content.endswith(f"False Trail: {trail}.")
    built = await _press(table, "preview")
    assert built.response.content == typed.response.content
    assert built.response.attachments
    assert built.response.attachments[0].filename == typed.response.attachments[0].filename
    locked = await table.goryo.user.click(built.response, label="Confirm")
    assert "Locked in" in locked.response.content and trail in locked.response.content
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record.state.plan == expected
    # Her builder acts no more once her plan is in: its menus are gone, its words stay.
    assert [m for m in table.goryo_dm() if _items(m)] == []


async def test_a_builder_left_standing_is_refused_and_taken_off_when_pressed(env, table):
    await table.begin()
    await _start_by_click(table)
    builder = _builder(table)
    # Discord refuses to take her builder off as her plan is locked in: it stays, for a while.
    env.inject_error("PATCH", f"/channels/{table.goryo.user.dm_channel.id}/messages/{builder.id}", status=500)
    await table.play(next(rules.legal_plans(table.state)))
    assert _builder(table).id == builder.id
    step = _items(builder)["step"]
    refused = await table.goryo.user.select(builder, [step.options[0].value], custom_id=step.custom_id)
    assert "turn that is over" in refused.response.content
    assert [m for m in table.goryo_dm() if _items(m)] == []


async def test_the_builder_works_after_a_restart(env, make_bot, table):
    await table.begin()
    await env.restart_bot(make_bot())
    await _start_by_click(table)
    plan = next(rules.legal_plans(table.state))
    await _pick(table, "step", rules.space_name(plan.path[1]))
    await env.restart_bot(make_bot())
    await _pick(table, "step", rules.space_name(plan.path[2]))
    assert _builder(table).content.startswith(f"Your path so far: {plan_name(plan.path[:3])}.")


async def test_the_builder_speaks_her_italian(env, locales_of):
    table = Table(env)
    locales_of[table.alice.id] = "it"
    await table.begin()
    start = _items(_builder(table))["start"]
    assert start.placeholder == "Parti da…"
    await _start_by_click(table)
    step = _items(_builder(table))["step"]
    assert step.placeholder == "Prossimo passo…"


async def test_a_whole_match_played_from_both_seats_by_clicks_alone(table):
    """Not one space typed: her start, her paths and False Trails, every Samurai action and the turns' ends."""
    await table.begin()
    rng = random.Random(11)
    while not table.state.is_over:
        state = table.state
        if state.phase is rules.Phase.SETUP:
            await _pick(table, "start", rng.choice(_values(_items(_builder(table))["start"])))
            table.state = rules.apply(state, rules.ChooseStart(rules.parse_space(
                next(m for m in reversed(table.goryo_dm()) if "You break" in m.content).content.split(" on ")[1][:2]
            ))).state
        elif state.phase is rules.Phase.GORYO_TURN:
            path = (state.goryo_space,)
            while True:
                items = _items(_builder(table))
                if "preview" in items and (rng.random() < 0.7 or "step" not in items):
                    break
                step = rng.choice(_values(items["step"]))
                await _pick(table, "step", step)
                path = (*path, rules.parse_space(step))
            trail = None
            trails = [k for k in _items(_builder(table)) if k.startswith("trail")]
            if trails and rng.random() < 0.4:
                value = rng.choice([v for v in _values(_items(_builder(table))[trails[-1]]) if v != "-"])
                await _pick(table, trails[-1], value)
                trail = rules.parse_space(value)
            preview = await _press(table, "preview")
            locked = await table.goryo.user.click(preview.response, label="Confirm")
            assert "Locked in" in locked.response.content
            table.state = rules.apply(state, rules.Plan(path, trail)).state
        else:
            board = live_board(table)
            panel = _items(board)
            legal = rules.legal_samurai_actions(state)
            if rng.random() < 0.1 or not legal:
                asked = await table.samurai.click(board, custom_id=panel["end"].custom_id)
                if legal:  # actions are left: End turn asks first, privately, and is confirmed
                    assert asked.ephemeral
                    await table.samurai.click(asked.response, label="End turn")
                table.state = rules.apply(state, rules.EndSamuraiTurn()).state
                continue
            action = rng.choice(legal)
            kind = {rules.Move: "move", rules.Sniff: "sniff", rules.Search: "search"}[type(action)]
            result = await table.samurai.select(board, [action_value(action)], custom_id=panel[kind].custom_id)
            assert not result.ephemeral
            table.state = rules.apply(state, action).state
            if not rules.legal_samurai_actions(table.state) and not table.state.is_over:
                table.state = rules.apply(table.state, rules.EndSamuraiTurn()).state  # it ended by itself
        record = await table.env.bot.store.get_match(1)
        assert record.state == table.state
    assert "win" in " ".join(m.content for m in table.channel.history()[-3:]).lower()


async def test_with_her_dms_shut_the_builder_comes_in_her_private_replies(env, table):
    await table.begin()
    env.inject_error("POST", f"/channels/{table.goryo.user.dm_channel.id}/messages", status=403, code=50007,
                     times=None)
    start = rules.SPACES_OF_TYPE[table.state.first_type][0]
    await table.start(rules.space_name(start), in_channel=True)
    table.state = rules.apply(table.state, rules.ChooseStart(start)).state

    def hers():
        return [m for m in table.channel.history(viewer=table.goryo) if _items(m)]

    [builder] = hers()
    assert builder.flags.ephemeral
    plan = next(rules.legal_plans(table.state))
    await table.goryo.select(builder, [rules.space_name(plan.path[1])], custom_id=_items(builder)["step"].custom_id)
    assert hers()[-1].content.startswith(f"Your path so far: {plan_name(plan.path[:2])}.")
    # /goryo board, hers in the channel, carries it too, in place of the one before (one at a time); no one else
    # sees any of it.
    board = await table.goryo.slash(table.channel, "goryo board")
    assert [m.id for m in hers()] == [board.followups[-1].id] and hers()[0].flags.ephemeral
    assert not any(_items(m) for m in table.channel.history(viewer=table.samurai))
