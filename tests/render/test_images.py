"""The pictures: real PNGs of the right size and weight, deterministic, and showing what changed."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

import render
import rules
from rules import Move, Samurai, parse_space
from rules.playout import random_match

from . import scenes
from .golden_cases import CASES

WIDTH, HEIGHT = 742, 860  # the caption and the palace, nearly square (phone first)
MAX_BYTES = 300 * 1024


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_picture_is_a_png_of_phone_friendly_size_and_weight(name):
    data = CASES[name]()
    image = decode(data)
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT)
    assert len(data) <= MAX_BYTES


def test_every_state_of_random_matches_renders_within_the_size_limit():
    for seed in (11, 12):
        for _, state in random_match(seed)[::3]:
            view = rules.public_view(state)
            for data in (render.public_board(view), render.goryo_board(rules.goryo_view(state)),
                         render.discovery_board(view), render.final_board(view)):
                assert decode(data).size == (WIDTH, HEIGHT)
                assert len(data) <= MAX_BYTES


def test_the_same_view_gives_identical_bytes():
    state = scenes.mid_samurai_turn()
    # Two separately built but equal views, so no cache keyed on identity can hide a difference.
    assert render.public_board(rules.public_view(state)) == render.public_board(rules.public_view(state))
    assert render.goryo_board(rules.goryo_view(state)) == render.goryo_board(rules.goryo_view(state))
    revealed = scenes.public(scenes.discovery_with_sprint_and_false_trail())
    assert render.discovery_board(revealed) == render.discovery_board(revealed)
    ended = scenes.public(scenes.final())
    assert render.final_board(ended) == render.final_board(ended)


def pixels_differ(a: bytes, b: bytes) -> bool:
    return decode(a).convert("RGB").tobytes() != decode(b).convert("RGB").tobytes()


def test_a_samurai_move_changes_the_public_board():
    before = scenes.mid_samurai_turn()
    after = rules.apply(before, Move(Samurai.PURPLE, parse_space("E1"))).state
    assert pixels_differ(render.public_board(rules.public_view(before)), render.public_board(rules.public_view(after)))


def test_a_paw_print_changes_the_public_board():
    before = scenes.play(scenes.setup_done(), scenes.plan("C3 C2 D2 D1 E1"))
    after = rules.apply(before, rules.Sniff(Samurai.GREEN, parse_space("C2"))).state
    assert after.paw_prints and not before.paw_prints
    assert pixels_differ(render.public_board(rules.public_view(before)), render.public_board(rules.public_view(after)))


def test_a_seal_changes_the_public_board():
    before = scenes.setup_done()
    token, *rest = before.bag
    after = dataclasses.replace(before, bag=tuple(rest), drawn=(token,))
    assert rules.public_view(after).sealed
    assert pixels_differ(render.public_board(rules.public_view(before)), render.public_board(rules.public_view(after)))


def test_the_discovery_draws_the_path_over_the_plain_board():
    view = scenes.public(scenes.discovery_with_sprint_and_false_trail())
    assert pixels_differ(render.public_board(view), render.discovery_board(view))


def test_the_final_board_shows_the_bound_object():
    ended = scenes.final()
    other = rules.OBJECT_TYPES[(rules.OBJECT_TYPES.index(ended.bound) + 1) % 8]
    assert pixels_differ(
        render.final_board(rules.public_view(ended)),
        render.final_board(rules.public_view(dataclasses.replace(ended, bound=other))),
    )


def test_pictures_drawn_in_parallel_threads_are_the_same_as_drawn_alone():
    from concurrent.futures import ThreadPoolExecutor

    views = [scenes.public(scenes.mid_samurai_turn()), scenes.public(scenes.discovery_with_sprint_and_false_trail())]
    alone = [render.public_board(v) for v in views] + [render.discovery_board(v) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        jobs = [pool.submit(render.public_board, v) for v in views]
        jobs += [pool.submit(render.discovery_board, v) for v in views]
        together = [job.result() for job in jobs]
    assert together == alone


def test_the_fixed_palette_mapping_is_pillows_own_from_rgb():
    """board.to_palette maps the RGBA picture directly; it must give exactly what Pillow's public
    quantize gives from the RGB copy, or the pictures would drift from their palette."""
    from PIL import Image

    from render.board import palette, to_palette
    from render.images import public_picture

    from . import scenes

    picture = public_picture(scenes.public(scenes.mid_samurai_turn()))
    public_route = picture.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)
    direct = to_palette(picture)
    assert direct.mode == "P" and direct.tobytes() == public_route.tobytes()
    assert direct.getpalette() == public_route.getpalette()
