"""Representative pictures compared byte for byte with the committed golden PNGs.

A failure means the drawing changed. If the change is deliberate, run
``python -m tests.render.regen_golden``, look at the new PNGs, and commit them.
"""

from __future__ import annotations

import pytest

from .golden_cases import CASES, golden_path


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_its_golden_image(name):
    expected = golden_path(name).read_bytes()
    assert CASES[name]() == expected, f"{name} changed: regenerate with python -m tests.render.regen_golden"
