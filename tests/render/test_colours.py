"""Shape, not only colour (issue 45): every two marks of the board that mean different things differ by shape or
letter, or by a colour difference of at least ΔE2000 20 under simulated protanopia, deuteranopia and tritanopia
(Machado et al. 2009, full severity, as colour-science computes it). docs/colours.md gives the palette's reasons.

Each mark is drawn by the board's own drawing functions at the board's sizes (a pawn, a print, a cube, a space
as the board shows it intact, broken, sealed or shaded by the deduction aid). Two marks differ in shape when,
with colour and brightness taken away (each mark's grey levels stretched to the full range), at least
``SHAPE_DIFFERENCE`` of their pixels still differ by more than half that range: the same mark in two colours
scores 0. Captured spirits are not drawn on the picture (the facts beside it count them), so they have no mark.
"""

from __future__ import annotations

import itertools
import warnings
from functools import cache

import numpy as np
import pytest
from PIL import Image

from locales import LANGUAGES, speaking
from render import board, overlay, sprites
from render import geometry as g
from render.overlay import HEAT as HEAT_MATS
from render.theme import CUBE_FALSE_TRAIL, CUBE_MOVE, CUBE_SPRINT, CUBE_TARGET
from rules import Samurai, parse_space
from words.phrases import false_trail_letter, pawn_letter

with warnings.catch_warnings():  # colour-science says once, on import, that it has no plotting without Matplotlib
    warnings.simplefilter("ignore")
    import colour

SHAPE_DIFFERENCE = 0.015  # of a mark's pixels
COLOUR_DIFFERENCE = 20  # ΔE2000, under each simulated deficiency
DEFICIENCIES = ("Protanomaly", "Deuteranomaly", "Tritanomaly")  # at severity 1: protanopia, deuteranopia, tritanopia
SPACE = parse_space("C2")  # an Urn, in the open: any space with an object would do


def cell_of(image: Image.Image) -> Image.Image:
    x0, y0, x1, y1 = g.cell_box(SPACE)
    return image.crop((x0, y0, x1, y1))


def drawn_space(draw=None) -> Image.Image:
    """The space as the board shows it, after ``draw(image)``."""
    image = board.canvas()
    if draw is not None:
        draw(image)
    return cell_of(image)


def marks() -> dict[str, Image.Image]:
    """Every mark of every picture, by what it means, in the language being spoken."""
    said = {f"Samurai {s.name.lower()}": sprites.samurai_pawn(s, g.PAWN_SIZE, pawn_letter(s)) for s in Samurai}
    said |= {
        "the Goryō": sprites.ghost(64),
        "paw print yes": sprites.paw_print(True, board.PAW_SIZE),
        "paw print no": sprites.paw_print(False, board.PAW_SIZE),
        "paw print not counted": sprites.discarded_paw_print(board.PAW_SIZE),
        "intact object": drawn_space(),
        "broken object": drawn_space(lambda image: board.draw_broken(image, [SPACE])),
        "sealed object": drawn_space(lambda image: board.draw_seals(image, [SPACE])),
        "her mark: broken": sprites.mark_x(g.ICON_SIZE + 4),
        "her mark: sealed": sprites.mark_o(g.ICON_SIZE + 12),
        "her bound object": sprites.bound_ring(g.CELL),
        "path step": sprites.cube("1", CUBE_MOVE, board.CUBE_SIZE),
        "path step 2": sprites.cube("2", CUBE_MOVE, board.CUBE_SIZE),
        "Sprint step": sprites.cube("5", CUBE_SPRINT, board.CUBE_SIZE, stripes=True),
        "target step": sprites.cube("6", CUBE_TARGET, board.CUBE_SIZE, dark_text=False, ring=True),
        "False Trail": sprites.cube(false_trail_letter(), CUBE_FALSE_TRAIL, board.CUBE_SIZE, dark_text=False),
        "she can strike here": board.reticle(True),
        "she can strike here with her Sprint": board.reticle(False),
        "paths end here: 1": overlay.ending_badge(1),
        "paths end here: 2": overlay.ending_badge(2),
        "no path passes": meter_corner(drawn_space()),
    }
    for level in range(1, len(HEAT_MATS) + 1):
        said[f"paths pass: quarter {level}"] = meter_corner(overlay.heated_cell(SPACE, level))
    return said


def meter_corner(cell: Image.Image) -> Image.Image:
    """The corner of a space where the aid's meter tells its shade, with the shade around it."""
    return cell.crop((g.CELL - 34, g.CELL - 34, g.CELL, g.CELL))


def structure(image: Image.Image, size: int = 64) -> np.ndarray:
    """The mark without colour or brightness: grey levels over a neutral ground, stretched to 0..1."""
    rgba = np.asarray(image.convert("RGBA").resize((size, size), Image.Resampling.LANCZOS)).astype(float) / 255
    alpha = rgba[..., 3]
    grey = (rgba[..., :3] @ np.array([0.2126, 0.7152, 0.0722])) * alpha + 0.5 * (1 - alpha)
    low, high = np.percentile(grey, 1), np.percentile(grey, 99)
    return np.clip((grey - low) / max(high - low, 1e-6), 0, 1)


def shape_difference(a: Image.Image, b: Image.Image) -> float:
    return float((np.abs(structure(a) - structure(b)) > 0.5).mean())


def main_colour(image: Image.Image) -> tuple[int, int, int]:
    """The mark's colour: the median of its opaque pixels."""
    rgba = np.asarray(image.convert("RGBA")).reshape(-1, 4)
    opaque = rgba[rgba[:, 3] > 200][:, :3]
    red, green, blue = (int(v) for v in np.median(opaque, axis=0))
    return red, green, blue


@cache
def seen_by(rgb: tuple[int, int, int], deficiency: str) -> np.ndarray:
    """CIELAB of ``rgb`` (sRGB) as ``deficiency`` at full severity sees it (Machado 2009, on linear RGB)."""
    linear = colour.cctf_decoding(np.array(rgb) / 255, function="sRGB")
    simulated = np.clip(colour.algebra.vecmul(colour.blindness.matrix_cvd_Machado2009(deficiency, 1), linear), 0, 1)
    return colour.XYZ_to_Lab(colour.RGB_to_XYZ(simulated, "sRGB", apply_cctf_decoding=False))


def colour_difference(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The smallest ΔE2000 between two colours under the three simulated deficiencies."""
    return min(float(colour.delta_E(seen_by(a, d), seen_by(b, d), method="CIE 2000")) for d in DEFICIENCIES)


def apart(a: Image.Image, b: Image.Image) -> tuple[bool, float, float]:
    shape = shape_difference(a, b)
    hue = colour_difference(main_colour(a), main_colour(b))
    return shape >= SHAPE_DIFFERENCE or hue >= COLOUR_DIFFERENCE, shape, hue


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_two_marks_that_mean_different_things_differ_by_shape_or_by_colour_for_every_eye(language):
    with speaking(language):
        drawn = marks()
    alike = []
    for (first, a), (second, b) in itertools.combinations(drawn.items(), 2):
        ok, shape, hue = apart(a, b)
        if not ok:
            alike.append(f"{first} / {second}: shape {shape:.3f}, ΔE {hue:.1f}")
    assert len(drawn) == 28
    assert not alike, "marks told apart by colour alone, and too little for a colour-blind eye:\n" + "\n".join(alike)


def test_the_check_finds_marks_told_apart_by_colour_alone():
    """Two pawns with one letter in green and red, or the aid's shades as flat mats, are what it must refuse."""
    green = sprites.samurai_pawn(Samurai.GREEN, g.PAWN_SIZE, "G")
    red = sprites.samurai_pawn(Samurai.RED, g.PAWN_SIZE, "G")
    assert shape_difference(green, red) == 0 and not apart(green, red)[0]
    assert apart(green, sprites.samurai_pawn(Samurai.RED, g.PAWN_SIZE, "R"))[0]
    flat = [Image.new("RGB", (g.CELL, g.CELL), mat) for mat in HEAT_MATS]
    assert not any(apart(a, b)[0] for a, b in itertools.pairwise(flat))
    # With their meters the shaded spaces are told apart by shape.
    cells = [meter_corner(overlay.heated_cell(SPACE, level)) for level in range(1, len(HEAT_MATS) + 1)]
    assert all(shape_difference(a, b) >= SHAPE_DIFFERENCE for a, b in itertools.pairwise(cells))


def test_colour_differences_match_published_values_for_plain_colours():
    """Deuteranopia folds red and green together, and keeps blue from yellow: the simulation is the real one."""
    deuteranopia = float(colour.delta_E(seen_by((220, 40, 40), "Deuteranomaly"), seen_by((40, 160, 40),
                                                                                           "Deuteranomaly"),
                                        method="CIE 2000"))
    assert deuteranopia < 15
    assert colour_difference((30, 60, 220), (240, 210, 40)) > 40
