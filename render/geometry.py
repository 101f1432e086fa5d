"""Where things go on the canvas: the palace grid, the rooms, the side panel."""

from __future__ import annotations

from rules.palace import BRIDGES, Space, column_of, row_of

WIDTH = 1240
HEIGHT = 868

CAPTION_HEIGHT = 76
MARGIN = 38  # room for the A–F / 1–6 coordinates around the palace
CELL = 112
ROOM_GAP = 34  # the garden path between rooms, crossed only by bridges
ROOM_CELLS = 3

BOARD_LEFT = 10
BOARD_TOP = CAPTION_HEIGHT
BOARD_SIZE = 2 * MARGIN + 6 * CELL + ROOM_GAP  # 778

PANEL_LEFT = BOARD_LEFT + BOARD_SIZE + 14
PANEL_RIGHT = WIDTH - 14
PANEL_WIDTH = PANEL_RIGHT - PANEL_LEFT


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
LABEL_FONT_SIZE = 34
LABEL_BASELINE = CELL - 7  # the name's baseline, from the top edge: clear of the bound frame below it
LABEL_CAP = 25  # the name's capital height in pixels at LABEL_FONT_SIZE
BOUND_FRAME = 5  # the gold frame around her bound object's spaces stays this close to the edge
PAWN_SIZE = 36
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
    x0, y0, x1, y1 = cell_box(space)
    inset = PAWN_SIZE // 2 + 2
    xs = (x0 + inset, x1 - inset)
    ys = (y0 + inset, y0 + 58)
    return xs[index % 2], ys[index // 2]


def target_mark_box(space: Space) -> tuple[int, int, int, int]:
    """The Goryō's "can strike" / "with Sprint" mark: top centre, where no paw-print lies while she plans."""
    x0, y0, x1, _ = cell_box(space)
    left = (x0 + x1) // 2 - TARGET_MARK_SIZE // 2
    return left, y0 + 2, left + TARGET_MARK_SIZE, y0 + 2 + TARGET_MARK_SIZE


# --- the side panel --------------------------------------------------------------

PANEL_INNER_LEFT = PANEL_LEFT + 18
PANEL_INNER_RIGHT = PANEL_RIGHT - 18
PANEL_INNER_WIDTH = PANEL_INNER_RIGHT - PANEL_INNER_LEFT

TILE = 72
TILE_ROW = TILE + 18  # a tile and its name
GARDEN_TOP = BOARD_TOP + 18
TILES_TOP = GARDEN_TOP + 20
ROUND_TOP = TILES_TOP + 2 * TILE_ROW + 4
SAMURAI_TOP = ROUND_TOP + 46
GONG_RADIUS = 104  # vertical; the arc is a flattened half-ellipse to fit the panel
GONG_WIDE = 146
GONG_CENTRE = (PANEL_INNER_LEFT + PANEL_INNER_WIDTH // 2, SAMURAI_TOP + 42 + GONG_RADIUS)

# The actions table: one row per Samurai, his name large, then his four action spaces.
CALLS_TOP = GONG_CENTRE[1] + 30
ACTION_NAME_SIZE = 34
ACTION_ROWS_TOP = CALLS_TOP + 40
ACTION_ROW = 44
ACTION_SLOT = 36
# Left edges of the Move, Move, Search and Sniff spaces, from the table's left.
ACTION_COLUMNS = (190, 228, 280, 338)
POWERS_TOP = ACTION_ROWS_TOP + 4 * ACTION_ROW + 14
LEGEND_Y = POWERS_TOP + 68


def action_row_top(row: int) -> int:
    return ACTION_ROWS_TOP + row * ACTION_ROW


def action_slot_box(row: int, column: int) -> tuple[int, int, int, int]:
    """The action space ``column`` (0, 1 Move; 2 Search; 3 Sniff) of the Samurai in table row ``row``."""
    x = PANEL_INNER_LEFT + ACTION_COLUMNS[column]
    y = action_row_top(row) + (ACTION_ROW - ACTION_SLOT) // 2
    return x, y, x + ACTION_SLOT, y + ACTION_SLOT
