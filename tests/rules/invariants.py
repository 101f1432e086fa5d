"""What must hold in every reachable state; used by the property tests."""

from __future__ import annotations

import dataclasses

import rules
from rules import OBJECT_AT, OBJECT_SPACES, OBJECT_TYPES, SPACES_OF_TYPE, GameState, Phase, Termination
from rules.palace import CENTRES


def check(state: GameState, discoveries: int) -> None:
    tokens = [*state.bag, *state.drawn, state.bound, state.first_type]
    assert sorted(t.value for t in tokens) == sorted(t.value for t in OBJECT_TYPES), "tokens conserved"

    assert 0 <= state.mallet <= 12 and 0 <= state.spirits <= 3
    assert state.round == 0 if state.phase is Phase.SETUP else 1 <= state.round <= 4
    assert (state.outcome is not None) == (state.phase is Phase.OVER)

    # One broken piece per discovery plus the setup's, never more than five.
    if state.goryo_space is None:
        assert state.broken == () and discoveries == 0
    else:
        assert len(state.broken) == 1 + discoveries, (state.broken, discoveries)
    assert len(state.broken) <= 5 and len(set(state.broken)) == len(state.broken)
    assert all(s in OBJECT_SPACES for s in state.broken)
    assert all(OBJECT_AT[s] is not state.bound for s in state.broken), "she never breaks her bound object"
    if state.broken:
        assert OBJECT_AT[state.broken[0]] is state.first_type
        assert state.goryo_space == state.broken[-1], "her pawn stands on her last break"

    # Seals: exactly the intact spaces of sealed (drawn) types.
    expected_seals = {s for t in state.drawn for s in SPACES_OF_TYPE[t] if s not in state.broken}
    assert state.sealed_spaces == expected_seals
    assert not state.sealed_spaces & set(state.broken) and not state.sealed_spaces & CENTRES
    assert state.bound not in state.drawn and state.first_type not in state.drawn
    assert len(set(state.drawn)) == len(state.drawn)

    if not state.is_over:
        assert not state.exorcism_reached and state.spirits < 3
    if state.phase is Phase.GORYO_TURN:
        assert rules.has_legal_plan(state), "a turn without a legal plan ends the match"
        assert state.plan is None and state.calls == () and state.paw_prints == ()
    if state.phase is Phase.SAMURAI_TURN:
        check_samurai_turn(state)


def check_samurai_turn(state: GameState) -> None:
    assert state.plan is not None
    assert rules.refusal(dataclasses.replace(state, phase=Phase.GORYO_TURN), state.plan) is None
    per = state.actions_per_samurai
    assert state.actions_used <= 6 and len(state.calls) <= 3
    assert len({c.samurai for c in state.calls}) == len(state.calls)
    for call in state.calls:
        assert 1 <= call.actions <= per and call.moves <= 2 and call.searches <= 1 and call.sniffs <= 1
    spaces = [p.space for p in state.paw_prints]
    assert len(set(spaces)) == len(spaces) and state.goryo_space not in spaces
    for print_ in state.paw_prints:
        assert print_.green == rules.answer(state.plan, print_.space)


def check_discovery(before: GameState, after: GameState) -> None:
    """After any Discovery, the match's end included: the round is wrapped up completely."""
    plan = before.plan
    assert plan is not None
    if len(plan.path) == 6:
        assert not after.sprint_available, "a Sprint used this round is never available again"
    if plan.false_trail is not None and before.investigated(plan.false_trail):
        assert not after.false_trail_available, "an investigated False Trail is spent"
    assert after.plan is None and after.calls == () and after.paw_prints == ()
    assert after.last_reveal is not None and after.last_reveal.path == plan.path


def check_end(state: GameState) -> None:
    """For matches played to their end by the rules (no resignation, time-out or abort)."""
    outcome = state.outcome
    assert outcome is not None and outcome.winner is not None and state.round <= 4
    if outcome.termination is Termination.SURVIVED_FOUR_ROUNDS:
        assert outcome.winner is rules.Side.GORYO and state.round == 4
        assert state.tiles_face_down <= 6 and state.spirits < 3
    else:
        assert outcome.winner is rules.Side.SAMURAI
    if outcome.termination is Termination.CAPTURED_THRICE:
        assert state.spirits == 3
    if outcome.termination is Termination.EXORCISED:
        assert state.exorcism_reached
    if outcome.termination is Termination.NO_LEGAL_PLAN:
        assert not rules.has_legal_plan(dataclasses.replace(state, phase=Phase.GORYO_TURN))
    assert outcome.termination in {
        Termination.CAPTURED_THRICE, Termination.EXORCISED, Termination.NO_LEGAL_PLAN, Termination.SURVIVED_FOUR_ROUNDS,
    }
