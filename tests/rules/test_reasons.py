"""A refusal is its English sentence and also its template and typed values, so the bot can say it in
another language; the engine itself never reads a catalogue."""

import copy
import pickle
import subprocess
import sys

import pytest

import rules
from rules import Reason, Samurai
from rules.reasons import N_

from .builders import FAN, HELMET, MIRROR, URN, plan, play, sq, started


def test_a_reason_is_the_english_sentence_with_its_template_and_values():
    searched = play(started(URN, HELMET, "A1"), plan("A1 B1 C1 C2 C3"), rules.Search(Samurai.RED))[0]
    reason = rules.refusal(searched, rules.Search(Samurai.RED))
    assert reason == "The red Samurai has already searched this turn."
    assert isinstance(reason, Reason)
    assert reason.template == "{samurai} has already searched this turn."
    assert dict(reason.values) == {"samurai": Samurai.RED}  # typed, so the bot can name him in any language


def test_a_reason_built_on_another_keeps_it_as_a_value():
    reason = rules.refusal(started(URN, HELMET, "A1"), plan("A1 B1 C1 D1 E1"))
    assert reason.startswith("Your plan cannot step from C1 to D1. A wall separates C1 from D1")
    assert reason.template == "Your plan cannot step from {origin} to {destination}. {why}"
    why = reason.values["why"]
    assert isinstance(why, Reason) and why.values["bridge"] == "C2–D2"


def test_an_object_is_kept_typed_and_named_in_english():
    at_c3 = rules.goryo_turn.target_refusal(started(URN, MIRROR, "C3"), sq("C3"))  # where she broke it to start
    assert at_c3 == "The Mirror on C3 is already broken."
    assert at_c3.values == {"object": MIRROR, "space": "C3"}


def test_a_copy_or_a_pickle_keeps_the_template():
    reason = rules.refusal(started(URN, FAN, "B3"), plan("B3 B4"))
    for again in (copy.copy(reason), copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert again == reason and isinstance(again, Reason)
        assert (again.template, dict(again.values)) == (reason.template, dict(reason.values))


def test_a_plural_pair_chooses_by_its_count_and_a_bare_template_is_used_as_written():
    pair = ("{count} second left.", "{count} seconds left.")
    assert Reason(pair, count=1) == "1 second left." and Reason(pair, count=3) == "3 seconds left."
    assert Reason(pair, count=3).plural == "{count} seconds left."
    assert Reason(N_("Use {braces} as written.")) == "Use {braces} as written."
    with pytest.raises(TypeError, match="count"):
        Reason(pair, seconds=3)


def test_errors_raised_by_the_rules_carry_their_reason():
    with pytest.raises(rules.InvalidNotationError) as raised:
        rules.parse_space("G7")
    assert isinstance(raised.value.reason, Reason) and raised.value.reason.values == {"text": "'G7'"}
    with pytest.raises(rules.IllegalActionError) as raised:
        rules.apply(started(URN, HELMET, "A1"), plan("A1 B1 C1 D1 E1"))
    assert raised.value.reason.template.startswith("Your plan cannot step")


def test_the_rules_package_does_not_import_the_catalogues():
    code = ("import sys, rules; rules.new_game(1); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('locales', 'babel')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
