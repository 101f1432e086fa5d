"""A tournament's standings as a picture: a title and a table, drawn from words and numbers the caller hands in
(already in the reader's language), so this module knows nothing of tournaments or Discord.

    png = render.standings_table("Autumn cup — round 2 of 3", ["#", "Player", "Points", …], rows)
"""

from __future__ import annotations

from io import BytesIO
from typing import Final

from PIL import Image, ImageDraw

from .theme import GOLD, NIGHT, NIGHT_LIGHT, PANEL_EDGE, TEXT, TEXT_DIM, fitting_font, font

PAD: Final = 24
ROW: Final = 34
NAME_WIDTH: Final = 260
NUMBER_WIDTH: Final = 104
MAX_ROWS: Final = 60  # beyond this the picture would be too tall to read; the text table has them all


def standings_table(title: str, headers: list[str], rows: list[list[str]]) -> bytes:
    """``headers`` and each row: rank, name, then numbers. The leader's row is gold; every other row alternates."""
    shown = rows[:MAX_ROWS]
    widths = [56, NAME_WIDTH] + [NUMBER_WIDTH] * (len(headers) - 2)
    width = PAD * 2 + sum(widths)
    height = PAD * 2 + 44 + ROW * (len(shown) + 1) + (ROW if len(rows) > len(shown) else 0)
    image = Image.new("RGB", (width, height), NIGHT)
    pen = ImageDraw.Draw(image)
    pen.text((PAD, PAD), title, font=fitting_font(title, width - 2 * PAD, 24, bold=True), fill=GOLD)
    top = PAD + 44
    for number, cells in enumerate([headers, *shown]):
        y = top + number * ROW
        if number % 2 == 0 and number > 0:
            pen.rectangle((PAD, y, width - PAD, y + ROW), fill=NIGHT_LIGHT)
        colour = TEXT_DIM if number == 0 else GOLD if number == 1 else TEXT
        x = PAD
        for column, (cell, cell_width) in enumerate(zip(cells, widths, strict=False)):
            face = fitting_font(cell, cell_width - 14, 18, bold=number == 0) if column == 1 or number == 0 else font(18)
            left = x + 6 if column <= 1 else x + cell_width - 6 - pen.textlength(cell, font=face)
            pen.text((left, y + 7), cell, font=face, fill=colour)
            x += cell_width
        if number == 0:
            pen.line((PAD, y + ROW - 1, width - PAD, y + ROW - 1), fill=PANEL_EDGE, width=2)
    if len(rows) > len(shown):
        pen.text((PAD + 6, top + (len(shown) + 1) * ROW + 7), f"… +{len(rows) - len(shown)}", font=font(18),
                 fill=TEXT_DIM)
    out = BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
