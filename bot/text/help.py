"""``/goryo help [topic]``: a short overview by default, and one topic at a time, each within one message.

Said in the language of the context (``locales.speaking``), like every other reply.
"""

from __future__ import annotations

from typing import Literal, get_args

from locales import N_, _

from ..records.league import RATING_HELP
from ..records.league.stats import LEADERBOARD_MIN_MATCHES
from . import messages
from .commands import localised

HelpTopic = Literal["rules", "commands", "ratings", "assist", "ai"]
HELP_TOPICS: tuple[HelpTopic, ...] = get_args(HelpTopic)

# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
STATS_HELP = N_(
    "`/goryo stats [member:]` shows a member's matches, wins and win rate as each role, both ratings, the longest "
    "winning streak, favourite target, how the Goryō's powers were used and the last five matches.\n"
    "`/goryo leaderboard [role:]` lists the server's best in a role; it takes {matches} rated "
    "matches in that role to appear.\n"
    "`/goryo history` lists this channel's recent matches, and `/goryo replay match:` shows one again as an "
    "animated picture. Everything about a finished match is public."
)


def ratings_help() -> str:
    return f"{_(RATING_HELP)}\n\n{_(STATS_HELP).format(matches=LEADERBOARD_MIN_MATCHES)}"


def help_text(topic: HelpTopic | None) -> str:
    return localised(_topic(topic))


def _topic(topic: HelpTopic | None) -> str:
    if topic is None:
        return _(messages.HELP_OVERVIEW)
    if topic == "ratings":
        return ratings_help()
    topics = {
        "rules": messages.HELP_RULES,
        "commands": messages.HELP_COMMANDS,
        # Read when asked, so the features' branches only need to set these constants.
        "assist": messages.HELP_ASSIST,
        "ai": messages.HELP_AI,
    }
    return _(topics[topic])
