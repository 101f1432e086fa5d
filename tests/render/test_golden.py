"""Representative pictures compared pixel for pixel with the committed golden PNGs.

Pixels rather than file bytes, so a different zlib build cannot fail the test while
the drawing is unchanged. A failure means the drawing changed. If the change is
deliberate, run ``python -m tests.render.regen_golden``, look at the new PNGs, and
commit them.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from .golden_cases import CASES, golden_path


def pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size, image.convert("RGBA").tobytes()


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_its_golden_image(name):
    expected = pixels(golden_path(name).read_bytes())
    assert pixels(CASES[name]()) == expected, f"{name} changed: regenerate with python -m tests.render.regen_golden"
