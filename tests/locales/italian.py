"""The Italian catalogue as (English, Italian) pairs, for the tests that hold one word to one meaning."""

from __future__ import annotations

import re

from locales import catalogues

ITALIAN = catalogues.read(next(p for p in catalogues.catalogue_paths() if p.stem == "it"))


def _forms(text: object) -> list[str]:
    return [text] if isinstance(text, str) else [t for t in (text or ()) if t]


def pairs(unsaid: re.Pattern[str]) -> list[tuple[str, str]]:
    """(English, Italian) for every translated message, each plural form paired with the English plural; what
    ``unsaid`` matches is taken out of the English first (placeholders, say, or command names)."""
    found = []
    for message in ITALIAN:
        if not message.id:
            continue
        english = [unsaid.sub("", text) for text in _forms(message.id)]
        for index, italian in enumerate(_forms(message.string)):
            found.append((english[min(index, len(english) - 1)], italian))
    return found
