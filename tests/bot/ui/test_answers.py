"""The buttons' answers, the panel's menus and the builder's parts are closed sets (``StrEnum``s) whose words are
those of the custom_ids already posted: a control on a message from before an upgrade is read as it was."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest

import rules
from bot.ui import builder, buttons, lesson, panel

POSTED = [  # custom_ids as the bot has always written them
    (buttons.ChallengeButton, "goryo:challenge:41:accept", buttons.ChallengeAnswer.ACCEPT),
    (buttons.ChallengeButton, "goryo:challenge:41:withdraw", buttons.ChallengeAnswer.WITHDRAW),
    (buttons.PlanButton, "goryo:plan:12:7:3:C1C2D2D1E1:A6:confirm", buttons.PlanAnswer.CONFIRM),
    (buttons.PlanButton, "goryo:plan:12:7:C1C2D2D1E1:-:cancel", buttons.PlanAnswer.CANCEL),  # before previews
    (buttons.ResignButton, "goryo:resign:12:7:keep", buttons.QuestionAnswer.KEEP),
    (buttons.EndTurnButton, "goryo:endturn:12:7:confirm", buttons.QuestionAnswer.CONFIRM),
]
# The panel's menus and the builder's menus and buttons, as posted before their parts were StrEnums: (control,
# custom_id, what it says, the part it is read as).
POSTED_CONTROLS = [
    (panel.PanelSelect, "goryo:panel:12:3:move", "kind", panel.Pick.MOVE),
    (panel.PanelSelect, "goryo:panel:12:3:sniff", "kind", panel.Pick.SNIFF),
    (panel.PanelSelect, "goryo:panel:12:3:search", "kind", panel.Pick.SEARCH),
    (builder.BuilderSelect, "goryo:build:12:0:-:-:start", "what", builder.Menu.START),
    (builder.BuilderSelect, "goryo:build:12:3:C1C2D2:-:step", "what", builder.Menu.STEP),
    (builder.BuilderSelect, "goryo:build:12:3:C1C2D2D1E1:A6:trail", "what", builder.Menu.TRAIL),
    (builder.BuilderSelect, "goryo:build:12:3:C1C2D2D1E1:-:trail0", "what", builder.Menu.TRAIL_FIRST_ROOMS),
    (builder.BuilderSelect, "goryo:build:12:3:C1C2D2D1E1:-:trail1", "what", builder.Menu.TRAIL_LAST_ROOMS),
    (builder.BuilderButton, "goryo:build:12:3:C1C2:-:back", "what", builder.Press.BACK),
    (builder.BuilderButton, "goryo:build:12:3:C1C2D2D1E1:A6:preview", "what", builder.Press.PREVIEW),
]


@pytest.mark.parametrize(("kind", "custom_id", "answer"), POSTED, ids=[p[1] for p in POSTED])
def test_a_posted_button_is_read_as_its_answer_and_written_back_the_same(kind, custom_id, answer):
    match = re.fullmatch(kind.__discord_ui_compiled_template__, custom_id)
    assert match is not None
    item = asyncio.run(kind.from_custom_id(None, None, match))  # type: ignore[arg-type]
    assert item.choice is answer
    assert item.item.custom_id == custom_id


@pytest.mark.parametrize(("kind", "custom_id", "attribute", "part"), POSTED_CONTROLS,
                         ids=[p[1] for p in POSTED_CONTROLS])
def test_a_posted_panel_or_builder_is_read_as_its_part_and_written_back_the_same(kind, custom_id, attribute, part):
    match = re.fullmatch(kind.__discord_ui_compiled_template__, custom_id)
    assert match is not None
    item = asyncio.run(kind.from_custom_id(None, None, match))  # type: ignore[arg-type]
    assert getattr(item, attribute) is part
    assert item.item.custom_id == custom_id


def test_no_other_answer_or_part_is_read():
    for template, custom_id in ((buttons.CHALLENGE_ID, "goryo:challenge:41:maybe"),
                                (buttons.RESIGN_ID, "goryo:resign:12:7:cancel"),
                                (panel.SELECT_ID, "goryo:panel:12:3:end"),
                                (builder.SELECT_ID, "goryo:build:12:3:C1C2:-:trail2"),
                                (builder.BUTTON_ID, "goryo:build:12:3:C1C2:-:step")):
        assert re.fullmatch(template, custom_id) is None


def test_each_view_offers_every_answer_once():
    plan = rules.Plan((rules.parse_space("C1"), rules.parse_space("C2")), None)
    views = {
        buttons.ChallengeAnswer: buttons.challenge_view(41),
        buttons.PlanAnswer: buttons.plan_view(12, 7, 3, plan),
        buttons.QuestionAnswer: buttons.resign_view(12, 7),
    }
    for answers, view in views.items():
        ids = [item.item.custom_id for item in view.children if isinstance(item, discord.ui.DynamicItem)]
        assert [i.rsplit(":", 1)[1] for i in ids] == [a.value for a in answers]


# A lesson's own buttons, as posted before their words were a StrEnum: (custom_id, button, the sides it names).
POSTED_LESSON_BUTTONS = [
    ("goryo:learn:b4:go", lesson.Press.GO, ()),
    ("goryo:learn:b5:confirm", lesson.Press.CONFIRM, ()),
    ("goryo:learn:b5:cancel", lesson.Press.CANCEL, ()),
    ("goryo:learn:b9:real", lesson.Press.REAL, ()),
    ("goryo:learn:b9:learn:samurai", lesson.Press.LEARN, (rules.Side.SAMURAI,)),
    ("goryo:learn:b3:resume:goryo", lesson.Press.RESUME, (rules.Side.GORYO,)),
    ("goryo:learn:b3:over:goryo:samurai", lesson.Press.OVER, (rules.Side.GORYO, rules.Side.SAMURAI)),
]


@pytest.mark.parametrize(("custom_id", "press", "sides"), POSTED_LESSON_BUTTONS,
                         ids=[p[0] for p in POSTED_LESSON_BUTTONS])
def test_a_posted_lesson_button_is_read_as_its_press_and_written_back_the_same(custom_id, press, sides):
    match = re.fullmatch(lesson.LessonButton.__discord_ui_compiled_template__, custom_id)
    assert match is not None
    item = asyncio.run(lesson.LessonButton.from_custom_id(None, None, match))  # type: ignore[arg-type]
    assert lesson.pressed(item.inner) == (press, [side.value for side in sides])
    assert lesson.LessonButton(item.step, lesson.inner(press, *sides)).item.custom_id == custom_id


def test_a_resume_offered_before_it_named_its_lesson_and_a_match_control_are_read_apart():
    assert lesson.pressed("resume") == (lesson.Press.RESUME, [])
    assert lesson.pressed("panel:0:1:move") == (None, ["0", "1", "move"])  # the match's panel, addressed to a lesson
