"""The golden pictures: name → PNG bytes, rendered from the scripted scenes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import render
import rules

from . import aid_scenes, scenes

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
    # The deduction aid (issue 12): many paths still open, then a single one left.
    "aid_many_paths_public": lambda: render.public_board(aid_scenes.early(), aid_scenes.aid_for(aid_scenes.early())),
    "aid_single_path_public": lambda: render.public_board(aid_scenes.late(), aid_scenes.aid_for(aid_scenes.late())),
    # Italian (issue 14): the public board and the discovery, words drawn in the language asked for.
    "mid_samurai_turn_public_it": lambda: render.public_board(scenes.public(scenes.mid_samurai_turn()), language="it"),
    "discovery_sprint_false_trail_it": lambda: render.discovery_board(
        scenes.public(scenes.discovery_with_sprint_and_false_trail()), language="it"
    ),
}


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.png"
