"""Issue 44: a match's record (``rules.record``) parses back to the match, and its checker names bad lines."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import Abort, EndSamuraiTurn, Move, Phase, Resign, Side, TimeOut, Undo
from rules.playout import random_action, random_match
from rules.record import RecordError, check, format_record, parse_record, replay
from rules.record.__main__ import main
from rules.record.notation import action_line, parse_action

from ..bot.scripts import scripted_match
from .hunter import hunting_action
from .record_replays import SEEDS

ENDINGS_BY_THE_BOARD = [rules.Termination.CAPTURED_THRICE, rules.Termination.EXORCISED,
                        rules.Termination.NO_LEGAL_PLAN, rules.Termination.SURVIVED_FOUR_ROUNDS]


def eventful_match(seed: int, advanced: bool) -> tuple[rules.GameState, list[rules.Action]]:
    """Random play with what ``random_match`` never does: takes moves back, resigns, times out, calls off."""
    rng = random.Random(seed)
    initial = state = rules.new_game(seed, advanced=advanced)
    actions: list[rules.Action] = []
    while not state.is_over:
        roll = rng.random()
        if roll < 0.004:
            action: rules.Action = rng.choice([Resign(rng.choice(list(Side))), Abort()])
        elif roll < 0.008 and state.to_move is not None:
            action = TimeOut(state.to_move)
        elif roll < 0.2 and state.phase is Phase.SAMURAI_TURN and state.takeable:
            action = Undo()
        else:
            action = (hunting_action if seed % 2 else random_action)(state, rng)
        state = rules.apply(state, action).state
        actions.append(action)
    return initial, actions


def assert_round_trip(initial: rules.GameState, actions: list[rules.Action], final: rules.GameState) -> None:
    text = format_record(initial, actions, {"Event": "Test match", "Goryo": 'Ann "the ghost"\nLee'})
    record = parse_record(text)
    assert record.initial == initial
    assert list(record.actions) == actions
    assert check(text) == final
    assert record.tag("Goryo") == 'Ann "the ghost" Lee'


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), advanced=st.booleans())
def test_every_random_match_round_trips_through_its_record(seed, advanced):
    initial, actions = eventful_match(seed, advanced)
    final = initial
    for action in actions:
        final = rules.apply(final, action).state
    assert_round_trip(initial, actions, final)


@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
def test_a_thousand_seeded_random_matches_of_each_mode_round_trip(advanced):
    for seed in range(1000):
        history = random_match(seed, advanced=advanced)
        text = format_record(rules.new_game(seed, advanced=advanced), [a for a, _ in history])
        assert check(text) == history[-1][1], f"seed {seed}"


@pytest.mark.parametrize("ending", ENDINGS_BY_THE_BOARD, ids=lambda e: e.value)
def test_the_scripted_matches_of_the_bot_tests_round_trip(ending):
    seed, actions = scripted_match(ending)
    initial = rules.new_game(seed)
    final = initial
    for action in actions:
        final = rules.apply(final, action).state
    assert final.outcome is not None and final.outcome.termination is ending
    assert_round_trip(initial, list(actions), final)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_recorded_replays_round_trip(seed):
    history = random_match(seed, advanced=seed % 2 == 1)
    assert_round_trip(rules.new_game(seed, advanced=seed % 2 == 1), [a for a, _ in history], history[-1][1])


def test_every_kind_of_action_has_one_line_that_parses_back():
    actions = [rules.ChooseStart(rules.parse_space("F6")), rules.Plan(rules.parse_plan("A1 B1 C1 C2 C3")),
               rules.Plan(rules.parse_plan("A1 B1 C1 C2 D2 D3"), rules.parse_space("B2")),
               Move(rules.Samurai.RED, rules.parse_space("A5")), rules.Search(rules.Samurai.BLUE),
               rules.Sniff(rules.Samurai.PURPLE, rules.parse_space("E3")), EndSamuraiTurn(), Undo(), Abort(),
               *[cls(side) for cls in (Resign, TimeOut) for side in Side]]
    lines = [action_line(a) for a in actions]
    assert lines[1:6] == ["A1 B1 C1 C2 C3", "A1 B1 C1 C2 D2 D3 false_trail:B2", "red:A5", "search blue",
                          "sniff purple:E3"]
    assert [parse_action(line) for line in lines] == actions
    assert [parse_action(f"  {line.upper()} ") for line in lines] == actions
    assert len(set(lines)) == len(lines)


def test_the_record_reads_like_the_match():
    seed, actions = scripted_match(rules.Termination.CAPTURED_THRICE)
    text = format_record(rules.new_game(seed), list(actions), {"Level": "hard"}, notes={2: ["hint: green:B3"]})
    header, body = text.split("\n\n", 1)
    assert header.splitlines()[0] == '[Level "hard"]'
    assert '[Result "samurai"]' in header and '[Termination "captured_thrice"]' in header
    assert body.splitlines()[0].startswith("start ")
    assert body.splitlines()[1:3] == ["; round 1", rules.record.notation.action_line(actions[1])]
    assert "; hint: green:B3" in body
    assert any(line.endswith("; yes") for line in body.splitlines())


def recorded_text(seed: int = 3) -> str:
    history = random_match(seed)
    return format_record(rules.new_game(seed), [a for a, _ in history])


def test_the_first_illegal_line_is_named_with_the_rules_reason():
    lines = recorded_text().splitlines()
    first_end = lines.index("end")
    lines[first_end] = "green:F6"
    with pytest.raises(RecordError) as refused:
        check("\n".join(lines))
    assert refused.value.line == first_end + 1
    assert "green:F6" in str(refused.value) and str(refused.value).startswith(f"line {first_end + 1}: ")


@pytest.mark.parametrize(("change", "words"), [
    (lambda t: t.replace("search", "seek", 1), "is not an action"),
    (lambda t: t.replace("[Bound", "[Nope"), "lacks the tag(s) Bound"),
    (lambda t: t.replace('[Mode "basic"]', '[Mode "hard"]'), "basic or advanced"),
    (lambda t: t.replace('[Result "goryo"]', '[Result "samurai"]'), "the Result tag says 'samurai'"),
    (lambda t: t.rsplit("end", 1)[0], "ends before the match does"),
    (lambda t: t + '[Event "late"]\n', "tag after the first action"),
    (lambda t: t.replace('[Rules "1"]', '[Rules "9"]'), "rules '9'"),
])
def test_a_damaged_record_is_refused_saying_what_is_wrong(change, words):
    text = recorded_text()
    assert '[Result "goryo"]' in text  # seed 3 is her win, as the Result change expects
    with pytest.raises(RecordError) as refused:
        check(change(text))
    assert words in str(refused.value)


def test_the_command_prints_the_result_or_the_bad_line(tmp_path, capsys):
    good = tmp_path / "match.txt"
    good.write_text(recorded_text(), encoding="utf-8")
    assert main([str(good)]) == 0
    assert capsys.readouterr().out.strip() == "The Goryō wins: she lasted the four rounds."
    bad = tmp_path / "bad.txt"
    bad.write_text(recorded_text().replace("\nend\n", "\nend\nend\n", 1), encoding="utf-8")
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "line " in out and "end: It is not the Samurai's turn." in out
    assert main([str(tmp_path / "missing.txt")]) == 2


def test_a_record_replays_to_the_state_without_checking_the_end():
    text = recorded_text()
    cut = text.rsplit("\nend", 1)[0] + "\n"
    final = replay(parse_record(cut))
    assert not final.is_over and final.round == 4
