"""Matches against the bot itself, end to end through SimCord: each role, a restart mid-turn, the 3-second rule."""

from __future__ import annotations

import asyncio
import random
import re
from datetime import UTC, datetime

import pytest

import rules
import rules.playout
from ai import opponent
from bot.play import aiplay
from bot.storage import LoggedAction
from tests.bot.helpers import Table, challenge_the_bot, current

pytestmark = pytest.mark.goryo(ai_pause=0)


async def play_goryo_turn(table: Table, state: rules.GameState) -> None:
    """Alice plays the Goryō's turn in her DMs, like against a person."""
    if state.phase is rules.Phase.SETUP:
        started = await table.start(rules.space_name(rules.SPACES_OF_TYPE[state.first_type][0]))
        assert "start" in started.response.content.lower()
        return
    plan = next(rules.legal_plans(state))
    locked = await table.confirm(await table.preview(plan))
    assert "Locked in" in locked.response.message.content


async def test_a_whole_match_as_the_goryo_against_the_bots_samurai(env, table: Table):
    began = await challenge_the_bot(table, env, role="goryo", level="easy")
    assert not began.ephemeral and "Challenge taken" in began.response.content  # no Accept step
    table.goryo = table.alice
    bot_id = env.backend.bot_user.id
    record = await current(env, table)
    assert (record.goryo_id, record.samurai_id, record.ai_side, record.ai_level) == (
        table.alice.id, bot_id, rules.Side.SAMURAI, "easy",
    )
    assert "Your bound object is the" in table.goryo_dm()[-1].content  # her setup, as against a person

    turns = 0
    while record.is_active:
        assert record.state.to_move is rules.Side.GORYO  # the bot's turns are over by the time her command returns
        await play_goryo_turn(table, record.state)
        record = await current(env, table)
        turns += 1
        assert turns < 20

    log = await env.bot.store.actions(record.id)
    samurai_steps = [a for a in log if isinstance(a.action, (rules.Move, rules.Search, rules.Sniff))]
    assert samurai_steps and all(a.actor_id == bot_id for a in samurai_steps)
    assert await env.bot.store.replay(record.id) == record.state
    # Each of the bot's actions was told in the channel in words, like a person's.
    texts = [m.content for m in table.channel.history()]
    ends = [a for a in log if isinstance(a.action, rules.EndSamuraiTurn)]
    assert sum("Her path was" in t for t in texts) == len(ends) >= 1
    pings = [t for t in texts if "planned her path for round" in t]
    assert pings and not any(f"<@{bot_id}>" in t for t in pings)  # the bot's turn never pings the bot
    told_steps = [t for t in texts if re.match(r"The (green|purple|red|blue) Samurai ", t, re.IGNORECASE)]
    assert len(told_steps) == len(samurai_steps)  # one message per action, none lost or doubled
    assert any(f"<@{table.alice.id}>" in t and "Goryō" in t for t in texts[-2:])  # the end mentions her


async def test_a_whole_match_as_the_samurai_against_the_bots_goryo(env, table: Table):
    thinking_began_after: list[list[str]] = []
    began = await challenge_the_bot(table, env, role="samurai", level="easy")
    assert began.acknowledged and "I am choosing" in began.response.content
    record = await current(env, table)
    assert record.ai_side is rules.Side.GORYO and record.goryo_id == env.backend.bot_user.id
    # Her start was chosen at once, after the reply; she planned when the turn came.
    assert record.version == 2 and record.state.phase is rules.Phase.SAMURAI_TURN
    env.bot.parts.ai.checkpoint = lambda step: thinking_began_after.append([m.content for m in table.channel.history()])

    rounds = 0
    while record.is_active:
        action = rules.legal_samurai_actions(record.state)[0]
        acted = await table.samurai_act(action, actor=table.alice)
        assert not acted.ephemeral  # her answer to the investigation is public, from the engine
        ended = await table.samurai_act(rules.EndSamuraiTurn(), actor=table.alice)
        record = await current(env, table)
        if record.is_active:
            assert "Her path was" in ended.response.content
            assert record.state.phase is rules.Phase.SAMURAI_TURN  # she planned again by the time /end returned
        rounds += 1
        assert rounds <= 4

    # Thinking began only once the Discovery had been posted: the human's answer never waits for the bot.
    assert thinking_began_after and all("Her path was" in seen[-1] for seen in thinking_began_after)
    # The Goryō's secrets went nowhere: nothing queued for her DMs, and the bot never opened a DM with itself.
    outbox = await env.bot.store.outbox_of(record.id)
    assert {e.item.route for e in outbox} <= {"public", "live"}
    assert all(e.status == "done" for e in outbox)
    assert table.alice.user.dm_channel is None or not table.alice.user.dm_channel.history()


# Longer than SimCord's settle deadline (5 s), so the pause waits for advance_time instead of the wall clock.
@pytest.mark.goryo(ai_pause=10)
async def test_a_restart_mid_turn_resumes_the_bots_samurai_without_losing_or_doubling(env, make_bot, table: Table):
    await challenge_the_bot(table, env, role="goryo", level="easy")
    table.goryo = table.alice
    record = await current(env, table)
    await play_goryo_turn(table, record.state)  # her start
    record = await current(env, table)
    await play_goryo_turn(table, record.state)  # her plan: the bot's Samurai think, then pause
    paused = await current(env, table)
    assert paused.state.phase is rules.Phase.SAMURAI_TURN
    expected = aiplay.decide(
        rules.Side.SAMURAI, "easy", rules.public_view(paused.state),
        aiplay.decision_seed(paused.ai_seed, paused.version),
    )

    claimed = await table.alice.slash(table.channel, "goryo claim")
    assert claimed.ephemeral and "never run out of time" in claimed.response.content
    status = await table.alice.slash(table.channel, "goryo status")
    assert "Round 1" in status.response.content and "Turn time" not in status.response.content  # no clock on the bot

    await env.restart_bot(make_bot())
    assert (await current(env, table)).version == paused.version  # nothing was played during the pause
    while (record := await current(env, table)).is_active and record.state.to_move is rules.Side.SAMURAI:
        await env.advance_time(10)

    log = await env.bot.store.actions(record.id)
    assert log[paused.version].action == expected  # recomputed after the restart: the same action
    assert [a.seq for a in log] == list(range(1, record.version + 1))  # gapless: none lost, none doubled
    assert await env.bot.store.replay(record.id) == record.state
    # Each of its actions was told once in the channel: one narration per action, each its own message.
    outbox = await env.bot.store.outbox_of(record.id)
    told = [e for e in outbox if e.item.kind == "narration" and e.seq > paused.version]
    steps = [a for a in log[paused.version :] if isinstance(a.action, (rules.Move, rules.Search, rules.Sniff))]
    assert len(told) == len(steps) >= 1 and all(e.status == "done" for e in told)
    posted = {m.id for m in table.channel.history()}
    assert {e.message_id for e in told} <= posted and len({e.message_id for e in told}) == len(told)


async def test_the_bots_first_response_comes_before_any_thinking(env, table: Table):
    table_messages: list[int] = []
    env.bot.parts.ai.checkpoint = lambda step: table_messages.append(len(table.channel.history()))
    began = await challenge_the_bot(table, env, role="samurai", level="easy")
    assert began.acknowledged and not began.ephemeral
    # The reply to the challenge was in the channel before the bot's first thought.
    assert table_messages and table_messages[0] >= 1
    first = table.channel.history()[0]
    assert "Challenge taken" in first.content


@pytest.mark.goryo(turn_limit=600)
async def test_the_human_can_run_out_of_time_and_the_bot_claims_the_win(env, table: Table):
    await challenge_the_bot(table, env, role="goryo", level="easy")
    await env.advance_time(360)
    reminder = table.alice.user.dm_channel.history()[-1].content
    assert "half the turn time is gone" in reminder and "I claim the win on time" in reminder
    await env.advance_time(300)
    record = await current(env, table)
    assert not record.is_active and record.state.outcome.termination is rules.Termination.TIMED_OUT
    assert record.state.outcome.winner is rules.Side.SAMURAI


async def test_other_bots_are_still_refused_and_the_bot_needs_a_free_channel(env, table: Table):
    robot = table.guild.add_member(env.create_user("robot", bot=True))
    refused = await table.challenge(opponent=robot)
    assert refused.ephemeral and "Bots other than me" in refused.response.content
    await table.challenge()  # alice challenges bob: the channel has a pending challenge
    busy = await challenge_the_bot(table, env)
    assert busy.ephemeral and "waiting for an answer" in busy.response.content
    assert await env.bot.store.active_match_in(table.channel.id) is None


async def test_a_fault_before_the_bots_goryo_moves_is_made_good_by_a_restart(env, make_bot, table: Table):
    def crash(step: str) -> None:
        raise RuntimeError(f"the process dies at {step!r}")

    env.bot.parts.ai.checkpoint = crash
    began = await challenge_the_bot(table, env, role="samurai", level="easy")
    assert began.acknowledged and "Challenge taken" in began.response.content  # the human's answer came first
    stuck = await current(env, table)
    assert stuck.version == 0 and stuck.state.to_move is rules.Side.GORYO  # her start was never chosen

    await env.restart_bot(make_bot())
    record = await current(env, table)
    assert record.version == 2 and record.state.phase is rules.Phase.SAMURAI_TURN  # start and plan, once each
    log = await env.bot.store.actions(record.id)
    assert [type(a.action) for a in log] == [rules.ChooseStart, rules.Plan]
    assert log[0].action == aiplay.decide(
        rules.Side.GORYO, "easy", rules.goryo_view(stuck.state), aiplay.decision_seed(stuck.ai_seed, 0)
    )


# Longer than SimCord's settle deadline (5 s), so the pause waits for advance_time instead of the wall clock.
@pytest.mark.goryo(ai_pause=10)
async def test_the_bots_samurai_act_one_pause_apart_with_no_notice_for_a_quick_thought(env, table: Table):
    await challenge_the_bot(table, env, role="goryo", level="easy")
    table.goryo = table.alice
    await play_goryo_turn(table, (await current(env, table)).state)  # her start
    await play_goryo_turn(table, (await current(env, table)).state)  # her plan: the bot's Samurai take over
    versions = [(await current(env, table)).version]
    while (record := await current(env, table)).is_active and record.state.to_move is rules.Side.SAMURAI:
        await env.advance_time(9)
        assert (await current(env, table)).version == versions[-1]  # nothing before the pause is over
        await env.advance_time(1)
        after = await current(env, table)
        versions.append(after.version)
        # Then exactly one action (its last may end the turn by itself: one more entry, no pause).
        assert versions[-1] - versions[-2] == 1 or (
            versions[-1] - versions[-2] == 2 and after.state.to_move is not rules.Side.SAMURAI
        )
    assert len(versions) >= 3
    # Thinking never outlasted the pause, so the channel never saw the bot "typing".
    assert not [r for r in env.http_requests if r.path.endswith("/typing")]


async def test_the_thinking_notice_comes_only_when_thinking_outlasts_the_pause():
    loop = asyncio.get_running_loop()
    events: list[str] = []

    async def notice() -> None:
        events.append("notice")

    async def think(seconds: float) -> str:
        await asyncio.sleep(seconds)
        events.append("thought")
        return "move"

    began = loop.time()
    assert await aiplay.at_pace(think(0.01), 0.2, notice, least=0.05) == "move"
    assert events == ["thought"]  # quicker than the pause: no notice
    assert loop.time() - began >= 0.2  # and the answer waited for the pause

    events.clear()
    assert await aiplay.at_pace(think(0.3), 0.05, notice, least=0.05) == "move"
    assert events == ["notice", "thought"]  # slower than the pause: the notice, once, while it thinks

    events.clear()
    assert await aiplay.at_pace(think(0.01), 0.0, notice, least=0.2) == "move"
    assert events == ["thought"]  # no pause at all, but a moment's thought is no reason for a notice


def test_where_the_samurai_stood_when_she_planned_is_read_from_the_public_log():
    for seed in range(5):
        history = rules.playout.random_match(seed)
        log: list[LoggedAction] = []
        when_planned = None
        for seq, (action, state) in enumerate(history, start=1):
            log.append(LoggedAction(seq, 1, action, datetime(2026, 1, 1, tzinfo=UTC)))
            if isinstance(action, rules.Plan):
                when_planned = rules.public_view(state).samurai_spaces  # a plan moves no Samurai
            if state.phase is rules.Phase.SAMURAI_TURN:
                assert aiplay.samurai_when_planned(log) == when_planned


def test_where_the_samurai_stood_when_she_planned_counts_only_the_moves_that_stand():
    """Moves taken back (``rules.Undo``) in the log do not count: the state folded from the log says where they
    stood."""
    for seed in range(5):
        rng = random.Random(seed)
        state = rules.new_game(seed)
        log: list[LoggedAction] = []
        undos = 0
        while not state.is_over:
            if state.takeable and rng.random() < 0.4:
                action: rules.Action = rules.Undo()
                undos += 1
            else:
                action = rules.playout.random_action(state, rng)
            state = rules.apply(state, action).state
            log.append(LoggedAction(len(log) + 1, 1, action, datetime(2026, 1, 1, tzinfo=UTC)))
            if isinstance(action, rules.Plan):
                when_planned = rules.public_view(state).samurai_spaces
            if state.phase is rules.Phase.SAMURAI_TURN:
                assert aiplay.samurai_when_planned(log) == when_planned
        assert undos > 0


def test_her_discovered_rounds_are_read_from_the_log_as_the_public_saw_them():
    for seed in range(3):
        initial = rules.new_game(seed)
        history = rules.playout.random_match(seed)
        log = [LoggedAction(seq, 1, action, datetime(2026, 1, 1, tzinfo=UTC))
               for seq, (action, _) in enumerate(history, start=1)]
        evidence = aiplay.hider_evidence(initial, log)
        public = [rules.public_view(initial)] + [rules.public_view(state) for _, state in history]
        assert evidence == opponent.evidence_from(public)
        revealed = list({v.last_reveal.round: v.last_reveal.path for v in public if v.last_reveal}.values())
        assert [path for _, path in evidence] == revealed and revealed  # every Discovery, in order


# SimCord's 5-second guard against a bot that never settles is too short for an expert decision on a busy
# machine (the suite runs on every core); a hang is still caught, after a minute, as until_version does.
EXPERT_PATIENCE = pytest.mark.simcord(settle_timeout=60)

async def until_version(env, table: Table, version: int):
    """The match once it reached ``version``: the expert thinks in another process, which SimCord does not wait for."""
    for _ in range(1200):
        record = await current(env, table)
        if record.version >= version:
            return record
        await asyncio.sleep(0.05)
    raise AssertionError(f"the bot never reached version {version}")


@EXPERT_PATIENCE
async def test_the_expert_goryo_thinks_in_a_process_of_its_own_and_plays_what_the_agent_decides(env, table: Table):
    assert env.bot.thinking is not None and not env.bot.thinking.started  # started by the first expert decision
    began = await challenge_the_bot(table, env, role="samurai", level="expert")
    assert began.acknowledged and "**expert** level" in began.response.content
    record = await until_version(env, table, 2)
    assert record.ai_level == "expert" and record.state.phase is rules.Phase.SAMURAI_TURN
    assert env.bot.thinking.started  # the decisions were made in the thinking process
    log = await env.bot.store.actions(record.id)
    state = await env.bot.store.initial_state(record.id)
    for version, entry in enumerate(log[:2]):
        # The same decision a pure function of the stored state and the seed gives here, in this process.
        assert entry.action == aiplay.decide(
            rules.Side.GORYO, "expert", rules.goryo_view(state), aiplay.decision_seed(record.ai_seed, version)
        )
        state = rules.apply(state, entry.action).state


@EXPERT_PATIENCE
async def test_the_expert_samurai_decide_in_the_process_as_they_would_here(env, table: Table):
    await challenge_the_bot(table, env, role="goryo", level="expert")
    table.goryo = table.alice
    await play_goryo_turn(table, (await current(env, table)).state)  # her start
    await play_goryo_turn(table, (await current(env, table)).state)  # her plan: the bot's Samurai take over
    planned = 2  # her start, her plan
    record = await until_version(env, table, planned + 2)
    log = await env.bot.store.actions(record.id)
    assert isinstance(log[planned - 1].action, rules.Plan)
    initial = await env.bot.store.initial_state(record.id)
    state = initial
    for version, entry in enumerate(log[:planned + 2]):
        if version >= planned:  # the Samurai's first two actions, each as the agent decides it here
            seed = aiplay.decision_seed(record.ai_seed, version)
            assert entry.action == aiplay.decide(
                rules.Side.SAMURAI, "expert", rules.public_view(state), seed,
                aiplay.samurai_when_planned(log[:version]), aiplay.hider_evidence(initial, log[:version]))
        state = rules.apply(state, entry.action).state
