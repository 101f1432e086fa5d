"""One small interface for both roles, in the spirit of OpenSpiel's bots.

An agent gets only its side's view and a ``Budget``, and returns a legal
action. It keeps no state between calls: each decision is a pure function of
(view, budget), so the bot can re-ask after a restart and get the same answer.
The Samurai agent refuses anything but a ``PublicView``: it has no way to
reach her bound object, the bag's order or an undiscovered plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules import Action, GoryoView, Phase, PublicView, Side
from rules.state import GameState

from . import expert, goryo, opponent, samurai
from .levels import Level, play_of
from .opponent import Evidence
from .samurai import SamuraiSpaces


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard to think: a count of search steps (never a clock) and the seed for tie-breaks."""

    simulations: int
    seed: int

    def __post_init__(self) -> None:
        if self.simulations < 1:
            raise ValueError("a budget needs at least one simulation")


_HIDER_SHARPNESS = 4.0
_NODES_PER_PLAYOUT = 500


def samurai_model(level: str, view: PublicView, planned_against: SamuraiSpaces | None = None,
                  evidence: Evidence = ()) -> list[samurai.Particle]:
    """Her consistent paths weighted as the Samurai of ``level`` expect her to pick them (uniform below hard).

    Public only; the review asks it too (how surprising her plan was to the hard Samurai)."""
    play = play_of(level)
    if play.expert_model:
        return expert.expert_particles(view, planned_against, evidence)
    share = play.hider_model
    if share > 0:
        share *= opponent.sensible_weight(evidence, share=share, sharpness=_HIDER_SHARPNESS)
    return samurai.particles_from(
        view, hider_model=share, sharpness=_HIDER_SHARPNESS, her_scale=True, planned_against=planned_against,
    )


def budget_for(level: str, seed: int) -> Budget:
    """The budget the bot uses at ``level`` (p95 thinking time within the issue's limits)."""
    return Budget(play_of(level).simulations, seed)


class Agent(Protocol):
    """Either side's computer player: each refuses at run time the view that is not its side's."""

    @property
    def side(self) -> Side: ...

    @property
    def level(self) -> Level: ...

    def choose(
        self, view: PublicView | GoryoView, budget: Budget, planned_against: SamuraiSpaces | None = None,
        evidence: Evidence = (),
    ) -> Action: ...


@dataclass(frozen=True, slots=True)
class SamuraiAgent:
    level: Level
    side: Side = Side.SAMURAI

    def choose(
        self, view: PublicView | GoryoView, budget: Budget, planned_against: SamuraiSpaces | None = None,
        evidence: Evidence = (),
    ) -> Action:
        """``planned_against``: where the Samurai stood as this turn began, when she planned (public: every
        move is told); the bot and the benchmark pass it, and without it their current spaces stand in.
        ``evidence``: the match's discovered rounds (``opponent.evidence_from`` its public views), for the hard
        Samurai to judge how far she plays as their model of her expects; without it they keep their prior."""
        if not isinstance(view, PublicView):
            # A GameState or the Goryō's view would carry her secrets.
            raise TypeError(f"the Samurai agent takes a rules.PublicView, not {type(view).__name__}")
        if view.phase is not Phase.SAMURAI_TURN:
            raise ValueError("it is not the Samurai's turn")
        play = play_of(self.level)
        particles = samurai_model(self.level, view, planned_against, evidence)
        return samurai.choose_samurai_action(
            view,
            particles,
            depth=play.depth,
            node_budget=budget.simulations,
            lookahead=play.foresight,
            foresight=play.foresight,
            seed=budget.seed,
            capped=play.searching,  # advanced mode only: see ``capped``
            thorough=play.searching,
        )


@dataclass(frozen=True, slots=True)
class GoryoAgent:
    level: Level
    side: Side = Side.GORYO

    def choose(
        self, view: PublicView | GoryoView, budget: Budget, planned_against: SamuraiSpaces | None = None,
        evidence: Evidence = (),
    ) -> Action:
        """``planned_against`` and ``evidence`` are the Samurai's (her own view says all she needs): taken for one
        interface."""
        if isinstance(view, GameState) or not isinstance(view, GoryoView):
            raise TypeError(f"the Goryō agent takes a rules.GoryoView, not {type(view).__name__}")
        phase = view.public.phase
        if phase is Phase.SETUP:
            return goryo.choose_start(view, self.level, budget.seed)
        if phase is not Phase.GORYO_TURN:
            raise ValueError("it is not the Goryō's turn")
        # Playing out one candidate plan costs about as much as a few hundred Samurai search nodes.
        candidates = max(1, min(budget.simulations // _NODES_PER_PLAYOUT, play_of(self.level).playouts))
        return goryo.choose_plan(view, self.level, candidates, budget.seed)


def agent(side: Side, level: str) -> Agent:
    """The computer player for ``side`` at ``level`` (a ``Level``, or its word)."""
    known = Level.of(level)
    return SamuraiAgent(known) if side is Side.SAMURAI else GoryoAgent(known)
