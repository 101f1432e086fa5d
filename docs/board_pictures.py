"""Regenerate docs/board-desktop.png and docs/board-phone.png: the mid-game public board as Discord's
desktop client shows it (within an embed image's 400×300 box) and as a 360-px phone shows it (328 px wide).

    python docs/board_pictures.py

Both are shrunk the way a client does (area averaging), so docs/playing.md shows at their real size
the words a player reads.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import render
from tests.render import scenes

PHONE_WIDTH = 328
DESKTOP_BOX = (400, 300)  # render.geometry.DESKTOP_BOX
HERE = Path(__file__).parent


def main() -> None:
    png = render.public_board(scenes.public(scenes.mid_samurai_turn()))
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    scale = min(DESKTOP_BOX[0] / picture.width, DESKTOP_BOX[1] / picture.height)
    desktop = picture.resize((round(picture.width * scale), round(picture.height * scale)), Image.Resampling.BOX)
    desktop.save(HERE / "board-desktop.png", optimize=True)
    phone = picture.resize((PHONE_WIDTH, round(picture.height * PHONE_WIDTH / picture.width)), Image.Resampling.BOX)
    phone.save(HERE / "board-phone.png", optimize=True)
    print("wrote docs/board-desktop.png and docs/board-phone.png")


if __name__ == "__main__":
    main()
