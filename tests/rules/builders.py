"""Building exact positions for rule tests: a setup like new_game's, then replace().

Tests name the bound object, the first type and the bag's order instead of
hunting for seeds, so every scenario reads like the rulebook's examples.
"""

from __future__ import annotations

import dataclasses

import rules
from rules import (
    OBJECT_TYPES,
    SPACES,
    ChooseStart,
    EndSamuraiTurn,
    GameState,
    Move,
    ObjectType,
    Plan,
    Samurai,
    Search,
    Sniff,
    parse_plan,
    parse_space,
)
from rules.events import Event
from rules.state import SAMURAI_ORDER

HELMET, LANTERN, MASK, SCROLL, URN, FLOWER, FAN, MIRROR = OBJECT_TYPES
GREEN, PURPLE, RED, BLUE = SAMURAI_ORDER


def sq(name: str) -> rules.Space:
    return parse_space(name)


def fresh(bound: ObjectType, first: ObjectType, bag: tuple[ObjectType, ...] = (), *,
          advanced: bool = False) -> GameState:
    """A match just set up, as new_game would leave it; ``bag`` gives the order of the first draws."""
    rest = [t for t in OBJECT_TYPES if t not in (bound, first, *bag)]
    return GameState(advanced=advanced, bound=bound, first_type=first, bag=(*bag, *rest))


def started(
    bound: ObjectType, first: ObjectType, start: str, bag: tuple[ObjectType, ...] = (), *, advanced: bool = False
) -> GameState:
    """Round 1, the Goryō to plan, after she broke ``start`` (a space of ``first``)."""
    return rules.apply(fresh(bound, first, bag, advanced=advanced), ChooseStart(sq(start))).state


def place(state: GameState, **where: str) -> GameState:
    """Put Samurai on spaces: ``place(s, green="C2", red="A5")``."""
    spaces = list(state.samurai_spaces)
    for colour, name in where.items():
        spaces[SAMURAI_ORDER.index(Samurai(colour))] = sq(name)
    return dataclasses.replace(state, samurai_spaces=tuple(spaces))


def seal(state: GameState, *types: ObjectType) -> GameState:
    """Draw these types from the bag (in this order), as past discoveries would have."""
    bag = tuple(t for t in state.bag if t not in types)
    assert len(bag) == len(state.bag) - len(types), "only tokens still in the bag can be drawn"
    return dataclasses.replace(state, bag=bag, drawn=state.drawn + types)


def plan(path: str, false_trail: str | None = None) -> Plan:
    return Plan(parse_plan(path), None if false_trail is None else sq(false_trail))


def play(state: GameState, *actions: rules.Action) -> tuple[GameState, list[Event]]:
    """Apply legal actions in turn; return the final state and every event."""
    events: list[Event] = []
    for action in actions:
        state, step_events = rules.apply(state, action)
        events.extend(step_events)
    return state, events


def discover(state: GameState, *actions: rules.Action) -> tuple[GameState, list[Event]]:
    """Apply the Samurai's actions, then end their turn; events from the end only."""
    state, _ = play(state, *actions)
    return play(state, EndSamuraiTurn())


def kinds(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def every_samurai_action():
    for samurai in rules.Samurai:
        yield Search(samurai)
        for s in SPACES:
            yield Move(samurai, s)
            yield Sniff(samurai, s)
