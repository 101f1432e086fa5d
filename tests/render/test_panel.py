"""The actions panel shows whose turn is over, as the rules decide it (issue 9, item 4)."""

from __future__ import annotations

import rules
from render.panel import Slot, slots_of, turn_over
from rules import Phase, Samurai
from rules.playout import random_match
from rules.samurai_turn import call_refusal

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
