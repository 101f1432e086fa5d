"""summarise: a finished match's action log replayed into what ratings and stats need."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import rules
from bot.records.league import MatchNotFinishedError, member_stats, rebuild, summarise
from rules import OBJECT_AT, ObjectType, Resign, Side, Termination, parse_plan, parse_space
from rules.playout import random_match
from tests.render.action_logs import THIRD_PLAN, scripted_match, two_rounds
from tests.render.scenes import FALSE_TRAIL, SEED, SPRINT_PLAN

FINISHED = datetime(2026, 3, 1, 12, tzinfo=UTC)


def summarise_log(actions, **overrides):
    arguments = {"match_id": 5, "guild_id": 1, "channel_id": 10, "goryo_id": 1, "samurai_id": 2,
                 "finished_at": FINISHED, "initial_state": rules.new_game(SEED), "actions": actions}
    return summarise(**(arguments | overrides))


def test_a_resign_after_a_locked_plan_keeps_only_the_discovered_plans():
    summary = summarise_log(scripted_match()[1])  # a third plan locked in, then the Samurai player resigns
    assert summary.outcome == rules.Outcome(Termination.RESIGNED, Side.GORYO)
    assert summary.winner_id == 1 and summary.rated
    # The third plan was never discovered: nobody but her ever saw it, so the summary doesn't keep it.
    assert [(p.round, p.path, p.discovered) for p in summary.plans] == [
        (1, parse_plan("C3 C2 D2 D1 E1"), True),
        (2, parse_plan(SPRINT_PLAN), True),
    ]
    first, second = summary.plans
    assert (first.sprint, second.sprint) == (False, True)
    assert (second.false_trail, second.false_trail_investigated) == (parse_space(FALSE_TRAIL), True)
    assert [p.target_type for p in summary.plans] == [ObjectType.SCROLL, ObjectType.LANTERN]
    assert (summary.rounds, summary.spirits, summary.bound) == (3, 1, rules.new_game(SEED).bound)


def other_third_plan() -> rules.Plan:
    """A legal round-3 plan aimed at another type of object than the scripted one."""
    state = rules.new_game(SEED)
    for action in two_rounds():
        state = rules.apply(state, action).state
    scripted = OBJECT_AT[parse_plan(THIRD_PLAN)[-1]]
    return next(plan for plan in rules.legal_plans(state) if OBJECT_AT[plan.path[-1]] is not scripted)


def test_an_undiscovered_last_plan_changes_neither_the_summary_nor_the_stats():
    # The same public history (two discovered rounds, a third plan locked, the Samurai resign) with
    # two different secret third plans: nothing derived from the match may tell them apart.
    scripted = summarise_log(scripted_match()[1])
    other = summarise_log([*two_rounds(), other_third_plan(), Resign(Side.SAMURAI)])
    assert other == scripted
    stats = [member_stats([s], rebuild([s]), guild_id=1, user_id=1) for s in (scripted, other)]
    assert stats[0] == stats[1]
    assert stats[0].favourite_target_count == 1 and stats[0].powers.sprint_matches == 1  # the discovered ones count


def test_a_match_given_up_before_the_first_discovery_keeps_no_plan_and_is_unrated():
    state = rules.new_game(SEED)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])
    planned = rules.apply(state, start).state
    for plan in list(rules.legal_plans(planned))[:2]:
        summary = summarise_log([start, plan, Resign(Side.GORYO)])
        assert summary.plans == () and summary.given_up_early and not summary.rated


def test_a_match_still_in_progress_is_refused():
    with pytest.raises(MatchNotFinishedError, match="still in progress"):
        summarise_log(two_rounds())


def test_a_match_against_the_bot_is_flagged_by_its_id_or_by_the_caller():
    finished = [*two_rounds(), Resign(Side.GORYO)]
    assert not summarise_log(finished, bot_id=99).against_ai
    assert summarise_log(finished, samurai_id=99, bot_id=99).against_ai
    assert summarise_log(finished, against_ai=True).against_ai
    assert not summarise_log(finished, samurai_id=99, bot_id=99).rated


def test_an_aborted_match_has_no_winner_and_is_not_rated():
    summary = summarise_log([*two_rounds(), rules.Abort()])
    assert summary.aborted and summary.winner_id is None and not summary.rated
    assert summary.won_by(1) is None


@pytest.mark.parametrize("seed", [3, 11])
def test_a_full_random_match_summarises_every_plan_it_played(seed):
    history = random_match(seed)
    actions = [action for action, _ in history]
    final = history[-1][1]
    summary = summarise_log(actions, initial_state=rules.new_game(seed))
    assert summary.outcome == final.outcome
    assert [p.path for p in summary.plans] == [a.path for a in actions if isinstance(a, rules.Plan)]
    assert all(p.discovered for p in summary.plans)  # random play never resigns: every plan reached its discovery
    assert sum(p.sprint for p in summary.plans) == (0 if final.sprint_available else 1)
