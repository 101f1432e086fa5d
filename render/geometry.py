"""Where things go on the canvas: the caption above, the palace grid and its rooms below.

Phone first: Discord shows a picture about 328 px wide on a phone, so a picture ``WIDTH`` wide
shrinks by 328 / ``WIDTH``. The picture holds only the caption and the palace (every space carries
its name, so no A–F / 1–6 margins); what the side panel used to show is written in the message.
Every word and number is at least ``MIN_TEXT`` px, 10 px on that phone.
"""

from __future__ import annotations

import math

from rules.palace import BRIDGES, Space, column_of, row_of

CAPTION_HEIGHT = 124  # three lines: title and badge, subtitle, the aid's count or the subtitle's end
MARGIN = 12  # the rooms' walls and a strip of garden around them
CELL = 112
ROOM_GAP = 34  # the garden path between rooms, crossed only by bridges
ROOM_CELLS = 3

BOARD_LEFT = 6
BOARD_TOP = CAPTION_HEIGHT
BOARD_SIZE = 2 * MARGIN + 6 * CELL + ROOM_GAP  # 730

WIDTH = BOARD_SIZE + 2 * BOARD_LEFT  # 742
HEIGHT = BOARD_TOP + BOARD_SIZE + BOARD_LEFT  # 860: nearly square, as a phone's chat column likes

PHONE_WIDTH = 328  # px: Discord's picture width on a 360-px-wide phone
PHONE_TEXT = 10  # px on that phone: the smallest any word or number may be
# Discord's desktop client draws an embed's image within a 400×300 box (measured by the builders of embed
# previews: leovoel/embed-visualizer issue 30; Discord documents no display size), so the board is shown
# at DESKTOP_SCALE of its size there, smaller than on the phone, as the picture is taller than 3:4.
DESKTOP_BOX = (400, 300)
DESKTOP_SCALE = min(DESKTOP_BOX[0] / WIDTH, DESKTOP_BOX[1] / HEIGHT)
DESKTOP_TEXT = 9  # px in that box: the smallest any word or number may be (issue 45)
# The smallest size any word is drawn at, so that it is PHONE_TEXT on a phone and DESKTOP_TEXT on a desktop.
MIN_TEXT = max(-(-PHONE_TEXT * WIDTH // PHONE_WIDTH), math.ceil(DESKTOP_TEXT / DESKTOP_SCALE))  # 26 px


def _axis(index: int) -> int:
    """Left (or top) edge of column (or row) ``index`` relative to the board's origin."""
    return MARGIN + index * CELL + (ROOM_GAP if index >= ROOM_CELLS else 0)


def cell_box(space: Space) -> tuple[int, int, int, int]:
    x = BOARD_LEFT + _axis(column_of(space))
    y = BOARD_TOP + _axis(row_of(space))
    return x, y, x + CELL, y + CELL


def cell_centre(space: Space) -> tuple[int, int]:
    x0, y0, x1, y1 = cell_box(space)
    return (x0 + x1) // 2, (y0 + y1) // 2


def column_centre(column: int) -> int:
    return BOARD_LEFT + _axis(column) + CELL // 2


def row_centre(row: int) -> int:
    return BOARD_TOP + _axis(row) + CELL // 2


def room_box(room_column: int, room_row: int) -> tuple[int, int, int, int]:
    """The 3×3 block of room (0|1, 0|1), without its wall."""
    x = BOARD_LEFT + _axis(room_column * ROOM_CELLS)
    y = BOARD_TOP + _axis(room_row * ROOM_CELLS)
    return x, y, x + ROOM_CELLS * CELL, y + ROOM_CELLS * CELL


def bridges() -> list[tuple[str, Space, Space]]:
    return list(BRIDGES)


# --- inside a space ---------------------------------------------------------------
# A space is 112 px square. Top: paw-print or target mark; middle: the object; bottom:
# the space's name, large enough to read on a phone. Pawns keep to the four sides.

ICON_SIZE = 52
ICON_TOP = 22  # from the space's top edge
LABEL_FONT_SIZE = 32
LABEL_BASELINE = CELL - 8  # the name's baseline, from the top edge: clear of the bound frame below it
LABEL_CAP = 24  # the name's capital height in pixels at LABEL_FONT_SIZE
BOUND_FRAME = 5  # the gold frame around her bound object's spaces stays this close to the edge
PAWN_SIZE = 40
TARGET_MARK_SIZE = 30


def icon_origin(space: Space) -> tuple[int, int]:
    x0, y0, _, _ = cell_box(space)
    return x0 + (CELL - ICON_SIZE) // 2, y0 + ICON_TOP


def label_anchor(space: Space) -> tuple[int, int]:
    """Where the space's name is drawn, anchored at the middle of its baseline ("ms")."""
    x0, y0, x1, _ = cell_box(space)
    return (x0 + x1) // 2, y0 + LABEL_BASELINE


def samurai_slot(index: int, space: Space) -> tuple[int, int]:
    """Each Samurai keeps his own side of a space, so several never hide each other or the name."""
    x0, y0, x1, _y1 = cell_box(space)
    inset = PAWN_SIZE // 2 + 1
    xs = (x0 + inset, x1 - inset)
    ys = (y0 + inset, y0 + 59)
    return xs[index % 2], ys[index // 2]


def target_mark_box(space: Space) -> tuple[int, int, int, int]:
    """The Goryō's "can strike" / "with Sprint" mark: top centre, where no paw-print lies while she plans."""
    x0, y0, x1, _ = cell_box(space)
    left = (x0 + x1) // 2 - TARGET_MARK_SIZE // 2
    return left, y0 + 2, left + TARGET_MARK_SIZE, y0 + 2 + TARGET_MARK_SIZE
