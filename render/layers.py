"""Bands of a picture drawn once for what they show, then pasted: drawing only what changed.

A band (the caption's strip) is drawn on a clean palace and cut out, so it
depends on its key alone, whatever else the picture holds: a picture stays a pure
function of its view (tests/render/test_layers.py draws a whole match with and without these).
Its key names everything the band shows, its language included.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache

from PIL import Image

from locales import spoken

from .palace import background

# Bands kept, per drawing process: a band is 0.3-0.6 MB (RGB; the palace is opaque there), so at
# most about 25 MB. A picture shown again, or a caption repeated, reuses its band.
LIMIT = 48
_bands: OrderedDict[Hashable, Image.Image] = OrderedDict()


def band(image: Image.Image, box: tuple[int, int, int, int], key: Hashable,
         paint: Callable[[Image.Image], None]) -> None:
    """Paste the band ``box`` for ``key`` into ``image``; ``paint(scratch)`` draws it on a clean palace if new.

    ``paint`` draws in the picture's own coordinates; whatever it draws outside ``box`` is cut off.
    """
    key = (box, spoken(), key)
    cut = _bands.get(key)
    if cut is None:
        scratch = _scratch()
        scratch.paste(background().crop(box), box[:2])  # only the band need be clean: only it is kept
        paint(scratch)
        cut = _bands[key] = scratch.crop(box).convert("RGB")
        while len(_bands) > LIMIT:
            _bands.popitem(last=False)
    else:
        _bands.move_to_end(key)
    image.paste(cut, box[:2])


@cache
def _scratch() -> Image.Image:
    """One picture-sized canvas reused for every band drawn (copying the palace each time cost more)."""
    return background().copy()


def forget() -> None:
    """Drop every band (for tests comparing pictures drawn with and without them)."""
    _bands.clear()
