"""Errors a person can read: every refusal says what was wrong."""

from __future__ import annotations


class GoryoError(ValueError):
    """Base class of every refusal raised by the rules engine."""


class InvalidNotationError(GoryoError):
    """Text that does not name a space or a plan, e.g. ``"G7"``."""


class IllegalActionError(GoryoError):
    """A well-formed action that the rules forbid in this state."""
