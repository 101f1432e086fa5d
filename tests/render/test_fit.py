"""Every word on a picture fits its place, in every language: nothing runs off the picture or the
caption, nothing is shrunk below ``MIN_TEXT``, and no two labels overlap.

The pictures are composed (``render.images.…_picture``) for many moments of real matches and every
ending, in each language with a catalogue, while every ``ImageDraw.text`` call on the full-size
canvas is recorded with its box (measured by Pillow with the font it was drawn in).
"""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache

import pytest
from PIL import ImageDraw

import rules
from locales import LANGUAGES, speaking
from render import geometry as g
from render import layers
from render.caption import CAPTION_RIGHT
from render.images import discovery_picture, final_picture, goryo_picture, public_picture
from rules import Outcome, Side, Termination
from rules.playout import random_match

from . import aid_scenes, scenes

Box = tuple[float, float, float, float]


@dataclasses.dataclass(frozen=True)
class Label:
    text: str
    box: Box
    size: int


def record_labels(monkeypatch, compose) -> list[Label]:
    """The words ``compose()`` writes on the full-size canvas, with their boxes."""
    labels: list[Label] = []
    text = ImageDraw.ImageDraw.text

    def recording(self, xy, words, *args, **kwargs):
        if self.im.size == (g.WIDTH, g.HEIGHT) and str(words).strip():
            box = self.textbbox(xy, words, font=kwargs.get("font"), anchor=kwargs.get("anchor"))
            labels.append(Label(str(words), box, kwargs["font"].size))
        return text(self, xy, words, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", recording)
        layers.forget()  # a band drawn before would be pasted, its words not written again
        compose()
    return labels


def ended(view: rules.PublicView, termination: Termination, winner: Side) -> rules.PublicView:
    return dataclasses.replace(view, outcome=Outcome(termination, winner))


@cache
def moments() -> list[tuple[str, object]]:
    """(name, compose) for every picture kind at many moments: setup, turns, discoveries, every ending."""
    said = []
    states = [rules.new_game(3), scenes.setup_done(), scenes.mid_samurai_turn(), scenes.round_two(),
              scenes.discovery_with_sprint_and_false_trail(), scenes.final()]
    states += [state for seed in (21, 22) for _, state in random_match(seed)[::3]]
    for n, state in enumerate(states):
        view = rules.public_view(state)
        said.append((f"public {n}", lambda view=view: public_picture(view)))
        said.append((f"goryo {n}", lambda state=state: goryo_picture(rules.goryo_view(state))))
        if view.last_reveal is not None:
            said.append((f"discovery {n}", lambda view=view: discovery_picture(view)))
    said.append(("goryo preview", lambda: goryo_picture(scenes.preview())))
    for name, view in (("early", aid_scenes.early()), ("late", aid_scenes.late())):
        said.append((f"aid {name}", lambda view=view: public_picture(view, aid_scenes.aid_for(view))))
    over = rules.public_view(scenes.final())
    for termination, winner in itertools.product(Termination, Side):
        said.append((f"final {termination.name} {winner.name}",
                     lambda t=termination, w=winner: final_picture(ended(over, t, w))))
    return said


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def misplaced(label: Label) -> str | None:
    x0, y0, x1, y1 = label.box
    if x0 < 0 or y0 < 0 or x1 > g.WIDTH or y1 > g.HEIGHT:
        return "off the picture"
    if y1 <= g.CAPTION_HEIGHT and x1 > CAPTION_RIGHT + 1:
        return "past the caption's edge"
    if y0 < g.CAPTION_HEIGHT < y1:
        return "across the caption's edge"
    if label.size < g.MIN_TEXT:
        return f"shrunk to {label.size} px"
    return None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_of_every_picture_fits_its_place_without_overlapping_another(monkeypatch, language):
    problems = []
    with speaking(language):
        for name, compose in moments():
            labels = record_labels(monkeypatch, compose)
            assert labels, name
            problems += [f"{name}: {label.text!r} {why}" for label in labels if (why := misplaced(label))]
            problems += [f"{name}: {a.text!r} overlaps {b.text!r}"
                         for a, b in itertools.combinations(labels, 2) if overlap(a.box, b.box)]
    assert not problems, "\n".join(problems[:20])


def test_a_label_too_long_is_caught():
    """The checks can fail: a label running past the caption, one shrunk too far, and two labels drawn over
    each other."""
    right = Label("x" * 40, (400, 10, CAPTION_RIGHT + 10, 40), 30)
    assert misplaced(right) == "past the caption's edge"
    assert misplaced(dataclasses.replace(right, box=(400, 500, 500, 520), size=g.MIN_TEXT - 1)) == \
        f"shrunk to {g.MIN_TEXT - 1} px"
    assert overlap((0, 0, 10, 10), (9, 9, 20, 20)) and not overlap((0, 0, 10, 10), (10, 0, 20, 10))
