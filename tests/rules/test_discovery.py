"""The Discovery turn, step by step in the order of ruling 7."""

import dataclasses

import rules
from rules import Move, Phase, Search, Sniff, TileState
from rules.discovery import bag_icons_between
from rules.events import (
    BagEmpty,
    DrawCause,
    FalseTrailDiscarded,
    ObjectBroken,
    PathRevealed,
    PawPrintsCounted,
    RoundEnded,
    RoundStarted,
    SamuraiTurnEnded,
    SpiritCaptured,
    SprintDiscarded,
    TokenDrawn,
)
from rules.state import PawPrint, Reveal

from .builders import (
    FAN,
    GREEN,
    HELMET,
    LANTERN,
    MIRROR,
    PURPLE,
    RED,
    SCROLL,
    URN,
    discover,
    kinds,
    place,
    plan,
    play,
    sq,
    started,
)


def squares(names):
    return tuple(sq(n) for n in names.split())


def test_a_full_discovery_happens_in_the_rulings_order():
    """Sprint to D3 with a False Trail on E1; two true prints, one on the trail, purple on the target."""
    state = started(bound=URN, first=HELMET, start="A1", bag=(LANTERN, SCROLL))
    state = dataclasses.replace(state, mallet=1)
    path = "A1 B1 C1 C2 D2 D3"
    state, _ = play(state, plan(path, "E1"))
    state, events = discover(
        state,
        Sniff(GREEN, sq("B1")), Move(GREEN, sq("C2")), Search(GREEN),
        Sniff(PURPLE, sq("E1")), Move(PURPLE, sq("E3")), Move(PURPLE, sq("D3")),
    )
    assert events == [
        SamuraiTurnEnded(6),
        PathRevealed(squares(path), sq("E1"), True),
        ObjectBroken(sq("D3"), LANTERN, True),
        PawPrintsCounted(green=2, discarded_on_false_trail=1, mallet_from=1, mallet_to=3, bag_icons_reached=1),
        SpiritCaptured((PURPLE,), 1, 1),
        TokenDrawn(LANTERN, squares("B1 A5 F5"), DrawCause.BAG_ICON),  # D3 is broken, so not sealed
        TokenDrawn(SCROLL, squares("E1 A2 D4 C5"), DrawCause.SPIRIT_CAPTURED),
        SprintDiscarded(),
        FalseTrailDiscarded(sq("E1")),
        RoundEnded(1),
        RoundStarted(2),
    ]
    assert state.round == 2 and state.phase is Phase.GORYO_TURN
    assert state.goryo_space == sq("D3") and state.broken == squares("A1 D3")
    assert state.mallet == 3 and state.spirits == 1
    assert state.drawn == (LANTERN, SCROLL) and len(state.bag) == 4
    assert state.tile(LANTERN) is TileState.SEALED and state.tile(SCROLL) is TileState.SEALED
    assert state.sealed_spaces == frozenset(squares("B1 A5 F5 E1 A2 D4 C5"))
    assert not state.sprint_available and not state.false_trail_available
    assert state.plan is None and state.calls == () and state.paw_prints == ()
    assert state.last_reveal == Reveal(
        1, squares(path), sq("E1"),
        (PawPrint(sq("B1"), True), PawPrint(sq("C2"), True), PawPrint(sq("E1"), True)),
    )
    assert state.samurai_space(PURPLE) == sq("D3")  # pawns stay where the turn left them


def at_a1(**kwargs):
    return started(bound=URN, first=HELMET, start="A1", **kwargs)


def test_breaking_a_type_already_broken_does_not_flip_its_tile():
    state = dataclasses.replace(at_a1(), broken=squares("A1 D2"))  # a Mirror is already broken
    state, events = discover(play(state, plan("A1 B1 C1 C2 C3"))[0])
    assert ObjectBroken(sq("C3"), MIRROR, False) in events
    assert state.tile(MIRROR) is TileState.BROKEN


def test_breaking_an_intact_type_flips_its_tile_and_moves_her_pawn():
    state, events = discover(play(at_a1(), plan("A1 B1 C1 C2 C3"))[0])
    assert ObjectBroken(sq("C3"), MIRROR, True) in events
    assert state.tile(MIRROR) is TileState.BROKEN and state.goryo_space == sq("C3")


def test_red_prints_do_not_move_the_mallet():
    state, _ = play(at_a1(), plan("A1 B1 C1 C2 C3"))
    state, events = discover(state, Search(GREEN), Sniff(GREEN, sq("A2")))
    assert [p.green for p in state.last_reveal.paw_prints] == [False, False]
    assert PawPrintsCounted(0, 0, 0, 0, 0) in events and state.mallet == 0


def test_each_bag_icon_reached_draws_one_token():
    state, _ = play(at_a1(bag=(FAN, SCROLL, LANTERN)), plan("A1 B1 C1 C2 C3"))
    state = place(state, green="A1", purple="C1", red="C3")
    state, events = discover(state, Sniff(GREEN, sq("B1")), Search(PURPLE), Sniff(PURPLE, sq("C2")), Search(RED))
    assert PawPrintsCounted(4, 0, 0, 4, 2) in events  # icons on 2 and 4
    assert [e.object_type for e in events if isinstance(e, TokenDrawn)][:2] == [FAN, SCROLL]
    # red on the target captured once too: a third draw
    assert SpiritCaptured((RED,), 1, 1) in events
    assert [(e.object_type, e.cause) for e in events if isinstance(e, TokenDrawn)] == [
        (FAN, DrawCause.BAG_ICON), (SCROLL, DrawCause.BAG_ICON), (LANTERN, DrawCause.SPIRIT_CAPTURED),
    ]


def test_the_mallet_stops_at_12():
    state, _ = play(dataclasses.replace(at_a1(), mallet=11), plan("A1 B1 C1 C2 C3"))
    state = place(state, purple="C1")
    state, events = discover(state, Sniff(GREEN, sq("B1")), Search(PURPLE), Sniff(PURPLE, sq("C2")))
    assert PawPrintsCounted(3, 0, 11, 12, 1) in events and state.mallet == 12


def test_a_mallet_already_on_12_reaches_no_icon():
    state, _ = play(dataclasses.replace(at_a1(), mallet=12), plan("A1 B1 C1 C2 C3"))
    state, events = discover(state, Sniff(GREEN, sq("B1")))
    assert PawPrintsCounted(1, 0, 12, 12, 0) in events
    assert not any(isinstance(e, TokenDrawn) for e in events)


def test_bag_icons_are_the_even_gong_spaces():
    assert [bag_icons_between(0, n) for n in range(13)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    assert bag_icons_between(1, 2) == 1 and bag_icons_between(2, 3) == 0 and bag_icons_between(3, 8) == 3


def test_a_spirit_flipped_draws_a_token_even_with_no_icon():
    state, _ = play(at_a1(bag=(FAN,)), plan("A1 B1 C1 C2 C3"))
    state, events = discover(place(state, blue="C3"))
    assert kinds(events)[3:6] == ["PawPrintsCounted", "SpiritCaptured", "TokenDrawn"]
    assert events[5] == TokenDrawn(FAN, squares("F1 B3 A4 E6"), DrawCause.SPIRIT_CAPTURED)


def test_a_samurai_elsewhere_captures_nothing():
    state, _ = play(at_a1(), plan("A1 B1 C1 C2 C3"))
    state, events = discover(place(state, green="A1", purple="C2"))  # her start and her path do not count
    assert not any(isinstance(e, SpiritCaptured) for e in events) and state.spirits == 0


def test_drawing_from_an_empty_bag_does_nothing():
    state, _ = play(dataclasses.replace(at_a1(), bag=(), mallet=1), plan("A1 B1 C1 C2 C3"))
    state, events = discover(place(state, red="C3"), Sniff(GREEN, sq("B1")))
    assert ([e for e in events if isinstance(e, BagEmpty)]
            == [BagEmpty(DrawCause.BAG_ICON), BagEmpty(DrawCause.SPIRIT_CAPTURED)])
    assert state.drawn == () and state.round == 2 and not state.is_over


def test_the_false_trail_is_kept_if_its_space_was_not_investigated():
    state, _ = play(at_a1(), plan("A1 B1 C1 C2 C3", "E1"))
    state, events = discover(state, Sniff(GREEN, sq("B1")))
    assert not any(isinstance(e, FalseTrailDiscarded) for e in events)
    assert state.false_trail_available
    assert rules.refusal(state, plan("C3 B3 A3 A4 B4", "F6")) is None  # used again next round


def test_the_false_trail_is_discarded_once_its_space_is_investigated():
    state, _ = play(at_a1(), plan("A1 B1 C1 C2 C3", "E1"))
    state, events = discover(place(state, purple="E1"), Search(PURPLE))
    assert FalseTrailDiscarded(sq("E1")) in events and not state.false_trail_available
    assert PawPrintsCounted(0, 1, 0, 0, 0) in events
    assert "False Trail is spent" in rules.refusal(state, plan("C3 B3 A3 A4 B4", "F6"))


def test_the_sprint_is_discarded_after_its_round_and_kept_otherwise():
    kept, events = discover(play(at_a1(), plan("A1 B1 C1 C2 C3"))[0])
    assert kept.sprint_available and SprintDiscarded() not in events
    spent, events = discover(play(at_a1(), plan("A1 B1 C1 C2 D2 D3"))[0])
    assert not spent.sprint_available and SprintDiscarded() in events
    assert "Sprint is spent" in rules.refusal(spent, plan("D3 E3 F3 F4 F5 E5"))
    assert rules.refusal(spent, plan("D3 E3 F3 F4 F5")) is None


def test_the_plan_stays_secret_while_the_sprint_is_unspent():
    state, _ = play(at_a1(), plan("A1 B1 C1 C2 D2 D3"))
    assert rules.public_view(state).sprint_available  # not announced until the discovery
