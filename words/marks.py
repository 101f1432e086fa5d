"""What a board picture marks on each space, as plain data: the board as text is written from it (``text_board``),
and a test checks it against the picture drawn from the same view, space by space.

Each function follows the picture of the same name in ``render.images`` (the live public board, the final
board, her own board); the public ones read a ``PublicView`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from rules import SPACES, SPACES_OF_TYPE, GoryoView, ObjectType, PawPrint, Phase, PublicView, Samurai, Space
from rules.state import SAMURAI_ORDER


class Target(Enum):
    """A space marked as a place to go: she may start or strike there, or strike there only with her Sprint."""

    STRIKE = "strike"
    SPRINT = "sprint"


@dataclass(frozen=True, slots=True)
class SpaceMarks:
    """Everything the picture draws on one space besides its name and object.

    ``step``: its place on the drawn path, 1 for her start (the picture's cubes are numbered so).
    """

    samurai: tuple[Samurai, ...] = ()
    goryo: bool = False
    answers: tuple[bool, ...] = ()  # its paw-prints' answers (True: yes), in the order they were made
    broken: bool = False
    sealed: bool = False
    bound: bool = False  # an object of her bound type, ringed
    step: int | None = None
    false_trail: bool = False
    target: Target | None = None

    def __bool__(self) -> bool:
        return self != SpaceMarks()


@dataclass(frozen=True, slots=True)
class BoardMarks:
    """Every space's marks, with the path they draw (start first) and the ``bound`` type, if any is ringed."""

    spaces: tuple[SpaceMarks, ...]
    path: tuple[Space, ...] = ()
    false_trail: Space | None = None
    bound: ObjectType | None = None

    def at(self, space: Space) -> SpaceMarks:
        return self.spaces[space]

    def marked(self) -> list[Space]:
        return [s for s in SPACES if self.spaces[s]]


class _Builder:
    def __init__(self) -> None:
        self.spaces = [SpaceMarks() for _ in SPACES]
        self.path: tuple[Space, ...] = ()
        self.false_trail: Space | None = None
        self.bound: ObjectType | None = None

    def mark(self, space: Space, **changes: Any) -> None:
        self.spaces[space] = replace(self.spaces[space], **changes)

    def pieces(self, view: PublicView, prints: tuple[PawPrint, ...], goryo_at: Space | None) -> None:
        for space in view.broken:
            self.mark(space, broken=True)
        for space in view.sealed:
            self.mark(space, sealed=True)
        for paw in prints:
            self.mark(paw.space, answers=(*self.spaces[paw.space].answers, paw.green))
        if goryo_at is not None:
            self.mark(goryo_at, goryo=True)
        for samurai in SAMURAI_ORDER:
            space = view.samurai_space(samurai)
            self.mark(space, samurai=(*self.spaces[space].samurai, samurai))

    def ring(self, bound: ObjectType) -> None:
        self.bound = bound
        for space in SPACES_OF_TYPE[bound]:
            self.mark(space, bound=True)

    def route(self, path: tuple[Space, ...], false_trail: Space | None) -> None:
        self.path, self.false_trail = path, false_trail
        for number, space in enumerate(path, start=1):  # numbered from her start, as the picture's cubes are
            self.mark(space, step=number)
        if false_trail is not None:
            self.mark(false_trail, false_trail=True)

    def targets(self, spaces: tuple[Space, ...], target: Target) -> None:
        for space in spaces:
            self.mark(space, target=target)

    def done(self) -> BoardMarks:
        return BoardMarks(tuple(self.spaces), self.path, self.false_trail, self.bound)


def live_marks(view: PublicView) -> BoardMarks:
    """The live public board (``render.public_board``): in setup, where she may begin."""
    marks = _Builder()
    if view.phase is Phase.SETUP:
        marks.targets(SPACES_OF_TYPE[view.first_type], Target.STRIKE)
    marks.pieces(view, view.paw_prints, view.goryo_space)
    return marks.done()


def final_marks(view: PublicView) -> BoardMarks:
    """The final board (``render.final_board``): her bound object ringed, and the path whose discovery ended it."""
    marks = _Builder()
    if view.bound is not None:
        marks.ring(view.bound)
    reveal = view.final_reveal
    if reveal is not None:
        marks.route(reveal.path, reveal.false_trail)
        marks.pieces(view, reveal.paw_prints, view.goryo_space)
    else:
        marks.pieces(view, view.paw_prints, view.goryo_space)
    return marks.done()


def public_marks(view: PublicView) -> BoardMarks:
    """The board ``/goryo board`` shows: the live board, or the final one once the match is over."""
    return live_marks(view) if view.outcome is None else final_marks(view)


def goryo_marks(view: GoryoView) -> BoardMarks:
    """Her own board (``render.goryo_board``): where she can strike, her bound object, her path and False Trail."""
    public = view.public
    marks = _Builder()
    if public.phase is Phase.SETUP:
        marks.targets(SPACES_OF_TYPE[public.first_type], Target.STRIKE)
    else:
        plain, sprint_only = view.reachable_targets
        marks.targets(plain, Target.STRIKE)
        marks.targets(sprint_only, Target.SPRINT)
    marks.ring(view.bound)
    if view.plan is not None:
        marks.route(view.plan.path, view.plan.false_trail)
    marks.pieces(public, public.paw_prints, public.goryo_space)
    return marks.done()
