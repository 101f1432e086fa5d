"""Pieces that move or appear: pawns, paw-prints, seals, cubes, tokens.

Each is a small RGBA image made once (smooth, supersampled) and pasted where
needed, so a render only composites.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules import Samurai

from .geometry import MIN_TEXT
from .pen import Colour, Pen, sprite
from .theme import (
    BOUND,
    GHOST,
    GHOST_EDGE,
    INK,
    NO,
    PAPER,
    SAMURAI_COLOURS,
    SUPERSAMPLE,
    YES,
    font,
)


def _text(pen: Pen, x: float, y: float, text: str, size: float, fill: Colour, bold: bool = True) -> None:
    """Centred text in design units (the pen's draw is already supersampled), never under
    ``MIN_TEXT`` px once shrunk: a sprite's letters must read on a phone too."""
    px = max(MIN_TEXT * SUPERSAMPLE, round(size * pen.k))
    pen.draw.text(pen.p(x, y), text, fill=fill, font=font(px, bold), anchor="mm")


def check(pen: Pen, x: float, y: float, r: float, fill: Colour, width: float) -> None:
    pen.round_line([(x - r, y), (x - r * 0.3, y + r * 0.7), (x + r, y - r * 0.7)], fill, width)


def cross(pen: Pen, x: float, y: float, r: float, fill: Colour, width: float) -> None:
    pen.round_line([(x - r, y - r), (x + r, y + r)], fill, width)
    pen.round_line([(x - r, y + r), (x + r, y - r)], fill, width)


@cache
def samurai_pawn(samurai: Samurai, size: int, letter: str) -> Image.Image:
    """His colour with ``letter`` on it (``words.pawn_letter``), so he is told apart without the colour too."""
    colour = SAMURAI_COLOURS[samurai]

    def paint(pen: Pen) -> None:
        pen.circle(50, 54, 44, fill=(0, 0, 0, 90))  # soft shadow
        pen.circle(50, 50, 46, fill=(255, 255, 255), outline=INK, width=5)
        pen.circle(50, 50, 39, fill=colour)
        _text(pen, 50, 52, letter, 58, (255, 255, 255))

    return sprite(size, size, paint)


@cache
def ghost(size: int) -> Image.Image:
    """The Goryō: a pale spirit flame with a wisp for a tail."""

    def paint(pen: Pen) -> None:
        pen.circle(50, 56, 46, fill=(200, 190, 255, 70))  # glow
        body = [(50, 4), (62, 22), (76, 44), (80, 62), (74, 80), (60, 92), (42, 94), (30, 84), (34, 74),
                (24, 70), (20, 56), (26, 38), (40, 22)]
        pen.polygon(body, fill=GHOST, outline=GHOST_EDGE, width=5)
        pen.ellipse(36, 54, 46, 68, fill=GHOST_EDGE)
        pen.ellipse(56, 54, 66, 68, fill=GHOST_EDGE)
        pen.arc(42, 68, 60, 82, 20, 160, fill=GHOST_EDGE, width=4)

    return sprite(size, size, paint)


def _paw(pen: Pen, colour: Colour, yes: bool, scale: float = 1.0) -> None:
    """The print with its tick or cross; ``scale`` shrinks it about the centre to leave room around it."""

    def at(x: float, y: float) -> tuple[float, float]:
        return 50 + (x - 50) * scale, 50 + (y - 50) * scale

    white = (255, 255, 255)
    for x, y in ((20, 34), (38, 18), (62, 18), (80, 34)):
        pen.circle(*at(x, y), 12 * scale, fill=colour, outline=white, width=4 * scale)
    pen.ellipse(*at(20, 38), *at(80, 94), fill=colour, outline=white, width=5 * scale)
    if yes:
        check(pen, *at(50, 66), 16 * scale, white, 9 * scale)
    else:
        cross(pen, *at(50, 66), 12 * scale, white, 9 * scale)


@cache
def paw_print(yes: bool, size: int) -> Image.Image:
    """Green with a tick for yes, red with a cross for no: colour and mark both tell."""
    colour = YES if yes else NO

    def paint(pen: Pen) -> None:
        _paw(pen, colour, yes)

    return sprite(size, size, paint)


@cache
def discarded_paw_print(size: int) -> Image.Image:
    """A yes print that did not count: greyed and crossed out with a "void" sign, so it reads without colour."""

    def paint(pen: Pen) -> None:
        _paw(pen, (128, 128, 138), True, scale=0.74)
        # White under ink, so the sign shows on tatami, a dark broken shard or the green F cube alike.
        for colour, width in (((255, 255, 255), 14), (INK, 8)):
            pen.circle(50, 50, 42, outline=colour, width=width)
            pen.line([(21, 21), (79, 79)], fill=colour, width=width)

    return sprite(size, size, paint)


@cache
def seal(width: int, height: int) -> Image.Image:
    """An ofuda: a paper talisman with a red stamp laid over a sealed object."""

    def paint(pen: Pen) -> None:
        pen.rect(30, 2, 70, 98, fill=(0, 0, 0, 80), radius=3)
        pen.rect(27, 0, 67, 96, fill=PAPER, outline=INK, width=3, radius=3)
        pen.circle(47, 24, 13, fill=(200, 36, 36))
        pen.rect(41, 18, 53, 30, outline=PAPER, width=3)
        for y in (46, 58, 70, 82):
            pen.line([(37, y), (57, y)], fill=INK, width=4)
        pen.line([(47, 42), (47, 90)], fill=INK, width=3)

    return sprite(width, height, paint, size=height)


@cache
def crack(size: int) -> Image.Image:
    """The broken-object piece: a dark shard with a jagged white crack across it."""

    def paint(pen: Pen) -> None:
        pen.rect(3, 3, 97, 97, fill=(40, 30, 26, 130), radius=6)
        zigzag = [(8, 22), (30, 38), (24, 52), (50, 58), (44, 74), (72, 80), (92, 96)]
        pen.line(zigzag, fill=(250, 246, 236), width=7, joint="curve")
        pen.line([(50, 58), (78, 46), (96, 50)], fill=(250, 246, 236), width=5, joint="curve")

    return sprite(size, size, paint)


@cache
def cube(label: str, colour: tuple[int, int, int], size: int, dark_text: bool = True, ring: bool = False,
         stripes: bool = False) -> Image.Image:
    """A Goryō action cube seen from above, with a number or letter on it."""
    text_colour = INK if dark_text else (255, 255, 255)

    def paint(pen: Pen) -> None:
        pen.rect(10, 14, 96, 98, fill=(0, 0, 0, 110), radius=14)
        pen.rect(4, 4, 90, 90, fill=colour, outline=INK, width=6, radius=14)
        pen.line([(16, 14), (78, 14)], fill=(255, 255, 255, 110), width=5)
        if stripes:  # the Sprint cube: speed lines, told apart without its grey
            for y in (30, 47, 64):
                pen.line([(10, y), (24, y)], fill=INK, width=5)
        if ring:  # the Target carries a bullseye so it is told apart without colour
            pen.circle(47, 47, 33, outline=text_colour, width=6)
        _text(pen, 47, 49, label, 50 if len(label) == 1 else 40, text_colour)

    return sprite(size, size, paint)


@cache
def mark_x(size: int, colour: Colour = (30, 20, 60)) -> Image.Image:
    """The Goryō's marker pen X on a broken object."""

    def paint(pen: Pen) -> None:
        cross(pen, 50, 50, 36, colour, 11)

    return sprite(size, size, paint)


@cache
def mark_o(size: int, colour: Colour = (30, 20, 60)) -> Image.Image:
    """The Goryō's marker pen ○ around a sealed object."""

    def paint(pen: Pen) -> None:
        pen.circle(50, 50, 43, outline=colour, width=8)

    return sprite(size, size, paint)


@cache
def bound_ring(size: int) -> Image.Image:
    """A golden frame around the spaces of the bound object."""

    def paint(pen: Pen) -> None:
        # Thin and at the very edge: the space's name just inside it stays uncovered.
        pen.rect(1, 1, 99, 99, outline=BOUND, width=4.5, radius=10)

    return sprite(size, size, paint)
