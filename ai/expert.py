"""The expert level (issue 37): each side searches with a model of the other drawn from the other's own search.

The expert Samurai keep the hard Samurai's expectimax over the exact belief (every consistent path a weighted
particle, every answer branched on: no strategy fusion), and add a third hypothesis about her beside the
uniform and the "sensible hider" ones: *she plans as a searching Goryō does*. Her hidden bound object is the
one fact the public view lacks to replay such a Goryō's decision, so the model is determinized over it: for
every bound object she may still have, the hard Goryō's own decision (``goryo.choose_plan``'s ranking, played-out
judgement and draw) is worked out from the position she planned in, and its probabilities over her paths
averaged. From her second round on that Goryō barely draws (ties only), so the model often names her path
outright; in the first she draws widely, so the model is left out there. How far to trust it is weighed within
the match as ``opponent`` weighs the sensible hider: by how likely it made the paths she revealed (round 1's
too), against the hard Samurai's model, each path moving the odds a bounded factor. A human who plays otherwise
leaves the Samurai with the hard one's judgement from the round after her first Discovery.

The expert Goryō plays the hard Goryō's procedure with more candidates (``CANDIDATES``), and plays the Samurai's
turn out against each twice instead of once with the milder hunter the hard Goryō assumes: with the hard Samurai's
own model of her (her static judgement, nine parts to one, sharp), and with one that expects nothing of her (every
consistent path alike, as the normal Samurai hunt); each plan counts as the worse of the two
(``goryo.EXPERT_HUNTERS``). A plan the sharp reading finds unlikely is one they look for less, but not one a
hunter without that reading misses.

Both spend a fixed amount of search (no clock), so a decision is a pure function of the view and the seed; the
replayed decisions are memoised per position, and the Samurai turns they play out per plan (the same candidate
recurs under several bound objects), which changes nothing but the time.
"""

from __future__ import annotations

import dataclasses
import functools
import math

from rules import SPACES, GoryoView, ObjectType, Phase, PublicView, Side, Space, TileState, open_target
from rules.views import possible_bound

from . import goryo, opponent
from .belief import belief
from .levels import PLAYS, Level
from .opponent import Evidence
from .samurai import LIE, Particle, SamuraiSpaces, hider_prior

CANDIDATES = PLAYS[Level.EXPERT].playouts  # the expert Goryō's plans judged by a played-out turn (the hard one's: 8)
PLAYED_CANDIDATES = 8  # the hard Goryō's, as the expert Samurai replay her (``agents``: 6000 // 500, at most 8)
MODEL_PRIOR = 0.8  # the expert Samurai's prior trust that she plans as the replayed Goryō does
MODEL_FLOOR = 1e-3  # a path the replay never chooses still has this share: the model is a guess, not a fact
HIDER_SHARE = 0.9  # the hard Samurai's model of her, as ``agents`` sets it (the other hypothesis)
HIDER_SHARPNESS = 4.0
FIRST_MODELLED_ROUND = 2  # in round 1 she draws widely: the replay names no path worth hunting
# One revealed path moves the odds at most this far either way. Round 1's path is evidence too (against the
# normal Goryō the replay gave it a median likelihood ratio of 0.004, against the hard one 2.2), but there the
# replay misses the hard Goryō's real path about one time in ten (her draw hangs on a seed the Samurai cannot
# see): unbounded, one such miss outweighed every round after it.
EVIDENCE_LIMIT = 20.0


def planning_view(view: PublicView, planned_against: SamuraiSpaces | None) -> PublicView:
    """The public view as she planned this round: her turn, no answers yet, the Samurai where they stood."""
    return dataclasses.replace(
        view, phase=Phase.GORYO_TURN, to_move=Side.GORYO, calls=(), paw_prints=(),
        samurai_spaces=view.samurai_spaces if planned_against is None else planned_against,
    )


def _goryo_view(planning: PublicView, bound: ObjectType) -> GoryoView:
    sealed = {kind for kind, tile in planning.tiles if tile is TileState.SEALED}
    targets = tuple(s for s in SPACES if open_target(s, planning.broken, bound, sealed))
    return GoryoView(public=planning, bound=bound, plan=None, legal_targets=targets)


def _her_distribution(view: GoryoView) -> dict[tuple[Space, ...], float]:
    """The hard Goryō's chances of each path from ``view``: ``goryo.choose_plan`` with its draw spelt out."""
    ranked = goryo.ranked_plans(view, Level.HARD, 0)
    if not ranked:
        return {}
    if len(ranked) == 1:
        return {ranked[0][1].path: 1.0}
    temperature, margin = goryo.plan_spread(view.public)
    judged = goryo.judge_plans(view, ranked[:PLAYED_CANDIDATES], 0)
    best = max(judged, key=lambda j: j[0])
    alike = [(value, plan) for value, plan, outcome in judged if outcome == best[2]]
    top = max(value for value, _ in alike)
    chances: dict[tuple[Space, ...], float] = {}
    for value, plan in alike:
        if value >= top - margin:
            chances[plan.path] = chances.get(plan.path, 0.0) + math.exp((value - top) / temperature)
    total = sum(chances.values())
    return {path: weight / total for path, weight in chances.items()}


@functools.lru_cache(maxsize=512)
def replayed(planning: PublicView) -> dict[tuple[Space, ...], float]:
    """Her paths' chances under the replayed hard Goryō, averaged over the bound objects she may have."""
    bounds = possible_bound(planning)
    known = belief(planning)
    if not known.possible or not bounds:
        return {}
    targeted = {p.target for p in known.possible}
    chances: dict[tuple[Space, ...], float] = {}
    for bound in bounds:
        view = _goryo_view(planning, bound)
        if not any(t in targeted for t in view.legal_targets):
            continue
        for path, chance in _her_distribution(view).items():
            chances[path] = chances.get(path, 0.0) + chance / len(bounds)
    return chances


@functools.lru_cache(maxsize=512)
def _likelihood_ratio(planning: PublicView, path: tuple[Space, ...]) -> float:
    """How much likelier the replayed Goryō made ``path`` than the hard Samurai's model of her did."""
    known = belief(planning)
    count = max(1, known.path_count)
    model = replayed(planning).get(path, 0.0) + MODEL_FLOOR / count
    prior = hider_prior(planning, HIDER_SHARE, HIDER_SHARPNESS, True, planning.samurai_spaces).get(path, 1.0) / count
    return model / prior if prior > 0 else 1.0


def model_trust(evidence: Evidence) -> float:
    """The chance she plans as the replayed Goryō, given the paths she revealed (each bounded by
    ``EVIDENCE_LIMIT``)."""
    odds = MODEL_PRIOR / (1 - MODEL_PRIOR)
    for planned, path in evidence:
        ratio = _likelihood_ratio(planning_view(planned, planned.samurai_spaces), path)
        odds *= min(max(ratio, 1 / EVIDENCE_LIMIT), EVIDENCE_LIMIT)
    odds = min(max(odds, 1e-9), 1e9)
    return odds / (1 + odds)


def expert_particles(view: PublicView, planned_against: SamuraiSpaces | None, evidence: Evidence) -> list[Particle]:
    """Her consistent plans as particles: the hard Samurai's weights, mixed with the replayed Goryō's chances."""
    share = HIDER_SHARE * opponent.sensible_weight(evidence, share=HIDER_SHARE, sharpness=HIDER_SHARPNESS)
    prior = hider_prior(view, share, HIDER_SHARPNESS, True, planned_against) if share > 0 else {}
    trust = 0.0
    model: dict[tuple[Space, ...], float] = {}
    if view.round >= FIRST_MODELLED_ROUND:
        planning = planning_view(view, planned_against)
        model = replayed(planning)
        trust = model_trust(evidence) if model else 0.0
    count = max(1, belief(planning_view(view, planned_against)).path_count) if trust else 1
    particles = []
    for p in belief(view).possible:
        weight = (1 - trust) * prior.get(p.path, 1.0) + trust * count * (model.get(p.path, 0.0) + MODEL_FLOOR / count)
        particles.append(Particle((LIE if p.forced_false_trail is not None else 1.0) * weight, p.mask, p.target,
                                  p.forced_false_trail))
    return particles


__all__ = ["CANDIDATES", "EVIDENCE_LIMIT", "expert_particles", "model_trust", "planning_view", "replayed"]
