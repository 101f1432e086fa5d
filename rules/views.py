"""What each side may see (OpenSpiel's information states).

``public_view`` copies only public fields of the state, so a renderer or a
message built from a PublicView cannot depend on the bound object, the bag's
order or an undiscovered plan. The Goryō's view adds exactly her secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Plan
from .goryo_turn import legal_targets
from .layout import GORYO_MOVE_CUBES
from .palace import OBJECT_TYPES, PATHS_BY_TARGET, ObjectType, Space
from .pieces import Outcome, Phase, Samurai, Side, Termination, TileState
from .state import SAMURAI_ORDER, GameState, PawPrint, Reveal, SamuraiCall

# Endings that happen during a discovery, so the last revealed path belongs in the final picture and its words.
DISCOVERY_ENDINGS = frozenset({Termination.CAPTURED_THRICE, Termination.EXORCISED, Termination.SURVIVED_FOUR_ROUNDS})


@dataclass(frozen=True, slots=True)
class PublicView:
    advanced: bool
    phase: Phase
    round: int
    to_move: Side | None
    first_type: ObjectType
    goryo_space: Space | None  # her pawn: the start of this round
    samurai_spaces: tuple[tuple[Samurai, Space], ...]
    broken: tuple[Space, ...]
    sealed: tuple[Space, ...]  # sorted, so anything drawn from it is deterministic
    tiles: tuple[tuple[ObjectType, TileState], ...]
    drawn: tuple[ObjectType, ...]
    bag_count: int
    mallet: int
    spirits: int
    sprint_available: bool
    false_trail_available: bool
    actions_per_samurai: int
    calls: tuple[SamuraiCall, ...]
    paw_prints: tuple[PawPrint, ...]
    last_reveal: Reveal | None
    outcome: Outcome | None
    bound: ObjectType | None  # revealed only once the match is over

    def samurai_space(self, samurai: Samurai) -> Space:
        return dict(self.samurai_spaces)[samurai]

    @property
    def actions_used(self) -> int:
        return sum(c.actions for c in self.calls)

    @property
    def final_reveal(self) -> Reveal | None:
        """The path revealed by the discovery that ended the match, if a discovery ended it: the final board
        shows it."""
        reveal, outcome = self.last_reveal, self.outcome
        if reveal is None or outcome is None or outcome.termination not in DISCOVERY_ENDINGS:
            return None
        return reveal if reveal.round == self.round else None


@dataclass(frozen=True, slots=True)
class GoryoView:
    public: PublicView
    bound: ObjectType
    plan: Plan | None  # her locked plan this round, or a preview the bot asks to draw
    legal_targets: tuple[Space, ...]

    @property
    def reachable_targets(self) -> tuple[tuple[Space, ...], tuple[Space, ...]]:
        """(objects she can strike with a plain plan, those only with the Sprint): what her board marks.

        ``legal_targets`` lists every object she may break anywhere; her board shows those her 4 steps
        (or 5 with the Sprint) can actually reach. The palace's path table is fixed data.
        """
        start = self.public.goryo_space
        if start is None or not self.legal_targets:
            return (), ()
        legal = set(self.legal_targets)
        plain = {t for t in PATHS_BY_TARGET[GORYO_MOVE_CUBES][start] if t in legal}
        sprint: set[Space] = set()
        if self.public.sprint_available:
            sprint = {t for t in PATHS_BY_TARGET[GORYO_MOVE_CUBES + 1][start] if t in legal} - plain
        return tuple(sorted(plain)), tuple(sorted(sprint))


def public_view(state: GameState) -> PublicView:
    return PublicView(
        advanced=state.advanced,
        phase=state.phase,
        round=state.round,
        to_move=state.to_move,
        first_type=state.first_type,
        goryo_space=state.goryo_space,
        samurai_spaces=tuple(zip(SAMURAI_ORDER, state.samurai_spaces, strict=True)),
        broken=state.broken,
        sealed=tuple(sorted(state.sealed_spaces)),
        tiles=tuple((t, state.tile(t)) for t in OBJECT_TYPES),
        drawn=state.drawn,
        bag_count=len(state.bag),
        mallet=state.mallet,
        spirits=state.spirits,
        sprint_available=state.sprint_available,
        false_trail_available=state.false_trail_available,
        actions_per_samurai=state.actions_per_samurai,
        calls=state.calls,
        paw_prints=state.paw_prints,
        last_reveal=state.last_reveal,
        outcome=state.outcome,
        bound=state.bound if state.is_over else None,
    )


def possible_bound(view: PublicView) -> tuple[ObjectType, ...]:
    """The object types that can still be her bound object, from public facts alone.

    Her bound object is set aside before the first draw, so it is never the
    first type nor a drawn (sealed) type, and she never breaks it: exactly the
    tiles still intact. Once the match is over it is the one revealed.
    """
    if view.bound is not None:
        return (view.bound,)
    return tuple(t for t, tile in view.tiles if tile is TileState.INTACT)


def goryo_view(state: GameState, preview: Plan | None = None) -> GoryoView:
    """Her board; ``preview`` shows a candidate plan before she confirms it."""
    return GoryoView(
        public=public_view(state),
        bound=state.bound,
        plan=preview if preview is not None else state.plan,
        legal_targets=legal_targets(state) if state.phase is Phase.GORYO_TURN else (),
    )


def discarded_prints(prints: Sequence[PawPrint], false_trail: Space | None) -> list[PawPrint]:
    """Yes prints on the False Trail: the discovery throws them away instead of ringing the gong."""
    return [paw for paw in prints if paw.green and paw.space == false_trail]

