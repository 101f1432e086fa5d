"""How tall each word and number of every picture is on a phone, from the sizes the drawing itself uses.

Discord shows a picture as wide as the chat column: about 328 px on a 360-px phone. A word drawn
at ``size`` px in a picture ``WIDTH`` px wide is ``size × 328 / WIDTH`` px on that screen. Every text
draw is recorded while every picture kind is composed from nothing (all caches and bands forgotten,
so the palace's labels and each sprite's letters are drawn again), in every language: on the
picture itself at its size, in a sprite at its size over the supersampling.

Issue 24's goal is 10 px for every word: the phone-first layout (a 742-px picture of the caption
and the palace, the panel's facts in the message's words) draws every word at ``MIN_TEXT`` = 23 px
or more, so ``FLOOR`` is ``GOAL`` and no change can make any word smaller on a phone.
"""

from __future__ import annotations

import dataclasses
import itertools
import sys
from functools import cache

import pytest
from PIL import ImageDraw

import render
import rules
from locales import LANGUAGES, speaking
from render import geometry as g
from render import layers
from render.images import discovery_picture, final_picture, goryo_picture, public_picture
from render.pen import Pen
from render.theme import SUPERSAMPLE
from rules import Outcome, Side, Termination

from . import aid_scenes, scenes

PHONE_WIDTH = 328  # px: Discord's picture width on a 360-px-wide phone
GOAL = 10  # px on that screen, for every word and number (issue 24)
FLOOR = GOAL  # every word, every picture, both languages (issue 24)


@dataclasses.dataclass(frozen=True)
class Word:
    text: str
    on_phone: float  # px


def forget_everything() -> None:
    """Every cached sprite, font and band, so the next picture draws all its words again."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    layers.forget()


def words_of(monkeypatch, compose) -> list[Word]:
    sprite_draws: set[int] = set()
    pen_init = Pen.__init__
    text = ImageDraw.ImageDraw.text
    found: list[Word] = []

    kept = []  # held, so no later ImageDraw takes a finished sprite's id

    def pen(self, draw, *args, **kwargs):
        kept.append(draw)
        sprite_draws.add(id(draw))
        pen_init(self, draw, *args, **kwargs)

    def recording(self, xy, words, *args, **kwargs):
        if str(words).strip():
            size = kwargs["font"].size / (SUPERSAMPLE if id(self) in sprite_draws else 1)
            found.append(Word(str(words), size * PHONE_WIDTH / g.WIDTH))
        return text(self, xy, words, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(Pen, "__init__", pen)
        patch.setattr(ImageDraw.ImageDraw, "text", recording)
        forget_everything()
        compose()
    forget_everything()
    return found


@cache
def kinds() -> list[tuple[str, object]]:
    """(name, compose) for every picture kind: public (plain, setup, with the aid), hers (hunted,
    planning with a preview), the discovery, and the final board of every ending."""
    over = rules.public_view(scenes.final())
    early = aid_scenes.early()
    said = [
        ("public", lambda: public_picture(scenes.public(scenes.mid_samurai_turn()))),
        ("public at setup", lambda: public_picture(scenes.public(scenes.setup_done()))),
        ("public with the aid", lambda: public_picture(early, aid_scenes.aid_for(early))),
        ("Goryō's", lambda: goryo_picture(rules.goryo_view(scenes.mid_samurai_turn()))),
        ("Goryō's preview", lambda: goryo_picture(scenes.preview())),
        ("discovery", lambda: discovery_picture(scenes.public(scenes.discovery_with_sprint_and_false_trail()))),
    ]
    for termination, winner in itertools.product(Termination, Side):
        ended = dataclasses.replace(over, outcome=Outcome(termination, winner))
        said.append((f"final {termination.name} {winner.name}", lambda ended=ended: final_picture(ended)))
    return said


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", [*[name for name, _ in kinds()][:6], "final"])
def test_no_word_is_smaller_on_a_phone_than_the_floor(monkeypatch, kind, language):
    composes = [compose for name, compose in kinds() if name == kind or (kind == "final" and name.startswith(kind))]
    with speaking(language):
        words = [word for compose in composes for word in words_of(monkeypatch, compose)]
    assert words, "the recorder saw the words drawn"
    smallest = min(words, key=lambda word: word.on_phone)
    assert smallest.on_phone >= FLOOR, smallest


def test_the_recorder_sees_the_palace_labels_and_the_sprites_letters(monkeypatch):
    """The measure is only as good as what it records: the palace's names (drawn once per process)
    and a pawn's letter (drawn in a supersampled sprite) are among the words, at their real sizes."""
    words = words_of(monkeypatch, lambda: public_picture(scenes.public(scenes.mid_samurai_turn())))
    sizes = {}
    for word in words:
        sizes.setdefault(word.text, set()).add(round(word.on_phone, 2))
    assert round(g.LABEL_FONT_SIZE * PHONE_WIDTH / g.WIDTH, 2) in sizes["A1"]
    # The board's pawn: its letter is 58 % of the pawn, never under MIN_TEXT, drawn at SUPERSAMPLE times and shrunk.
    letter = max(g.MIN_TEXT * SUPERSAMPLE, round(58 * g.PAWN_SIZE / 100 * SUPERSAMPLE)) / SUPERSAMPLE
    assert round(letter * PHONE_WIDTH / g.WIDTH, 2) in sizes["G"]
    assert render.public_board  # the package's pictures are these compositions, encoded
