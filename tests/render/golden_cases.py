"""The golden pictures: name → PNG bytes, rendered from the scripted scenes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import render
import rules

from . import scenes

GOLDEN_DIR = Path(__file__).parent / "golden"

CASES: dict[str, Callable[[], bytes]] = {
    "setup_done_public": lambda: render.public_board(scenes.public(scenes.setup_done())),
    "mid_samurai_turn_public": lambda: render.public_board(scenes.public(scenes.mid_samurai_turn())),
    "mid_samurai_turn_goryo": lambda: render.goryo_board(rules.goryo_view(scenes.mid_samurai_turn())),
    "preview_sprint_false_trail_goryo": lambda: render.goryo_board(scenes.preview()),
    "discovery_sprint_false_trail": lambda: render.discovery_board(
        scenes.public(scenes.discovery_with_sprint_and_false_trail())
    ),
    "final_resigned": lambda: render.final_board(scenes.public(scenes.final())),
}


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.png"
