"""Secrecy under fuzz: over random matches, two runs that differ only in hidden information
look byte-identical to the Samurai player (channel and DMs: texts, buttons, image bytes)
until the rules reveal the difference.

- Plans: the same match up to a random round, then two different plans (and False
  Trails); the Samurai play the same random script, up to the first investigation whose
  answer differs (that answer is the rules' own, legitimate, revelation), never the end
  of the turn (the Discovery reveals the path).
- Bound objects: two seeds with the same first type but different bound objects (and so
  different bags), the same play up to the first Discovery.

Where the Goryō plays (DMs or the channel) is drawn independently in each run, so that
must not show either. Whether the match shows the deduction aid is drawn too (the same in
both runs): its overlay and counts must not show a difference either.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest
import simcord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
import rules.playout
from bot import create_bot
from tests.bot.helpers import Table, seen_by, unexpected_errors

pytestmark = pytest.mark.long  # each example plays two runs through the bot

SECRECY = settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
SCRIPT_LENGTH = 6


def samurai_script(states: list[rules.GameState], rng: random.Random) -> list[rules.Action]:
    """Random Samurai actions legal in every state, stopping before an answer that differs between them
    (or the Discovery)."""
    script: list[rules.Action] = []
    for _ in range(SCRIPT_LENGTH):
        choices = rules.legal_samurai_actions(states[0])
        if not choices:
            break
        action = rng.choice(choices)
        if isinstance(action, (rules.Search, rules.Sniff)):
            space = rules.samurai_turn.investigated_space(states[0], action)
            if len({rules.answer(s.plan, space) for s in states}) > 1:
                break
        if not rules.legal_samurai_actions(rules.apply(states[0], action).state):
            break  # the turn would end by itself, and the Discovery shows her path
        script.append(action)
        states = [rules.apply(s, action).state for s in states]
    return script


async def samurai_view(drawing, seed: int, before: list[rules.Action], plan: rules.Plan, script: list[rules.Action],
                       goryo_in_channel: bool, assist: bool = False) -> list[tuple]:
    """Play one run through the real bot; what the Samurai player saw."""
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(database=Path(folder) / "secrecy.sqlite3", environ={}, env_file=None, sync="global", seed=seed,
                         drawing=drawing)
        try:
            async with simcord.run(bot) as env:
                table = Table(env, seed=seed)
                await table.begin(assist=assist)
                for action in before:
                    await table.play(action, in_channel=goryo_in_channel)
                await table.samurai.slash(table.channel, "goryo status")
                await table.goryo.slash(table.channel, "goryo status")  # her secrets, privately in the channel
                await table.play(plan, in_channel=goryo_in_channel)
                for action in script:
                    await table.play(action)
                await table.samurai.slash(table.channel, "goryo status")
                await table.samurai.slash(table.channel, "goryo board")
                await table.samurai.slash(table.channel, "goryo start", space="A1")  # refused: not his role
                await table.samurai.slash(table.channel, "goryo claim")  # refused: not yet
                view = await seen_by(table.samurai, table.channel)
                assert unexpected_errors(env) == []
                return view
        finally:
            if bot.store is not None:
                await bot.store.close()


def assert_same_views(views: list[list[tuple]]) -> None:
    assert len(views[0]) > 3
    for seen_a, seen_b in zip(*views, strict=True):
        assert seen_a == seen_b
    assert any(files for _, _, files, _, _ in views[0])  # images were compared, byte for byte


def prefix_to_a_goryo_turn(seed: int, rounds: int, rng: random.Random) -> tuple[list[rules.Action], rules.GameState]:
    """Random legal play from the seed up to the Goryō's turn in round ``rounds``, or the last one the match reaches."""
    state = rules.new_game(seed)
    actions: list[rules.Action] = []
    reached = None
    while not state.is_over:
        if state.phase is rules.Phase.GORYO_TURN:
            reached = (list(actions), state)
            if state.round >= rounds:
                break
        action = rules.playout.random_action(state, rng)
        actions.append(action)
        state = rules.apply(state, action).state
    assert reached is not None
    return reached


@SECRECY
@given(seed=st.integers(0, 100_000), rounds=st.integers(1, 4), in_channel=st.tuples(st.booleans(), st.booleans()),
       assist=st.booleans())
def test_different_plans_look_the_same_to_the_samurai_until_an_answer_differs(seed, rounds, in_channel, assist,
                                                                             drawing):
    rng = random.Random(seed)
    before, state = prefix_to_a_goryo_turn(seed, rounds, rng)
    paths = list(rules.legal_paths(state))
    first, second = rng.sample(paths, 2) if len(paths) > 1 else (paths[0], paths[0])
    trails = ([None] + [s for s in rules.SPACES if s not in first and s not in second]
              if state.false_trail_available else [None])
    plans = [rules.Plan(first, rng.choice(trails)), rules.Plan(second, rng.choice(trails))]
    script = samurai_script([rules.apply(state, p).state for p in plans], rng)

    views = [asyncio.run(samurai_view(drawing, seed, before, p, script, c, assist))
             for p, c in zip(plans, in_channel, strict=True)]
    assert_same_views(views)


def twin_seeds(seed: int) -> tuple[int, int]:
    """``seed`` and the next seed with the same first type but another bound object."""
    first = rules.new_game(seed)
    twin = next(
        s for s in range(seed + 1, seed + 1000)
        if rules.new_game(s).first_type is first.first_type and rules.new_game(s).bound is not first.bound
    )
    return seed, twin


@SECRECY
@given(seed=st.integers(0, 100_000), in_channel=st.tuples(st.booleans(), st.booleans()), assist=st.booleans())
def test_different_bound_objects_look_the_same_to_the_samurai_until_the_discovery(seed, in_channel, assist, drawing):
    seeds = twin_seeds(seed)
    rng = random.Random(seed)
    start = rules.ChooseStart(rng.choice(rules.SPACES_OF_TYPE[rules.new_game(seed).first_type]))
    started = [rules.apply(rules.new_game(s), start).state for s in seeds]
    shared = sorted(set(rules.legal_paths(started[0])) & set(rules.legal_paths(started[1])))
    plan = rules.Plan(rng.choice(shared))
    script = samurai_script([rules.apply(s, plan).state for s in started], rng)

    views = [asyncio.run(samurai_view(drawing, s, [start], plan, script, c, assist))
             for s, c in zip(seeds, in_channel, strict=True)]
    assert_same_views(views)
