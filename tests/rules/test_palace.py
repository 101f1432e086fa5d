"""The palace as data: spec section 1, checked against an independent copy of the board."""

import itertools

import pytest

from rules import NEIGHBOURS, OBJECT_AT, OBJECT_SPACES, OBJECT_TYPES, SPACES, SPACES_OF_TYPE, are_adjacent, space_name
from rules.palace import CENTRES, DISTANCES, ROOM_OF, bridge_name, nearest_bridge, not_adjacent_reason, object_on
from tests.rules.spec_board import SPEC_BRIDGES, coordinates, room, spec_adjacent, spec_layout

from .builders import sq


def test_36_spaces_named_a1_to_f6_in_reading_order():
    assert len(SPACES) == 36
    assert [space_name(s) for s in SPACES] == [f"{c}{r}" for r in range(1, 7) for c in "ABCDEF"]


def test_every_space_holds_the_object_in_the_spec_picture():
    layout = spec_layout()
    for s in SPACES:
        expected = layout[space_name(s)]
        assert (None if OBJECT_AT[s] is None else OBJECT_AT[s].value) == expected, space_name(s)


def test_the_four_centres_are_b2_e2_b5_e5_and_hold_nothing():
    assert {space_name(s) for s in CENTRES} == {"B2", "E2", "B5", "E5"}
    assert all(OBJECT_AT[s] is None for s in CENTRES)


def test_object_on_names_the_object_of_a_space_and_refuses_a_centre():
    layout = spec_layout()
    assert [object_on(s).value for s in OBJECT_SPACES] == [layout[space_name(s)] for s in OBJECT_SPACES]
    for centre in CENTRES:
        with pytest.raises(ValueError, match=f"{space_name(centre)} is a room's centre"):
            object_on(centre)


def test_32_object_spaces_4_of_each_of_the_8_types():
    assert len(OBJECT_TYPES) == 8
    assert {t.value for t in OBJECT_TYPES} == {"Helmet", "Lantern", "Mask", "Scroll", "Urn", "Flower", "Fan", "Mirror"}
    assert len(OBJECT_SPACES) == 32
    assert set(OBJECT_SPACES) == set(SPACES) - CENTRES
    for t in OBJECT_TYPES:
        assert len(SPACES_OF_TYPE[t]) == 4
        assert all(OBJECT_AT[s] is t for s in SPACES_OF_TYPE[t])


@pytest.mark.parametrize("corner", ["A1", "D1", "A4", "D4"])
def test_each_room_holds_each_type_exactly_once(corner):
    col, row = coordinates(corner)
    names = [f"{'ABCDEF'[col + dc]}{row + dr + 1}" for dc in range(3) for dr in range(3)]
    objects = [OBJECT_AT[sq(n)] for n in names]
    assert objects.count(None) == 1
    assert sorted(o.value for o in objects if o is not None) == sorted(t.value for t in OBJECT_TYPES)


def test_adjacency_is_orthogonal_within_rooms_plus_the_four_bridges_only():
    for a, b in itertools.product(SPACES, repeat=2):
        assert are_adjacent(a, b) == spec_adjacent(space_name(a), space_name(b)), (space_name(a), space_name(b))


def test_neighbour_lists_agree_with_are_adjacent_and_are_symmetric():
    for a in SPACES:
        assert set(NEIGHBOURS[a]) == {b for b in SPACES if are_adjacent(a, b)}
        assert a not in NEIGHBOURS[a]
        for b in NEIGHBOURS[a]:
            assert a in NEIGHBOURS[b]


@pytest.mark.parametrize("a, b", sorted(SPEC_BRIDGES))
def test_bridges_join_rooms(a, b):
    assert are_adjacent(sq(a), sq(b)) and are_adjacent(sq(b), sq(a))
    assert room(a) != room(b)


@pytest.mark.parametrize(
    "a, b",
    [
        ("C1", "D1"), ("C3", "D3"), ("B3", "B4"), ("C3", "C4"), ("D3", "D4"), ("E3", "E4"),
        ("C6", "D6"), ("C4", "D4"), ("A1", "B2"), ("B2", "C3"), ("C2", "D1"), ("A3", "B4"), ("A1", "A3"),
    ],
)
def test_walls_and_diagonals_are_not_adjacent(a, b):
    assert not are_adjacent(sq(a), sq(b))
    assert not are_adjacent(sq(b), sq(a))


def test_bridge_spaces_have_one_neighbour_in_the_other_room_and_others_none():
    crossings = {space_name(a): [space_name(b) for b in NEIGHBOURS[a] if room(space_name(b)) != room(space_name(a))]
                 for a in SPACES}
    expected = {name: [] for name in crossings}
    for a, b in SPEC_BRIDGES:
        expected[a], expected[b] = [b], [a]
    assert crossings == expected


def test_centres_touch_the_four_middle_edges_of_their_room():
    assert sorted(space_name(n) for n in NEIGHBOURS[sq("B2")]) == ["A2", "B1", "B3", "C2"]
    assert sorted(space_name(n) for n in NEIGHBOURS[sq("E5")]) == ["D5", "E4", "E6", "F5"]


# --- why two spaces are not adjacent (issue 9, item 5) -----------------------------


def test_a_wall_between_touching_spaces_is_named_with_the_nearest_bridge():
    assert not_adjacent_reason(sq("B4"), sq("B3")) == (
        "A wall separates B4 from B3: change rooms only across a bridge (the nearest is A3–A4)."
    )


@pytest.mark.parametrize(
    "origin, destination, bridge",
    [
        ("B4", "B3", "A3–A4"),  # the west bridge is one step away, the south one two
        ("C4", "C3", "A3–A4"),  # two steps to either bridge out of the room; only the west one leads to C3's room
        ("C3", "D3", "C2–D2"),
        ("D3", "C3", "C2–D2"),
        ("F4", "F3", "F3–F4"),  # standing on the bridge's end: it is still the way
        ("D6", "C6", "C5–D5"),
        ("E3", "E4", "F3–F4"),
    ],
)
def test_the_nearest_bridge_is_the_one_on_the_shortest_walk_there(origin, destination, bridge):
    assert bridge_name(nearest_bridge(sq(origin), sq(destination))) == bridge


def test_nearest_bridge_breaks_a_tie_in_walk_length_by_the_fewer_steps_to_reach_it():
    # B2 to E5 is 8 steps by either bridge out of the north-west room; C2 is 1 step away, A3 is 2.
    assert DISTANCES[sq("B2")][sq("E5")] == 8
    assert bridge_name(nearest_bridge(sq("B2"), sq("E5"))) == "C2–D2"
    assert bridge_name(nearest_bridge(sq("A2"), sq("E5"))) == "A3–A4"  # and from A2, A3 is the nearer one


def test_every_non_adjacent_pair_has_exactly_one_kind_of_reason():
    for a, b in itertools.product(SPACES, SPACES):
        reason = not_adjacent_reason(a, b)
        if are_adjacent(a, b):
            assert reason is None
        elif a == b:
            assert reason.startswith(f"{space_name(a)} and {space_name(a)} are the same space")
        elif spec_adjacent_ignoring_walls(space_name(a), space_name(b)):
            assert reason.startswith(f"A wall separates {space_name(a)} from {space_name(b)}")
            bridge = nearest_bridge(a, b)
            assert ROOM_OF[a] in (ROOM_OF[bridge[1]], ROOM_OF[bridge[2]]), "a bridge out of the mover's room"
        else:
            assert reason.startswith(f"{space_name(a)} and {space_name(b)} are not adjacent")


def spec_adjacent_ignoring_walls(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = coordinates(a), coordinates(b)
    return abs(ca - cb) + abs(ra - rb) == 1
