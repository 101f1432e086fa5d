"""Refusals as sentences that can be said in any language, while the engine stays free of catalogues.

A ``Reason`` *is* its English sentence (a ``str``), so every caller that prints, compares or
searches a refusal keeps working. It also carries the ``template`` it was made from and the
``values`` that filled it, typed (a ``Samurai``, an ``ObjectType``, a space's name, a number,
another ``Reason``), so the bot can say it again in the language it speaks, naming each value
in that language (``bot/text/reasons.py``).

Templates are marked with ``N_`` so the catalogue tools (``locales``) find them; the engine never
translates anything itself. Placeholders are ``str.format`` names. In the templates, a
``{samurai}`` is a Samurai's whole name with its article ("the red Samurai"), an ``{object}`` an
object type's bare name ("Fan"), and a sentence's first letter is made a capital after filling.
A sentence about a number that may be 1 can have two templates, marked together with ``Nn_``
(``locales.Nn_`` in the bot); its value named ``count`` chooses between them (``ngettext``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Self, TypeAlias

from .sides import Samurai

# One marked sentence, or a singular and plural pair.
Template: TypeAlias = str | tuple[str, str]


def N_(template: str) -> str:
    """Marks a reason's template for the catalogue (the extractor knows the name); returns it unchanged."""
    return template


class Reason(str):
    """Why an action is refused: the English sentence, plus its template(s) and typed values.

    ``template`` is one marked sentence (``N_``), or a singular and plural pair (``Nn_``) chosen by
    the value ``count``; ``plural`` is None for the first kind.
    """

    template: str
    plural: str | None
    values: Mapping[str, object]

    def __new__(cls, template: Template, /, **values: object) -> Self:
        if isinstance(template, str):
            chosen, plural = template, None
        else:
            template, plural = template
            count = values.get("count")
            if not isinstance(count, int):
                raise TypeError("a reason with a plural template needs an int value named count")
            chosen = template if count == 1 else plural
        # A template without values is used as written (no braces to escape), as gettext would.
        text = chosen.format_map({name: english(v) for name, v in values.items()}) if values else chosen
        reason = super().__new__(cls, capitalised(text))
        reason.template, reason.plural, reason.values = template, plural, MappingProxyType(values)
        return reason

    def __reduce__(self) -> tuple[Callable[[Template, dict[str, object]], Reason], tuple[Template, dict[str, object]]]:
        # A copy or a pickle keeps the template, not just the words.
        return _rebuilt, (self.template if self.plural is None else (self.template, self.plural), dict(self.values))


def _rebuilt(template: Template, values: dict[str, object]) -> Reason:
    return Reason(template, **values)


def english(value: object) -> object:
    """A value as the English sentences name it."""
    if type(value) is str or type(value) is int:
        return value
    return f"the {value.value} Samurai" if isinstance(value, Samurai) else str(value)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
