"""Buttons that survive restarts: DynamicItems whose custom_id carries everything they need.

Challenge buttons carry the challenge id. Plan buttons carry the match id, the
match version the preview was made at, the preview's number and the candidate plan
itself, e.g. ``goryo:plan:12:7:3:C1C2D2D1E1:A6:confirm`` (well under Discord's 100
characters): Confirm applies exactly that plan, only while the match is still at that
version and no newer preview was made, so a second, stale or replaced click is refused.
Resign buttons carry the match id and version, so a confirmation made before the
match moved on is refused.
"""

from __future__ import annotations

import re

import discord

import rules

from .refusals import answer_refusals

_SPACE = r"[A-F][1-6]"


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in ("accept", "decline", "withdraw"):
        view.add_item(ChallengeButton(challenge_id, choice))
    return view


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"goryo:challenge:(?P<id>[0-9]{1,19}):(?P<choice>accept|decline|withdraw)",
):
    LOOKS = {
        "accept": ("Accept", discord.ButtonStyle.success),
        "decline": ("Decline", discord.ButtonStyle.danger),
        "withdraw": ("Withdraw", discord.ButtonStyle.secondary),
    }

    def __init__(self, challenge_id: int, choice: str) -> None:
        label, style = self.LOOKS[choice]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"goryo:challenge:{challenge_id}:{choice}")
        )
        self.challenge_id = challenge_id
        self.choice = choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["id"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        game = interaction.client.game  # type: ignore[attr-defined]
        async with answer_refusals(interaction):
            await game.challenges.answer(interaction, self.challenge_id, self.choice)


def encode_plan(plan: rules.Plan) -> tuple[str, str]:
    path = "".join(rules.space_name(s) for s in plan.path)
    trail = rules.space_name(plan.false_trail) if plan.false_trail is not None else "-"
    return path, trail


def decode_plan(path: str, trail: str) -> rules.Plan:
    spaces = tuple(rules.parse_space(path[i : i + 2]) for i in range(0, len(path), 2))
    return rules.Plan(spaces, None if trail == "-" else rules.parse_space(trail))


def plan_view(match_id: int, version: int, preview: int, plan: rules.Plan) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PlanButton(match_id, version, preview, plan, "confirm"))
    view.add_item(PlanButton(match_id, version, preview, plan, "cancel"))
    return view


class PlanButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        # The preview number is optional so that buttons posted before it existed still work.
        r"goryo:plan:(?P<match>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?:(?P<preview>[0-9]{1,9}):)?"
        rf"(?P<path>(?:{_SPACE}){{1,6}}):(?P<trail>{_SPACE}|-):(?P<choice>confirm|cancel)"
    ),
):
    def __init__(self, match_id: int, version: int, preview: int | None, plan: rules.Plan, choice: str) -> None:
        path, trail = encode_plan(plan)
        number = "" if preview is None else f"{preview}:"
        label, style = ("Confirm", discord.ButtonStyle.success) if choice == "confirm" else ("Cancel", discord.ButtonStyle.secondary)
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        plan = decode_plan(match["path"], match["trail"])
        preview = int(match["preview"]) if match["preview"] else None
        return cls(int(match["match"]), int(match["version"]), preview, plan, match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        game = interaction.client.game  # type: ignore[attr-defined]
        async with answer_refusals(interaction):
            if self.choice == "confirm":
                await game.confirm_plan(interaction, self.match_id, self.version, self.preview, self.plan)
            else:
                await game.cancel_plan(interaction, self.match_id, self.version, self.preview)


def resign_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(match_id, version, "confirm"))
    view.add_item(ResignButton(match_id, version, "keep"))
    return view


class ResignButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"goryo:resign:(?P<match>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<choice>confirm|keep)",
):
    LOOKS = {
        "confirm": ("Resign", discord.ButtonStyle.danger),
        "keep": ("Keep playing", discord.ButtonStyle.secondary),
    }

    def __init__(self, match_id: int, version: int, choice: str) -> None:
        label, style = self.LOOKS[choice]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"goryo:resign:{match_id}:{version}:{choice}")
        )
        self.match_id = match_id
        self.version = version
        self.choice = choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["match"]), int(match["version"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        game = interaction.client.game  # type: ignore[attr-defined]
        async with answer_refusals(interaction):
            if self.choice == "confirm":
                await game.confirm_resign(interaction, self.match_id, self.version)
            else:
                await game.keep_playing(interaction, self.match_id)


def rematch_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match_id))
    return view


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"goryo:rematch:(?P<match>[0-9]{1,19})"):
    """On a finished match's end message: either player asks the other for a rematch, roles swapped."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(label="Rematch", style=discord.ButtonStyle.primary, custom_id=f"goryo:rematch:{match_id}")
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        game = interaction.client.game  # type: ignore[attr-defined]
        async with answer_refusals(interaction):
            await game.challenges.rematch(interaction, self.match_id)


# The buttons an outbox item names (``OutboxItem.buttons``), built for the item's match.
NAMED_VIEWS = {"rematch": rematch_view}

DYNAMIC_ITEMS = (ChallengeButton, PlanButton, ResignButton, RematchButton)

__all__ = [
    "DYNAMIC_ITEMS", "NAMED_VIEWS", "ChallengeButton", "PlanButton", "RematchButton", "ResignButton", "challenge_view",
    "plan_view", "rematch_view", "resign_view",
]
