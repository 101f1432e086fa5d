"""A lesson followed by its controls, as a learner would: what the play tests share of it."""

from __future__ import annotations

import rules
from bot.text import lessons as script
from bot.ui.panel import action_value


def lesson_controls(message) -> dict[str, object]:
    """The lesson's controls on ``message``, by what they do (``move``, ``step``, ``go``, ``confirm``…)."""
    found = {}
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            if custom_id.startswith("goryo:learn:"):
                inner = custom_id.split(":", 3)[3]
                if ":undo:" in inner:
                    found[inner.split(":", 3)[3]] = child  # undo:<the move it takes back>
                else:
                    found[inner.rsplit(":", 1)[-1] if inner.startswith(("panel:", "build:")) else inner] = child
    return found


def latest_lesson_step(user) -> object:
    """The learner's newest lesson step with a control on it (not an offer to resume)."""
    return next(m for m in reversed(user.dm_channel.history())
                if lesson_controls(m) and m.content.startswith(("**Lesson**", "**Lezione**")))


async def press_in_lesson(user, what: str):
    message = latest_lesson_step(user)
    return await user.click(message, custom_id=lesson_controls(message)[what].custom_id)


async def pick_in_lesson(user, what: str, value: str):
    message = latest_lesson_step(user)
    return await user.select(message, [value], custom_id=lesson_controls(message)[what].custom_id)


async def follow_step(user, lesson: script.Lesson, step: int) -> None:
    """Make the move step ``step`` asks for, with its controls."""
    wants = lesson.steps[step].wants
    if isinstance(wants, script.Choose):
        action = wants.action
        if isinstance(action, rules.ChooseStart):
            await pick_in_lesson(user, "start", rules.space_name(action.space))
        elif isinstance(action, rules.EndSamuraiTurn):
            await press_in_lesson(user, "end")
        else:
            kind = {rules.Move: "move", rules.Sniff: "sniff", rules.Search: "search"}[type(action)]
            await pick_in_lesson(user, kind, action_value(action))
    elif isinstance(wants, script.Build):
        before = path_before_step(lesson, step)
        for space in wants.path[len(before):]:
            await pick_in_lesson(user, "step", rules.space_name(space))
        if wants.trail is not None:
            trail = rules.space_name(wants.trail)
            selects = lesson_controls(latest_lesson_step(user))  # split by room when more than 25 spaces qualify
            what = next(k for k, c in selects.items()
                        if k.startswith("trail") and trail in [o.value for o in c.options])
            await pick_in_lesson(user, what, trail)
    elif isinstance(wants, script.Preview):
        await press_in_lesson(user, "preview")
    elif isinstance(wants, script.Confirm):
        await press_in_lesson(user, "confirm")
    elif isinstance(wants, script.Continue):
        await press_in_lesson(user, "go")


def path_before_step(lesson: script.Lesson, step: int) -> tuple:
    builds = [s.wants for s in lesson.steps[:step] if isinstance(s.wants, script.Build)]
    if builds:
        return builds[-1].path
    return (next(s.wants.action.space for s in lesson.steps if isinstance(s.wants, script.Choose)),)
