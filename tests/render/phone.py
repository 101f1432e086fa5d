"""A picture as a phone shows it: its scale, boxes in phone pixels, and the measures of what a reader sees."""

from __future__ import annotations

from PIL import Image

from render import geometry as g

PHONE_WIDTH = 360
SCALE = PHONE_WIDTH / g.WIDTH


def on_phone(box: tuple[int, int, int, int], shrink: int = 0) -> tuple[int, int, int, int]:
    """A full-size box in phone pixels, optionally shrunk by ``shrink`` phone pixels each side."""
    x0, y0, x1, y1 = (round(v * SCALE) for v in box)
    return x0 + shrink, y0 + shrink, x1 - shrink, y1 - shrink


def luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, gr, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * gr + 0.0722 * b


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def changed_pixels(a: Image.Image, b: Image.Image, box) -> int:
    """Pixels that differ by more than the PNG palette's rounding (a drawn mark, not a colour shift)."""
    return sum(1 for p, q in zip(a.crop(box).get_flattened_data(), b.crop(box).get_flattened_data(), strict=False)
               if sum(abs(u - v) for u, v in zip(p, q, strict=False)) > 60)
