"""The eight objects, each with its own silhouette and colour, drawn with primitives.

Every icon fits a 100×100 design box. Shapes are bold and outlined in ink so
they stay recognisable at phone size and for players who cannot tell the
colours apart: a horned helmet, a tall lantern, a fox mask with ears, a
horizontal scroll, a round-bellied urn, a five-petal flower, an open fan and a
hand mirror.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image

from rules import ObjectType

from .pen import Colour, Pen, polar, sprite
from .theme import GOLD, INK, OBJECT_COLOURS

OUT = 5  # outline width in design units


def _shade(colour: Colour, factor: float) -> Colour:
    return tuple(max(0, min(255, round(c * factor))) for c in colour[:3])


def helmet(pen: Pen) -> None:
    body = OBJECT_COLOURS[ObjectType.HELMET]
    # Kuwagata: the two golden horns rising in a V.
    for side in (-1, 1):
        pen.polygon(
            [(50 + side * 6, 46), (50 + side * 34, 4), (50 + side * 44, 6), (50 + side * 16, 50)],
            fill=GOLD, outline=INK, width=OUT - 1,
        )
    # Neck guard flaring below the bowl.
    pen.polygon([(16, 58), (84, 58), (97, 82), (3, 82)], fill=_shade(body, 0.8), outline=INK, width=OUT)
    pen.line([(10, 70), (90, 70)], fill=INK, width=3)
    # The bowl.
    pen.chord(16, 26, 84, 90, 180, 360, fill=body, outline=INK, width=OUT)
    pen.line([(50, 28), (50, 56)], fill=_shade(body, 1.5), width=4)
    pen.circle(50, 50, 8, fill=GOLD, outline=INK, width=3)


def lantern(pen: Pen) -> None:
    body = OBJECT_COLOURS[ObjectType.LANTERN]
    pen.line([(50, 0), (50, 10)], fill=INK, width=5)
    pen.ellipse(20, 12, 80, 90, fill=body, outline=INK, width=OUT)
    for y, half in ((30, 25), (44, 29), (58, 29), (72, 25)):
        pen.line([(50 - half, y), (50 + half, y)], fill=_shade(body, 0.6), width=3)
    pen.circle(50, 51, 10, fill=(255, 214, 120))
    pen.rect(32, 6, 68, 17, fill=INK, radius=2)
    pen.rect(32, 85, 68, 96, fill=INK, radius=2)


def mask(pen: Pen) -> None:
    face = OBJECT_COLOURS[ObjectType.MASK]
    red = (206, 40, 40)
    outline = [(10, 4), (36, 26), (64, 26), (90, 4), (92, 50), (72, 80), (50, 98), (28, 80), (8, 50)]
    pen.polygon(outline, fill=face, outline=INK, width=OUT)
    pen.polygon([(17, 16), (32, 29), (20, 38)], fill=red)
    pen.polygon([(83, 16), (68, 29), (80, 38)], fill=red)
    pen.polygon([(24, 50), (44, 46), (40, 56)], fill=INK)  # slanted fox eyes
    pen.polygon([(76, 50), (56, 46), (60, 56)], fill=INK)
    pen.line([(40, 34), (50, 40), (60, 34)], fill=red, width=4)
    pen.circle(50, 84, 6, fill=INK)


def scroll(pen: Pen) -> None:
    paper = OBJECT_COLOURS[ObjectType.SCROLL]
    roller = (120, 70, 40)
    pen.rect(16, 26, 84, 74, fill=paper, outline=INK, width=OUT)
    for y in (38, 50, 62):
        pen.line([(28, y), (72, y)], fill=_shade(paper, 0.55), width=4)
    for x in (4, 80):
        pen.rect(x, 16, x + 16, 84, fill=roller, outline=INK, width=OUT, radius=5)
    pen.rect(44, 26, 52, 74, fill=(190, 50, 50))


def urn(pen: Pen) -> None:
    glaze = OBJECT_COLOURS[ObjectType.URN]
    pen.polygon([(34, 84), (66, 84), (70, 97), (30, 97)], fill=_shade(glaze, 0.7), outline=INK, width=OUT)
    for x in (14, 66):  # handles on the shoulders
        pen.ellipse(x, 30, x + 20, 50, outline=INK, width=OUT)
    pen.ellipse(14, 30, 86, 92, fill=glaze, outline=INK, width=OUT)
    pen.rect(38, 12, 62, 36, fill=glaze, outline=INK, width=OUT)
    pen.ellipse(30, 4, 70, 18, fill=_shade(glaze, 1.3), outline=INK, width=OUT)
    pen.arc(22, 44, 78, 76, 20, 160, fill=_shade(glaze, 1.45), width=5)


def flower(pen: Pen) -> None:
    petal = OBJECT_COLOURS[ObjectType.FLOWER]
    for k in range(5):
        x, y = polar(50, 52, 27, -90 + 72 * k)
        pen.circle(x, y, 22, fill=petal, outline=INK, width=OUT)
    for k in range(5):  # repaint the petals' inner halves so the outlines only show outside
        x, y = polar(50, 52, 20, -90 + 72 * k)
        pen.circle(x, y, 14, fill=petal)
    for k in range(5):  # the notch at each petal's tip
        x, y = polar(50, 52, 46, -90 + 72 * k)
        pen.circle(x, y, 4, fill=INK)
    pen.circle(50, 52, 12, fill=(250, 205, 60), outline=INK, width=3)


def fan(pen: Pen) -> None:
    paper = OBJECT_COLOURS[ObjectType.FAN]
    light = _shade(paper, 1.9)
    cx, cy, r = 50, 84, 60
    start, end, steps = 208, 332, 8
    for k in range(steps):
        a0 = start + k * (end - start) / steps
        a1 = a0 + (end - start) / steps
        pen.pieslice(cx - r, cy - r, cx + r, cy + r, a0, a1, fill=paper if k % 2 == 0 else light)
    pen.pieslice(cx - r, cy - r, cx + r, cy + r, start, end, outline=INK, width=OUT)
    pen.pieslice(cx - 22, cy - 22, cx + 22, cy + 22, start - 4, end + 4, fill=(130, 82, 46), outline=INK, width=OUT - 1)
    pen.circle(cx, cy, 6, fill=GOLD, outline=INK, width=2)


def mirror(pen: Pen) -> None:
    frame = OBJECT_COLOURS[ObjectType.MIRROR]
    pen.rect(42, 64, 58, 99, fill=(110, 66, 34), outline=INK, width=OUT, radius=4)
    pen.circle(50, 38, 36, fill=frame, outline=INK, width=OUT)
    pen.circle(50, 38, 25, fill=(200, 228, 236), outline=_shade(frame, 0.6), width=3)
    pen.line([(36, 42), (48, 26)], fill=(255, 255, 255), width=5)


PAINTERS: dict[ObjectType, Callable[[Pen], None]] = {
    ObjectType.HELMET: helmet,
    ObjectType.LANTERN: lantern,
    ObjectType.MASK: mask,
    ObjectType.SCROLL: scroll,
    ObjectType.URN: urn,
    ObjectType.FLOWER: flower,
    ObjectType.FAN: fan,
    ObjectType.MIRROR: mirror,
}


@cache
def icon(object_type: ObjectType, size: int) -> Image.Image:
    return sprite(size, size, PAINTERS[object_type])
