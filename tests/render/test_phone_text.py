"""How tall each word and number of every picture is on a phone and on a desktop, from the sizes the drawing
itself uses.

Discord shows a picture as wide as the chat column: about 328 px on a 360-px phone. A word drawn
at ``size`` px in a picture ``WIDTH`` px wide is ``size × 328 / WIDTH`` px on that screen. Every text
draw is recorded while every picture kind is composed from nothing (all caches and bands forgotten,
so the palace's labels and each sprite's letters are drawn again), in every language: on the
picture itself at its size, in a sprite at its size over the supersampling.

Issue 24's goal is 10 px for every word: the phone-first layout (a 742-px picture of the caption
and the palace, the panel's facts in the message's words) draws every word at ``MIN_TEXT`` or more
(23 px for the phone; 26 px since the desktop's goal), so ``FLOOR`` is ``GOAL`` and no change can make any
word smaller on a phone.

Discord's desktop client draws the picture inside an embed's image box, 400×300 px (``g.DESKTOP_BOX``; measured
by the builders of embed previews, leovoel/embed-visualizer issue 30): the 742×860 board is shown 259×300 there,
smaller than on a phone. Issue 45's goal is 9 px for every word in that box (``DESKTOP_GOAL``).
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
DESKTOP_BOX = (400, 300)  # px: the box Discord's desktop client draws an embed's image in
DESKTOP_GOAL = 9  # px in that box, for every word and number (issue 45)


@dataclasses.dataclass(frozen=True)
class Word:
    text: str
    on_phone: float  # px
    on_desktop: float  # px, in Discord's desktop embed box


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
            desktop = min(DESKTOP_BOX[0] / g.WIDTH, DESKTOP_BOX[1] / g.HEIGHT)
            found.append(Word(str(words), size * PHONE_WIDTH / g.WIDTH, size * desktop))
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
def test_no_word_is_smaller_than_the_floor_on_a_phone_or_in_discord_s_desktop_embed_box(monkeypatch, kind, language):
    composes = [compose for name, compose in kinds() if name == kind or (kind == "final" and name.startswith(kind))]
    with speaking(language):
        words = [word for compose in composes for word in words_of(monkeypatch, compose)]
    assert words, "the recorder saw the words drawn"
    on_phone = min(words, key=lambda word: word.on_phone)
    assert on_phone.on_phone >= FLOOR, on_phone
    on_desktop = min(words, key=lambda word: word.on_desktop)
    assert on_desktop.on_desktop >= DESKTOP_GOAL, on_desktop
    # The box's height is what binds for a picture taller than 3:4: the desktop shows it smaller than a phone.
    assert on_desktop.on_desktop < on_phone.on_phone


def test_the_desktop_box_is_the_one_the_drawing_plans_for():
    assert g.DESKTOP_BOX == DESKTOP_BOX and g.DESKTOP_TEXT == DESKTOP_GOAL
    assert g.MIN_TEXT * g.DESKTOP_SCALE >= DESKTOP_GOAL and g.MIN_TEXT * PHONE_WIDTH / g.WIDTH >= GOAL


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
