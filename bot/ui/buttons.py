"""Buttons that survive restarts: DynamicItems whose custom_id carries everything they need.

This module makes their looks and reads their ids; what a click does is ``bot.commands.clicks``'s,
which registers a subclass of each with its callback (so the views can be built below ``play``).

Challenge buttons carry the challenge id. Plan buttons carry the match id, the
match version the preview was made at, the preview's number and the candidate plan
itself, e.g. ``goryo:plan:12:7:3:C1C2D2D1E1:A6:confirm`` (well under Discord's 100
characters): Confirm applies exactly that plan, only while the match is still at that
version and no newer preview was made, so a second, stale or replaced click is refused.
Resign buttons carry the match id and version, so a confirmation made before the
match moved on is refused.

Labels are in the language being spoken where a view is built (``locales``): the public
challenge's and the Rematch button in the server's, the plan preview's and the resign
question's in the language of the player who sees them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import Any, ClassVar, Self

import discord

import rules
from locales import N_, _

from ..records.outbox import Buttons
from .builder import builder_view
from .custom_ids import one_of
from .panel import panel_view

_SPACE = r"[A-F][1-6]"


def _buttons(*items: discord.ui.DynamicItem[Any]) -> discord.ui.View:
    """A view that only carries its buttons to Discord.

    Clicks reach the buttons through the DynamicItem templates registered at start-up, so
    the view is stopped before it is sent: discord.py then keeps nothing per message.
    Otherwise it would give every ephemeral message's view a 15-minute timeout task
    that nothing needs (hundreds at once under load).
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


# Each button's answers: the last part of its custom_id, so their words never change (buttons already posted,
# on messages that outlive the bot's restarts and upgrades, must keep working).
class ChallengeAnswer(StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"
    WITHDRAW = "withdraw"


class PlanAnswer(StrEnum):
    CONFIRM = "confirm"
    CANCEL = "cancel"


class QuestionAnswer(StrEnum):
    """The answers to a private question about a match: resigning, or ending the turn with actions left."""

    CONFIRM = "confirm"
    KEEP = "keep"


def challenge_view(challenge_id: int) -> discord.ui.View:
    return _buttons(*(ChallengeButton(challenge_id, answer) for answer in ChallengeAnswer))


CHALLENGE_ID = rf"goryo:challenge:(?P<id>[0-9]{{1,19}}):(?P<choice>{one_of(ChallengeAnswer)})"
PLAN_ID = (
    # The preview number is optional so that buttons posted before it existed still work.
    r"goryo:plan:(?P<match>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?:(?P<preview>[0-9]{1,9}):)?"
    rf"(?P<path>(?:{_SPACE}){{1,6}}):(?P<trail>{_SPACE}|-):(?P<choice>{one_of(PlanAnswer)})"
)
RESIGN_ID = rf"goryo:resign:(?P<match>[0-9]{{1,19}}):(?P<version>[0-9]{{1,9}}):(?P<choice>{one_of(QuestionAnswer)})"
REMATCH_ID = r"goryo:rematch:(?P<match>[0-9]{1,19})"
END_TURN_ID = rf"goryo:endturn:(?P<match>[0-9]{{1,19}}):(?P<version>[0-9]{{1,9}}):(?P<choice>{one_of(QuestionAnswer)})"


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CHALLENGE_ID):
    LOOKS: ClassVar[dict[ChallengeAnswer, tuple[str, discord.ButtonStyle]]] = {
        ChallengeAnswer.ACCEPT: (N_("Accept"), discord.ButtonStyle.success),
        ChallengeAnswer.DECLINE: (N_("Decline"), discord.ButtonStyle.danger),
        ChallengeAnswer.WITHDRAW: (N_("Withdraw"), discord.ButtonStyle.secondary),
    }

    def __init__(self, challenge_id: int, choice: ChallengeAnswer) -> None:
        label, style = self.LOOKS[choice]
        super().__init__(
            discord.ui.Button(label=_(label), style=style, custom_id=f"goryo:challenge:{challenge_id}:{choice}")
        )
        self.challenge_id = challenge_id
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["id"]), ChallengeAnswer(match["choice"]))


def encode_plan(plan: rules.Plan) -> tuple[str, str]:
    path = "".join(rules.space_name(s) for s in plan.path)
    trail = rules.space_name(plan.false_trail) if plan.false_trail is not None else "-"
    return path, trail


def decode_plan(path: str, trail: str) -> rules.Plan:
    spaces = tuple(rules.parse_space(path[i : i + 2]) for i in range(0, len(path), 2))
    return rules.Plan(spaces, None if trail == "-" else rules.parse_space(trail))


def plan_view(match_id: int, version: int, preview: int, plan: rules.Plan) -> discord.ui.View:
    return _buttons(
        *(PlanButton(match_id, version, preview, plan, answer) for answer in PlanAnswer)
    )


class PlanButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLAN_ID):
    def __init__(
        self, match_id: int, version: int, preview: int | None, plan: rules.Plan, choice: PlanAnswer
    ) -> None:
        path, trail = encode_plan(plan)
        number = "" if preview is None else f"{preview}:"
        if choice is PlanAnswer.CONFIRM:
            label, style = _("Confirm"), discord.ButtonStyle.success
        else:
            label, style = _("Cancel"), discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"goryo:plan:{match_id}:{version}:{number}{path}:{trail}:{choice}"
            )
        )
        self.match_id = match_id
        self.version = version
        self.preview = preview
        self.plan = plan
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        plan = decode_plan(match["path"], match["trail"])
        preview = int(match["preview"]) if match["preview"] else None
        return cls(int(match["match"]), int(match["version"]), preview, plan, PlanAnswer(match["choice"]))


def resign_view(match_id: int, version: int) -> discord.ui.View:
    return _buttons(*(ResignButton(match_id, version, answer) for answer in QuestionAnswer))


class _Question(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """One answer to a private question about a match as it stood at ``version``: a stale answer is refused.

    The base template matches nothing; each question names its own (``RESIGN_ID``, ``END_TURN_ID``)."""

    PREFIX: ClassVar[str]
    LOOKS: ClassVar[dict[QuestionAnswer, tuple[str, discord.ButtonStyle]]]

    def __init__(self, match_id: int, version: int, choice: QuestionAnswer) -> None:
        label, style = self.LOOKS[choice]
        super().__init__(
            discord.ui.Button(label=_(label), style=style,
                              custom_id=f"goryo:{self.PREFIX}:{match_id}:{version}:{choice}")
        )
        self.match_id = match_id
        self.version = version
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["version"]), QuestionAnswer(match["choice"]))


class ResignButton(_Question, template=RESIGN_ID):
    PREFIX = "resign"
    LOOKS: ClassVar[dict[QuestionAnswer, tuple[str, discord.ButtonStyle]]] = {
        QuestionAnswer.CONFIRM: (N_("Resign"), discord.ButtonStyle.danger),
        QuestionAnswer.KEEP: (N_("Keep playing"), discord.ButtonStyle.secondary),
    }


def end_turn_view(match_id: int, version: int) -> discord.ui.View:
    """End turn / Keep playing, asked when actions are left; made at ``version``, so a stale End turn is refused."""
    return _buttons(*(EndTurnButton(match_id, version, answer) for answer in QuestionAnswer))


class EndTurnButton(_Question, template=END_TURN_ID):
    PREFIX = "endturn"
    LOOKS: ClassVar[dict[QuestionAnswer, tuple[str, discord.ButtonStyle]]] = {
        QuestionAnswer.CONFIRM: (N_("End turn"), discord.ButtonStyle.danger),
        QuestionAnswer.KEEP: (N_("Keep playing"), discord.ButtonStyle.secondary),
    }


def rematch_view(match_id: int) -> discord.ui.View:
    return _buttons(RematchButton(match_id))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REMATCH_ID):
    """On a finished match's end message: either player asks the other for a rematch, roles swapped."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(label=_("Rematch"), style=discord.ButtonStyle.primary,
                              custom_id=f"goryo:rematch:{match_id}")
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]))


# The buttons an outbox item names (``OutboxItem.buttons``), built for the item's match and its state at the item
# (None where it is not at hand); None: no buttons for that state.
NAMED_VIEWS: dict[Buttons, Callable[[int, rules.GameState | None], discord.ui.View | None]] = {
    Buttons.REMATCH: lambda match_id, state: rematch_view(match_id),
    Buttons.PANEL: panel_view,  # the Samurai's panel on the live board
    Buttons.BUILDER: lambda match_id, state: builder_view(match_id, state),  # her start and path, by clicks
    # The same where the match allows hints (issue 44): with a Hint button.
    Buttons.PANEL_HINT: lambda match_id, state: panel_view(match_id, state, hint=True),
    Buttons.BUILDER_HINT: lambda match_id, state: builder_view(match_id, state, hint=True),
}

__all__ = [
    "CHALLENGE_ID", "END_TURN_ID", "NAMED_VIEWS", "PLAN_ID", "REMATCH_ID", "RESIGN_ID", "ChallengeAnswer",
    "ChallengeButton", "EndTurnButton", "PlanAnswer", "PlanButton", "QuestionAnswer",
    "RematchButton", "ResignButton", "challenge_view",
    "end_turn_view", "plan_view", "rematch_view", "resign_view",
]
