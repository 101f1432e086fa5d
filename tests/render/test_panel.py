"""The side panel: whose turn is over, as the rules decide it (issue 9, item 4), and which garden
types could still be her bound object (issue 12)."""

from __future__ import annotations

import io

from PIL import Image

import render
import rules
from render import geometry as g
from render.panel import LEFT, SUSPECT_MARK, TILE, TILE_GAP, Slot, slots_of, turn_over
from rules import Phase, Samurai
from rules.playout import random_match
from rules.samurai_turn import call_refusal
from rules.views import possible_bound

from . import scenes


def test_turn_over_agrees_with_the_rules_in_every_state_of_random_matches():
    checked = 0
    for seed in range(6):
        for _, state in random_match(seed, advanced=seed % 2 == 1):
            view = rules.public_view(state)
            for samurai in Samurai:
                can_act = state.phase is Phase.SAMURAI_TURN and call_refusal(state, samurai) is None
                over = state.phase is Phase.SAMURAI_TURN and not can_act
                assert turn_over(view, samurai) == over, (seed, samurai, state.calls)
                checked += over
    assert checked > 0, "some Samurai's turn was over in these matches"


def test_once_purple_is_called_green_is_shown_with_his_unused_spaces_closed():
    view = scenes.public(scenes.mid_samurai_turn())  # green moved and sniffed, then purple was called
    assert turn_over(view, Samurai.GREEN) and not turn_over(view, Samurai.PURPLE)
    assert slots_of(view, Samurai.GREEN) == (Slot.USED, Slot.CLOSED, Slot.CLOSED, Slot.USED)
    assert slots_of(view, Samurai.PURPLE) == (Slot.OPEN, Slot.OPEN, Slot.USED, Slot.USED)
    assert slots_of(view, Samurai.RED) == (Slot.OPEN,) * 4


def test_a_samurai_who_used_all_his_actions_is_over_too_and_a_fourth_cannot_be_called():
    state = scenes.play(
        scenes.setup_done(), scenes.plan("C3 C2 D2 D1 E1"),
        rules.Move(Samurai.GREEN, rules.parse_space("B1")), rules.Move(Samurai.GREEN, rules.parse_space("A1")),
        rules.Search(Samurai.GREEN),
    )
    view = rules.public_view(state)
    assert turn_over(view, Samurai.GREEN) and slots_of(view, Samurai.GREEN)[3] is Slot.CLOSED
    state = scenes.play(state, rules.Search(Samurai.PURPLE), rules.Search(Samurai.RED))
    view = rules.public_view(state)
    assert turn_over(view, Samurai.BLUE), "three Samurai called: the fourth cannot be"
    assert slots_of(view, Samurai.BLUE) == (Slot.CLOSED,) * 4
    assert not turn_over(view, Samurai.RED)


def gold_pixels(image, box) -> int:
    return sum(1 for r, g, b in image.crop(box).get_flattened_data() if abs(r - 233) + abs(g - 185) + abs(b - 73) < 40)


def test_the_garden_marks_with_a_gold_question_badge_exactly_the_types_that_could_be_bound():
    def badges(view):
        image = Image.open(io.BytesIO(render.public_board(view))).convert("RGB")
        found = []
        for index, (object_type, _) in enumerate(view.tiles):
            x = LEFT + (index % 4) * (TILE + TILE_GAP) + TILE - SUSPECT_MARK + 8
            y = g.TILES_TOP + (index // 4) * g.TILE_ROW - 8
            if gold_pixels(image, (x, y, x + SUSPECT_MARK, y + SUSPECT_MARK)) > SUSPECT_MARK ** 2 // 4:
                found.append(object_type)
        return tuple(found)

    view = scenes.public(scenes.round_two())
    assert 0 < len(possible_bound(view)) < len(view.tiles)
    assert badges(view) == possible_bound(view)
    assert badges(scenes.public(scenes.final())) == (), "once her bound object is shown, no type is a suspect"
