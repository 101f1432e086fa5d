"""Every golden picture, shrunk to a phone's width, still shows what a player needs to act.

Discord shows an image as wide as the chat column: about 360 px on a phone held
upright. Each check renders the golden cases in every language with a catalogue, shrinks them to 360 px wide the way a
client does (area averaging) and measures, at the places the renderer's geometry
says things are drawn: the height of the space names, and how far apart her two target marks
and a room centre and her "sealed" ring look.
"""

from __future__ import annotations

import functools
import io
import math
from functools import cache

import pytest
from PIL import Image, ImageStat

import render
import rules
from locales import LANGUAGES
from render import geometry as g
from render.board import PATH_COLOUR, label_box
from render.overlay import draw_heat
from render.palace import background
from render.theme import font
from rules import SPACES, GoryoView, PublicView, space_name
from rules.palace import CENTRES
from tests.render.phone import PHONE_WIDTH, SCALE, changed_pixels, contrast, luminance, on_phone
from words import DeductionAid

from . import aid_scenes, scenes

MIN_TEXT_PX = 7  # capital height on the phone: about a 10 px font, the smallest comfortable on a phone
MIN_CUBE_CONTRAST = 3.0  # WCAG's minimum for parts of a graphic that carry meaning
MIN_MARK_DIFFERENCE = 40  # mean absolute difference per channel, of 255


# The golden cases with the view each is drawn from (tests/render/golden_cases.py draws the same).
def _views() -> dict[str, tuple[object, PublicView | GoryoView]]:
    return {
        **{name: (functools.partial(render.public_board, aid=aid), view) for name, (view, aid) in _aids().items()},
        "setup_done_public": (render.public_board, scenes.public(scenes.setup_done())),
        "mid_samurai_turn_public": (render.public_board, scenes.public(scenes.mid_samurai_turn())),
        "mid_samurai_turn_goryo": (render.goryo_board, rules.goryo_view(scenes.mid_samurai_turn())),
        "preview_sprint_false_trail_goryo": (render.goryo_board, scenes.preview()),
        "discovery_sprint_false_trail": (
            render.discovery_board, scenes.public(scenes.discovery_with_sprint_and_false_trail())
        ),
        "final_resigned": (render.final_board, scenes.public(scenes.final())),
    }


@cache
def _aids() -> dict[str, tuple[PublicView, DeductionAid]]:
    """The golden cases drawn with the deduction aid, and the aid each is drawn with."""
    early, late = aid_scenes.early(), aid_scenes.late()
    return {
        "aid_many_paths_public": (early, aid_scenes.aid_for(early)),
        "aid_single_path_public": (late, aid_scenes.aid_for(late)),
    }


CASE_NAMES = sorted(_views())


@cache
def bare(name: str) -> Image.Image:
    """The case's palace before any piece is drawn: the plain one, or with the aid's shading."""
    plain = background().copy()
    if name in _aids():
        draw_heat(plain, _aids()[name][1])
    return plain.convert("RGB")


@cache
def pictures(name: str, language: str = "en") -> tuple[Image.Image, Image.Image]:
    """(full size, phone size) RGB images of a golden case, its words in ``language``."""
    draw, view = _views()[name]
    full = Image.open(io.BytesIO(draw(view, language=language))).convert("RGB")
    phone = full.resize((PHONE_WIDTH, round(full.height * SCALE)), Image.Resampling.BOX)
    return full, phone


def public_of(view: PublicView | GoryoView) -> PublicView:
    return view.public if isinstance(view, GoryoView) else view


def mean_colour(image: Image.Image, box) -> tuple[float, ...]:
    return tuple(ImageStat.Stat(image.crop(box)).mean)


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    pixels = zip(a.get_flattened_data(), b.get_flattened_data(), strict=False)
    diffs = [abs(p - q) for pa, pb in pixels for p, q in zip(pa, pb, strict=False)]
    return sum(diffs) / len(diffs)


def glyph_height(text: str, size: int) -> int:
    _, top, _, bottom = font(size).getbbox(text, anchor="ms")
    return bottom - top


def covered(full: Image.Image, plain: Image.Image, box) -> bool:
    # The palette PNG rounds a stray anti-aliased pixel now and then; a mark changes many.
    return changed_pixels(full, plain, box) > 8


# --- text height -------------------------------------------------------------------


def test_every_space_name_is_at_least_7_px_tall_on_a_phone():
    heights = {space_name(s): glyph_height(space_name(s), g.LABEL_FONT_SIZE) * SCALE for s in SPACES}
    assert min(heights.values()) >= MIN_TEXT_PX, heights


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", CASE_NAMES)
def test_space_names_stand_out_from_their_mat_on_a_phone(name, language):
    """Where nothing covers a name, its darkest ink against the mat between its letters keeps a readable contrast."""
    full, phone = pictures(name, language)
    plain = bare(name)
    for space in SPACES:
        box = label_box(space)
        if covered(full, plain, box):
            continue  # covered by a route (see the next test); judged there
        shrunk = list(phone.crop(on_phone(box)).get_flattened_data())
        ink, mat = min(shrunk, key=luminance), max(shrunk, key=luminance)
        assert contrast(ink, mat) >= 3, (space_name(space), ink, mat)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", CASE_NAMES)
def test_nothing_covers_a_space_name(name, language):
    """Marks, frames, seals, shards, pawns, her gold highlight, and the revealed or planned route
    (its line, arrows and numbered cubes) all leave the names readable as the palace writes them."""
    full, _ = pictures(name, language)
    plain = bare(name)
    hidden = [space_name(s) for s in SPACES if covered(full, plain, label_box(s))]
    assert hidden == []


ROUTE_CASES = ["preview_sprint_false_trail_goryo", "discovery_sprint_false_trail"]


@pytest.mark.parametrize("name", ROUTE_CASES)
def test_no_route_colour_lies_on_a_route_space_name(name):
    """Where the route runs through a space, its purple line, white edge and cubes stay off the name."""
    full, _ = pictures(name)
    view = _views()[name][1]
    route = view.plan.path if isinstance(view, GoryoView) else public_of(view).last_reveal.path
    for space in route:
        pixels = full.crop(label_box(space)).get_flattened_data()
        near = [p for p in pixels if sum(abs(a - b) for a, b in zip(p, PATH_COLOUR, strict=False)) < 90
                or min(p) > 245]
        assert near == [], (space_name(space), near[:5])


# --- her marks --------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_can_strike_and_only_with_sprint_marks_differ_on_a_phone(language):
    view = scenes.preview()
    plain, sprint_only = view.reachable_targets
    assert plain and sprint_only
    _, phone = pictures("preview_sprint_false_trail_goryo", language)
    strike = phone.crop(on_phone(g.target_mark_box(plain[0])))
    sprint = phone.crop(on_phone(g.target_mark_box(sprint_only[0])))
    assert mean_difference(strike, sprint) >= MIN_MARK_DIFFERENCE
    # Their dominant colours differ too: a saturated purple against a near-grey.
    r, gr, b = mean_colour(strike, (0, 0, *strike.size))
    assert b - gr >= 20 and r - gr >= 10
    r, gr, b = mean_colour(sprint, (0, 0, *sprint.size))
    assert max(r, gr, b) - min(r, gr, b) <= 30


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_room_centre_does_not_look_like_her_sealed_ring_on_a_phone(language):
    view = scenes.preview()
    sealed = sorted(view.public.sealed)
    assert sealed
    _, phone = pictures("preview_sprint_false_trail_goryo", language)

    def icon_area(space):
        x, y = g.icon_origin(space)
        return phone.crop(on_phone((x - 6, y - 6, x + g.ICON_SIZE + 6, y + g.ICON_SIZE + 6)))

    for centre in sorted(CENTRES):
        if centre in {s for _, s in view.public.samurai_spaces} or centre == view.public.goryo_space:
            continue
        assert mean_difference(icon_area(centre), icon_area(sealed[0])) >= MIN_MARK_DIFFERENCE / 2


def test_nothing_on_a_room_centre_lies_where_her_sealed_ring_would():
    """Her ○ is a ring round the object; the centre's crest stays well inside that radius."""
    plain = background().convert("RGB")
    for centre in CENTRES:
        x, y = g.icon_origin(centre)
        cx, cy = x + g.ICON_SIZE / 2, y + g.ICON_SIZE / 2
        floor = plain.getpixel((round(cx), round(cy - g.ICON_SIZE / 2 - 2)))
        for angle in range(0, 360, 15):
            px = round(cx + 28 * math.cos(math.radians(angle)))
            py = round(cy + 28 * math.sin(math.radians(angle)))
            assert plain.getpixel((px, py)) == floor, (space_name(centre), angle)
