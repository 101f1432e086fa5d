"""Autocomplete's lists are exactly what the rules allow, over many random positions (hypothesis).

The lists are made by ``bot.play.choices`` from ``rules.legal_samurai_actions`` and ``rules.legal_paths``;
here each is checked against ``rules.is_legal`` asked of every space on the board, another way in.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bot.play import choices
from rules.playout import random_action

MOVES = {"move": rules.Move, "sniff": rules.Sniff}


def _position(seed: int, steps: int, advanced: bool) -> rules.GameState:
    """Where a random legal match stands after ``steps`` actions (or its last state before the end)."""
    rng = random.Random(seed)
    state = rules.new_game(seed, advanced=advanced)
    for _ in range(steps):
        following = rules.apply(state, random_action(state, rng)).state
        if following.is_over:
            break
        state = following
    return state


positions = st.builds(_position, st.integers(0, 10**6), st.integers(0, 60), st.booleans())


def _values(offered) -> list[str]:
    return [c.value for c in offered]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_the_samurai_and_their_targets_are_exactly_the_legal_ones(state):
    for command, kind in (("move", rules.Move), ("search", rules.Search), ("sniff", rules.Sniff)):
        able = [s.value for s in rules.Samurai if any(
            rules.is_legal(state, rules.Search(s) if kind is rules.Search else kind(s, space)) for space in rules.SPACES
        )]
        offered = choices.samurai_choices(state, command, "")
        assert sorted(_values(offered)) == sorted(able) or (not able and _values(offered) == [choices.NOTHING])
    for command, kind in MOVES.items():
        for samurai in rules.Samurai:
            legal = [rules.space_name(s) for s in rules.SPACES if rules.is_legal(state, kind(samurai, s))]
            offered = choices.target_choices(state, command, samurai.value, "")
            assert _values(offered) == legal or (not legal and _values(offered) == [choices.NOTHING])
            # What is typed filters by the start of the value.
            for typed in {v[0] for v in legal}:
                assert _values(choices.target_choices(state, command, samurai.value, typed.lower())) == [
                    v for v in legal if v.startswith(typed)
                ]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.randoms(use_true_random=False))
def test_the_paths_offered_are_legal_and_cover_every_legal_plan_typed_so_far(state, rng):
    if state.phase is rules.Phase.SETUP:
        legal = [rules.space_name(s) for s in rules.SPACES if rules.is_legal(state, rules.ChooseStart(s))]
        assert _values(choices.start_choices(state, "")) == legal
        return
    if state.phase is not rules.Phase.GORYO_TURN:
        return
    every = {tuple(p.path) for p in rules.legal_plans(state)}
    # Type a random legal plan's first few spaces, and see what is offered.
    chosen = rng.choice(sorted(every))
    typed_spaces = chosen[: rng.randint(0, len(chosen))]
    typed = " ".join(rules.space_name(s) for s in typed_spaces) + (" " if typed_spaces else "")
    fitting = {p for p in every if p[: len(typed_spaces)] == typed_spaces}
    offered = _values(choices.path_choices(state, typed))
    assert len(offered) <= choices.MAX_CHOICES
    as_paths = [rules.parse_plan(v) for v in offered]
    if len(fitting) <= choices.MAX_CHOICES:
        assert set(as_paths) == fitting  # every fitting plan, whole
        for path in as_paths:
            assert rules.is_legal(state, rules.Plan(path))
    else:
        # The ways on: each leads to a legal plan, and together they lead to every fitting one.
        assert all(len(p) > len(typed_spaces) for p in as_paths)
        reached = {p for p in fitting if any(p[: len(step)] == step for step in as_paths)}
        assert reached == fitting
    # The False Trail: every space the rules accept for the typed plan, and no other.
    plan = rules.Plan(chosen)
    legal_trails = [rules.space_name(s) for s in rules.SPACES if rules.is_legal(state, rules.Plan(chosen, s))]
    offered_trails = _values(choices.false_trail_choices(state, " ".join(rules.space_name(s) for s in plan.path), ""))
    if legal_trails:
        assert offered_trails == legal_trails[: choices.MAX_CHOICES]
        for column in "ABCDEF":
            assert _values(choices.false_trail_choices(state, " ".join(rules.space_name(s) for s in plan.path),
                                                       column)) == [v for v in legal_trails if v.startswith(column)]
    else:
        assert offered_trails == [choices.NOTHING]


def test_a_long_list_offers_the_next_steps_with_how_many_plans_follow():
    state = _position(3, 1, False)
    assert state.phase is rules.Phase.GORYO_TURN
    offered = choices.path_choices(state, "")
    start = rules.space_name(state.goryo_space)
    assert all(c.value.startswith(start + " ") for c in offered)
    total = sum(int(c.name.rsplit("(", 1)[1].split()[0]) for c in offered)
    assert total == len(list(rules.legal_paths(state)))


def test_sprint_plans_are_marked():
    state = _position(3, 1, False)
    sprint = next(p for p in rules.legal_paths(state) if len(p) == 6)
    typed = " ".join(rules.space_name(s) for s in sprint[:4])
    labels = {c.value: c.name for c in choices.path_choices(state, typed + " ")}
    assert labels[" ".join(rules.space_name(s) for s in sprint)].endswith("· Sprint")
    assert all(not name.endswith("Sprint") for value, name in labels.items() if len(value.split()) == 5)
