"""Spec section 4 as a test: two matches with the same public history but different secrets
(bound object, plan, False Trail, where the Goryō plays) look identical to the Samurai player,
texts and image bytes, until the discovery; with the deduction aid on too."""

from __future__ import annotations

import pytest
import simcord

import rules
from tests.bot.helpers import Table, seen_by, unexpected_errors

SEED = 1


def _twin_seed() -> int:
    """Another seed with the same first type (public) but another bound object (secret)."""
    first = rules.new_game(SEED)
    return next(
        s for s in range(SEED + 1, 1000)
        if rules.new_game(s).first_type is first.first_type and rules.new_game(s).bound is not first.bound
    )


def _common_start(seeds: list[int]) -> rules.Space:
    state = rules.new_game(seeds[0])
    return rules.SPACES_OF_TYPE[state.first_type][0]


def _two_plans(states: list[rules.GameState]) -> tuple[rules.Plan, rules.Plan]:
    """Two different plans, legal in every state, sharing their first step, with other targets."""
    legal = [set(rules.legal_paths(s)) for s in states]
    shared = sorted(set.intersection(*legal))
    first = shared[0]
    other = next(p for p in shared if p[1] == first[1] and p[-1] != first[-1] and p != first)
    trail = next(s for s in rules.SPACES if s not in other and s not in first and s != first[0])
    return rules.Plan(first), rules.Plan(other, trail)


def _samurai_script(states: list[rules.GameState]) -> list[rules.Action]:
    """Moves, then investigations whose answers agree in every state: a yes and a no if there are."""
    script: list[rules.Action] = []
    state_list = list(states)
    wanted = {True, False}
    for _ in range(5):
        candidates = rules.legal_samurai_actions(state_list[0])
        chosen = None
        for action in candidates:
            if isinstance(action, rules.Move):
                continue
            answers = {
                rules.answer(s.plan, rules.samurai_turn.investigated_space(s, action)) for s in state_list
            }
            if len(answers) == 1 and answers & wanted:
                chosen = action
                wanted -= answers
                break
        if chosen is None:
            chosen = next(a for a in candidates if isinstance(a, rules.Move))
        script.append(chosen)
        state_list = [rules.apply(s, chosen).state for s in state_list]
    return script


async def _samurai_view(make_bot, tmp_path, seed, plan, script, *, goryo_in_channel: bool,
                        assist: bool = False) -> list[tuple]:
    bot = make_bot(seed=seed, database=tmp_path / f"secrecy-{seed}-{goryo_in_channel}.sqlite3")
    async with simcord.run(bot) as env:
        table = Table(env, seed=seed)
        await table.begin(assist=assist)
        await table.samurai_act(rules.EndSamuraiTurn())  # refused: not his turn
        await table.samurai.slash(table.channel, "goryo status")
        await table.play(rules.ChooseStart(_common_start([seed])), in_channel=goryo_in_channel)
        await table.goryo.slash(table.channel, "goryo status")  # her private status, in the channel
        await table.play(plan, in_channel=goryo_in_channel)
        await table.samurai.slash(table.channel, "goryo status")
        for action in script:
            await table.play(action)
        await table.samurai_act(rules.Search(rules.Samurai.GREEN))  # may be refused: same in both
        await table.samurai.slash(table.channel, "goryo board")
        view = await seen_by(table.samurai, table.channel)
        assert unexpected_errors(env) == []
    return view


@pytest.mark.parametrize("assist", [False, True], ids=["", "with the deduction aid"])
@pytest.mark.parametrize("differ", ["bound object", "plan and False Trail"])
async def test_the_samurai_see_the_same_thing_whatever_the_secrets(make_bot, tmp_path, differ, assist):
    seeds = [SEED, _twin_seed()] if differ == "bound object" else [SEED, SEED]
    start = _common_start(seeds)
    started = [rules.apply(rules.new_game(s), rules.ChooseStart(start)).state for s in seeds]
    plan_a, plan_b = _two_plans(started)
    plans = [plan_a, plan_a] if differ == "bound object" else [plan_a, plan_b]
    planned = [rules.apply(s, p).state for s, p in zip(started, plans, strict=True)]
    script = _samurai_script(planned)
    assert any(isinstance(a, (rules.Search, rules.Sniff)) for a in script), "the script investigates"

    views = [
        await _samurai_view(make_bot, tmp_path, seed, plan, script, goryo_in_channel=in_channel, assist=assist)
        for seed, plan, in_channel in zip(seeds, plans, (False, True), strict=True)
    ]
    assert len(views[0]) > 10
    for seen_a, seen_b in zip(*views, strict=True):
        assert seen_a == seen_b
    assert any(files for _, _, files, _, _ in views[0])  # images were compared, byte for byte
    # With the aid on, its counts were among what was compared (and absent without it).
    assert any("of her" in text and "paths" in text for _, text, _, _, _ in views[0]) is assist
