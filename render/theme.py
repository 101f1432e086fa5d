"""Colours, fonts and the few measurements every drawing module shares."""

from __future__ import annotations

from functools import cache
from importlib import resources
from io import BytesIO

from PIL import ImageFont

from rules import ObjectType, Samurai

# --- palette: a palace at night; warm tatami rooms, dark garden, vermilion bridges ---
NIGHT = (24, 27, 41)
NIGHT_LIGHT = (36, 41, 60)
PANEL = (33, 37, 54)
PANEL_EDGE = (62, 68, 94)
INK = (43, 33, 24)  # outlines and brush marks
PAPER = (244, 236, 216)
TEXT = (236, 230, 214)
TEXT_DIM = (160, 160, 178)
GOLD = (233, 185, 73)
TATAMI = (226, 211, 170)
TATAMI_EDGE = (198, 180, 134)
CENTRE = (204, 188, 146)
WOOD = (92, 58, 36)
WOOD_DARK = (58, 36, 22)
GARDEN = (30, 46, 40)
BRIDGE = (196, 64, 36)
BRIDGE_DARK = (120, 34, 20)
YES = (46, 160, 67)
NO = (208, 48, 48)
GHOST = (232, 236, 255)
GHOST_EDGE = (86, 60, 140)
BOUND = (255, 196, 0)

SAMURAI_COLOURS: dict[Samurai, tuple[int, int, int]] = {
    Samurai.GREEN: (36, 150, 70),
    Samurai.PURPLE: (132, 66, 178),
    Samurai.RED: (212, 40, 56),
    Samurai.BLUE: (30, 104, 220),
}
# The letter on each pawn: colour is never the only cue.


# Each object type has its own hue as well as its own silhouette (see icons.py).
OBJECT_COLOURS: dict[ObjectType, tuple[int, int, int]] = {
    ObjectType.HELMET: (74, 78, 105),
    ObjectType.LANTERN: (214, 40, 40),
    ObjectType.MASK: (251, 247, 238),
    ObjectType.SCROLL: (233, 196, 106),
    ObjectType.URN: (42, 157, 143),
    ObjectType.FLOWER: (244, 150, 186),
    ObjectType.FAN: (36, 96, 176),
    ObjectType.MIRROR: (200, 136, 58),
}

# Goryō cubes, as in the box: white moves, grey Sprint, purple Target, green False Trail.
CUBE_MOVE = (250, 250, 246)
CUBE_SPRINT = (150, 150, 158)
CUBE_SPRINT_LIGHT = (226, 226, 232)  # the "with Sprint" mark: pale, unlike the purple "can strike"
CUBE_TARGET = (120, 60, 170)
CUBE_FALSE_TRAIL = (40, 150, 80)

# Drawing small shapes at this many times their size and shrinking them gives smooth edges.
SUPERSAMPLE = 4


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans, shipped in render/assets with its licence: no system fonts needed.

    The basic layout engine keeps the bytes identical whether or not libraqm is installed.
    """
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    data = resources.files("render").joinpath("assets", name).read_bytes()
    return ImageFont.truetype(BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def fitting_font(text: str, width: float, size: int, bold: bool = False, smallest: int = 11) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``smallest`` in which ``text`` is at most ``width`` pixels long.

    Words differ in length from language to language; a label keeps its box by shrinking a little.
    """
    for candidate in range(size, smallest, -1):
        if font(candidate, bold).getlength(text) <= width:
            return font(candidate, bold)
    return font(smallest, bold)
