"""Opponent modelling: the weight on a sensible hider is a pure function of the public evidence."""

import rules
from ai import opponent
from ai.agents import _HIDER_SHARPNESS
from ai.belief import belief
from ai.levels import PLAYS, Level
from rules import Phase
from rules.playout import random_match

SHARE, SHARPNESS = PLAYS[Level.HARD].hider_model, _HIDER_SHARPNESS


def public_history(seed: int) -> list[rules.PublicView]:
    return [rules.public_view(rules.new_game(seed))] + [rules.public_view(s) for _, s in random_match(seed)]


def weight(evidence: opponent.Evidence) -> float:
    return opponent.sensible_weight(evidence, share=SHARE, sharpness=SHARPNESS)


def test_each_discovered_round_is_read_as_she_planned_it_and_as_it_was_revealed():
    checked = 0
    for seed in range(4):
        history = public_history(seed)
        evidence = opponent.evidence_from(history)
        reveals = {v.last_reveal.round: v.last_reveal.path for v in history if v.last_reveal is not None}
        assert [path for _, path in evidence] == [reveals[r] for r in sorted(reveals)]
        for planned, path in evidence:
            assert isinstance(planned, rules.PublicView)  # public facts only, never a GameState
            assert planned.phase is Phase.SAMURAI_TURN and planned.calls == ()  # as the turn began
            assert path[0] == planned.goryo_space
            assert path in {p.path for p in belief(planned).possible}
            checked += 1
        assert opponent.evidence_from(history) == evidence  # the same log, the same evidence
    assert checked >= 4


def test_the_weight_is_a_pure_function_of_the_evidence_and_moves_with_how_likely_her_path_was():
    evidence = next(e for e in (opponent.evidence_from(public_history(seed)) for seed in range(20)) if e)
    planned = evidence[0][0]
    paths = [p.path for p in belief(planned).possible]
    ratios = {path: opponent.likelihood_ratio(planned, path, SHARE, SHARPNESS) for path in paths}
    likely, unlikely = max(paths, key=ratios.__getitem__), min(paths, key=ratios.__getitem__)
    assert ratios[likely] > 1 > ratios[unlikely]

    assert weight(()) == opponent.PRIOR_SENSIBLE  # no Discovery yet: the prior
    assert weight(((planned, unlikely),)) < opponent.PRIOR_SENSIBLE < weight(((planned, likely),))
    assert weight(((planned, unlikely),) * 3) < weight(((planned, unlikely),))  # each unlikely path lowers it more
    opponent.likelihood_ratio.cache_clear()  # recomputed, not remembered: the same evidence, the same weight
    assert weight(evidence) == weight(evidence)
    assert 0 < weight(evidence) < 1
