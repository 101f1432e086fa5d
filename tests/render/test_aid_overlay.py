"""The deduction aid's overlay (issue 12): shading where her possible paths pass, a badge where they
end, and the count, drawn beneath the pieces and readable on a phone."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

import render
import words
from render import board
from render import geometry as g
from render.board import label_box
from render.caption import LINES
from render.overlay import BADGE_SIZE, HEAT, badge_origin, heat_level
from render.palace import background
from render.theme import TATAMI
from rules import SPACES, Space, parse_plan, space_name
from tests.render.phone import PHONE_WIDTH, SCALE, changed_pixels, contrast, luminance, on_phone
from words import DeductionAid

from . import aid_scenes

SCENES = {"early": aid_scenes.early, "late": aid_scenes.late}


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def drawn(name: str) -> tuple[Image.Image, Image.Image, DeductionAid]:
    """(with the aid, without it, the aid) for a scene."""
    view = SCENES[name]()
    aid = aid_scenes.aid_for(view)
    return rgb(render.public_board(view, aid)), rgb(render.public_board(view)), aid


def test_the_scenes_are_an_open_round_and_a_single_path():
    _, _, early = drawn("early")
    _, _, late = drawn("late")
    assert 10 < early.paths_possible < early.paths_total and early.only_path is None
    assert late.paths_possible == 1 < late.paths_total
    assert late.only_path == parse_plan(aid_scenes.LATE_PLAN), "the one path left is the one she planned"


@pytest.mark.parametrize("name", sorted(SCENES))
def test_the_overlay_never_covers_a_piece_a_print_a_frame_or_a_seal(name):
    """Every pixel a piece paints solidly looks the same with and without the aid."""
    with_aid, without, _ = drawn(name)
    view = SCENES[name]()
    layer = Image.new("RGBA", (g.WIDTH, g.HEIGHT), (0, 0, 0, 0))
    board.draw_public_pieces(layer, view, view.paw_prints)
    solid = [i for i, a in enumerate(layer.getchannel("A").get_flattened_data()) if a == 255]
    assert len(solid) > 5000, "pawns, prints and frames were found"
    a, b = list(with_aid.get_flattened_data()), list(without.get_flattened_data())
    # Beyond palette rounding:
    moved = [i for i in solid if sum(abs(p - q) for p, q in zip(a[i], b[i], strict=False)) > 60]
    assert moved == []


@pytest.mark.parametrize("name", sorted(SCENES))
def test_each_space_is_shaded_by_the_share_of_paths_crossing_it(name):
    """Sampled at a corner of the mat that no piece uses: the plain mat where no path passes,
    else the level's colour."""
    with_aid, _, aid = drawn(name)
    plain = background().convert("RGB")
    view = SCENES[name]()
    shaded = 0
    for space in SPACES:
        _, _, x1, y1 = g.cell_box(space)
        probe = (x1 - 12, y1 - 30)  # right, below the pawns, above the level's meter: free of names and badges
        if any(p.space == space for p in view.paw_prints):
            continue
        level = heat_level(aid.crossing[space], aid.paths_possible)
        expected = HEAT[level - 1] if level else plain.getpixel(probe)
        difference = sum(abs(p - q) for p, q in zip(with_aid.getpixel(probe), expected, strict=False))
        assert difference <= 12, space_name(space)
        shaded += level > 0
    assert shaded >= (4 if name == "early" else 3)


def test_heat_levels_split_her_paths_by_quarters():
    assert [heat_level(c, 20) for c in (0, 1, 5, 6, 10, 11, 15, 16, 20)] == [0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert heat_level(3, 0) == 0


def purple_pixels(image: Image.Image, box) -> int:
    return sum(1 for r, gr, b in image.crop(box).get_flattened_data() if b > gr + 50 and r > gr + 20 and r < 170)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_a_badge_marks_exactly_the_spaces_where_possible_paths_end(name):
    with_aid, _, aid = drawn(name)
    for space in SPACES:
        x, y = badge_origin(space)
        found = purple_pixels(with_aid, (x, y, x + BADGE_SIZE, y + BADGE_SIZE)) > BADGE_SIZE ** 2 // 4
        assert found == (aid.ending[space] > 0), space_name(space)


def mat_and_ink(image: Image.Image, space: Space) -> float:
    shrunk = list(image.crop(on_phone(label_box(space))).get_flattened_data())
    return contrast(min(shrunk, key=luminance), max(shrunk, key=luminance))


@pytest.mark.parametrize("name", sorted(SCENES))
def test_a_shaded_space_name_reads_at_least_as_well_on_a_phone_as_a_plain_one(name):
    with_aid, without, aid = drawn(name)

    def phone(image):
        return image.resize((PHONE_WIDTH, round(image.height * SCALE)), Image.Resampling.BOX)

    aided, plain = phone(with_aid), phone(without)
    view = SCENES[name]()
    busy = {p.space for p in view.paw_prints} | {s for _, s in view.samurai_spaces} | {view.goryo_space}
    compared = 0
    for space in SPACES:
        if aid.crossing[space] and space not in busy:
            assert mat_and_ink(aided, space) >= mat_and_ink(plain, space) * 0.95, space_name(space)
            compared += 1
    assert compared >= 3


def test_neighbouring_heat_levels_and_the_plain_mat_stay_apart():
    """Flat colours, so what a phone shows of a mat is the colour itself."""
    steps = [TATAMI, *HEAT]
    for lighter, darker in itertools.pairwise(steps):
        assert sum(abs(p - q) for p, q in zip(lighter, darker, strict=False)) >= 40, (lighter, darker)
    for lighter, darker in itertools.pairwise(HEAT):  # the plain mat differs in hue; the levels darken in turn
        assert luminance(darker) < luminance(lighter)


def test_the_aid_leaves_the_caption_above_its_count_alone_and_no_aid_draws_no_overlay():
    view = aid_scenes.early()
    assert render.public_board(view) == render.public_board(view, None)
    with_aid, without, _ = drawn("early")
    between = (LINES[1] + LINES[2]) // 2
    above = (0, 0, g.WIDTH, between)
    assert changed_pixels(with_aid, without, above) < 50  # the palette may round a few edge pixels
    count = (0, between, g.WIDTH, g.CAPTION_HEIGHT)
    assert changed_pixels(with_aid, without, count) > 500, "the aid's count is the caption's third line"


def test_the_alt_text_carries_the_aid_numbers():
    early = aid_scenes.early()
    text = words.describe_public(early, aid_scenes.aid_for(early))
    assert "26 of her 49 possible paths fit the answers." in text
    assert "Paths crossing each space: C2 26, B2 20," in text and "Paths ending on each space: A2 4," in text
    late = aid_scenes.late()
    text = words.describe_public(late, aid_scenes.aid_for(late))
    assert "Only one of her paths fits the answers: F5 → F4 → F3 → E3 → D3. It ends on the Lantern on D3." in text
    assert words.describe_public(late) == words.describe_public(late, None)
    assert "paths" not in words.describe_public(late)
