"""The Goryō's path builder in her DMs: her start, then her path step by step, by clicks.

In setup her DM carries a **Start on…** select (the spaces ``rules`` lets her break first). At each of
her turns it carries a **Next step…** select listing only the steps from which a legal plan still
exists (asked of ``rules.legal_paths``), then the next, up to her target; **Back**; a **False
Trail…** select once the path is a legal plan (split by room when more than 25 spaces qualify); and
**Preview**, which leads to the same private preview and Confirm / Cancel as a typed ``/goryo path``:
a built plan and a typed one are the same thing. Steps past the fifth space use her Sprint, and say so.

Her partial path lives in the ``custom_id`` (``goryo:build:12:3:C1C2D2:-:step``: match 12, round 3,
path so far, no False Trail), so the builder works after a restart and keeps nothing in memory; each
click is checked against the match as it is now (her turn, that round).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Self

import discord

import rules
from locales import _
from rules.goryo_turn import PLAIN_LENGTH
from words.phrases import plan_name

from ..text.spaces import space_label
from .custom_ids import one_of
from .hint import HintButton


# The builder's menus and buttons: the last part of their custom_ids, so these words never change (builders already
# posted must keep working after an upgrade).
class Menu(StrEnum):
    START = "start"
    STEP = "step"
    TRAIL = "trail"
    TRAIL_FIRST_ROOMS = "trail0"  # the False Trail split by room when more than 25 spaces qualify: rooms 1 to 3
    TRAIL_LAST_ROOMS = "trail1"  # and rooms 4 to 6


class Press(StrEnum):
    BACK = "back"
    PREVIEW = "preview"


_SPACE = r"[A-F][1-6]"
_TEMPLATE = (
    rf"goryo:build:(?P<match>[0-9]{{1,19}}):(?P<round>[0-9]{{1,2}}):(?P<path>(?:{_SPACE}){{0,6}}|-):"
    rf"(?P<trail>{_SPACE}|-)"
)
SELECT_ID = _TEMPLATE + rf":(?P<what>{one_of(Menu)})"
BUTTON_ID = _TEMPLATE + rf":(?P<what>{one_of(Press)})"
NO_TRAIL = "-"
MAX_OPTIONS = 25


def encode(path: tuple[rules.Space, ...]) -> str:
    return "".join(rules.space_name(s) for s in path) or "-"


def decode(text: str) -> tuple[rules.Space, ...]:
    if text == "-":
        return ()
    return tuple(rules.parse_space(text[i : i + 2]) for i in range(0, len(text), 2))


def trail_from(text: str) -> rules.Space | None:
    return None if text == NO_TRAIL else rules.parse_space(text)


def carried_by(message: discord.Message, match_id: int, round_number: int) -> bool:
    """Whether ``message`` carries a builder of this match and round that can still be pressed."""
    for row in message.components:
        for item in getattr(row, "children", [row]):
            found = re.fullmatch(SELECT_ID, getattr(item, "custom_id", None) or "") or re.fullmatch(
                BUTTON_ID, getattr(item, "custom_id", None) or "")
            if found and int(found["match"]) == match_id and int(found["round"]) == round_number \
                    and not getattr(item, "disabled", False):
                return True
    return False


def next_steps(state: rules.GameState, path: tuple[rules.Space, ...]) -> list[rules.Space]:
    """The spaces after ``path`` from which a legal plan still exists, in board order."""
    found = {p[len(path)] for p in rules.legal_paths(state) if len(p) > len(path) and p[: len(path)] == path}
    return sorted(found)


def is_plan(state: rules.GameState, path: tuple[rules.Space, ...], trail: rules.Space | None = None) -> bool:
    return rules.is_legal(state, rules.Plan(path, trail))


def trail_spaces(state: rules.GameState, path: tuple[rules.Space, ...]) -> list[rules.Space]:
    return [s for s in rules.SPACES if rules.is_legal(state, rules.Plan(path, s))]


def builder_text(state: rules.GameState, path: tuple[rules.Space, ...], trail: rules.Space | None) -> str:
    """What the builder's message says as she builds: her path so far and what is left to choose."""
    shown = plan_name(path)
    if is_plan(state, path, trail):
        text = _("Your path: {path}. Preview it to confirm, go on with your Sprint, or go Back.") if (
            next_steps(state, path)) else _("Your path: {path}. Preview it to confirm, or go Back.")
        text = text.format(path=shown)
    else:
        text = _("Your path so far: {path}. Pick the next step below.").format(path=shown)
    if trail is not None:
        text += "\n" + _("False Trail: {space}.").format(space=rules.space_name(trail))
    return text


def builder_view(match_id: int, state: rules.GameState | None, path: tuple[rules.Space, ...] | None = None,
                 trail: rules.Space | None = None, *, hint: bool = False) -> discord.ui.View | None:
    """Her builder for ``state`` with ``path`` chosen so far (her space alone by default); None: nothing to build.
    With a Hint button where the match allows hints."""
    if state is None or state.is_over:
        return None
    view = discord.ui.View(timeout=None)
    if state.phase is rules.Phase.SETUP:
        starts = [s for s in rules.SPACES if rules.is_legal(state, rules.ChooseStart(s))]
        options = [discord.SelectOption(label=space_label(s), value=rules.space_name(s)) for s in starts]
        view.add_item(BuilderSelect(match_id, 0, (), None, Menu.START, options, _("Start on…")))
        if hint:
            view.add_item(HintButton(match_id, 0, rules.Side.GORYO))
        view.stop()
        return view
    if state.phase is not rules.Phase.GORYO_TURN or state.goryo_space is None:
        return None
    path = path or (state.goryo_space,)
    round_number = state.round
    steps = next_steps(state, path)
    if steps:
        options = []
        for space in steps[:MAX_OPTIONS]:
            label = space_label(space)
            if len(path) + 1 > PLAIN_LENGTH:
                # Translators: a step in her path builder that uses her one-time Sprint.
                label = _("{space} · Sprint").format(space=label)
            options.append(discord.SelectOption(label=label, value=rules.space_name(space)))
        view.add_item(BuilderSelect(match_id, round_number, path, trail, Menu.STEP, options, _("Next step…")))
    complete = is_plan(state, path)
    if complete and state.false_trail_available:
        spaces = trail_spaces(state, path)
        options = [discord.SelectOption(label=space_label(s), value=rules.space_name(s), default=s == trail)
                   for s in spaces]
        # Translators: in her path builder, the choice to lay no False Trail this round.
        none = discord.SelectOption(label=_("No False Trail"), value=NO_TRAIL, default=trail is None)
        if len(options) + 1 <= MAX_OPTIONS:
            view.add_item(BuilderSelect(match_id, round_number, path, trail, Menu.TRAIL, [none, *options],
                                        _("False Trail…")))
        else:  # split by room: the first three rooms, then the last three
            rooms = [[o for s, o in zip(spaces, options, strict=True) if rules.palace.ROOM_OF[s] < 3],
                     [o for s, o in zip(spaces, options, strict=True) if rules.palace.ROOM_OF[s] >= 3]]
            halves = (Menu.TRAIL_FIRST_ROOMS, Menu.TRAIL_LAST_ROOMS)
            for half, part in zip(halves, rooms, strict=True):
                if part:
                    first = [none] if half is Menu.TRAIL_FIRST_ROOMS else []
                    view.add_item(BuilderSelect(match_id, round_number, path, trail, half,
                                                first + part[: MAX_OPTIONS - 1], _("False Trail…")))
    if len(path) > 1:
        view.add_item(BuilderButton(match_id, round_number, path, trail, Press.BACK))
    if complete:
        view.add_item(BuilderButton(match_id, round_number, path, trail, Press.PREVIEW))
    if hint:
        view.add_item(HintButton(match_id, round_number, rules.Side.GORYO))
    view.stop()  # clicks reach the items through the DynamicItem templates (see buttons._buttons)
    return view


def _custom_id(match_id: int, round_number: int, path: tuple[rules.Space, ...], trail: rules.Space | None,
               what: Menu | Press) -> str:
    trail_text = NO_TRAIL if trail is None else rules.space_name(trail)
    return f"goryo:build:{match_id}:{round_number}:{encode(path)}:{trail_text}:{what}"


def _where(match: re.Match[str]) -> tuple[int, int, tuple[rules.Space, ...], rules.Space | None]:
    """What a builder's custom_id says before its last part: the match, the round, her path and False Trail."""
    return int(match["match"]), int(match["round"]), decode(match["path"]), trail_from(match["trail"])


class BuilderSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(self, match_id: int, round_number: int, path: tuple[rules.Space, ...], trail: rules.Space | None,
                 what: Menu, options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=_custom_id(match_id, round_number, path, trail, what), options=options or [],
            placeholder=placeholder, min_values=1, max_values=1,
        ))
        self.match_id, self.round, self.path, self.trail, self.what = match_id, round_number, path, trail, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(*_where(match), Menu(match["what"]))


class BuilderButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(self, match_id: int, round_number: int, path: tuple[rules.Space, ...], trail: rules.Space | None,
                 what: Press) -> None:
        if what is Press.BACK:
            label, style = _("Back"), discord.ButtonStyle.secondary
        else:
            label, style = _("Preview"), discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(
            label=label, style=style, custom_id=_custom_id(match_id, round_number, path, trail, what)
        ))
        self.match_id, self.round, self.path, self.trail, self.what = match_id, round_number, path, trail, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(*_where(match), Press(match["what"]))
