"""Saying a refusal in the language being spoken: the rules' ``Reason``s and the bot's own.

The rules engine writes each reason in English and keeps its template and typed values
(``rules.reasons``); here the template is looked up in the catalogue of the language spoken
(``locales.speaking``) and each value is named in that language: a Samurai with his article,
an object type by its name, a nested reason said the same way. Space names stay as they are, and
commands named in code spans are shown as the reader's Discord client lists them (``commands``).
"""

from __future__ import annotations

from collections.abc import Mapping

from locales import ENGLISH, _, ngettext, spoken
from rules import ObjectType, Reason, Samurai, Side
from rules.reasons import capitalised
from words.phrases import object_name, samurai_name, side_name

from .commands import localised


def say(reason: str) -> str:
    """``reason`` in the language spoken: a ``Reason`` from its template, any other text as a marked word."""
    if not isinstance(reason, Reason):
        return localised(_(reason))
    if spoken() == ENGLISH:
        return str(reason)  # the rules' own sentence, named as the English tests and players know it
    if reason.plural is None:
        text = _(reason.template)
    else:
        count = reason.values["count"]
        assert isinstance(count, int)  # a plural Reason is only made with an int count
        text = ngettext(reason.template, reason.plural, count)
    return localised(capitalised(text.format(**named(reason.values)) if reason.values else text))


def named(values: Mapping[str, object]) -> dict[str, object]:
    """Each value as the language spoken names it (numbers and spaces unchanged)."""
    return {name: _name(value) for name, value in values.items()}


def _name(value: object) -> object:
    if isinstance(value, Reason):
        return say(value)
    if isinstance(value, Samurai):
        return samurai_name(value)
    if isinstance(value, ObjectType):
        return object_name(value)
    if isinstance(value, Side):
        return side_name(value)
    return value
