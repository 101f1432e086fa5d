"""A space named for a list of choices: ``C2 · Urn`` / ``C2 · Urna`` (autocomplete, the Samurai's panel)."""

from __future__ import annotations

import rules
from locales import _
from words.phrases import object_name


def space_label(space: rules.Space) -> str:
    """``C2 · Urn`` / ``C2 · Urna``; a room's centre has no object."""
    kind = rules.OBJECT_AT[space]
    # Translators: a room's centre space, which holds no object, as named in a list of spaces.
    what = object_name(kind) if kind is not None else _("centre")
    return f"{rules.space_name(space)} · {what}"
