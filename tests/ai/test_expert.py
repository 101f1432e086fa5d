"""The expert Samurai's model of her: a replayed hard Goryō, trusted as far as her revealed paths bear it out."""

import pytest

import ai
import rules
import rules.views
from ai import expert, goryo, opponent
from ai import samurai as samurai_search
from rules import Phase
from rules.playout import random_match


def hard_particles(view: rules.PublicView) -> list[samurai_search.Particle]:
    """The hard Samurai's particles with no evidence yet (``ai.agents``)."""
    share = 0.9 * opponent.sensible_weight((), share=0.9, sharpness=4.0)
    return samurai_search.particles_from(view, hider_model=share, sharpness=4.0, her_scale=True,
                                         planned_against=view.samurai_spaces)


def turn_starts(seed: int, advanced: bool = False) -> list[rules.PublicView]:
    """The public view as each Samurai turn of a random match began."""
    return [rules.public_view(s) for _, s in random_match(seed, advanced=advanced)
            if s.phase is Phase.SAMURAI_TURN and not s.calls]


def later_turn(seed: int) -> rules.PublicView:
    views = [v for v in turn_starts(seed) if v.round >= expert.FIRST_MODELLED_ROUND]
    assert views, "the seeds below are of matches that last beyond round 1"
    return views[0]


@pytest.mark.parametrize("seed", [3, 8])
def test_a_revealed_path_the_replay_chose_raises_trust_and_one_it_never_chose_lowers_it(seed):
    view = later_turn(seed)
    planning = expert.planning_view(view, view.samurai_spaces)
    chances = expert.replayed(planning)
    assert chances and abs(sum(chances.values()) - 1) < 1e-9
    chosen = max(chances, key=chances.__getitem__)
    never = next(p.path for p in ai.belief(view).possible if p.path not in chances)
    assert expert.model_trust(((view, chosen),)) > expert.MODEL_PRIOR
    assert expert.model_trust(((view, never),)) < expert.MODEL_PRIOR
    assert expert.model_trust(((view, never), (view, never))) < expert.model_trust(((view, never),))


def odds_to_trust(odds: float) -> float:
    return odds / (1 + odds)


@pytest.mark.parametrize("seed", [3, 8])
def test_one_revealed_path_moves_the_trust_at_most_the_limit_either_way(seed):
    view = later_turn(seed)
    chances = expert.replayed(expert.planning_view(view, view.samurai_spaces))
    never = next(p.path for p in ai.belief(view).possible if p.path not in chances)
    prior_odds = expert.MODEL_PRIOR / (1 - expert.MODEL_PRIOR)
    # A path the replay never chose is, unbounded, a thousandfold against it: one such round would end the model.
    assert expert.model_trust(((view, never),)) == pytest.approx(odds_to_trust(prior_odds / expert.EVIDENCE_LIMIT))
    chosen = max(chances, key=chances.__getitem__)
    assert expert.model_trust(((view, chosen),)) <= odds_to_trust(prior_odds * expert.EVIDENCE_LIMIT) + 1e-12


@pytest.mark.parametrize("seed", [3, 8])
def test_her_round_one_path_is_evidence_too(seed):
    first = turn_starts(seed)[0]
    assert first.round == 1
    chances = expert.replayed(expert.planning_view(first, first.samurai_spaces))
    assert chances, "the replay judges round 1 too, for the evidence"
    never = next(p.path for p in ai.belief(first).possible if p.path not in chances)
    assert expert.model_trust(((first, never),)) < expert.MODEL_PRIOR


def test_the_replay_plays_a_candidate_out_once_whatever_her_bound_object():
    view = later_turn(3)
    planning = expert.planning_view(view, view.samurai_spaces)
    assert len(rules.views.possible_bound(planning)) > 1
    expert.replayed.cache_clear()
    goryo.samurai_turn_against.cache_clear()
    chances = expert.replayed(planning)
    assert goryo.samurai_turn_against.cache_info().hits > 0
    expert.replayed.cache_clear()
    goryo.samurai_turn_against.cache_clear()
    assert expert.replayed(planning) == chances  # remembered or not, the same chances


@pytest.mark.parametrize("seed", [3, 8])
def test_the_expert_samurai_weigh_the_replayed_choice_heaviest(seed):
    view = later_turn(seed)
    chances = expert.replayed(expert.planning_view(view, view.samurai_spaces))
    chosen = max(chances, key=chances.__getitem__)
    particles = expert.expert_particles(view, view.samurai_spaces, ())
    paths = [p.path for p in ai.belief(view).possible]
    heaviest = max(range(len(particles)), key=lambda i: particles[i].weight)
    assert paths[heaviest] == chosen
    plain = hard_particles(view)
    assert [p.weight for p in plain] != [p.weight for p in particles]


def test_in_round_one_the_expert_samurai_keep_the_hard_ones_model():
    view = turn_starts(3)[0]
    assert view.round == 1
    particles = expert.expert_particles(view, view.samurai_spaces, ())
    plain = hard_particles(view)
    assert [p.weight for p in particles] == pytest.approx([p.weight for p in plain])


def test_the_expert_goryo_judges_more_plans_than_the_hard_one():
    state = next(s for _, s in random_match(5) if s.phase is Phase.GORYO_TURN and s.round == 2)
    view = rules.goryo_view(state)
    budget = ai.budget_for("expert", 1)
    plan = ai.agent(rules.Side.GORYO, "expert").choose(view, budget)
    assert rules.refusal(state, plan) is None
    assert expert.CANDIDATES > 8


def _goryo_round_two_views(seeds):
    for seed in seeds:
        state = next(s for _, s in random_match(seed) if s.phase is Phase.GORYO_TURN and s.round == 2)
        yield rules.goryo_view(state)


def test_the_expert_goryo_judges_each_plan_by_the_worse_of_her_two_played_out_hunters():
    differing = 0
    for view in _goryo_round_two_views(range(6)):
        ranked = goryo.ranked_plans(view, "expert", 0)[: expert.CANDIDATES]
        both = goryo.judge_plans(view, ranked, 0, goryo.EXPERT_HUNTERS)
        alone = [goryo.judge_plans(view, ranked, 0, (hunter,)) for hunter in goryo.EXPERT_HUNTERS]
        for index, (value, _plan, outcome) in enumerate(both):
            values = [judged[index][0] for judged in alone]
            assert value == pytest.approx(min(values))
            assert outcome == alone[values.index(min(values))][index][2]
            differing += len(set(values)) > 1
    assert differing > 0  # the two hunters do not always agree, or the second would cost time for nothing


def test_the_expert_goryo_plays_the_blind_hunter_out_and_the_hard_one_does_not(monkeypatch):
    played: dict[str, set[goryo.Hunter]] = {}
    real = goryo.samurai_turn_against

    def spy(view, plan, seed, hunter=goryo.MILD_HUNTER):
        played.setdefault(level, set()).add(hunter)
        return real(view, plan, seed, hunter)

    monkeypatch.setattr(goryo, "samurai_turn_against", spy)
    view = next(_goryo_round_two_views([5]))
    for level in ("hard", "expert"):
        ai.agent(rules.Side.GORYO, level).choose(view, ai.budget_for(level, 1))
    assert played == {"hard": {goryo.MILD_HUNTER}, "expert": {goryo.SHARP_HUNTER, goryo.BLIND_HUNTER}}
