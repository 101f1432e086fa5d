"""Regenerate render/assets/palette.bin, the one palette every board picture is encoded with.

    python -m tests.render.regen_palette

Quantising each picture to its own palette took a third of a board's drawing time (issue 24);
mapping to a fixed one takes a few per cent of it. The palette is median cut over the golden
scenes in every language, drawn unencoded, so it holds the palace, every piece, the aid's shading
and the caption's words. Run it after a change to the drawing's colours, then regen_golden.
"""

from __future__ import annotations

from PIL import Image

import rules
from locales import LANGUAGES, speaking
from render import images
from render.board import PALETTE_FILE

from . import aid_scenes, scenes


def pictures() -> list[Image.Image]:
    drawn = []
    for language in LANGUAGES:
        with speaking(language):
            drawn += [
                images.public_picture(scenes.public(scenes.setup_done())),
                images.public_picture(scenes.public(scenes.mid_samurai_turn())),
                images.goryo_picture(rules.goryo_view(scenes.mid_samurai_turn())),
                images.goryo_picture(scenes.preview()),
                images.discovery_picture(scenes.public(scenes.discovery_with_sprint_and_false_trail())),
                images.final_picture(scenes.public(scenes.final())),
                images.public_picture(aid_scenes.early(), aid_scenes.aid_for(aid_scenes.early())),
                images.public_picture(aid_scenes.late(), aid_scenes.aid_for(aid_scenes.late())),
            ]
    return [picture.convert("RGB") for picture in drawn]


def main() -> None:
    drawn = pictures()
    width, height = drawn[0].size
    montage = Image.new("RGB", (width, height * len(drawn)))
    for row, picture in enumerate(drawn):
        montage.paste(picture, (0, row * height))
    palette = montage.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).getpalette()
    data = bytes(palette[:768]).ljust(768, b"\0")
    changed = not PALETTE_FILE.exists() or PALETTE_FILE.read_bytes() != data
    PALETTE_FILE.write_bytes(data)
    print(f"{'rewrote' if changed else 'same   '} {PALETTE_FILE}")


if __name__ == "__main__":
    main()
