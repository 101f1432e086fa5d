"""How long the bot thinks tells nothing of the Goryō's secrets (issue 37), paired: twin matches with the same
public history and other secrets.

Its Samurai's thinking is seen (the pace, the typing notice): what reaches it is public alone, the same bytes for
twins, and a decision is a pure function of those bytes and its seed, so twins cost it the same work. Its Goryō's
work depends on her own secrets, so her plan is told no sooner than the same pause, with no notice.
"""

from __future__ import annotations

import dataclasses
import itertools
import pickle

import pytest
import simcord

import ai
import rules
from bot.play import aiplay
from bot.storage import LoggedAction
from rules.playout import random_match
from tests.bot.helpers import Table

SEED = 1


def twin_of(initial: rules.GameState, actions: list[rules.Action]) -> rules.GameState:
    """``initial`` with another bound object and bag order, giving every action the same public answers."""
    drawn = set()
    state = initial
    for action in actions:
        state = rules.apply(state, action).state
        drawn |= set(state.drawn)
    hidden = [initial.bound] + [t for t in initial.bag if t not in drawn]
    for order in itertools.permutations(hidden):
        if order[0] is initial.bound:
            continue
        rest = iter(order[1:])
        twin = dataclasses.replace(initial, bound=order[0],
                                   bag=tuple(t if t in drawn else next(rest) for t in initial.bag))
        ours, theirs = initial, twin
        for action in actions:
            ours, theirs = rules.apply(ours, action).state, rules.apply(theirs, action).state
            if theirs is None or rules.public_view(ours) != rules.public_view(theirs):
                break
        else:
            return twin
    raise AssertionError("no twin for this match")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_twin_matches_give_the_bots_samurai_the_same_inputs_and_the_same_work(level):
    played = [action for action, _ in random_match(SEED)]
    states = list(itertools.accumulate(played, lambda s, a: rules.apply(s, a).state, initial=rules.new_game(SEED)))
    # Her second round's hunt: one Discovery behind it, so her style is being read from the log.
    at = next(i for i, s in enumerate(states) if s.phase is rules.Phase.SAMURAI_TURN and s.round == 2)
    initial = rules.new_game(SEED)
    twin = twin_of(initial, played[:at])
    assert (twin.bound, twin.bag) != (initial.bound, initial.bag)
    log = [LoggedAction(n + 1, 1, action, None) for n, action in enumerate(played[:at])]  # type: ignore[arg-type]

    inputs = []
    for start in (initial, twin):
        state = start
        for action in played[:at]:
            state = rules.apply(state, action).state
        # What the bot hands its thinking (``AiPlayer._think``): the view, where they stood, her discovered rounds.
        inputs.append((rules.public_view(state), aiplay.samurai_when_planned(log), aiplay.hider_evidence(start, log)))
    sent = [pickle.dumps(values) for values in inputs]  # as a thinking process receives them
    assert sent[0] == sent[1] and inputs[0][2], "the same public inputs to the byte, her discovered round among them"

    # The thinking is a pure function of those bytes and the seed: the same decision, from the same work.
    seed = aiplay.decision_seed(SEED, at)
    decisions = []
    for values in sent:
        view, planned, evidence = pickle.loads(values)
        decisions.append(aiplay.decide(rules.Side.SAMURAI, level, view, seed, planned, evidence))
    assert decisions[0] == decisions[1]


def the_bot(env) -> simcord.UserHandle:
    return simcord.UserHandle(env, env.backend.bot_user)


# Longer than SimCord's settle deadline (5 s), so the pause waits for advance_time instead of the wall clock.
@pytest.mark.goryo(ai_pause=10)
async def test_the_bots_goryo_is_heard_from_only_after_the_pause_whatever_she_thought(env, table: Table):
    began = await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), role="samurai",
                                    level="normal")
    assert not began.ephemeral
    record = await env.bot.store.active_match_in(table.channel.id)
    for _ in range(2):  # her start, then her first plan
        version = record.version
        await env.advance_time(9)
        assert (await env.bot.store.active_match_in(table.channel.id)).version == version  # thought, not yet told
        await env.advance_time(1)
        record = await env.bot.store.active_match_in(table.channel.id)
        assert record.version == version + 1
    assert record.state.phase is rules.Phase.SAMURAI_TURN
    assert not [r for r in env.http_requests if r.path.endswith("/typing")]  # no sign that she was thinking
