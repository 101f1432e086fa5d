"""Views (spec section 4) and the JSON format, beyond the property tests."""

import dataclasses
import json

import pytest

import rules
from rules import Phase, Resign, Side
from rules.serialization import FORMAT_VERSION, UnsupportedFormatError

from .builders import FAN, GREEN, HELMET, LANTERN, MASK, URN, discover, place, plan, play, seal, sq, started


def locked(false_trail=None):
    state = started(bound=URN, first=HELMET, start="A1")
    return play(state, plan("A1 B1 C1 C2 C3", false_trail))[0]


def test_the_public_view_during_her_turn_holds_no_plan_and_no_bound():
    state = started(bound=URN, first=HELMET, start="A1")
    view = rules.public_view(state)
    assert view.bound is None and view.phase is Phase.GORYO_TURN and view.to_move is Side.GORYO
    assert not any(isinstance(v, rules.Plan) for v in dataclasses.astuple(view))


def test_two_plans_with_the_same_answers_give_the_same_public_history():
    """Spec 4 as a test: same public actions, different secret plans and bound objects."""
    a = started(bound=URN, first=HELMET, start="A1", bag=(FAN, MASK))
    b = dataclasses.replace(a, bound=MASK, bag=tuple(URN if t is MASK else t for t in a.bag))
    a, _ = play(a, plan("A1 B1 C1 C2 C3"))
    b, _ = play(b, plan("A1 A2 B2 B3 C3", "E1"))
    samurai_moves = (rules.Move(GREEN, sq("B3")), rules.Sniff(GREEN, sq("A3")))  # both answer no
    a, events_a = play(a, *samurai_moves)
    b, events_b = play(b, *samurai_moves)
    assert events_a == events_b
    assert rules.public_view(a) == rules.public_view(b)


def test_the_discovery_reveals_the_plan_and_the_end_reveals_the_bound_object():
    state, _ = discover(locked("E1"))
    view = rules.public_view(state)
    assert view.last_reveal.path == plan("A1 B1 C1 C2 C3").path and view.last_reveal.false_trail == sq("E1")
    assert view.bound is None
    over, _ = rules.apply(state, Resign(Side.GORYO))
    assert rules.public_view(over).bound is URN


def test_the_public_view_shows_the_board_as_the_channel_knows_it():
    state = seal(started(bound=URN, first=HELMET, start="A1"), LANTERN)
    view = rules.public_view(place(state, red="C1"))
    assert view.first_type is HELMET and view.drawn == (LANTERN,) and view.bag_count == 5
    assert set(view.sealed) == {sq("B1"), sq("D3"), sq("A5"), sq("F5")} and list(view.sealed) == sorted(view.sealed)
    assert view.samurai_space(rules.Samurai.RED) == sq("C1") and view.goryo_space == sq("A1")
    assert dict(view.tiles)[LANTERN] is rules.TileState.SEALED and dict(view.tiles)[HELMET] is rules.TileState.BROKEN
    assert view.actions_per_samurai == 3


def test_the_goryos_view_adds_her_secrets_and_a_preview():
    state = started(bound=URN, first=HELMET, start="A1")
    preview = plan("A1 B1 C1 C2 C3", "F6")
    view = rules.goryo_view(state, preview)
    assert view.bound is URN and view.plan == preview and view.public == rules.public_view(state)
    assert set(view.legal_targets) == set(rules.legal_targets(state))
    assert rules.goryo_view(locked()).plan == plan("A1 B1 C1 C2 C3")
    assert rules.goryo_view(locked()).legal_targets == ()


def test_json_carries_a_format_version_and_refuses_others():
    data = json.loads(rules.to_json(locked("E1")))
    assert data["format"] == FORMAT_VERSION
    assert data["plan"] == {"path": ["A1", "B1", "C1", "C2", "C3"], "false_trail": "E1"}
    with pytest.raises(UnsupportedFormatError):
        rules.from_json(json.dumps({**data, "format": FORMAT_VERSION + 1}))


def test_json_round_trips_an_ended_match_and_an_aborted_one():
    for end in (Resign(Side.SAMURAI), rules.Abort()):
        state = rules.apply(locked("E1"), end).state
        assert rules.from_json(rules.to_json(state)) == state


def test_an_unknown_action_type_is_refused():
    with pytest.raises(UnsupportedFormatError):
        rules.action_from_dict({"type": "teleport"})


def test_json_round_trips_a_state_with_every_field_away_from_its_default():
    state = dataclasses.replace(started(bound=URN, first=HELMET, start="A1", bag=(LANTERN,), advanced=True), mallet=1)
    state, _ = play(state, plan("A1 B1 C1 C2 D2 D3", "E1"))
    state = place(state, purple="E1")
    state, _ = discover(state, rules.Sniff(GREEN, sq("B1")), rules.Search(rules.Samurai.PURPLE))
    assert not state.sprint_available and not state.false_trail_available and state.drawn == (LANTERN,)
    state, _ = play(state, plan("D3 E3 F3 F4 E4"), rules.Move(GREEN, sq("C2")), rules.Sniff(GREEN, sq("D2")))
    assert rules.from_json(rules.to_json(state)) == state
    defaults = rules.GameState(advanced=False, bound=state.bound, bag=state.bag, first_type=state.first_type)
    differing = {f.name for f in dataclasses.fields(state) if getattr(state, f.name) != getattr(defaults, f.name)}
    assert differing >= {
        "advanced", "phase", "round", "goryo_space", "samurai_spaces", "broken", "drawn", "mallet",
        "sprint_available", "false_trail_available", "plan", "calls", "paw_prints", "last_reveal",
    }


def test_a_plan_built_from_a_list_equals_its_json_round_trip():
    plan = rules.Plan([rules.parse_space(n) for n in ("B1", "C1", "C2", "D2", "D1")])
    assert isinstance(plan.path, tuple)
    assert rules.action_from_dict(rules.action_to_dict(plan)) == plan
    assert hash(plan) == hash(rules.Plan(tuple(plan.path)))
