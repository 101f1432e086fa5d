"""The side panel: garden strip, round counter, gong arc, spirit tokens, action cubes, powers."""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from rules import ObjectType, PublicView, Samurai, TileState
from rules.layout import GONG_BAG_ICONS, GONG_LAST_SPACE, ROUNDS, SAMURAI_ACTION_CUBES, SPIRIT_TOKENS

from . import geometry as g
from . import sprites
from .icons import faded_icon, icon
from .pen import Pen, sprite
from .theme import BOUND, GOLD, INK, PANEL_EDGE, TATAMI, TATAMI_EDGE, TEXT, TEXT_DIM, font

LEFT = g.PANEL_LEFT + 18
RIGHT = g.PANEL_RIGHT - 18
WIDTH = RIGHT - LEFT
CENTRE_X = (LEFT + RIGHT) // 2

TILE = 80
TILE_GAP = (WIDTH - 4 * TILE) // 3

GARDEN_TOP = g.BOARD_TOP + 18
TILES_TOP = GARDEN_TOP + 22
ROUND_TOP = TILES_TOP + 2 * (TILE + 20)
SAMURAI_TOP = ROUND_TOP + 52
GONG_RADIUS = 118  # vertical; the arc is a flattened half-ellipse to fit the panel
GONG_WIDE = 146
GONG_CENTRE = (CENTRE_X, SAMURAI_TOP + 50 + GONG_RADIUS)
CALLS_TOP = GONG_CENTRE[1] + 36
POWERS_TOP = CALLS_TOP + 38 + 4 * 31 + 18


@cache
def tile(object_type: ObjectType, state: TileState, bound: bool = False) -> Image.Image:
    """A garden tile: intact (light, dark-blue border), broken (dark, cracked) or sealed (plus a seal token)."""
    intact = state is TileState.INTACT

    def paint(pen: Pen) -> None:
        if bound:
            pen.rect(0, 0, 100, 100, fill=BOUND, radius=16)
        face = (246, 238, 220) if intact else (78, 72, 92)
        edge = (29, 53, 87) if intact else (214, 206, 190)
        pen.rect(5, 5, 95, 95, fill=face, outline=edge, width=7, radius=12)
        if not intact:  # the broken side: a crack runs across the tile
            pen.line([(10, 30), (34, 44), (28, 58), (56, 64), (50, 80), (90, 90)], fill=(200, 190, 176), width=4)

    base = sprite(TILE, TILE, paint)
    art = icon(object_type, 56) if intact else faded_icon(object_type, 56, 150)
    base.alpha_composite(art, ((TILE - 56) // 2, (TILE - 56) // 2))
    if state is TileState.SEALED:
        token = seal_token(44)
        base.alpha_composite(token, (TILE - token.width - 2, TILE - token.height - 2))
    return base


@cache
def seal_token(size: int) -> Image.Image:
    """The sealed side of an object token: a red stamp with a white square seal mark."""

    def paint(pen: Pen) -> None:
        pen.circle(52, 54, 44, fill=(0, 0, 0, 100))
        pen.circle(50, 50, 44, fill=(196, 36, 36), outline=(255, 255, 255), width=6)
        pen.rect(30, 30, 70, 70, outline=(255, 255, 255), width=7, radius=4)
        pen.line([(38, 42), (62, 42)], fill=(255, 255, 255), width=6)
        pen.line([(38, 58), (62, 58)], fill=(255, 255, 255), width=6)
        pen.line([(50, 36), (50, 64)], fill=(255, 255, 255), width=6)

    return sprite(size, size, paint)


def heading(draw: ImageDraw.ImageDraw, y: int, text: str, right: str = "") -> None:
    draw.text((LEFT, y), text, fill=GOLD, font=font(17, True), anchor="lm")
    if right:
        draw.text((RIGHT, y), right, fill=TEXT, font=font(16), anchor="rm")


def gong_point(index: int, outside: float = 0) -> tuple[int, int]:
    angle = math.radians(180 + index * 180 / GONG_LAST_SPACE)
    return (round(GONG_CENTRE[0] + (GONG_WIDE + outside) * math.cos(angle)),
            round(GONG_CENTRE[1] + (GONG_RADIUS + outside) * math.sin(angle)))


@cache
def gong_space(index: int, reached: bool, current: bool) -> Image.Image:
    """A space of the gong arc; those that draw a token are shaped like the bag."""
    size = 38
    fill = (228, 200, 120) if reached else (60, 64, 88)
    edge = INK if reached else (150, 150, 176)
    text = INK if reached else TEXT

    def paint(pen: Pen) -> None:
        if current:
            pen.circle(50, 52, 49, fill=(255, 255, 255))
        if index in GONG_BAG_ICONS:
            pen.polygon([(32, 34), (68, 34), (88, 76), (78, 92), (22, 92), (12, 76)], fill=fill, outline=edge, width=6)
            pen.polygon([(34, 10), (50, 22), (66, 10), (62, 34), (38, 34)], fill=fill, outline=edge, width=6)
            pen.draw.text(pen.p(50, 66), str(index), fill=text, font=font(round(40 * pen.k), True), anchor="mm")
        else:
            pen.circle(50, 52, 36, fill=fill, outline=edge, width=6)
            pen.draw.text(pen.p(50, 54), str(index), fill=text, font=font(round(44 * pen.k), True), anchor="mm")

    return sprite(size, size, paint)


@cache
def pointed_mallet(index: int) -> Image.Image:
    """The mallet outside the arc, its head turned towards its space."""
    angle = 180 + index * 180 / GONG_LAST_SPACE
    # The sprite's head points down-left (225° on screen); turn it to point inwards.
    return sprites.mallet(40).rotate(-45 - angle, resample=Image.Resampling.BICUBIC, expand=True)


@cache
def action_slot(used: bool) -> Image.Image:
    """A space on the Samurai board; a black cube sits on it once the action is taken."""

    def paint(pen: Pen) -> None:
        pen.rect(6, 6, 94, 94, outline=(150, 150, 170), width=5, radius=14)
        if used:
            pen.rect(12, 16, 92, 96, fill=(0, 0, 0, 120), radius=10)
            pen.rect(10, 10, 86, 86, fill=(22, 22, 26), outline=(235, 235, 240), width=5, radius=10)
            pen.line([(22, 22), (74, 22)], fill=(110, 110, 120), width=5)

    return sprite(26, 26, paint)


def draw_garden(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, bound: ObjectType | None) -> None:
    sealed_count = sum(1 for _, s in view.tiles if s is TileState.SEALED)
    heading(draw, GARDEN_TOP, "GARDEN", f"{sealed_count} sealed · bag {view.bag_count}")
    label = font(13, True)
    for index, (object_type, state) in enumerate(view.tiles):
        x = LEFT + (index % 4) * (TILE + TILE_GAP)
        y = TILES_TOP + (index // 4) * (TILE + 20)
        image.alpha_composite(tile(object_type, state, object_type is bound), (x, y))
        draw.text((x + TILE // 2, y + TILE + 9), str(object_type),
                  fill=TEXT if state is TileState.INTACT else TEXT_DIM, font=label, anchor="mm")


def draw_round(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    y = ROUND_TOP + 16
    draw.text((LEFT, y), "Round", fill=TEXT, font=font(18, True), anchor="lm")
    for k in range(ROUNDS):
        x = LEFT + 74 + k * 34
        box = (x, y - 13, x + 26, y + 13)
        done = k < view.round - 1
        now = k == view.round - 1
        fill = (80, 80, 100) if done else (GOLD if now else None)
        draw.rounded_rectangle(box, radius=5, fill=fill, outline=GOLD if not done else PANEL_EDGE, width=2)
        draw.text((x + 13, y + 1), str(k + 1), fill=INK if now else (TEXT if not done else TEXT_DIM), font=font(15, True),
                  anchor="mm")
    draw.text((LEFT + 74 + ROUNDS * 34 + 6, y), f"of {ROUNDS}", fill=TEXT_DIM, font=font(16), anchor="lm")
    image.alpha_composite(sprites.bag(30), (RIGHT - 78, y - 16))
    draw.text((RIGHT - 42, y), f"× {view.bag_count}", fill=TEXT, font=font(18, True), anchor="lm")


def draw_gong(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    heading(draw, SAMURAI_TOP, "SAMURAI", f"gong {view.mallet} / {GONG_LAST_SPACE}")
    cx, cy = GONG_CENTRE
    draw.arc((cx - GONG_WIDE, cy - GONG_RADIUS, cx + GONG_WIDE, cy + GONG_RADIUS), 180, 360,
             fill=PANEL_EDGE, width=4)
    for index in range(GONG_LAST_SPACE + 1):
        x, y = gong_point(index)
        space = gong_space(index, index <= view.mallet, index == view.mallet)
        image.alpha_composite(space, (x - space.width // 2, y - space.height // 2))
    mx, my = gong_point(view.mallet, 32)
    hammer = pointed_mallet(view.mallet)
    image.alpha_composite(hammer, (mx - hammer.width // 2, my - hammer.height // 2))
    # Spirit tokens sit inside the arc; flipped ones show their Roman numeral.
    size, gap = 50, 14
    for k in range(SPIRIT_TOKENS):
        x = cx + (k - 1) * (size + gap) - size // 2
        image.alpha_composite(sprites.spirit_token(k + 1 if k < view.spirits else 0, size), (x, cy - size - 30))
    draw.text((cx, cy - 12), f"spirit captured {view.spirits} / {SPIRIT_TOKENS}", fill=TEXT, font=font(14), anchor="mm")


def draw_calls(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    used = view.actions_used
    heading(draw, CALLS_TOP, "ACTIONS THIS TURN", f"{used} / {SAMURAI_ACTION_CUBES} cubes")
    columns = {"Move": LEFT + 170, "Search": LEFT + 262, "Sniff": LEFT + 336}
    small = font(13, True)
    for name, x in columns.items():
        draw.text((x + (26 if name == "Move" else 13), CALLS_TOP + 24), name, fill=TEXT_DIM, font=small, anchor="mm")
    calls = {c.samurai: (order, c) for order, c in enumerate(view.calls)}
    for row, samurai in enumerate(Samurai):
        y = CALLS_TOP + 38 + row * 31
        image.alpha_composite(sprites.samurai_pawn(samurai, 28), (LEFT, y))
        order, call = calls.get(samurai, (None, None))
        state = "" if order is None else ("acting" if order == len(view.calls) - 1 and view.phase.value == "samurai_turn"
                                          else "done")
        draw.text((LEFT + 36, y + 14), samurai.value.capitalize(), fill=TEXT, font=font(16, True), anchor="lm")
        if state:
            draw.text((LEFT + 106, y + 14), state, fill=GOLD if state == "acting" else TEXT_DIM, font=font(12),
                      anchor="lm")
        moves = call.moves if call else 0
        image.alpha_composite(action_slot(moves >= 1), (columns["Move"], y + 1))
        image.alpha_composite(action_slot(moves >= 2), (columns["Move"] + 28, y + 1))
        image.alpha_composite(action_slot(bool(call and call.searches)), (columns["Search"], y + 1))
        image.alpha_composite(action_slot(bool(call and call.sniffs)), (columns["Sniff"], y + 1))


def draw_powers(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    heading(draw, POWERS_TOP, "GORYŌ POWERS")
    y = POWERS_TOP + 28
    for k, (name, available) in enumerate((("Sprint", view.sprint_available),
                                           ("False Trail", view.false_trail_available))):
        x = LEFT + k * 190
        box = (x, y - 15, x + 180, y + 15)
        if available:
            draw.rounded_rectangle(box, radius=15, fill=(70, 58, 110), outline=(170, 150, 230), width=2)
            draw.text((x + 14, y), f"✓ {name}", fill=TEXT, font=font(16, True), anchor="lm")
        else:
            draw.rounded_rectangle(box, radius=15, outline=PANEL_EDGE, width=2)
            draw.text((x + 14, y), f"✗ {name} used", fill=TEXT_DIM, font=font(16), anchor="lm")


LEGEND_Y = POWERS_TOP + 72


def draw_legend(image: Image.Image, draw: ImageDraw.ImageDraw, entries: list[tuple[Image.Image, str]]) -> None:
    """A one-line key to the marks on the palace, so a new player needs no manual."""
    x = LEFT
    label = font(14)
    for mark, words in entries:
        image.alpha_composite(mark, (x, LEGEND_Y - mark.height // 2))
        x += mark.width + 5
        draw.text((x, LEGEND_Y), words, fill=TEXT_DIM, font=label, anchor="lm")
        x += round(draw.textlength(words, font=label)) + 16


def on_tatami(mark: Image.Image) -> Image.Image:
    """A legend swatch: the mark on a scrap of tatami, as it looks on the palace."""
    side = 28
    swatch = sprite(side, side, lambda pen: pen.rect(0, 0, 100, 100, fill=TATAMI, outline=TATAMI_EDGE, width=6,
                                                      radius=12))
    swatch.alpha_composite(mark, ((side - mark.width) // 2, (side - mark.height) // 2))
    return swatch


@lru_cache(maxsize=1)
def public_legend() -> list[tuple[Image.Image, str]]:
    return [
        (sprites.paw_print(True, 26), "yes"),
        (sprites.paw_print(False, 26), "no"),
        (on_tatami(sprites.crack(24)), "broken"),
        (on_tatami(sprites.seal(12, 26)), "sealed"),
    ]


def draw_panel(image: Image.Image, view: PublicView, bound: ObjectType | None = None,
               legend: list[tuple[Image.Image, str]] | None = None) -> None:
    draw = ImageDraw.Draw(image)
    draw_garden(image, draw, view, bound)
    draw_round(image, draw, view)
    draw_gong(image, draw, view)
    draw_calls(image, draw, view)
    draw_powers(image, draw, view)
    draw_legend(image, draw, public_legend() if legend is None else legend)
