"""The bot's own refusals: expected user errors that become a private message."""

from __future__ import annotations

from rules import Reason

from .reasons import say


class Refusal(Exception):
    """Something a user asked for that the bot will not do; the text says why and what to do.

    Made from a marked template and its values, ``Refusal(N_("Only {player} can withdraw this."),
    player=…)``, or from a rules ``Reason``; its ``text`` (and ``str``) is said in the language spoken
    when it is read, so the refusal path chooses the language, not the code that raised it.
    """

    def __init__(self, text: str | tuple[str, str], /, **values: object) -> None:
        super().__init__(text)
        # A plural pair (``Nn_``) always comes with its count.
        self.reason: str = text if isinstance(text, str) and not values else Reason(text, **values)

    @property
    def text(self) -> str:
        return say(self.reason)

    def __str__(self) -> str:
        return self.text
