"""The controls of a lesson (issue 36): the match's own panel and path builder, addressed to the lesson.

A lesson's step shows the very items a match shows (``panel.panel_view``, ``builder.builder_view``: the
same selects, options, labels and order), each given a lesson address: ``goryo:panel:0:1:move`` becomes
``goryo:learn:s4:panel:0:1:move`` (``s`` for a select, ``b`` for a button; 4 is the step it was shown
at). The rest of the id is the match control's, so a click is read exactly as in a match
(``bot.play.lessons``). The lesson's own buttons (Continue, Confirm / Cancel, Resume / Start over, a
first real match) use the same address, their inner part a ``Press`` and the sides it names
(``over:goryo:samurai``). Everything is in the id: a lesson's controls work after a
restart, and the learner is whoever clicks.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Self

import discord

import rules
from locales import _

PREFIX = "goryo:learn:"
_INNER = r"(?P<inner>[A-Za-z0-9:\-]{1,80})"
SELECT_ID = r"goryo:learn:s(?P<step>[0-9]{1,2}):" + _INNER
BUTTON_ID = r"goryo:learn:b(?P<step>[0-9]{1,2}):" + _INNER


class Press(StrEnum):
    """The lesson's own buttons: the first word of their inner part, so these words never change (a lesson's
    message from before an upgrade keeps working)."""

    GO = "go"  # Continue
    CONFIRM = "confirm"
    CANCEL = "cancel"
    REAL = "real"  # a first real match, where the lesson was asked for
    LEARN = "learn"  # learn:<side>: the other side's lesson
    RESUME = "resume"  # resume:<side>: the lesson under way (a bare "resume" is an offer from before it named one)
    OVER = "over"  # over:<side>:<side>: the lesson under way begun again, as the second side's


def inner(press: Press, *sides: rules.Side) -> str:
    """A lesson's own button's inner part: ``over:goryo:samurai``."""
    return ":".join([press.value, *(side.value for side in sides)])


def pressed(inner: str) -> tuple[Press | None, list[str]]:
    """Which of the lesson's own buttons ``inner`` is (None: none of them), and the words after it."""
    word, *after = inner.split(":")
    try:
        return Press(word), after
    except ValueError:
        return None, after


def _address(kind: str, step: int, inner: str) -> str:
    return f"{PREFIX}{kind}{step}:{inner}"


def _where(match: re.Match[str]) -> tuple[int, str]:
    """What a lesson's address says: the step it was shown at, and the control's own id."""
    return int(match["step"]), match["inner"]


def readdressed(view: discord.ui.View | None, step: int) -> discord.ui.View:
    """A match's panel or builder, each item the same but addressed to the lesson at ``step``."""
    lesson = discord.ui.View(timeout=None)
    for child in view.children if view is not None else []:
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        inner = str(getattr(item, "custom_id", "")).removeprefix("goryo:")
        if isinstance(item, discord.ui.Select):
            lesson.add_item(LessonSelect(step, inner, list(item.options), item.placeholder))
        elif isinstance(item, discord.ui.Button):
            lesson.add_item(LessonButton(step, inner, str(item.label), item.style))
    lesson.stop()  # clicks reach the items through the DynamicItem templates
    return lesson


def buttons(step: int, *choices: tuple[str, str, discord.ButtonStyle]) -> discord.ui.View:
    """The lesson's own buttons: (what, label, style) each."""
    view = discord.ui.View(timeout=None)
    for what, label, style in choices:
        view.add_item(LessonButton(step, what, label, style))
    view.stop()
    return view


def continue_view(step: int) -> discord.ui.View:
    return buttons(step, (Press.GO, _("Continue"), discord.ButtonStyle.primary))


def confirm_view(step: int) -> discord.ui.View:
    return buttons(step, (Press.CONFIRM, _("Confirm"), discord.ButtonStyle.success),
                   (Press.CANCEL, _("Cancel"), discord.ButtonStyle.secondary))


class LessonSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(self, step: int, inner: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=_address("s", step, inner), options=options or [],
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.step, self.inner = step, inner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(*_where(match))


class LessonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(self, step: int, inner: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary
                 ) -> None:
        super().__init__(discord.ui.Button(custom_id=_address("b", step, inner), label=label or None, style=style))
        self.step, self.inner = step, inner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(*_where(match))
