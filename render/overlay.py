"""The deduction aid on the palace: a warm shading where her possible paths pass, and a badge
where they end.

The shading replaces each space's mat colour, redrawn under the object and the
space's name, so it never veils them; the pieces, paw-prints and seals are
drawn on top afterwards, so it never hides those either.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from rules import OBJECT_AT, SPACES, Space, space_name
from rules.palace import CENTRES
from words.deduction import DeductionAid

from . import geometry as g
from .icons import icon
from .palace import background
from .pen import Pen, paint_large, sprite
from .theme import CUBE_TARGET, INK, SUPERSAMPLE, font

# Mat colours from "a few of her paths pass here" to "all of them do". Four steps, not a
# gradient, so neighbouring levels stay apart on a phone; each keeps the dark name at
# least as readable as on the plain mat (see tests/render/test_aid_overlay.py).
HEAT = ((252, 222, 128), (250, 190, 100), (246, 156, 80), (240, 124, 78))
HEAT_TEXT = (242, 146, 74)  # the caption's count, on the dark caption strip
BADGE_SIZE = 30  # tall: the strip below the pawns, left of the space's name


def heat_level(crossing: int, possible: int) -> int:
    """0 when no possible path crosses the space, else 1–4 by quarter of her possible paths."""
    if crossing <= 0 or possible <= 0:
        return 0
    return min(len(HEAT), math.ceil(len(HEAT) * crossing / possible))


def _shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    red, green, blue = colour
    return round(red * factor), round(green * factor), round(blue * factor)


# The level's meter, bottom right of a shaded space (clear of pawns, names, badges and the cubes' corner, which
# is on her board only): bars rising left to right, as many filled as the level. The four shades are one hue
# darkening, close for a colour-blind eye (docs/colours.md), so the meter tells them apart by shape.
METER_BARS = (6, 11, 16, 21)  # the bars' heights, left to right
METER_BAR, METER_GAP = 5, 2  # px: each bar's width, and between two
METER_RIGHT = 4  # px from the space's right edge: right of its name
METER_BOTTOM = 8  # px from its bottom edge: on the name's baseline


def draw_meter(draw: ImageDraw.ImageDraw, s: int, width: int, height: int, level: int,
               ink: tuple[int, int, int]) -> None:
    left = width - METER_RIGHT - len(METER_BARS) * (METER_BAR + METER_GAP) + METER_GAP
    bottom = (height - METER_BOTTOM) * s
    for index, bar in enumerate(METER_BARS):
        x = left + index * (METER_BAR + METER_GAP)
        box = (x * s, bottom - bar * s, (x + METER_BAR) * s - 1, bottom)
        if index < level:
            draw.rectangle(box, fill=ink)
        else:
            draw.rectangle(box, outline=ink, width=s)


@cache
def heated_cell(space: Space, level: int) -> Image.Image:
    """The space as the palace draws it, on a heat-coloured mat, its name in darker ink."""
    mat = HEAT[level - 1]
    x0, y0, x1, y1 = g.cell_box(space)
    cell = background().crop((x0, y0, x1, y1)).convert("RGB")

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.rectangle((2 * s, 2 * s, (x1 - x0 - 2) * s, (y1 - y0 - 2) * s), fill=mat)
        draw.rectangle((1 * s, 1 * s, (x1 - x0 - 1) * s, (y1 - y0 - 1) * s), outline=_shade(mat, 0.86), width=2 * s)
        draw_meter(draw, s, x1 - x0, y1 - y0, level, _shade(mat, 0.45))
        if space in CENTRES:  # the empty floor's crest, as on the plain palace
            cx, cy = (x1 - x0) / 2, g.ICON_TOP + g.ICON_SIZE / 2
            for dx, dy in ((0, -11), (11, 0), (0, 11), (-11, 0)):
                px, py = cx + dx, cy + dy
                draw.polygon([v * s for v in (px, py - 9, px + 9, py, px, py + 9, px - 9, py)],
                             fill=_shade(mat, 0.84))

    cell = paint_large(cell, paint, scale=2).convert("RGBA")
    object_type = OBJECT_AT[space]
    if object_type is not None:
        ix, iy = g.icon_origin(space)
        cell.alpha_composite(icon(object_type, g.ICON_SIZE), (ix - x0, iy - y0))
    lx, ly = g.label_anchor(space)
    ImageDraw.Draw(cell).text((lx - x0, ly - y0), space_name(space), fill=INK, font=font(g.LABEL_FONT_SIZE),
                              anchor="ms")
    return cell


def draw_heat(image: Image.Image, aid: DeductionAid) -> None:
    for space in SPACES:
        level = heat_level(aid.crossing[space], aid.paths_possible)
        if level:
            x0, y0, _, _ = g.cell_box(space)
            image.paste(heated_cell(space, level), (x0, y0))


@cache
def ending_badge(count: int) -> Image.Image:
    """A purple disc (a pill for long counts) with a white count: this many of her possible paths end here."""
    text = str(count)
    digits = font(g.MIN_TEXT * SUPERSAMPLE)  # regular weight: two digits fit left of the name
    height = BADGE_SIZE
    width = max(height, -(-round(digits.getlength(text)) // SUPERSAMPLE) + 2)

    def paint(pen: Pen) -> None:
        w, h = width * SUPERSAMPLE, height * SUPERSAMPLE
        pen.draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=CUBE_TARGET, outline=(255, 255, 255),
                                   width=2 * SUPERSAMPLE)
        pen.draw.text((w / 2, h / 2 + SUPERSAMPLE), text, fill=(255, 255, 255), font=digits, anchor="mm")

    return sprite(width, height, paint)


def badge_origin(space: Space) -> tuple[int, int]:
    """Bottom left, beside the space's name and inside a paw-print's frame: free on the public board."""
    x0, _, _, y1 = g.cell_box(space)
    return x0 + 1, y1 - BADGE_SIZE - 2


def draw_endings(image: Image.Image, aid: DeductionAid) -> None:
    for space in SPACES:
        if aid.ending[space]:
            image.alpha_composite(ending_badge(aid.ending[space]), badge_origin(space))
