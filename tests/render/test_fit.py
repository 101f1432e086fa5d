"""Every word on a picture fits its place, in every language: nothing runs off the panel or the
caption, and no two labels overlap.

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
from render.board import goryo_legend
from render.images import discovery_picture, final_picture, goryo_picture, public_picture
from render.overlay import aid_legend
from render.panel import LEGEND_GAP, TILE, TILE_GAP, WIDTH, legend_layout, legend_lines, public_legend
from render.words import object_name, samurai_colour
from rules import ObjectType, Outcome, Samurai, Side, Termination
from rules.playout import random_match

from . import aid_scenes, scenes

SMALLEST_TEXT = 11  # px at full size: nothing is shrunk below this to fit
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
    if y1 <= g.CAPTION_HEIGHT and x1 > g.WIDTH - 20:
        return "past the caption's edge"
    if y0 >= g.CAPTION_HEIGHT and x0 >= g.PANEL_LEFT and (x0 < g.PANEL_INNER_LEFT - 1 or x1 > g.PANEL_INNER_RIGHT + 1):
        return "outside the panel"
    if label.size < SMALLEST_TEXT:
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


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_object_name_fits_under_its_tile_and_every_samurai_name_before_his_actions(monkeypatch, language):
    """Every name, not only those a scene happens to draw, checked on a drawn panel."""
    with speaking(language):
        labels = record_labels(monkeypatch, lambda: public_picture(rules.public_view(scenes.mid_samurai_turn())))
        texts = {label.text: label for label in labels}
        for object_type in ObjectType:
            name = texts[object_name(object_type)]
            assert name.box[2] - name.box[0] <= TILE + TILE_GAP - 6, name
        first_action = g.action_slot_box(0, 0)[0]
        for samurai in Samurai:
            assert texts[samurai_colour(samurai)].box[2] < first_action - 6, samurai


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legend_fits_the_panel_with_room_between_its_entries(language):
    with speaking(language):
        for entries, extra in ((public_legend(), None), (goryo_legend(), None), (public_legend(), aid_legend())):
            lines, heights = legend_lines(entries, extra)
            assert len(lines) == len(heights) and sum(len(line) for line in lines) == len(entries) + len(extra or [])
            for line in lines:
                label, widths, gap = legend_layout(line)
                assert gap >= LEGEND_GAP[0] and label.size >= 12, [words for _, words in line]
                assert sum(widths) + gap * (len(line) - 1) <= WIDTH


def test_a_label_too_long_is_caught():
    """The checks can fail: a label running past the panel, and two labels drawn over each other."""
    right = Label("x" * 40, (g.PANEL_INNER_LEFT, 500, g.PANEL_INNER_RIGHT + 30, 520), 14)
    assert misplaced(right) == "outside the panel"
    assert misplaced(dataclasses.replace(right, box=(900, 500, 1000, 520), size=9)) == "shrunk to 9 px"
    assert overlap((0, 0, 10, 10), (9, 9, 20, 20)) and not overlap((0, 0, 10, 10), (10, 0, 20, 10))
