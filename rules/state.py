"""The full state of a match, hidden parts included, and questions about it.

The state is immutable; ``rules.game.apply`` returns a new one. Hidden
information (the bound object, the bag's order, the current plan) lives only
here and in the Goryō's view, never in the public view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from . import layout
from .actions import Plan
from .palace import OBJECT_AT, OBJECT_TYPES, SPACES_OF_TYPE, ObjectType, Space
from .pieces import SAMURAI_START, Outcome, Phase, Samurai, Side, TileState

SAMURAI_ORDER: tuple[Samurai, ...] = tuple(Samurai)


@dataclass(frozen=True, slots=True)
class SamuraiCall:
    """One Samurai called this turn and the action cubes placed for him."""

    samurai: Samurai
    moves: int = 0
    searches: int = 0
    sniffs: int = 0

    @property
    def actions(self) -> int:
        return self.moves + self.searches + self.sniffs


@dataclass(frozen=True, slots=True)
class MoveMade:
    """A move of this turn that may still be taken back: who moved, from where, and the calls before it."""

    samurai: Samurai
    origin: Space
    calls_before: tuple[SamuraiCall, ...]


@dataclass(frozen=True, slots=True)
class PawPrint:
    space: Space
    green: bool  # the answer was yes


@dataclass(frozen=True, slots=True)
class Reveal:
    """A discovered round, public from its discovery on."""

    round: int
    path: tuple[Space, ...]
    false_trail: Space | None
    paw_prints: tuple[PawPrint, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    advanced: bool
    bound: ObjectType  # hidden until the end
    bag: tuple[ObjectType, ...]  # hidden order; drawn from the front
    first_type: ObjectType
    phase: Phase = Phase.SETUP
    round: int = 0  # 0 during setup, then 1..4
    goryo_space: Space | None = None
    samurai_spaces: tuple[Space, ...] = tuple(SAMURAI_START[s] for s in SAMURAI_ORDER)
    broken: tuple[Space, ...] = ()  # in the order they were broken
    drawn: tuple[ObjectType, ...] = ()  # sealed tokens, in draw order
    mallet: int = 0
    spirits: int = 0
    sprint_available: bool = True
    false_trail_available: bool = True
    plan: Plan | None = None  # hidden until its discovery
    calls: tuple[SamuraiCall, ...] = ()
    paw_prints: tuple[PawPrint, ...] = ()
    last_reveal: Reveal | None = None
    outcome: Outcome | None = field(default=None)
    # The turn's moves since its start or its last investigation, oldest first: all that ``Undo`` needs.
    takeable: tuple[MoveMade, ...] = ()

    # --- whose turn -------------------------------------------------------

    @property
    def to_move(self) -> Side | None:
        if self.phase in (Phase.SETUP, Phase.GORYO_TURN):
            return Side.GORYO
        if self.phase is Phase.SAMURAI_TURN:
            return Side.SAMURAI
        return None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    # --- the palace -------------------------------------------------------

    def samurai_space(self, samurai: Samurai) -> Space:
        return self.samurai_spaces[SAMURAI_ORDER.index(samurai)]

    def samurai_on(self, space: Space) -> tuple[Samurai, ...]:
        return tuple(s for s, at in zip(SAMURAI_ORDER, self.samurai_spaces, strict=True) if at == space)

    def tile(self, object_type: ObjectType) -> TileState:
        if object_type in self.drawn:
            return TileState.SEALED
        if object_type is self.first_type or any(OBJECT_AT[s] is object_type for s in self.broken):
            return TileState.BROKEN
        return TileState.INTACT

    @property
    def face_down_types(self) -> set[ObjectType | None]:  # None never stays: a hand-built state may break a centre
        """The types whose tile is broken side up (sealed or broken), in one pass rather than a ``tile`` per type."""
        return {self.first_type, *self.drawn, *(OBJECT_AT[s] for s in self.broken)} - {None}

    @property
    def tiles(self) -> dict[ObjectType, TileState]:
        return {t: self.tile(t) for t in OBJECT_TYPES}

    @property
    def tiles_face_down(self) -> int:
        return len(self.face_down_types)

    @property
    def exorcism_reached(self) -> bool:
        """All but one tile broken side up: the Samurai know the bound object."""
        return self.tiles_face_down >= len(OBJECT_TYPES) - 1

    @property
    def sealed_spaces(self) -> frozenset[Space]:
        broken = set(self.broken)
        return frozenset(s for t in self.drawn for s in SPACES_OF_TYPE[t] if s not in broken)

    # --- this round -------------------------------------------------------

    @property
    def round_start(self) -> Space | None:
        """Where the Goryō began this round: her pawn stays there until the discovery."""
        return self.goryo_space

    @property
    def current_call(self) -> SamuraiCall | None:
        return self.calls[-1] if self.calls else None

    @property
    def actions_used(self) -> int:
        return sum(c.actions for c in self.calls)

    @property
    def actions_per_samurai(self) -> int:
        return layout.ACTIONS_PER_SAMURAI_ADVANCED if self.advanced else layout.ACTIONS_PER_SAMURAI

    def investigated(self, space: Space) -> bool:
        return any(p.space == space for p in self.paw_prints)


def _evolver() -> Any:
    """``evolve(state, **changes)``: ``dataclasses.replace`` for ``GameState``, about four times faster.

    The engine copies a state on every action, and ``replace`` (a generic loop over the fields, then the frozen
    ``__init__``) was a fifth of a random match's time. This writes the copy out field by field once, setting each
    slot directly, as ``dataclasses`` itself writes ``__init__``; only names of ``GameState``'s own fields enter it.
    """
    names = [f.name for f in fields(GameState)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_GameState": GameState, "_KEEP": object()}
    namespace.update({f"_set_{name}": getattr(GameState, name).__set__ for name in names})
    lines = [f"def evolve(state, *, {', '.join(f'{name}=_KEEP' for name in names)}):",
             "    new = _new(_GameState)"]
    lines += [f"    _set_{name}(new, state.{name} if {name} is _KEEP else {name})" for name in names]
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 - the text is built from the dataclass's field names alone
    return namespace["evolve"]


evolve: Callable[..., GameState] = _evolver()
