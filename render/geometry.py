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


def samurai_slot(index: int, space: Space) -> tuple[int, int]:
    """Each Samurai keeps his own corner of a space, so several never hide each other."""
    x0, y0, x1, y1 = cell_box(space)
    inset = 22
    xs = (x0 + inset, x1 - inset)
    ys = (y0 + inset, y1 - inset)
    return xs[index % 2], ys[index // 2]
