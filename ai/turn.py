"""A Samurai turn as the agents imagine it: positions, cubes and investigated spaces only.

The same rules as ``rules.samurai_turn`` (checked by the tests: every action an
agent picks is legal in the real engine), on a small value the searches can
copy cheaply. Built from the public view, so it holds no secret.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import NEIGHBOURS, Move, PublicView, Samurai, SamuraiAction, SamuraiCall, Search, Sniff, Space, layout

ORDER: tuple[Samurai, ...] = tuple(Samurai)


@dataclass(frozen=True, slots=True)
class Turn:
    positions: tuple[Space, ...]  # in ``ORDER``
    calls: tuple[SamuraiCall, ...]
    investigated: frozenset[Space]
    start: Space  # her pawn: never investigated
    per_samurai: int  # actions each called Samurai may take
    cubes_left: int

    @classmethod
    def from_view(cls, view: PublicView) -> Turn:
        positions = dict(view.samurai_spaces)
        # A Samurai turn comes after her start: her pawn stands somewhere.
        assert view.goryo_space is not None
        return cls(
            tuple(positions[s] for s in ORDER),
            view.calls,
            frozenset(p.space for p in view.paw_prints),
            view.goryo_space,
            view.actions_per_samurai,
            layout.SAMURAI_ACTION_CUBES - view.actions_used,
        )

    @property
    def current(self) -> SamuraiCall | None:
        return self.calls[-1] if self.calls else None

    def call_for(self, samurai: Samurai) -> SamuraiCall | None:
        """The call this Samurai would act under now, or None if he may not act."""
        if self.cubes_left <= 0:
            return None
        current = self.current
        if current is not None and current.samurai is samurai:
            return current if current.actions < self.per_samurai else None
        if any(c.samurai is samurai for c in self.calls) or len(self.calls) >= layout.MAX_SAMURAI_CALLED:
            return None
        return SamuraiCall(samurai)

    def can_investigate(self, space: Space) -> bool:
        return space != self.start and space not in self.investigated

    def legal_actions(self) -> list[SamuraiAction]:
        found: list[SamuraiAction] = []
        for index, samurai in enumerate(ORDER):
            call = self.call_for(samurai)
            if call is None:
                continue
            at = self.positions[index]
            if call.searches < layout.SEARCHES_PER_SAMURAI and self.can_investigate(at):
                found.append(Search(samurai))
            if call.sniffs < layout.SNIFFS_PER_SAMURAI:
                found.extend(Sniff(samurai, n) for n in NEIGHBOURS[at] if self.can_investigate(n))
            if call.moves < layout.MOVES_PER_SAMURAI:
                found.extend(Move(samurai, n) for n in NEIGHBOURS[at])
        return found

    def after(self, action: SamuraiAction) -> Turn:
        """The turn once ``action`` (legal) is taken."""
        index = ORDER.index(action.samurai)
        call = self.call_for(action.samurai)
        assert call is not None
        positions, investigated = self.positions, self.investigated
        if isinstance(action, Move):
            call = SamuraiCall(call.samurai, call.moves + 1, call.searches, call.sniffs)
            positions = (*positions[:index], action.to, *positions[index + 1:])
        elif isinstance(action, Search):
            call = SamuraiCall(call.samurai, call.moves, call.searches + 1, call.sniffs)
            investigated = investigated | {positions[index]}
        else:
            call = SamuraiCall(call.samurai, call.moves, call.searches, call.sniffs + 1)
            investigated = investigated | {action.space}
        current = self.current
        calls = self.calls[:-1] if current is not None and current.samurai is action.samurai else self.calls
        return Turn(positions, (*calls, call), investigated, self.start, self.per_samurai, self.cubes_left - 1)

    def moves_left(self, index: int) -> int:
        """How many more moves Samurai ``index`` could make this turn (0 if he cannot act)."""
        call = self.call_for(ORDER[index])
        if call is None:
            return 0
        room = min(self.per_samurai - call.actions, self.cubes_left)
        return max(0, min(layout.MOVES_PER_SAMURAI - call.moves, room))


def investigated_space(turn: Turn, action: Search | Sniff) -> Space:
    return turn.positions[ORDER.index(action.samurai)] if isinstance(action, Search) else action.space
