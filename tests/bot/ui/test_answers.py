"""The buttons' answers are closed sets (``StrEnum``s) whose words are those of the custom_ids already posted:
a button on a message from before an upgrade is read as it was."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest

import rules
from bot.ui import buttons

POSTED = [  # custom_ids as the bot has always written them
    (buttons.ChallengeButton, "goryo:challenge:41:accept", buttons.ChallengeAnswer.ACCEPT),
    (buttons.ChallengeButton, "goryo:challenge:41:withdraw", buttons.ChallengeAnswer.WITHDRAW),
    (buttons.PlanButton, "goryo:plan:12:7:3:C1C2D2D1E1:A6:confirm", buttons.PlanAnswer.CONFIRM),
    (buttons.PlanButton, "goryo:plan:12:7:C1C2D2D1E1:-:cancel", buttons.PlanAnswer.CANCEL),  # before previews
    (buttons.ResignButton, "goryo:resign:12:7:keep", buttons.QuestionAnswer.KEEP),
    (buttons.EndTurnButton, "goryo:endturn:12:7:confirm", buttons.QuestionAnswer.CONFIRM),
]


@pytest.mark.parametrize(("kind", "custom_id", "answer"), POSTED, ids=[p[1] for p in POSTED])
def test_a_posted_button_is_read_as_its_answer_and_written_back_the_same(kind, custom_id, answer):
    match = re.fullmatch(kind.__discord_ui_compiled_template__, custom_id)
    assert match is not None
    item = asyncio.run(kind.from_custom_id(None, None, match))  # type: ignore[arg-type]
    assert item.choice is answer
    assert item.item.custom_id == custom_id


def test_no_other_answer_is_read():
    for template, custom_id in ((buttons.CHALLENGE_ID, "goryo:challenge:41:maybe"),
                                (buttons.RESIGN_ID, "goryo:resign:12:7:cancel")):
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
