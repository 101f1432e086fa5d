"""The bot's languages: English in the code, one gettext catalogue per other language.

Every word a player reads is marked where it is written: ``_("…")`` for a sentence,
``ngettext(singular, plural, n)`` for counts, ``pgettext(context, "…")`` where one English
word needs two translations, and ``N_("…")`` for a constant that is translated later,
where it is used (``_(REASONS[x])``). Placeholders are ``str.format`` names:
``_("{samurai} moves to {space}").format(samurai=…, space=…)``, so a translation can put
them in its own order.

The language is chosen by context, not passed through every function:
``with speaking("it"): text = messages.challenge_text(…)``. It is a ``ContextVar``, so two
matches being told things at once in two languages never mix, and English is what is
spoken outside any ``speaking`` block.

Catalogues are plain ``.po`` files beside this module (``it.po``), read with Babel when a
language is first spoken; ``goryo.pot`` is the template they are made from. Adding a
language is translating one file: ``python -m locales new xx`` copies the template to
``xx.po``, and ``python -m locales update`` re-extracts the marked words after code changes
and merges them into every catalogue. ``tests/locales`` fails CI if a catalogue misses a
word or a placeholder.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DIRECTORY = Path(__file__).parent
TEMPLATE = DIRECTORY / "goryo.pot"
ENGLISH = "en"
# Languages with a catalogue, English first: what Discord locales are matched against.
LANGUAGES: tuple[str, ...] = (ENGLISH, *sorted(p.stem for p in DIRECTORY.glob("*.po")))

_spoken: ContextVar[str] = ContextVar("language", default=ENGLISH)


def language_of(locale: object) -> str:
    """The language to speak to a Discord locale (``discord.Locale`` or its value, e.g. ``"it"``,
    ``"en-US"``, ``"pt-BR"``): its language if there is a catalogue for it, else English."""
    if locale is None:
        return ENGLISH
    tag = str(getattr(locale, "value", locale)).lower()
    language = tag.split("-")[0]
    return language if language in LANGUAGES else ENGLISH


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak ``language`` in this context (a language code from ``LANGUAGES``; see ``language_of``)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for language {language!r}; there are {', '.join(LANGUAGES)}")
    token = _spoken.set(language)
    try:
        yield language
    finally:
        _spoken.reset(token)


def spoken() -> str:
    """The language of the current context."""
    return _spoken.get()


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language`` (English: the words as written), compiled once in memory."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    with open(DIRECTORY / f"{language}.po", "rb") as po:
        catalogue = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)  # fuzzy entries are left out, so they fall back to English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    return translations(_spoken.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_spoken.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return translations(_spoken.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(_spoken.get()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks a constant for the catalogue; it is translated where it is used, with ``_``."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and plural pair for the catalogue, said later with ``ngettext`` and a count
    (``Refusal(Nn_("…{count} second.", "…{count} seconds."), count=n)``)."""
    return singular, plural


def translate(message: str, language: str, context: str | None = None) -> str:
    """``message`` in ``language``, outside any ``speaking`` block (e.g. the command tree's translator)."""
    with speaking(language):
        return pgettext(context, message) if context else _(message)
