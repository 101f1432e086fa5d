"""A match against the bot: its level, its start, its Samurai's turn, and the claim it never needs."""

from __future__ import annotations

import rules
from ai.levels import Level
from locales import pgettext
from words.phrases import object_name, the_object

from .challenges import AID_ON
from .messages import _, mention


def ai_level_name(level: Level) -> str:
    """The bot's level in words."""
    return {
        Level.EASY: pgettext("bot level", "easy"),
        Level.NORMAL: pgettext("bot level", "normal"),
        Level.HARD: pgettext("bot level", "hard"),
        Level.EXPERT: pgettext("bot level", "expert"),
    }[level]


def ai_match_started(human_id: int, bot_id: int, human_side: rules.Side, level: Level, first_type: rules.ObjectType,
                     assist: bool = False) -> str:
    players = {"human": mention(human_id), "bot": mention(bot_id), "level": ai_level_name(level)}
    if human_side is rules.Side.GORYO:
        first = [_("Challenge taken! {human} is the Goryō; I ({bot}) lead the four Samurai, "
                   "playing at the **{level}** level.").format(**players)]
        next_step = _("The first object drawn is {object}: its tile is broken. "
                      "The Goryō now chooses which {name} to break and start on.")
    else:
        first = [_("Challenge taken! I ({bot}) am the Goryō; {human} leads the four Samurai, "
                   "playing at the **{level}** level.").format(**players)]
        next_step = _("The first object drawn is {object}: its tile is broken. "
                      "I am choosing which {name} to break and start on.")
    if assist:
        first.append(_(AID_ON))
    drawn = next_step.format(object=the_object(first_type), name=object_name(first_type))
    return " ".join(first) + "\n" + drawn


def ai_samurai_turn(round_number: int) -> str:
    return _(
        "The Goryō has planned her path for round {number}. My Samurai take up the hunt: "
        "each of their actions follows here, then the Discovery."
    ).format(number=round_number)


def claim_against_the_bot() -> str:
    return _(
        "I never run out of time, so there is nothing to claim: I am thinking, and my move will follow. "
        "If it doesn't come, `/goryo board` shows where the match stands."
    )
