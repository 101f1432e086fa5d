"""Drawing in a 100×100 design box, supersampled for smooth edges.

Pillow's primitives are not anti-aliased; drawing a shape at SUPERSAMPLE times
its size and shrinking it once gives clean edges. Every sprite is made once and
cached, so the cost is paid at start-up, not per image.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from .theme import SUPERSAMPLE

Colour = tuple[int, ...]
Ink = Colour | None  # no fill or no outline
Point = tuple[float, float]


class Pen:
    """ImageDraw with coordinates in a 100×100 box placed at (left, top) with side ``size`` pixels."""

    def __init__(self, draw: ImageDraw.ImageDraw, left: float, top: float, size: float) -> None:
        self.draw = draw
        self.left = left
        self.top = top
        self.k = size / 100.0

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x * self.k, self.top + y * self.k

    def w(self, width: float) -> int:
        return max(1, round(width * self.k))

    def box(self, x0: float, y0: float, x1: float, y1: float) -> list[float]:
        return [*self.p(x0, y0), *self.p(x1, y1)]

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, fill: Ink = None, outline: Ink = None,
                width: float = 0) -> None:
        self.draw.ellipse(self.box(x0, y0, x1, y1), fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def circle(self, x: float, y: float, r: float, fill: Ink = None, outline: Ink = None, width: float = 0) -> None:
        self.ellipse(x - r, y - r, x + r, y + r, fill=fill, outline=outline, width=width)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: Ink = None, outline: Ink = None,
             width: float = 0, radius: float = 0) -> None:
        self.draw.rounded_rectangle(
            self.box(x0, y0, x1, y1), radius=radius * self.k, fill=fill, outline=outline,
            width=self.w(width) if outline else 0,
        )

    def polygon(self, points: Sequence[Point], fill: Ink = None, outline: Ink = None, width: float = 0) -> None:
        self.draw.polygon([self.p(x, y) for x, y in points], fill=fill, outline=outline,
                          width=self.w(width) if outline else 0)

    def line(self, points: Sequence[Point], fill: Colour, width: float, joint: str | None = "curve") -> None:
        self.draw.line([self.p(x, y) for x, y in points], fill=fill, width=self.w(width), joint=joint)

    def round_line(self, points: Sequence[Point], fill: Colour, width: float) -> None:
        """A polyline with round caps, like a brush stroke."""
        self.line(points, fill, width)
        for x, y in (points[0], points[-1]):
            self.circle(x, y, width / 2, fill=fill)

    def arc(self, x0: float, y0: float, x1: float, y1: float, start: float, end: float, fill: Colour,
            width: float) -> None:
        self.draw.arc(self.box(x0, y0, x1, y1), start, end, fill=fill, width=self.w(width))

    def pieslice(self, x0: float, y0: float, x1: float, y1: float, start: float, end: float, fill: Ink = None,
                 outline: Ink = None, width: float = 0) -> None:
        self.draw.pieslice(self.box(x0, y0, x1, y1), start, end, fill=fill, outline=outline,
                           width=self.w(width) if outline else 0)

    def chord(self, x0: float, y0: float, x1: float, y1: float, start: float, end: float, fill: Ink = None,
              outline: Ink = None, width: float = 0) -> None:
        self.draw.chord(self.box(x0, y0, x1, y1), start, end, fill=fill, outline=outline,
                        width=self.w(width) if outline else 0)


def polar(cx: float, cy: float, r: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def sprite(width: int, height: int, paint: Callable[[Pen], None], size: float | None = None) -> Image.Image:
    """An RGBA image ``width``×``height`` painted by ``paint`` in a 100-unit box of ``size`` pixels."""
    s = SUPERSAMPLE
    big = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    side = (size if size is not None else min(width, height)) * s
    left = (width * s - side) / 2
    top = (height * s - side) / 2
    paint(Pen(ImageDraw.Draw(big), left, top, side))
    # Shrinking in premultiplied form keeps transparent edges from going dark.
    return big.convert("RGBa").resize((width, height), Image.Resampling.BOX).convert("RGBA")


def paint_large(image: Image.Image, paint: Callable[[ImageDraw.ImageDraw, int], object],
                scale: int = SUPERSAMPLE) -> Image.Image:
    """Paint over an opaque image at ``scale`` times its size; ``paint`` gets the scale factor."""
    s = scale
    big = image.resize((image.width * s, image.height * s), Image.Resampling.NEAREST)
    paint(ImageDraw.Draw(big), s)
    return big.resize(image.size, Image.Resampling.BOX)
