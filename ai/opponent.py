"""Opponent modelling within a match: how far her revealed paths fit a thoughtful hider.

The hard Samurai weigh her possible plans by a model of a sensible Goryō
(``samurai.hider_prior``). Against one who plays that way it pays; against
one who does not (a beginner, the random player) it misleads. So they keep
two hypotheses, *sensible* (the model, mixed as the agent mixes it) and
*uniform* (any consistent path alike), and after each Discovery multiply the
odds by how much likelier her revealed path was under the first, judged in
the position she planned it in: the public view as that round's Samurai turn
began. Only public facts enter: each round's view at its turn start and the
path the Discovery showed to everyone.

The evidence is recomputed by the caller from the match's public history
(``evidence_from``), and the weight is a pure function of it: the same log
gives the same decision after a restart.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from rules import Phase, PublicView, Space

from .samurai import hider_prior

Evidence = tuple[tuple[PublicView, tuple[Space, ...]], ...]  # per discovered round: view as she planned, her path
PRIOR_SENSIBLE = 0.9


def evidence_from(history: Iterable[PublicView]) -> Evidence:
    """From a match's public views in order (one after each action, or at least each turn's first and each
    Discovery's), every discovered round as (the view as its Samurai turn began, her revealed path)."""
    planned: dict[int, PublicView] = {}
    found: list[tuple[PublicView, tuple[Space, ...]]] = []
    told: set[int] = set()
    for view in history:
        if view.phase is Phase.SAMURAI_TURN and not view.calls and view.round not in planned:
            planned[view.round] = view
        reveal = view.last_reveal
        if reveal is not None and reveal.round not in told and reveal.round in planned:
            told.add(reveal.round)
            found.append((planned[reveal.round], reveal.path))
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def likelihood_ratio(planned: PublicView, path: tuple[Space, ...], share: float, sharpness: float) -> float:
    """How much likelier ``path`` is for the sensible hider than for the uniform one, as she planned it."""
    prior = hider_prior(planned, share, sharpness, True, planned.samurai_spaces)
    # A path the public facts did not allow (it cannot happen in a legal match) says nothing.
    return prior.get(path, 1.0)


def sensible_weight(
    evidence: Evidence, *, share: float, sharpness: float, prior: float = PRIOR_SENSIBLE
) -> float:
    """The chance she plays as the model expects, given her revealed paths (Bayes over the two hypotheses)."""
    odds = prior / (1 - prior)
    for planned, path in evidence:
        odds *= likelihood_ratio(planned, path, share, sharpness)
    return odds / (1 + odds)


__all__ = ["PRIOR_SENSIBLE", "Evidence", "evidence_from", "likelihood_ratio", "sensible_weight"]
