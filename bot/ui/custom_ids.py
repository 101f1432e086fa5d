"""What the persistent controls' custom_ids share: a closed set's words as a template's alternatives.

A control's custom_id outlives the bot (messages keep their buttons across restarts and upgrades), so the words
it carries are the values of a ``StrEnum`` that never change, and its template lists exactly those words.
"""

from __future__ import annotations

from enum import StrEnum


def one_of(words: type[StrEnum]) -> str:
    """``accept|decline|withdraw``: the regular-expression alternatives for each word of ``words``."""
    return "|".join(word.value for word in words)
