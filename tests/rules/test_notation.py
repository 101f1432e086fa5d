"""Writing spaces and plans: any case, any reasonable separator, clear refusals."""

import pytest

from rules import SPACES, InvalidNotationError, parse_plan, parse_space, space_name

from .builders import sq


@pytest.mark.parametrize("text", ["c2", "C2", " C2 ", "\tc2\n", "\u3000C2\u00a0"])
def test_parse_space_ignores_case_and_surrounding_whitespace(text):
    assert space_name(parse_space(text)) == "C2"


def test_every_space_name_parses_back_in_both_cases():
    for s in SPACES:
        assert parse_space(space_name(s)) == s
        assert parse_space(space_name(s).lower()) == s


@pytest.mark.parametrize(
    "junk", ["G7", "", "   ", "A0", "A7", "A10", "C", "2C", "C 2", "CC2", "C2C",
             "\uff23\uff12", "C²", "Ç2", "🙂", "c2;", "-1", "12"]
)
def test_parse_space_refuses_junk_with_a_hint(junk):
    with pytest.raises(InvalidNotationError) as refused:
        parse_space(junk)
    message = str(refused.value)
    assert "A–F" in message and "1–6" in message and "C2" in message


def test_refusal_quotes_what_was_typed():
    with pytest.raises(InvalidNotationError, match="G7"):
        parse_space("g7".upper())


@pytest.mark.parametrize("blank", ["", "  ", "\t\n", "\u3000"])
def test_a_blank_space_is_refused_as_no_space_given(blank):
    with pytest.raises(InvalidNotationError) as refused:
        parse_space(blank)
    message = str(refused.value)
    assert message.startswith("No space given") and "is not a space" not in message and "nothing" not in message


def test_refusal_of_long_junk_is_kept_short():
    with pytest.raises(InvalidNotationError) as refused:
        parse_space("x" * 500)
    assert len(str(refused.value)) < 150


@pytest.mark.parametrize(
    "text",
    [
        "A1 A2 B2",
        "a1,a2,b2",
        "A1-A2-B2",
        "A1→A2→B2",
        "A1 → A2 → B2",
        "a1 -> a2 -> b2",
        "A1, A2 ,B2",
        "  A1\tA2\nB2  ",
        "A1 - A2 - B2",
        "A1,,A2  B2",
    ],
)
def test_parse_plan_accepts_spaces_commas_dashes_and_arrows(text):
    assert parse_plan(text) == (sq("A1"), sq("A2"), sq("B2"))


def test_parse_plan_keeps_order_and_repeats_for_the_rules_to_judge():
    assert parse_plan("B2 A2 B2") == (sq("B2"), sq("A2"), sq("B2"))


@pytest.mark.parametrize("text", ["", "   ", ",", " -> ", "→"])
def test_parse_plan_refuses_an_empty_plan(text):
    with pytest.raises(InvalidNotationError, match="empty"):
        parse_plan(text)


@pytest.mark.parametrize("text", ["A1 G7 B2", "A1 A2 B22", "A1A2B2", "A1 / A2"])
def test_parse_plan_refuses_a_bad_space_naming_it(text):
    with pytest.raises(InvalidNotationError):
        parse_plan(text)


def test_parse_plan_names_the_offending_part():
    with pytest.raises(InvalidNotationError, match="G7"):
        parse_plan("A1 G7 B2")
