"""The static palace, drawn once and reused by every render.

Rooms, walls, the garden between them, the four bridges, the object icons
and the space names never change during a match.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from rules import OBJECT_AT, SPACES, space_name
from rules.palace import CENTRES

from . import geometry as g
from .icons import icon
from .pen import Pen, paint_large, sprite
from .theme import (
    BRIDGE,
    BRIDGE_DARK,
    CENTRE,
    GARDEN,
    INK,
    NIGHT,
    NIGHT_LIGHT,
    PANEL_EDGE,
    TATAMI,
    TATAMI_EDGE,
    WOOD,
    WOOD_DARK,
    font,
)

ICON_SIZE = g.ICON_SIZE
icon_origin = g.icon_origin
WALL = 9
LABEL_COLOUR = (92, 70, 44)  # dark enough on tatami to read at phone size


@cache
def bridge_sprite(vertical: bool) -> Image.Image:
    """A vermilion arched bridge spanning the garden between two rooms."""
    length, breadth = g.ROOM_GAP + 6, 46

    def paint(pen: Pen) -> None:
        # Designed across a 100-unit length; the pen box is square, so stretch via rect coordinates.
        pen.rect(0, 18, 100, 82, fill=BRIDGE, outline=INK, width=2.5, radius=4)
        for x in range(10, 100, 12):
            pen.line([(x, 22), (x, 78)], fill=BRIDGE_DARK, width=1.5)
        for y in (14, 86):
            pen.rect(0, y - 6, 100, y + 6, fill=BRIDGE_DARK, outline=INK, width=2, radius=3)
        for x in (3, 97):
            for y in (14, 86):
                pen.circle(x, y, 7, fill=(232, 190, 80), outline=INK, width=2)

    image = sprite(length, length, paint).resize((length, breadth), Image.Resampling.LANCZOS)
    return image.rotate(90, expand=True) if vertical else image


def _paint_rooms(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Garden, walls and tatami, painted at scale ``s``."""
    def sc(box: Sequence[float]) -> list[float]:
        return [v * s for v in box]

    bx0, by0 = g.BOARD_LEFT, g.BOARD_TOP
    board = (bx0 + 4, by0 + 4, bx0 + g.BOARD_SIZE - 4, by0 + g.BOARD_SIZE - 4)
    draw.rounded_rectangle(sc(board), radius=18 * s, fill=GARDEN, outline=WOOD_DARK, width=3 * s)
    # Raked-gravel lines in the garden: quiet texture that compresses well.
    for k in range(1, 30):
        y = by0 + 10 + k * 26
        if y > by0 + g.BOARD_SIZE - 12:
            break
        draw.line(sc((bx0 + 14, y, bx0 + g.BOARD_SIZE - 14, y)), fill=(36, 54, 47), width=2 * s)
    for rc in (0, 1):
        for rr in (0, 1):
            x0, y0, x1, y1 = g.room_box(rc, rr)
            draw.rounded_rectangle(sc((x0 - WALL, y0 - WALL, x1 + WALL, y1 + WALL)), radius=10 * s,
                                   fill=WOOD, outline=WOOD_DARK, width=2 * s)
            draw.rectangle(sc((x0, y0, x1, y1)), fill=TATAMI)
    for space in SPACES:
        x0, y0, x1, y1 = g.cell_box(space)
        fill = CENTRE if space in CENTRES else TATAMI
        draw.rectangle(sc((x0 + 2, y0 + 2, x1 - 2, y1 - 2)), fill=fill)
        # Tatami border: a darker band along the mat's edge.
        draw.rectangle(sc((x0 + 1, y0 + 1, x1 - 1, y1 - 1)), outline=TATAMI_EDGE, width=2 * s)
        if space in CENTRES:
            # An empty floor: a four-diamond crest, square-edged so it never reads as her ○ "sealed" mark.
            cx, cy = (x0 + x1) / 2, g.icon_origin(space)[1] + g.ICON_SIZE / 2
            for dx, dy in ((0, -11), (11, 0), (0, 11), (-11, 0)):
                px, py = cx + dx, cy + dy
                draw.polygon([(v * s) for v in (px, py - 9, px + 9, py, px, py + 9, px - 9, py)],
                             fill=(186, 168, 124))


def _paint_chrome(draw: ImageDraw.ImageDraw, s: int) -> None:
    """The caption strip's background."""
    def sc(box: Sequence[float]) -> list[float]:
        return [v * s for v in box]

    draw.rectangle(sc((0, 0, g.WIDTH, g.CAPTION_HEIGHT - 6)), fill=NIGHT_LIGHT)
    draw.line(sc((0, g.CAPTION_HEIGHT - 6, g.WIDTH, g.CAPTION_HEIGHT - 6)), fill=PANEL_EDGE, width=2 * s)


def _paint_static(draw: ImageDraw.ImageDraw, s: int) -> None:
    _paint_chrome(draw, s)
    _paint_rooms(draw, s)


@lru_cache(maxsize=1)
def background() -> Image.Image:
    """The whole unchanging canvas: caption strip, palace, icons, names."""
    image = Image.new("RGB", (g.WIDTH, g.HEIGHT), NIGHT)
    image = paint_large(image, _paint_static, scale=2)
    image = image.convert("RGBA")
    for _name, a, b in g.bridges():
        (ax, ay), (bx, by) = g.cell_centre(a), g.cell_centre(b)
        vertical = ax == bx
        bridge = bridge_sprite(vertical)
        cx, cy = (ax + bx) // 2, (ay + by) // 2
        image.alpha_composite(bridge, (cx - bridge.width // 2, cy - bridge.height // 2))
    for space in SPACES:
        object_type = OBJECT_AT[space]
        if object_type is not None:
            image.alpha_composite(icon(object_type, ICON_SIZE), icon_origin(space))
    draw = ImageDraw.Draw(image)
    label = font(g.LABEL_FONT_SIZE)  # regular weight: large enough for a phone without outshouting the objects
    for space in SPACES:
        draw.text(g.label_anchor(space), space_name(space), fill=LABEL_COLOUR, font=label, anchor="ms")
    return image

