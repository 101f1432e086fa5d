"""The lessons' scripts (issue 36), without Discord: legal in every step, and short in every language."""

from __future__ import annotations

import pytest

import rules
from bot.play.lessons import Built, position, shows_a_picture, step_text
from bot.text import lessons as script
from locales import LANGUAGES, _, speaking
from locales import translations as catalogue

LIMIT = 400


@pytest.mark.parametrize("role", list(rules.Side))
def test_every_move_of_the_script_is_legal_and_its_position_is_the_same_every_time(role):
    lesson = script.LESSONS[role]
    for step, shown in enumerate(lesson.steps):
        state = position(lesson, step).state
        assert state == position(lesson, step).state
        wants = shown.wants
        moves = [wants.action] if isinstance(wants, script.Choose) else [wants.plan] if isinstance(
            wants, (script.Confirm, script.Preview)) else []
        for move in moves + list(shown.then):
            assert rules.refusal(state, move) is None, (step, move)
            state = rules.apply(state, move).state
        if isinstance(wants, (script.Choose, script.Build, script.Preview, script.Confirm)):
            assert shown.other, f"step {step} must explain a legal choice other than its own"
    assert not position(lesson, len(lesson.steps) - 1).state.is_over  # the end is told, the match goes on


def _builder_stops(lesson: script.Lesson, step: int) -> list[Built | None]:
    """Every builder state the learner can see at ``step`` by following it: each prefix along its path."""
    wants = lesson.steps[step].wants
    at = position(lesson, step)
    if not isinstance(wants, script.Build) or at.path is None:
        return [None]
    stops: list[Built | None] = [Built(wants.path[:n], None) for n in range(len(at.path), len(wants.path) + 1)]
    return [*stops, Built(wants.path, wants.trail)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("role", list(rules.Side))
def test_each_step_says_at_most_400_characters_in_every_language(role, language):
    lesson = script.LESSONS[role]
    with speaking(language):
        for step, shown in enumerate(lesson.steps):
            for built in _builder_stops(lesson, step):
                for place_known in (True, False):  # asked for in a server, or in DMs
                    # A step without a picture ends its words with its question.
                    text = step_text(lesson, step, built, place_known=place_known,
                                     question=not shows_a_picture(lesson, step))
                    assert len(text) <= LIMIT, (step, len(text), text)
            if shown.other:
                assert len(_(shown.other)) <= LIMIT


@pytest.mark.parametrize("role", list(rules.Side))
def test_the_italian_lesson_is_translated(role):
    italian = catalogue("it")
    for shown in script.LESSONS[role].steps:
        assert shown.asks or isinstance(shown.wants, script.Finish)  # every step asks something (issue 42)
        for text in (shown.says, shown.other, shown.asks):
            if text:
                assert italian.gettext(text) != text, text
