"""The side panel: garden strip, round counter, gong arc, spirit tokens, action cubes, powers."""

from __future__ import annotations

import enum
import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from locales import N_, _, ngettext
from rules import ObjectType, Phase, PublicView, Samurai, TileState
from rules.layout import (
    GONG_BAG_ICONS,
    GONG_LAST_SPACE,
    MAX_SAMURAI_CALLED,
    ROUNDS,
    SAMURAI_ACTION_CUBES,
    SPIRIT_TOKENS,
)
from rules.views import possible_bound

from . import geometry as g
from . import layers, sprites
from .icons import faded_icon, icon
from .pen import Pen, sprite
from .theme import BOUND, GOLD, INK, PANEL_EDGE, TATAMI, TATAMI_EDGE, TEXT, TEXT_DIM, fitting_font, font
from .words import object_name, pawn_letter, samurai_colour

LEFT = g.PANEL_INNER_LEFT
RIGHT = g.PANEL_INNER_RIGHT
WIDTH = g.PANEL_INNER_WIDTH
CENTRE_X = (LEFT + RIGHT) // 2

TILE = g.TILE
TILE_GAP = (WIDTH - 4 * TILE) // 3

GARDEN_TOP = g.GARDEN_TOP
TILES_TOP = g.TILES_TOP
ROUND_TOP = g.ROUND_TOP
SAMURAI_TOP = g.SAMURAI_TOP
GONG_RADIUS = g.GONG_RADIUS
GONG_WIDE = g.GONG_WIDE
GONG_CENTRE = g.GONG_CENTRE
CALLS_TOP = g.CALLS_TOP
POWERS_TOP = g.POWERS_TOP


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
    art_size = TILE * 7 // 10
    art = icon(object_type, art_size) if intact else faded_icon(object_type, art_size, 150)
    base.alpha_composite(art, ((TILE - art_size) // 2, (TILE - art_size) // 2))
    if state is TileState.SEALED:
        token = seal_token(TILE * 11 // 20)
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


class Slot(enum.Enum):
    """An action space on the Samurai board, as drawn."""

    OPEN = "open"  # may still be used this turn
    USED = "used"  # a cube sits on it
    CLOSED = "closed"  # unused, but this Samurai's turn is over (or no more can be called)


SLOT_EDGE = (120, 124, 150)
SLOT_CUBE = (238, 234, 222)  # a pale cube stands out on the dark panel, unlike the board's black ones
SLOT_CLOSED = (84, 88, 112)


@cache
def action_slot(state: Slot) -> Image.Image:
    """A space on the Samurai board: empty, holding a cube, or crossed out once it can no longer be used."""

    def paint(pen: Pen) -> None:
        if state is Slot.USED:
            pen.rect(10, 14, 98, 100, fill=(0, 0, 0, 140), radius=12)
            pen.rect(4, 4, 92, 92, fill=SLOT_CUBE, outline=INK, width=6, radius=12)
            pen.line([(18, 18), (76, 18)], fill=(255, 255, 255), width=6)
        elif state is Slot.OPEN:
            pen.rect(6, 6, 94, 94, outline=SLOT_EDGE, width=7, radius=12)
        else:
            pen.rect(6, 6, 94, 94, outline=SLOT_CLOSED, width=5, radius=12)
            pen.line([(26, 26), (74, 74)], fill=SLOT_CLOSED, width=8)
            pen.line([(26, 74), (74, 26)], fill=SLOT_CLOSED, width=8)

    return sprite(g.ACTION_SLOT, g.ACTION_SLOT, paint)


@cache
def suspect_mark(size: int) -> Image.Image:
    """A gold "?" badge: this type can still be her bound object."""

    def paint(pen: Pen) -> None:
        pen.circle(52, 54, 44, fill=(0, 0, 0, 110))
        pen.circle(50, 50, 44, fill=GOLD, outline=INK, width=7)
        pen.draw.text(pen.p(50, 53), "?", fill=INK, font=font(round(66 * pen.k), True), anchor="mm")

    return sprite(size, size, paint)


SUSPECT_MARK = 26


def draw_garden(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, bound: ObjectType | None) -> None:
    # While her bound object is secret, the intact tiles are the public suspects: each gets a "?".
    suspects = possible_bound(view) if view.bound is None else ()
    if suspects:
        # Translators: beside a "?" mark: how many garden objects may still be her bound object.
        could_be = ngettext("{count} could be bound", "{count} could be bound", len(suspects)).format(
            count=len(suspects))
        heading(draw, GARDEN_TOP, _("GARDEN"), could_be)
        right = RIGHT - round(draw.textlength(could_be, font=font(16)))
        image.alpha_composite(suspect_mark(20), (right - 25, GARDEN_TOP - 10))
    else:
        sealed_count = sum(1 for _type, s in view.tiles if s is TileState.SEALED)
        heading(draw, GARDEN_TOP, _("GARDEN"), ngettext("{sealed} sealed · bag {bag}", "{sealed} sealed · bag {bag}",
                                                        sealed_count).format(sealed=sealed_count, bag=view.bag_count))
    for index, (object_type, state) in enumerate(view.tiles):
        x = LEFT + (index % 4) * (TILE + TILE_GAP)
        y = TILES_TOP + (index // 4) * g.TILE_ROW
        image.alpha_composite(tile(object_type, state, object_type is bound), (x, y))
        if object_type in suspects:
            image.alpha_composite(suspect_mark(SUSPECT_MARK), (x + TILE - SUSPECT_MARK + 8, y - 8))
        name = object_name(object_type)
        label = fitting_font(name, TILE + TILE_GAP - 6, 13, bold=True)
        # Centred under its tile; a name wider than the tile in the last column leans left, inside the panel.
        middle = min(x + TILE // 2, RIGHT - label.getlength(name) / 2)
        draw.text((middle, y + TILE + 8), name, fill=TEXT if state is TileState.INTACT else TEXT_DIM,
                  font=label, anchor="mm")


def draw_round(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    y = ROUND_TOP + 16
    word = _("Round")
    draw.text((LEFT, y), word, fill=TEXT, font=font(18, True), anchor="lm")
    # The boxes start after the word, however long it is in this language.
    boxes_left = LEFT + max(74, round(draw.textlength(word, font=font(18, True))) + 8)
    for k in range(ROUNDS):
        x = boxes_left + k * 34
        box = (x, y - 13, x + 26, y + 13)
        done = k < view.round - 1
        now = k == view.round - 1
        fill = (80, 80, 100) if done else (GOLD if now else None)
        draw.rounded_rectangle(box, radius=5, fill=fill, outline=GOLD if not done else PANEL_EDGE, width=2)
        draw.text((x + 13, y + 1), str(k + 1), fill=INK if now else (TEXT if not done else TEXT_DIM), font=font(15, True),
                  anchor="mm")
    # Translators: after the row of round boxes 1 2 3 4: "of 4".
    draw.text((boxes_left + ROUNDS * 34 + 6, y), _("of {rounds}").format(rounds=ROUNDS), fill=TEXT_DIM, font=font(16),
              anchor="lm")
    image.alpha_composite(sprites.bag(30), (RIGHT - 78, y - 16))
    draw.text((RIGHT - 42, y), f"× {view.bag_count}", fill=TEXT, font=font(18, True), anchor="lm")


def draw_gong(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    heading(draw, SAMURAI_TOP, _("SAMURAI"), _("gong {mallet} / {last}").format(mallet=view.mallet, last=GONG_LAST_SPACE))
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
    draw.text((cx, cy - 12), _("spirit captured {spirits} / {tokens}").format(spirits=view.spirits, tokens=SPIRIT_TOKENS),
              fill=TEXT, font=font(14), anchor="mm")


def turn_over(view: PublicView, samurai: Samurai) -> bool:
    """Whether ``samurai`` can no longer act this turn, although the turn goes on (rules.samurai_turn's call order)."""
    if view.phase is not Phase.SAMURAI_TURN:
        return False
    if view.actions_used >= SAMURAI_ACTION_CUBES:
        return True
    called = [c.samurai for c in view.calls]
    if samurai not in called:
        return len(called) >= MAX_SAMURAI_CALLED
    current = view.calls[-1]
    return current.samurai is not samurai or current.actions >= view.actions_per_samurai


def slots_of(view: PublicView, samurai: Samurai) -> tuple[Slot, Slot, Slot, Slot]:
    call = next((c for c in view.calls if c.samurai is samurai), None)
    used = (
        (False, False, False, False) if call is None
        else (call.moves >= 1, call.moves >= 2, call.searches >= 1, call.sniffs >= 1)
    )
    unused = Slot.CLOSED if turn_over(view, samurai) else Slot.OPEN
    return tuple(Slot.USED if u else unused for u in used)  # type: ignore[return-value]


COLUMN_LABEL_GAP = 6
COLUMN_LABEL_SHIFT = 6  # how far a label may leave the middle of its column to make room for a long neighbour


def column_labels() -> list[tuple[float, str, ImageFont.FreeTypeFont]]:
    """(middle, words, font) of the action columns' labels, Move over its two spaces, then Search and Sniff.

    Each is centred over its column where it can be; a long one (Italian's "Segugio") may lean
    a few pixels away from its neighbour, and only if that is not enough do all three shrink.
    """
    columns = []
    for column, name in ((0, _("Move")), (2, _("Search")), (3, _("Sniff"))):
        x0, _top, x1, _bottom = g.action_slot_box(0, column)
        if column == 0:
            x1 = g.action_slot_box(0, 1)[2]
        columns.append(((x0 + x1) // 2, name))
    for size in range(15, 10, -1):
        small = font(size, True)
        widths = [small.getlength(name) for _centre, name in columns]
        lefts = spread([centre for centre, _name in columns], widths, LEFT, RIGHT, COLUMN_LABEL_GAP)
        leaning = max(abs(left + width / 2 - centre) for left, width, (centre, _name) in zip(lefts, widths, columns))
        if leaning <= COLUMN_LABEL_SHIFT or size == 11:
            return [(left + width / 2, name, small) for left, width, (_centre, name) in zip(lefts, widths, columns)]
    raise AssertionError("unreachable")


def spread(centres: list[float], widths: list[float], left: float, right: float, gap: float) -> list[float]:
    """Left edges for labels in a row, each as near its centre as possible, none overlapping or outside."""
    lefts = [c - w / 2 for c, w in zip(centres, widths)]
    for i in range(len(lefts)):  # push right past the previous one
        lefts[i] = max(lefts[i], left if i == 0 else lefts[i - 1] + widths[i - 1] + gap)
    for i in reversed(range(len(lefts))):  # then pull back inside the right edge
        lefts[i] = min(lefts[i], right - widths[i] if i == len(lefts) - 1 else lefts[i + 1] - gap - widths[i])
    return lefts


def draw_calls(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    used = view.actions_used
    heading(draw, CALLS_TOP, _("ACTIONS THIS TURN"), _("{used} / {cubes} cubes").format(used=used, cubes=SAMURAI_ACTION_CUBES))
    for middle, name, small in column_labels():
        draw.text((middle, g.ACTION_ROWS_TOP - 9), name, fill=TEXT_DIM, font=small, anchor="mm")
    acting = view.calls[-1].samurai if view.calls and view.phase is Phase.SAMURAI_TURN else None
    name_font = font(g.ACTION_NAME_SIZE, True)
    for row, samurai in enumerate(Samurai):
        top = g.action_row_top(row)
        middle = top + g.ACTION_ROW // 2
        over = turn_over(view, samurai)
        if samurai is acting and not over:  # whose turn it is: a gold frame round his row
            draw.rounded_rectangle((LEFT - 8, top + 1, RIGHT + 8, top + g.ACTION_ROW - 1), radius=10,
                                   fill=(52, 54, 78), outline=GOLD, width=2)
        image.alpha_composite(sprites.samurai_pawn(samurai, 34, pawn_letter(samurai)), (LEFT, middle - 17))
        name = samurai_colour(samurai)
        colour = TEXT_DIM if over else (GOLD if samurai is acting else TEXT)
        draw.text((LEFT + 42, middle), name, fill=colour, font=name_font, anchor="lm")
        if over:  # his turn is over: struck through, and his unused spaces crossed out
            width = draw.textlength(name, font=name_font)
            draw.line((LEFT + 38, middle, LEFT + 46 + width, middle), fill=TEXT_DIM, width=4)
        for column, slot in enumerate(slots_of(view, samurai)):
            image.alpha_composite(action_slot(slot), g.action_slot_box(row, column)[:2])


def draw_powers(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    heading(draw, POWERS_TOP, _("GORYŌ POWERS"))
    y = POWERS_TOP + 30
    words = font(24, True)
    x = LEFT
    for name, available in ((_("Sprint"), view.sprint_available), (_("False Trail"), view.false_trail_available)):
        text = f"{'✓' if available else '✗'} {name}"
        width = round(draw.textlength(text, font=words))
        box = (x, y - 18, x + width + 30, y + 18)
        if available:
            draw.rounded_rectangle(box, radius=18, fill=(70, 58, 110), outline=(170, 150, 230), width=2)
            draw.text((x + 15, y), text, fill=TEXT, font=words, anchor="lm")
        else:  # spent: hollow, dim and struck through, so it reads as gone even at phone size
            draw.rounded_rectangle(box, radius=18, outline=PANEL_EDGE, width=2)
            draw.text((x + 15, y), text, fill=TEXT_DIM, font=words, anchor="lm")
            draw.line((x + 12, y, x + width + 18, y), fill=TEXT_DIM, width=3)
        x = box[2] + 14


LEGEND_Y = g.LEGEND_Y


LEGEND_SIZES = (14, 13, 12)
LEGEND_GAP = (6, 16)  # the least and the most room between two entries


def legend_layout(entries: list[tuple[Image.Image, str]]) -> tuple[ImageFont.FreeTypeFont, list[int], int]:
    """The font, each entry's width and the gap between entries, for a key line within the panel:
    the largest size that leaves at least the least gap (the smallest size if none does)."""
    for size in LEGEND_SIZES:
        label = font(size)
        widths = _entry_widths(entries, label)
        room = (WIDTH - sum(widths)) // max(1, len(entries) - 1)
        if room >= LEGEND_GAP[0] or size == LEGEND_SIZES[-1]:
            return label, widths, min(LEGEND_GAP[1], room)
    raise AssertionError("unreachable")


def legend_fits(entries: list[tuple[Image.Image, str]], size: int) -> bool:
    return sum(_entry_widths(entries, font(size))) + LEGEND_GAP[0] * (len(entries) - 1) <= WIDTH


def _entry_widths(entries: list[tuple[Image.Image, str]], label: ImageFont.FreeTypeFont) -> list[int]:
    return [mark.width + 4 + round(label.getlength(words)) for mark, words in entries]


def draw_legend(image: Image.Image, draw: ImageDraw.ImageDraw, entries: list[tuple[Image.Image, str]],
                y: int = LEGEND_Y) -> None:
    """A one-line key to the marks on the palace, so a new player needs no manual."""
    label, widths, gap = legend_layout(entries)
    x = LEFT
    for (mark, words), width in zip(entries, widths):
        image.alpha_composite(mark, (x, y - mark.height // 2))
        draw.text((x + mark.width + 4, y), words, fill=TEXT_DIM, font=label, anchor="lm")
        x += width + gap


def on_tatami(mark: Image.Image) -> Image.Image:
    """A legend swatch: the mark on a scrap of tatami, as it looks on the palace."""
    side = 28
    swatch = sprite(side, side, lambda pen: pen.rect(0, 0, 100, 100, fill=TATAMI, outline=TATAMI_EDGE, width=6,
                                                      radius=12))
    swatch.alpha_composite(mark, ((side - mark.width) // 2, (side - mark.height) // 2))
    return swatch


@lru_cache(maxsize=1)
def _public_marks() -> list[tuple[Image.Image, str]]:
    return [
        # Translators: the legend's green paw-print: she passed here.
        (sprites.paw_print(True, 26), N_("yes")),
        (sprites.paw_print(False, 26), N_("no")),
        # Translators: the legend's marks for an object, as adjectives.
        (on_tatami(sprites.crack(24)), N_("broken")),
        (on_tatami(sprites.seal(12, 26)), N_("sealed")),
    ]


def public_legend() -> list[tuple[Image.Image, str]]:
    """The marks are drawn once; their words are said in the language spoken."""
    return translated(_public_marks())


def translated(entries: list[tuple[Image.Image, str]]) -> list[tuple[Image.Image, str]]:
    return [(mark, _(words)) for mark, words in entries]


# With a second key (the deduction aid's), both lines share the room under the powers.
TWO_LEGENDS_Y = (LEGEND_Y - 6, LEGEND_Y + 19)


# The panel in two bands, each drawn only when what it shows changes (render/layers.py): above,
# the garden, the round and the gong, which change a few times a match; below, the actions table,
# the powers and the key, which change with every action.
UPPER_BAND = (g.PANEL_LEFT, g.BOARD_TOP, g.WIDTH, CALLS_TOP - 12)
LOWER_BAND = (g.PANEL_LEFT, CALLS_TOP - 12, g.WIDTH, g.HEIGHT)


def draw_panel(image: Image.Image, view: PublicView, bound: ObjectType | None = None,
               legend: list[tuple[Image.Image, str]] | None = None,
               extra_legend: list[tuple[Image.Image, str]] | None = None) -> None:
    legend = public_legend() if legend is None else legend
    upper = (view.tiles, view.bound, possible_bound(view), bound, view.bag_count, view.round, view.mallet,
             view.spirits)
    lower = (view.calls, view.phase, view.actions_used, view.actions_per_samurai, view.sprint_available,
             view.false_trail_available, tuple(words for _mark, words in legend),
             None if extra_legend is None else tuple(words for _mark, words in extra_legend))

    def paint_upper(scratch: Image.Image) -> None:
        draw = ImageDraw.Draw(scratch)
        draw_garden(scratch, draw, view, bound)
        draw_round(scratch, draw, view)
        draw_gong(scratch, draw, view)

    def paint_lower(scratch: Image.Image) -> None:
        draw = ImageDraw.Draw(scratch)
        draw_calls(scratch, draw, view)
        draw_powers(scratch, draw, view)
        for line, y in zip(*legend_lines(legend, extra_legend)):
            draw_legend(scratch, draw, line, y)

    layers.band(image, UPPER_BAND, ("panel", upper), paint_upper)
    layers.band(image, LOWER_BAND, ("panel", lower), paint_lower)


def legend_lines(entries: list[tuple[Image.Image, str]], extra: list[tuple[Image.Image, str]] | None
                 ) -> tuple[list[list[tuple[Image.Image, str]]], tuple[int, ...]]:
    """The key's lines and where each goes: one line, or two when there is a second key or when
    the words of one are too long for a line at full size (then it breaks in the middle)."""
    if extra is not None:
        return [entries, extra], TWO_LEGENDS_Y
    if legend_fits(entries, LEGEND_SIZES[0]):
        return [entries], (LEGEND_Y,)
    half = (len(entries) + 1) // 2
    return [entries[:half], entries[half:]], TWO_LEGENDS_Y
