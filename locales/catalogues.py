"""Keeping the catalogues in step with the code: extraction, update, and the checks CI runs.

Only tooling reads this module (``python -m locales``, ``tests/locales``): the bot itself reads the
``.po`` files through ``locales.translations``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TypeAlias

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from . import DIRECTORY, TEMPLATE

PROJECT = DIRECTORY.parent
SOURCES = ("bot", "render", "rules", "ai", "words")  # where words are marked
# How babel reads a marking function's arguments (its own alias is private): the message's positions, a position
# paired with "c" for a context, or per number of arguments; None for "the first argument".
Positions: TypeAlias = tuple[int | tuple[int, int] | tuple[int, str], ...] | None
Keyword: TypeAlias = dict[int | None, Positions] | Positions
KEYWORDS: dict[str, Keyword] = {
    "_": None,
    "N_": None,
    "Nn_": (1, 2),  # a plural pair marked now, said later (rules.reasons, bot refusals)
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    # discord.py's command-tree strings; ``context`` is passed as a keyword (a literal, so that it is
    # extracted: ``locale_str("challenge", context="command name")``) and read by our Translator.
    "locale_str": {1: None, 2: (1, (2, "c"))},
}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def extract() -> Catalog:
    """Every marked word in the sources, as a template catalogue."""
    template = Catalog(project="goryo-bot", fuzzy=False)
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            PROJECT / source, method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True,
        ):
            template.add(message, locations=[(f"{source}/{filename}", lineno)], auto_comments=comments,
                         context=context)
    return template


def read(path: Path) -> Catalog:
    with open(path, "rb") as po:
        return read_po(po)


def write(path: Path, catalogue: Catalog) -> None:
    with open(path, "wb") as po:
        write_po(po, catalogue, width=100, sort_by_file=False, omit_header=False)


def catalogue_paths() -> list[Path]:
    return sorted(DIRECTORY.glob("*.po"))


def update_catalogues() -> Iterator[tuple[Path, int]]:
    """Write the template afresh and merge it into every catalogue; yields each with its untranslated count."""
    template = extract()
    write(TEMPLATE, template)
    for path in catalogue_paths():
        catalogue = read(path)
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.obsolete.clear()
        write(path, catalogue)
        yield path, sum(1 for m in catalogue if m.id and not _translated(m))


def new_catalogue(language: str) -> Path:
    path = DIRECTORY / f"{language}.po"
    if path.exists():
        raise SystemExit(f"{path.name} exists already")
    catalogue = Catalog(locale=language, project="goryo-bot")
    catalogue.update(read(TEMPLATE))
    write(path, catalogue)
    return path


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not message.fuzzy and all(strings)


def _forms(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its forms: one, or the singular and the plurals."""
    if text is None:
        return ()
    return (text,) if isinstance(text, str) else tuple(text)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(catalogue: Catalog, template: Catalog) -> list[str]:
    """What is wrong with one catalogue against the template: missing or fuzzy words, placeholders that differ."""
    found = []
    for wanted in template:
        if not wanted.id:
            continue
        have = catalogue.get(wanted.id, wanted.context)
        sources = _forms(wanted.id)
        label = f"{wanted.context + ' | ' if wanted.context else ''}{sources[0]!r}"
        if have is None or not _translated(have):
            found.append(f"untranslated: {label}")
            continue
        expected = set().union(*(placeholders(s) for s in sources))
        for string in _forms(have.string):
            if placeholders(string) - expected or (len(sources) == 1 and placeholders(string) != expected):
                found.append(f"placeholders differ: {label} has {sorted(placeholders(string))}, "
                             f"expected {sorted(expected)}")
    return found
