"""What a match played in its own thread says outside it (issue 23): the thread's name, and the parent channel's
two lines, one when the match starts (with a link) and one when it ends (the winner and why)."""

from __future__ import annotations

import rules

from .match import end_headline
from .messages import _, channel_link, mention

NAME_LIMIT = 100  # Discord's longest thread name


def thread_name(challenger: str, opponent: str) -> str:
    """The thread's name, the same in every language: the game's name and the two display names."""
    return f"Goryō · {challenger} vs {opponent}"[:NAME_LIMIT]


def thread_started(goryo_id: int, samurai_id: int, thread_id: int) -> str:
    return _("{goryo} (the Goryō) and {samurai} (the Samurai) play in {thread}: open it to watch.").format(
        goryo=mention(goryo_id), samurai=mention(samurai_id), thread=channel_link(thread_id))


def thread_ended(outcome: rules.Outcome, goryo_id: int, samurai_id: int, thread_id: int) -> str:
    over = _("The match of {goryo} and {samurai} in {thread} is over.").format(
        goryo=mention(goryo_id), samurai=mention(samurai_id), thread=channel_link(thread_id))
    return f"{over} {end_headline(outcome)}"
