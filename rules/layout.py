"""The printed boards as data.

Everything a person holding the physical game could check against the box lives
here and only here: the palace grid, the bridges, where the Samurai start, the
gong arc and the counts of pieces. The rest of the engine derives from it.
"""

from __future__ import annotations

COLUMNS = "ABCDEF"
ROWS = 6

# The palace, row by row from the top; None marks a room's centre (no object).
PALACE_GRID: tuple[tuple[str | None, ...], ...] = (
    ("Helmet", "Lantern", "Mask", "Urn", "Scroll", "Fan"),
    ("Scroll", None, "Urn", "Mirror", None, "Helmet"),
    ("Flower", "Fan", "Mirror", "Lantern", "Flower", "Mask"),
    ("Fan", "Mask", "Flower", "Scroll", "Helmet", "Urn"),
    ("Lantern", None, "Scroll", "Flower", None, "Lantern"),
    ("Urn", "Mirror", "Helmet", "Mask", "Fan", "Mirror"),
)

# Rooms as (name, first column, first row) of their 3x3 block, 0-based.
ROOM_ORIGINS: tuple[tuple[str, int, int], ...] = (
    ("North-west", 0, 0),
    ("North-east", 3, 0),
    ("South-west", 0, 3),
    ("South-east", 3, 3),
)
ROOM_SIZE = 3

# Bridges: the only passages between rooms; the two spaces count as adjacent.
BRIDGES: tuple[tuple[str, str, str], ...] = (
    ("north", "C2", "D2"),
    ("south", "C5", "D5"),
    ("west", "A3", "A4"),
    ("east", "F3", "F4"),
)

# Samurai colours in the order the Samurai board lists them, with start spaces.
SAMURAI_STARTS: tuple[tuple[str, str], ...] = (
    ("green", "B2"),
    ("purple", "E2"),
    ("red", "B5"),
    ("blue", "E5"),
)

GONG_LAST_SPACE = 12
GONG_BAG_ICONS = frozenset({2, 4, 6, 8, 10, 12})

SPIRIT_TOKENS = 3
ROUNDS = 4
GORYO_MOVE_CUBES = 4  # a plan covers the start plus four steps
SAMURAI_ACTION_CUBES = 6
MAX_SAMURAI_CALLED = 3
ACTIONS_PER_SAMURAI = 3
ACTIONS_PER_SAMURAI_ADVANCED = 2
MOVES_PER_SAMURAI = 2
SEARCHES_PER_SAMURAI = 1
SNIFFS_PER_SAMURAI = 1
