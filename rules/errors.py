"""Errors a person can read: every refusal says what was wrong."""

from __future__ import annotations


class GoryoError(ValueError):
    """Base class of every refusal raised by the rules engine."""

    @property
    def reason(self) -> str:
        """Why, as raised: usually a ``rules.reasons.Reason``, which the bot can say in any language."""
        return self.args[0] if self.args else ""


class InvalidNotationError(GoryoError):
    """Text that does not name a space or a plan, e.g. ``"G7"``."""


class IllegalActionError(GoryoError):
    """A well-formed action that the rules forbid in this state."""
