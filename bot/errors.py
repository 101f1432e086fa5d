"""The bot's own refusals: expected user errors that become a private message."""

from __future__ import annotations


class Refusal(Exception):
    """Something a user asked for that the bot will not do; the text says why and what to do."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text
