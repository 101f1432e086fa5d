"""The channel's Discovery narration says why each token is drawn (issue 9, item 6)."""

from bot.text.narration import DRAW_CAUSES, narrate
from rules import Sniff
from rules.events import BagEmpty, DrawCause, TokenDrawn
from tests.rules.builders import FAN, GREEN, HELMET, PURPLE, SCROLL, URN, discover, place, plan, play, sq, started


def test_a_gong_draw_and_a_capture_draw_are_each_explained():
    state = started(bound=URN, first=HELMET, start="A1", bag=(FAN, SCROLL))
    state, _ = play(state, plan("A1 B1 C1 C2 C3"))
    _, events = discover(place(state, green="A1", purple="C1", red="C3"),
                         Sniff(GREEN, sq("B1")), Sniff(PURPLE, sq("C2")))
    draws = [e for e in events if isinstance(e, TokenDrawn)]
    assert [(e.object_type, e.cause) for e in draws] == [(FAN, DrawCause.BAG_ICON), (SCROLL, DrawCause.SPIRIT_CAPTURED)]
    lines = narrate(events).splitlines()
    fan = next(line for line in lines if "Fan token is drawn" in line)
    scroll = next(line for line in lines if "Scroll token is drawn" in line)
    assert fan.startswith("The mallet reached a bag icon:") and "every intact Fan is sealed" in fan
    assert scroll.startswith("Her spirit was captured:") and "every intact Scroll is sealed" in scroll


def test_an_empty_bag_says_which_draw_was_missed():
    assert narrate([BagEmpty(DrawCause.SPIRIT_CAPTURED)]) == (
        "Her spirit was captured: a token should be drawn, but the bag is empty."
    )
    assert narrate([BagEmpty(DrawCause.BAG_ICON)]).startswith("The mallet reached a bag icon:")


def test_every_draw_cause_has_words():
    assert set(DRAW_CAUSES) == set(DrawCause)
