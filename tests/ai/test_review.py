"""Issue 44: the review's numbers against a brute-force count over every path, on recorded matches."""

from __future__ import annotations

import dataclasses

import pytest

import rules
from ai.agents import samurai_model
from ai.belief import belief
from ai.opponent import evidence_from
from ai.review import Review, review, review_from_json, review_to_json
from rules.samurai_turn import investigated_space
from tests.bot.aid_oracle import brute_force_paths
from tests.bot.scripts import scripted_match
from tests.rules.hunter import play_out


def fitting_plans(state: rules.GameState) -> list[rules.Plan]:
    """Every plan under every bound object still possible that fits this round's answers (the slow way)."""
    candidates = [t for t, tile in state.tiles.items() if tile is rules.TileState.INTACT]
    found = []
    for bound in candidates:
        planning = dataclasses.replace(state, bound=bound, phase=rules.Phase.GORYO_TURN)
        for plan in rules.legal_plans(planning, with_false_trail=True):
            if all(rules.answer(plan, p.space) == p.green for p in state.paw_prints):
                found.append(plan)
    return found


def brute_expected(plans: list[rules.Plan], space: rules.Space) -> float:
    """Paths left in expectation after investigating ``space``: each path alike, the answer set by the path."""
    paths = {plan.path for plan in plans}
    yes_paths = {plan.path for plan in plans if rules.answer(plan, space)}
    no_paths = {plan.path for plan in plans if not rules.answer(plan, space)}
    crossing = [path for path in paths if space in path[1:]]
    return (len(crossing) * len(yes_paths) + (len(paths) - len(crossing)) * len(no_paths)) / len(paths)


def check_against_brute_force(initial: rules.GameState, actions: list[rules.Action], made: Review) -> int:
    """Every count and expectation of ``made``, recomputed the slow way; returns how many steps were checked."""
    steps = iter(step for turn in made.turns for step in turn.steps)
    turns = iter(made.turns)
    state, checked = initial, 0
    for action in actions:
        if state.phase is rules.Phase.SAMURAI_TURN and isinstance(action, (rules.Move, rules.Search, rules.Sniff,
                                                                            rules.Undo)):
            step = next(steps)
            assert step.action == action
            plans = fitting_plans(state)
            assert step.before == len({p.path for p in plans}) == len(brute_force_paths(state)[0])
            options = [(brute_expected(plans, investigated_space(state, a)), a)
                       for a in rules.legal_samurai_actions(state) if not isinstance(a, rules.Move)]
            if options:
                lowest = min(value for value, _ in options)
                assert step.best is not None and step.best.expected == pytest.approx(lowest)
                assert step.best.action in [a for value, a in options if value == pytest.approx(lowest)]
            else:
                assert step.best is None
            if isinstance(action, (rules.Search, rules.Sniff)):
                assert step.expected == pytest.approx(brute_expected(plans, investigated_space(state, action)))
            state = rules.apply(state, action).state
            assert step.after == len(brute_force_paths(state)[0])
            checked += 1
        else:
            if state.phase is rules.Phase.SAMURAI_TURN:  # the turn's end
                turn = next(turns)
                fitting, _ = brute_force_paths(state)
                assert (turn.round, turn.at_discovery) == (state.round, len(fitting))
                if isinstance(action, rules.EndSamuraiTurn):
                    assert turn.her_path == state.plan.path and turn.her_path in fitting
            state = rules.apply(state, action).state
    assert next(steps, None) is None and next(turns, None) is None
    return checked


@pytest.mark.parametrize(("seed", "advanced"), [(0, False), (1, True), (3, False)])
def test_the_review_of_a_hunt_matches_the_brute_force_count(seed, advanced):
    history = play_out(seed, advanced=advanced)
    actions = [a for a, _ in history]
    initial = rules.new_game(seed, advanced=advanced)
    assert check_against_brute_force(initial, actions, review(initial, actions)) >= 10


def test_the_review_counts_an_undo_and_a_false_trail_as_the_aid_does():
    seed, actions = scripted_match(rules.Termination.CAPTURED_THRICE)
    initial = rules.new_game(seed)
    state = initial
    played: list[rules.Action] = []
    undone = False
    for action in actions:
        if isinstance(action, rules.Plan) and state.false_trail_available and action.false_trail is None:
            spare = next(s for s in rules.SPACES if s not in action.path)
            action = rules.Plan(action.path, spare)  # the False Trail placed: a yes off her path then fits
        if isinstance(action, rules.Move) and not undone:
            played += [action, rules.Undo()]
            state = rules.apply(rules.apply(state, action).state, rules.Undo()).state
            undone = True
        try:
            state = rules.apply(state, action).state
        except rules.IllegalActionError:
            break  # her changed plan made the rest of the script illegal: the review stops where the match did
        played.append(action)
        if state.is_over:
            break
    made = review(initial, played)
    assert any(isinstance(step.action, rules.Undo) for turn in made.turns for step in turn.steps)
    check_against_brute_force(initial, played, made)


def test_her_surprise_counts_the_paths_the_hard_model_weighed_above_hers():
    history = play_out(3)
    actions = [a for a, _ in history]
    initial = rules.new_game(3)
    made = review(initial, actions)
    state = initial
    planned = None
    views = []
    turns = iter(made.turns)
    for action in actions:
        if isinstance(action, rules.EndSamuraiTurn):
            view = rules.public_view(state)
            weights = {}
            for particle, possible in zip(samurai_model("hard", view, planned.samurai_spaces, evidence_from(views)),
                                          belief(view).possible, strict=True):
                weights[possible.path] = particle.weight
            hers = weights[state.plan.path]
            assert next(turns).more_likely == sum(1 for w in weights.values() if w > hers * (1 + 1e-9))
        state = rules.apply(state, action).state
        if isinstance(action, rules.Plan):
            planned = rules.public_view(state)
        views.append(rules.public_view(state))
    assert [t.more_likely for t in made.turns] == [36, 14, 1, 0]  # seed 3: her first plans surprised them most


def test_captures_and_seals_are_told_per_discovery():
    seed, actions = scripted_match(rules.Termination.CAPTURED_THRICE)
    made = review(rules.new_game(seed), list(actions))
    assert sum(t.captures for t in made.turns) == 3
    final = rules.new_game(seed)
    for action in actions:
        final = rules.apply(final, action).state
    assert tuple(t for turn in made.turns for t in turn.sealed) == final.drawn


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_review_is_kept_as_json_exactly(seed):
    history = play_out(seed, advanced=seed == 1)
    made = review(rules.new_game(seed, advanced=seed == 1), [a for a, _ in history])
    assert review_from_json(review_to_json(made)) == made
    with pytest.raises(ValueError):
        review_from_json('{"format": 99, "turns": []}')
