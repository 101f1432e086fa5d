"""Everything a board picture says beside it, in one call per picture kind: its alt text, the facts above it
and the line under it, made from the same view as the picture, in one language.

The bot asks for a picture's words here once (``bot.delivery.boards``) and ``render`` draws the picture;
neither makes board words of its own. The public kinds read a ``PublicView`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import GoryoView, PublicView

from .deduction import DeductionAid
from .describe import describe_discovery, describe_final, describe_goryo, describe_public
from .facts import goryo_facts, public_facts
from .glance import goryo_glance, public_glance
from .phrases import said_in


@dataclass(frozen=True, slots=True)
class BoardWords:
    """A picture's words: ``description`` its alt text (at most 1,024 characters), ``facts`` the (name, value)
    pairs shown above it, ``glance`` the line under it."""

    description: str
    facts: tuple[tuple[str, str], ...]
    glance: str


def public_words(view: PublicView, aid: DeductionAid | None = None, language: str | None = None) -> BoardWords:
    """The live public board's words; with ``aid``, the deduction aid's numbers and key (the aid is drawn too)."""
    with said_in(language):
        return BoardWords(describe_public(view, aid), tuple(public_facts(view, aid is not None)), public_glance(view))


def discovery_words(view: PublicView, language: str | None = None) -> BoardWords:
    with said_in(language):
        return BoardWords(describe_discovery(view), tuple(public_facts(view)), public_glance(view))


def final_words(view: PublicView, language: str | None = None) -> BoardWords:
    with said_in(language):
        return BoardWords(describe_final(view), tuple(public_facts(view)), public_glance(view))


def goryo_words(view: GoryoView, language: str | None = None) -> BoardWords:
    """Her own board's words: her secrets beside her picture, sent to her alone."""
    with said_in(language):
        return BoardWords(describe_goryo(view), tuple(goryo_facts(view)), goryo_glance(view))
