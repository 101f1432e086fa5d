"""A yes print on the revealed False Trail does not ring the gong, and the picture and alt text say so."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image

import render
import words
from render import geometry as g
from rules import PublicView, parse_space

from . import scenes

FALSE_TRAIL = parse_space(scenes.FALSE_TRAIL)
ELSEWHERE = parse_space("A1")  # off her path and free of prints, so the D3 print counts there
YES = (46, 160, 67)
DARK = 200  # channel sum below this: the ink of the "void" sign


def discarded_view() -> PublicView:
    """The golden discovery: purple sniffed her False Trail on D3 and got a yes."""
    view = scenes.public(scenes.discovery_with_sprint_and_false_trail())
    assert any(p.green and p.space == FALSE_TRAIL for p in view.last_reveal.paw_prints)
    return view


def counted_view() -> PublicView:
    """The same discovery with the False Trail put elsewhere, so the D3 print counts."""
    view = discarded_view()
    return dataclasses.replace(view, last_reveal=dataclasses.replace(view.last_reveal, false_trail=ELSEWHERE))


def d3_pixels(view: PublicView) -> list[tuple[int, int, int]]:
    with Image.open(io.BytesIO(render.discovery_board(view))) as image:
        data = image.convert("RGB").crop(g.cell_box(FALSE_TRAIL)).tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def near(pixel, colour, tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))


def test_a_print_on_the_false_trail_is_drawn_without_the_yes_green_and_with_a_void_sign():
    counted, discarded = d3_pixels(counted_view()), d3_pixels(discarded_view())
    counted_green = sum(near(p, YES) for p in counted)
    discarded_green = sum(near(p, YES) for p in discarded)
    # The counted print brings its green paw and solid green frame; the discarded one has neither.
    assert counted_green > 1500
    assert discarded_green < counted_green // 20
    # Colour is not the only cue: the discarded print carries a dark ring and strike.
    counted_dark = sum(sum(p) < DARK for p in counted)
    discarded_dark = sum(sum(p) < DARK for p in discarded)
    assert discarded_dark > counted_dark + 150


def test_the_alt_text_says_the_print_on_the_false_trail_did_not_count():
    text = words.describe_discovery(discarded_view())
    assert "The yes print on D3 lay on her False Trail, so it did not count toward the gong." in text
    assert "did not count" not in words.describe_discovery(counted_view())

