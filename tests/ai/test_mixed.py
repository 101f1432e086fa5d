"""The Goryō's mixed strategy: a pure function of (view, seed) that no one can read after two matches."""

from collections import Counter

import pytest

import ai
import rules
from ai import mixed
from rules import ObjectType, Phase, Plan, Side
from tests.rules.builders import URN

START_SEEDS = range(12)
PLAN_SEEDS = range(16)


def goryo_choice(state: rules.GameState, level: str, seed: int):
    return ai.agent(Side.GORYO, level).choose(rules.goryo_view(state), ai.budget_for(level, seed))


def first_plan_position(game_seed: int) -> rules.GameState:
    """A match's first plan: the opening, her start chosen as the easy Goryō does."""
    state = rules.new_game(game_seed)
    return rules.apply(state, goryo_choice(state, "easy", 0)).state


def test_a_draw_keeps_only_choices_near_the_best_and_repeats_itself_for_a_seed():
    scored = [(0.0, "best"), (-0.1, "close"), (-5.0, "far")]
    drawn = [mixed.draw(scored, seed, temperature=0.5, margin=1.0, stream="t") for seed in range(40)]
    assert set(drawn) == {"best", "close"}
    assert drawn == [mixed.draw(scored, seed, temperature=0.5, margin=1.0, stream="t") for seed in range(40)]
    # Streams are independent: the same seed need not give the same pick in another stream.
    other = [mixed.draw(scored, seed, temperature=0.5, margin=1.0, stream="u") for seed in range(40)]
    assert other != drawn
    with pytest.raises(ValueError):
        mixed.draw([], 1, temperature=1.0, margin=1.0, stream="t")


@pytest.mark.parametrize("level", ["normal", pytest.param("hard", marks=pytest.mark.long)])
def test_the_start_varies_with_the_seed_for_most_first_types_and_never_for_one_seed(level):
    varied = 0
    for first_type in ObjectType:
        bound = URN if first_type is not URN else ObjectType.FAN
        state = rules.GameState(advanced=False, bound=bound, first_type=first_type, bag=())
        starts = [goryo_choice(state, level, seed) for seed in START_SEEDS]
        # The same after a restart.
        assert starts[:3] == [goryo_choice(state, level, seed) for seed in START_SEEDS[:3]]
        assert all(rules.is_legal(state, start) for start in starts)
        varied += len(set(starts)) > 1
    assert varied > len(ObjectType) // 2


def test_the_easy_goryo_stays_predictable():
    state = rules.GameState(advanced=False, bound=URN, first_type=ObjectType.FAN, bag=())
    assert len({goryo_choice(state, "easy", seed) for seed in START_SEEDS}) == 1


@pytest.mark.parametrize(("level", "game_seed"),
                         [("normal", 0), ("normal", 3), ("hard", 0), ("hard", 1), ("hard", 3), ("hard", 4),
                          ("hard", 5)])
def test_the_first_plan_is_drawn_among_at_least_four_none_more_than_half_the_time(level, game_seed):
    state = first_plan_position(game_seed)
    assert state.phase is Phase.GORYO_TURN
    plans = [goryo_choice(state, level, seed) for seed in PLAN_SEEDS]
    assert all(isinstance(p, Plan) and rules.is_legal(state, p) for p in plans)
    counts = Counter(plans)
    assert len(counts) >= 4
    assert max(counts.values()) <= len(PLAN_SEEDS) // 2
    if level == "normal":
        assert len({p.path for p in plans}) >= 2  # not only the False Trail moves: the path does too
    # A pure function of (view, seed): asking again gives the same plans.
    assert [goryo_choice(state, level, seed) for seed in PLAN_SEEDS[:4]] == plans[:4]


@pytest.mark.long
def test_the_hard_goryos_first_path_varies_at_most_openings_among_those_her_played_out_turn_cannot_tell_apart():
    # Her path is drawn only among plans whose played-out Samurai turn ends alike (as many captures and green
    # prints): where one path alone escapes it, as in the first opening here, only her False Trail moves.
    varied = 0
    for game_seed in (0, 1, 3, 5):
        state = first_plan_position(game_seed)
        varied += len({goryo_choice(state, "hard", seed).path for seed in PLAN_SEEDS}) >= 2
    assert varied >= 3


def test_the_false_trail_and_the_sprint_come_at_varied_moments():
    trail_rounds, sprint_rounds = Counter(), Counter()
    for game_seed in range(14):
        state = rules.new_game(game_seed)
        version = 0
        while not state.is_over:
            side = state.to_move
            level = "normal"
            view = rules.public_view(state) if side is Side.SAMURAI else rules.goryo_view(state)
            action = ai.agent(side, level).choose(view, ai.budget_for(level, game_seed * 1000 + version))
            if isinstance(action, Plan) and len(action.path) > rules.layout.GORYO_MOVE_CUBES + 1:
                sprint_rounds[state.round] += 1
            after = rules.apply(state, action).state
            if state.false_trail_available and not after.false_trail_available:  # a Samurai fell for it
                trail_rounds[state.round] += 1
            state = after
            version += 1
    assert len(trail_rounds) >= 2 and max(trail_rounds.values()) < sum(trail_rounds.values())
    assert len(sprint_rounds) >= 2
