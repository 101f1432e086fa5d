"""Composing one image: the cached palace, then only what changes on top of it."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from rules import SPACES_OF_TYPE, ObjectType, PawPrint, PublicView, Space, space_name
from rules.state import SAMURAI_ORDER
from rules.views import discarded_prints
from words.phrases import false_trail_letter, pawn_letter

from . import geometry as g
from . import sprites
from .palace import ICON_SIZE, LABEL_COLOUR, background, icon_origin
from .pen import Colour, Pen, sprite
from .theme import (
    CUBE_FALSE_TRAIL,
    CUBE_MOVE,
    CUBE_SPRINT,
    CUBE_SPRINT_LIGHT,
    CUBE_TARGET,
    INK,
    NO,
    TATAMI,
    YES,
    font,
)

PATH_COLOUR = (98, 52, 170)
PATH_EDGE = (255, 255, 255)
CUBE_SIZE = 40
PAW_SIZE = 38
BROKEN_SHARD = g.LABEL_BASELINE - g.LABEL_CAP - 8


def canvas() -> Image.Image:
    return background().copy()


# --- pieces on the palace -----------------------------------------------------


def draw_broken(image: Image.Image, spaces: Iterable[Space]) -> None:
    shard = sprites.crack(BROKEN_SHARD)
    for space in spaces:
        x0, y0, x1, _ = g.cell_box(space)
        # Over the object only, so the space's name below it stays readable.
        image.alpha_composite(shard, ((x0 + x1) // 2 - BROKEN_SHARD // 2, y0 + 4))


@lru_cache(maxsize=8)
def wash(mat: tuple[int, ...] = TATAMI) -> Image.Image:
    """A veil of the mat's colour: a sealed object fades, since it can no longer be broken."""
    return Image.new("RGBA", (ICON_SIZE + 6, ICON_SIZE + 6), (*mat[:3], 150))


def draw_seals(image: Image.Image, spaces: Iterable[Space]) -> None:
    seal = sprites.seal(28, 58)
    for space in sorted(spaces):
        x, y = icon_origin(space)
        x0, y0, _, _ = g.cell_box(space)
        mat = image.getpixel((x0 + 6, y0 + 6))  # the plain tatami, or the aid's shading beneath
        image.alpha_composite(wash(mat), (x - 3, y - 3))
        image.alpha_composite(seal, (x + ICON_SIZE - 16, y - 2))


def dashed_frame(draw: ImageDraw.ImageDraw, space: Space, colour: Colour, inset: int, dash: int, step: int) -> None:
    """A frame of short dashes just inside a space (axis-aligned, so crisp without smoothing)."""
    x0, y0, x1, y1 = g.cell_box(space)
    x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    for k in range(0, x1 - x0, step):
        a, b = x0 + k, min(x0 + k + dash, x1)
        draw.rectangle((a, y0, b, y0 + 4), fill=colour)
        draw.rectangle((a, y1 - 4, b, y1), fill=colour)
        a, b = y0 + k, min(y0 + k + dash, y1)
        draw.rectangle((x0, a, x0 + 4, b), fill=colour)
        draw.rectangle((x1 - 4, a, x1, b), fill=colour)


def draw_paw_prints(image: Image.Image, prints: Sequence[PawPrint], false_trail: Space | None = None) -> None:
    """``false_trail`` only once it is revealed: a yes print there is drawn as not counted."""
    draw = ImageDraw.Draw(image)
    discarded = discarded_prints(prints, false_trail)
    for paw in prints:
        x0, y0, x1, y1 = g.cell_box(paw.space)
        # A coloured frame: solid for yes, dashed for no, so the two differ without colour too.
        # A discarded print gets none: the False Trail's own frame marks its space.
        if paw in discarded:
            paw_sprite = sprites.discarded_paw_print(PAW_SIZE)
        else:
            if paw.green:
                draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=YES, width=5)
            else:
                dashed_frame(draw, paw.space, NO, inset=2, dash=9, step=16)
            paw_sprite = sprites.paw_print(paw.green, PAW_SIZE)
        image.alpha_composite(paw_sprite, ((x0 + x1) // 2 - PAW_SIZE // 2, y0 + 2))


def draw_goryo(image: Image.Image, space: Space | None) -> None:
    if space is None:
        return
    x0, y0, x1, _ = g.cell_box(space)
    ghost = sprites.ghost(64)
    image.alpha_composite(ghost, ((x0 + x1) // 2 - 32, y0 + 10))  # above the space's name


def draw_samurai(image: Image.Image, view: PublicView) -> None:
    for samurai, space in view.samurai_spaces:
        x, y = g.samurai_slot(SAMURAI_ORDER.index(samurai), space)
        pawn = sprites.samurai_pawn(samurai, g.PAWN_SIZE, pawn_letter(samurai))
        image.alpha_composite(pawn, (x - g.PAWN_SIZE // 2, y - g.PAWN_SIZE // 2))


def draw_bound(image: Image.Image, bound: ObjectType) -> None:
    ring = sprites.bound_ring(g.CELL)
    for space in SPACES_OF_TYPE[bound]:
        x0, y0, _, _ = g.cell_box(space)
        image.alpha_composite(ring, (x0, y0))


def draw_public_pieces(image: Image.Image, view: PublicView, prints: Sequence[PawPrint]) -> None:
    draw_broken(image, view.broken)
    draw_seals(image, view.sealed)
    draw_paw_prints(image, prints)
    draw_goryo(image, view.goryo_space)
    draw_samurai(image, view)


# --- the Goryō's path ---------------------------------------------------------


@cache
def arrow_head(direction: tuple[int, int]) -> Image.Image:
    dx, dy = direction

    def paint(pen: Pen) -> None:
        tip = (50 + dx * 44, 50 + dy * 44)
        left = (50 - dx * 30 - dy * 42, 50 - dy * 30 + dx * 42)
        right = (50 - dx * 30 + dy * 42, 50 - dy * 30 - dx * 42)
        notch = (50 - dx * 12, 50 - dy * 12)
        pen.polygon([tip, left, notch, right], fill=PATH_COLOUR, outline=PATH_EDGE, width=7)

    return sprite(34, 34, paint)


def draw_path_lines(image: Image.Image, path: Sequence[Space]) -> None:
    """The route as a line through the spaces' centres, an arrow on each border it crosses."""
    draw = ImageDraw.Draw(image)
    centres = [g.cell_centre(s) for s in path]
    for half, colour in ((8, PATH_EDGE), (5, PATH_COLOUR)):
        for (ax, ay), (bx, by) in itertools.pairwise(centres):
            x0, x1 = sorted((ax, bx))
            y0, y1 = sorted((ay, by))
            draw.rectangle((x0 - half, y0 - half, x1 + half, y1 + half), fill=colour)
    for (ax, ay), (bx, by) in itertools.pairwise(centres):
        dx = (bx > ax) - (bx < ax)
        dy = (by > ay) - (by < ay)
        head = arrow_head((dx, dy))
        mx, my = (ax + bx) // 2, (ay + by) // 2
        image.alpha_composite(head, (mx - head.width // 2, my - head.height // 2))


def path_cubes(path: Sequence[Space], pawn_at: Space | None = None) -> list[tuple[Space, Image.Image]]:
    """White Move cubes numbered from the start, the grey Sprint cube as the extra step, the purple Target;
    the one under her pawn a little smaller, to fit its corner beside the space's name."""
    sprinted = len(path) == 6
    cubes = []
    for index, space in enumerate(path):
        number = str(index + 1)
        size = CORNER_CUBE_SIZE if space == pawn_at else CUBE_SIZE
        if index == len(path) - 1:
            cube = sprites.cube(number, CUBE_TARGET, size, dark_text=False, ring=True)
        elif sprinted and index == len(path) - 2:
            cube = sprites.cube(number, CUBE_SPRINT, size, stripes=True)
        else:
            cube = sprites.cube(number, CUBE_MOVE, size)
        cubes.append((space, cube))
    return cubes


CORNER_CUBE_SIZE = 32  # fits between the space's name and its right edge


def cube_origin(space: Space, beside_pawn: bool) -> tuple[int, int]:
    """At the centre, on the route; under the Goryō's pawn it moves to the bottom right corner,
    beside the space's name and below any Samurai, so pawn, cube and Samurai all show."""
    cx, cy = g.cell_centre(space)
    if beside_pawn:
        _, _, x1, y1 = g.cell_box(space)
        return x1 - CORNER_CUBE_SIZE, y1 - CORNER_CUBE_SIZE - 4
    return cx - CUBE_SIZE // 2, cy - CUBE_SIZE // 2


def draw_false_trail(image: Image.Image, space: Space) -> None:
    """The decoy: a dotted green frame and the green cube marked F."""
    dashed_frame(ImageDraw.Draw(image), space, CUBE_FALSE_TRAIL, inset=3, dash=5, step=10)
    cube = sprites.cube(false_trail_letter(), CUBE_FALSE_TRAIL, CUBE_SIZE, dark_text=False)
    image.alpha_composite(cube, cube_origin(space, False))


def draw_plan_cubes(image: Image.Image, path: Sequence[Space], false_trail: Space | None,
                    pawn_at: Space | None) -> None:
    for space, cube in path_cubes(path, pawn_at):
        image.alpha_composite(cube, cube_origin(space, space == pawn_at))
    if false_trail is not None:
        draw_false_trail(image, false_trail)
    draw_names_on_top(image, {*path, *(() if false_trail is None else (false_trail,))})


LABEL_PLATE = 2  # px of mat around a name written again over the route


def label_box(space: Space) -> tuple[int, int, int, int]:
    """The box of the space's name as the palace writes it."""
    x, y = g.label_anchor(space)
    # Whole pixels in fact (the basic layout); Pillow types the box as floats for every layout.
    left, top, right, bottom = (round(v) for v in font(g.LABEL_FONT_SIZE).getbbox(space_name(space), anchor="ms"))
    return x + left, y + top, x + right, y + bottom


def draw_names_on_top(image: Image.Image, spaces: Iterable[Space]) -> None:
    """The route's line, arrows and cubes pass through the middle of a space, where its name is:
    the name is written again on top, on a plate of its own mat, so nothing on the route hides it."""
    draw = ImageDraw.Draw(image)
    for space in sorted(spaces):
        x0, _, _, _ = g.cell_box(space)
        left, top, right, bottom = label_box(space)
        # Left of the name and below the route's line: the plain mat, or the aid's shading.
        mat = image.getpixel((x0 + 12, top + 8))
        draw.rectangle((left - LABEL_PLATE, top - LABEL_PLATE, right + LABEL_PLATE, bottom + LABEL_PLATE), fill=mat)
        draw.text(g.label_anchor(space), space_name(space), fill=LABEL_COLOUR, font=font(g.LABEL_FONT_SIZE),
                  anchor="ms")


# --- the Goryō's private marks ------------------------------------------------


def draw_marks(image: Image.Image, broken: Iterable[Space], sealed: Iterable[Space]) -> None:
    """Her marker-pen notes: X on each broken object, ○ around each sealed one."""
    x_mark = sprites.mark_x(ICON_SIZE + 4)
    o_mark = sprites.mark_o(ICON_SIZE + 12)
    for space in broken:
        x, y = icon_origin(space)
        image.alpha_composite(x_mark, (x - 2, y - 2))
    for space in sorted(sealed):
        x, y = icon_origin(space)
        image.alpha_composite(o_mark, (x - 6, y - 6))


STRIKE_COLOUR = (110, 60, 180)


@cache
def reticle(solid: bool, size: int = g.TARGET_MARK_SIZE) -> Image.Image:
    """Where she can strike: a purple disc with a white crosshair. Reachable only with the Sprint:
    a pale square with the Sprint cube's speed lines. Colour, shape and brightness all differ,
    so the two stay apart at phone size."""

    def paint(pen: Pen) -> None:
        if solid:
            pen.circle(50, 50, 47, fill=STRIKE_COLOUR, outline=(255, 255, 255), width=8)
            for a, b in (((50, 14), (50, 36)), ((50, 64), (50, 86)), ((14, 50), (36, 50)), ((64, 50), (86, 50))):
                pen.line([a, b], fill=(255, 255, 255), width=10)
            pen.circle(50, 50, 8, fill=(255, 255, 255))
        else:
            pen.rect(6, 6, 94, 94, fill=CUBE_SPRINT_LIGHT, outline=INK, width=8, radius=14)
            for y in (30, 50, 70):
                pen.line([(22, y), (78, y)], fill=INK, width=9)

    return sprite(size, size, paint)


def draw_targets(image: Image.Image, targets: Iterable[Space], solid: bool = True) -> None:
    """Mark spaces at the top centre (free of paw-prints while she plans)."""
    mark = reticle(solid)
    for space in targets:
        image.alpha_composite(mark, g.target_mark_box(space)[:2])


# --- output -------------------------------------------------------------------


# One palette for every picture (tests/render/regen_palette.py makes it): mapping to it is several
# times faster than quantising each picture to its own, and the same view still gives the same bytes.
PALETTE_FILE = Path(__file__).parent / "assets" / "palette.bin"
PNG_LEVEL = 3


@cache
def palette() -> Image.Image:
    holder = Image.new("P", (1, 1))
    holder.putpalette(PALETTE_FILE.read_bytes())
    holder.load()
    return holder


def to_palette(image: Image.Image) -> Image.Image:
    """``image`` mapped to the fixed palette, without dithering.

    What ``Image.quantize(palette=…)`` does, less its refusal of RGBA: the picture is opaque, and
    mapping it as it is skips a 1.2-ms copy to RGB (the same bytes). Pillow's public route if that
    ever changes.
    """
    fixed = palette()
    assert fixed.palette is not None  # a "P" image always carries its palette
    try:
        mapped = image._new(image.im.convert("P", Image.Dither.NONE, fixed.im))
        mapped.palette = fixed.palette.copy()
        return mapped
    except (AttributeError, TypeError, ValueError):
        return image.convert("RGB").quantize(palette=fixed, dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """Palette PNG: the drawing has few colours, so this stays small and fast to encode."""
    out = io.BytesIO()
    to_palette(image).save(out, format="PNG", optimize=False, compress_level=PNG_LEVEL)
    return out.getvalue()
