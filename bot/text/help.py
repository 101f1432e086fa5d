"""``/goryo help [topic]``: a short overview by default, and one topic at a time, each within one message."""

from __future__ import annotations

from typing import Literal

from ..league import RATING_HELP
from ..league.stats import LEADERBOARD_MIN_MATCHES
from . import messages

HelpTopic = Literal["rules", "commands", "ratings", "assist", "ai"]

HELP_RATINGS = (
    f"{RATING_HELP}\n\n"
    "`/goryo stats [member:]` shows a member's matches, wins and win rate as each role, both ratings, the longest "
    "winning streak, favourite target, how the Goryō's powers were used and the last five matches.\n"
    f"`/goryo leaderboard [role:]` lists the server's best in a role; it takes {LEADERBOARD_MIN_MATCHES} rated "
    "matches in that role to appear.\n"
    "`/goryo history` lists this channel's recent matches, and `/goryo replay match:` shows one again as an "
    "animated picture. Everything about a finished match is public."
)


def help_text(topic: HelpTopic | None) -> str:
    if topic is None:
        return messages.HELP_OVERVIEW
    return {
        "rules": messages.HELP_RULES,
        "commands": messages.HELP_COMMANDS,
        "ratings": HELP_RATINGS,
        # Read when asked, so the features' branches only need to set these constants.
        "assist": messages.HELP_ASSIST,
        "ai": messages.HELP_AI,
    }[topic]
