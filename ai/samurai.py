"""The Samurai agent: an expectimax over the exact belief about her plan.

Her possible plans are few (at most a few dozen paths a round), so instead of
sampling determinizations the search keeps every consistent path as a
weighted *particle* and branches on the yes/no answer of each investigation,
updating the weights exactly as the belief would. That avoids the strategy
fusion of determinized search: the agent never plans as if it knew which path
she took. A leaf is scored by ``rest_value``: the Samurai still free to move
go, one at a time, where they raise the expected captures most.

Levels differ in how far they look: ``easy`` values an investigation only for
its chance of a green print (it does not reason about what the answer would
tell) and only plans moves for the Samurai acting now; ``normal`` looks one
action ahead with the answer's information and plans for every Samurai still
free; ``hard`` deepens the search while its node budget lasts, and weighs her
paths by a model of a thoughtful hider: the hard Goryō's own static judgement
(``hiding.plan_score``, averaged over the bound objects she may have), from
where the Samurai stood when she planned, nine parts to one of the uniform
prior. Against the frozen pre-issue-25 hard Goryō that lifted its wins from
13% to 57% (100 matches each).

In advanced mode (two actions a Samurai) the hard search changes shape
(``capped=True``): every action is searched two deep, the whole of what the
Samurai acting now can still do with every answer weighed, and a leaf is
``capped.capped_rest``, what the Samurai still free can really do with two
actions each (move twice, or move and investigate once, or investigate
twice). The basic leaf, tuned for three actions, promised later callers both
a move and an investigation, so the search spent the turn learning where she
was and then could not reach her: 55.8% against the random Goryō (400
matches) before, 78.5% with the capped leaf (200). Basic mode is untouched.
The hard Samurai's own capped search is also ``thorough``: its leaf tries
every calling order and lets a Samurai look before he steps, and in the
last round it weighs the chance of winning at the Discovery
(``last_round``), which the fixed scale of ``values`` cannot see.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules import (
    NEIGHBOURS,
    SPACES,
    EndSamuraiTurn,
    Move,
    Phase,
    PublicView,
    Samurai,
    SamuraiAction,
    Side,
    Space,
    layout,
)
from rules.views import possible_bound

from . import hiding
from .belief import Belief, belief
from .capped import capped_plan
from .geometry import DISTANCE, WITHIN
from .last_round import LastRound, win_chance
from .turn import ORDER, Turn, investigated_space
from .values import CAPTURE, GREEN, PURSUIT, WIN

PROSPECT = 0.6  # a leaf's later investigations, discounted: they compete for cubes and Samurai
# A yes off every other possible path is most likely her False Trail only if she
# had one to place: about even odds she placed it, spread over ~30 spaces.
LIE = 0.5 / 30
HIDER_SHARPNESS = 2.0  # how firmly the hard Samurai expects her to pick the safest-looking paths
# In the last round of a thorough capped search, what a whole chance of winning there is worth on the scale of
# ``values``: far above any capture or print, so the fixed scale only breaks ties.
LAST_ROUND = 20.0
SamuraiSpaces = tuple[tuple[Samurai, Space], ...]  # as in ``PublicView.samurai_spaces``
Answers = frozenset[tuple[Space, bool]]  # the answers a search node has seen: (space, yes)
Derived = tuple[dict[Space, float], list[float], list[float]]  # per answers: targets, closeness, yes shares


@dataclass(frozen=True, slots=True)
class Particle:
    """One path she may be walking, weighted by how likely the Samurai think it."""

    weight: float
    mask: int  # spaces after her start: an investigation there answers yes
    target: Space
    false_trail: Space | None  # where a yes answer was her lie


@dataclass(frozen=True, slots=True)
class Situation:
    """What does not change within the Samurai turn."""

    need: int  # captures still needed to win
    false_trail_available: bool
    lookahead: bool  # reason about what answers will tell (not ``easy``)
    foresight: bool  # count later callers' moves and investigations in a leaf (not ``easy``)
    capped: bool = False  # judge a leaf by what two actions a Samurai can still do (``capped``; advanced mode)
    thorough: bool = False  # a capped leaf tries every calling order and lets a Samurai look before he steps
    last: LastRound | None = None  # in the last round of a thorough capped search: the chance of winning there


def particles_from(view: PublicView, *, hider_model: float = 0.0, sharpness: float = HIDER_SHARPNESS,
                   her_scale: bool = False, planned_against: SamuraiSpaces | None = None) -> list[Particle]:
    """Her consistent plans as weighted particles.

    With ``hider_model`` > 0 the uniform prior over paths is mixed with a model
    of a thoughtful hider, in that proportion; 0 keeps every path equally
    likely. The model is a softmax of ``sharpness`` over how she scores a
    path: ``hiding.path_score`` (far from the Samurai, off their reach), or
    with ``her_scale`` the hard Goryō's whole static judgement
    (``hiding.plan_score``: also the Sprint kept and the exorcism risked,
    averaged over the bound objects the public facts leave possible).
    ``planned_against`` is where the Samurai stood when she planned (the
    view's ``samurai_spaces`` at the turn's start: public, as every move is
    told); without it their current spaces stand in.
    """
    known = belief(view)
    prior = hider_prior(view, hider_model, sharpness, her_scale, planned_against) if hider_model > 0 else {}
    return [
        Particle(
            (LIE if p.forced_false_trail is not None else 1.0) * prior.get(p.path, 1.0),
            p.mask,
            p.target,
            p.forced_false_trail,
        )
        for p in known.possible
    ]


def hider_prior(
    view: PublicView, share: float, sharpness: float, her_scale: bool, planned_against: SamuraiSpaces | None = None
) -> dict[tuple[Space, ...], float]:
    """Per path, how much likelier than average a hider who reads the board would pick it."""
    # She planned before this turn's answers and moves: score paths as she saw them then.
    planning = dataclasses.replace(
        view, phase=Phase.GORYO_TURN, to_move=Side.GORYO, calls=(), paw_prints=(),
        samurai_spaces=view.samurai_spaces if planned_against is None else planned_against,
    )
    return _prior_as_planned(planning, share, sharpness, her_scale)


@functools.lru_cache(maxsize=1024)
def _prior_as_planned(
    planning: PublicView, share: float, sharpness: float, her_scale: bool
) -> dict[tuple[Space, ...], float]:
    """``hider_prior`` from the view she planned in: the same for every step of a turn, so worked out once
    (callers only read the dict)."""
    known = belief(planning)
    if not known.possible:
        return {}
    if her_scale:
        scores = _her_scores(planning, known)
    else:
        scores = [hiding.path_score(planning, p.path, known) for p in known.possible]
    top = max(scores)
    odds = [math.exp(sharpness * (score - top)) for score in scores]
    mean = sum(odds) / len(odds)
    return {p.path: (1 - share) + share * o / mean for p, o in zip(known.possible, odds, strict=True)}


def _her_scores(planning: PublicView, known: Belief) -> list[float]:
    """``hiding.plan_score`` for every possible path, the exorcism risk worked out once per target."""
    bounds = known.possible_bound or possible_bound(planning)
    risk: dict[Space, float] = {}
    scores = []
    for p in known.possible:
        if p.target not in risk:
            risk[p.target] = hiding.exorcism_share(planning, p.target, bounds)
        scores.append(hiding.plan_score(planning, p.path, known, bounds, risk[p.target]))
    return scores


def target_weights(particles: Sequence[Particle]) -> dict[Space, float]:
    weights: dict[Space, float] = {}
    for p in particles:
        weights[p.target] = weights.get(p.target, 0.0) + p.weight
    total = sum(weights.values())
    return {t: w / total for t, w in weights.items()} if total > 0 else {}


def _score_target(count: int, need: int) -> float:
    return CAPTURE * min(count, need) + (WIN if count >= need else 0.0)


# _STEP_UP[need][count]: what one more Samurai on a target already holding ``count`` adds.
_STEP_UP = {need: tuple(_score_target(c + 1, need) - _score_target(c, need) for c in range(5)) for need in (1, 2, 3)}


# _NEARBY[target]: each space under four steps from ``target``, with four less its distance (the leaf's
# hottest loop: the spaces farther off count nothing, so they are not visited).
_NEARBY: tuple[tuple[tuple[Space, int], ...], ...] = tuple(
    tuple((s, 4 - DISTANCE[target][s]) for s in SPACES if DISTANCE[target][s] < 4) for target in SPACES
)


def closeness(targets: dict[Space, float]) -> list[float]:
    """Per space, how close a Samurai there would stand to her next start (1 on it, 0 four steps off or more)."""
    near = [0.0] * len(SPACES)
    for target, p in targets.items():
        for s, closer in _NEARBY[target]:
            near[s] += p * closer / 4
    return near


def position_value(positions: Sequence[Space], targets: dict[Space, float], need: int) -> float:
    """Expected worth of the Samurai standing on ``positions`` at the Discovery."""
    counts: dict[Space, int] = {}
    for at in positions:
        counts[at] = counts.get(at, 0) + 1
    return sum(p * _score_target(counts[t], need) for t, p in targets.items() if t in counts)


def rest_value(
    turn: Turn, targets: dict[Space, float], near: Sequence[float], need: int, *, later_callers: bool = True
) -> tuple[float, int]:
    """The best the remaining moves can do if nothing more is learnt, and the cubes they leave.

    Greedy, one Samurai at a time onto her possible targets; without
    ``later_callers`` only the Samurai acting now may still move (a
    short-sighted hunter).
    """
    positions = list(turn.positions)
    step_up = _STEP_UP[need]
    counts: dict[Space, int] = {}
    for at in positions:
        counts[at] = counts.get(at, 0) + 1
    value = sum(p * _score_target(counts[t], need) for t, p in targets.items() if t in counts)
    value += PURSUIT * sum(near[at] for at in positions)
    cubes = turn.cubes_left
    calls_left = layout.MAX_SAMURAI_CALLED - len(turn.calls)
    current = turn.current
    current_index = ORDER.index(current.samurai) if current is not None else -1
    reach = [turn.moves_left(i) for i in range(len(ORDER))]
    movers = [i for i in range(len(ORDER)) if reach[i] > 0 and (later_callers or i == current_index)]
    while movers and cubes > 0:
        best_gain, best = 1e-12, None
        for index in movers:
            is_current = index == current_index
            if not is_current and calls_left <= 0:
                continue
            here = positions[index]
            limit = min(reach[index], cubes)
            leave = targets.get(here, 0.0) * step_up[counts[here] - 1] + PURSUIT * near[here]
            for to in WITHIN[limit][here][1:]:
                gain = targets.get(to, 0.0) * step_up[counts.get(to, 0)] + PURSUIT * near[to] - leave
                if gain > best_gain:
                    best_gain, best = gain, (index, to, is_current)
        if best is None:
            break
        index, to, is_current = best
        counts[positions[index]] -= 1
        counts[to] = counts.get(to, 0) + 1
        cubes -= DISTANCE[positions[index]][to]
        positions[index] = to
        value += best_gain
        if not is_current:
            calls_left -= 1
        movers.remove(index)
    return value, cubes


@functools.cache  # one entry a path mask: the palace has a few thousand paths
def _spaces_in(mask: int) -> tuple[int, ...]:
    return tuple(s for s in range(mask.bit_length()) if mask >> s & 1)


def yes_shares(particles: Sequence[Particle]) -> list[float]:
    """Per space, the chance an investigation there finds her path (her False Trail aside)."""
    shares = [0.0] * len(SPACES)
    total = 0.0
    for p in particles:
        total += p.weight
        for s in _spaces_in(p.mask):
            shares[s] += p.weight
    return [s / total for s in shares] if total > 0 else shares


def joint_yes(particles: Sequence[Particle]) -> list[dict[Space, float]]:
    """Per space, the chance an investigation there answers yes with her target each possible one."""
    joint: list[dict[Space, float]] = [{} for _ in SPACES]
    total = sum(p.weight for p in particles)
    if total <= 0:
        return joint
    for p in particles:
        share = p.weight / total
        mask = p.mask
        while mask:
            low = mask & -mask
            at = joint[low.bit_length() - 1]
            at[p.target] = at.get(p.target, 0.0) + share
            mask ^= low
    return joint


def investigation_prospect(turn: Turn, shares: Sequence[float], cubes: int) -> float:
    """Green prints the cubes left over could still find: the likeliest yes each free investigation can reach."""
    if cubes <= 0:
        return 0.0
    chances = []
    for index, samurai in enumerate(ORDER):
        call = turn.call_for(samurai)
        if call is None:
            continue
        at = turn.positions[index]
        if call.searches < layout.SEARCHES_PER_SAMURAI and turn.can_investigate(at):
            chances.append(shares[at])
        if call.sniffs < layout.SNIFFS_PER_SAMURAI:
            chances.append(max((shares[n] for n in NEIGHBOURS[at] if turn.can_investigate(n)), default=0.0))
    chances.sort(reverse=True)
    return GREEN * PROSPECT * sum(chances[:cubes])


class Lookahead:
    """One decision's search: counts its nodes so the budget, not a clock, bounds it."""

    def __init__(self, situation: Situation, node_budget: int):
        self.situation = situation
        self.nodes = 0
        self.node_budget = node_budget
        # Her possible plans at a node depend only on which answers came, not their order,
        # so (turn, answers) identifies a leaf: transposed action orders are scored once.
        self.leaves: dict[tuple[Turn, Answers], float] = {}
        self.derived: dict[Answers, Derived] = {}  # per answers: targets, closeness, yes shares
        self.joints: dict[Answers, list[dict[Space, float]]] = {}  # per answers: ``joint_yes`` (thorough only)

    def leaf(self, turn: Turn, particles: Sequence[Particle], answers: Answers) -> float:
        key = (turn, answers)
        known = self.leaves.get(key)
        if known is not None:
            return known
        self.nodes += 1
        derived = self.derived.get(answers)
        if derived is None:
            targets = target_weights(particles)
            derived = self.derived[answers] = (targets, closeness(targets), yes_shares(particles))
        targets, near, shares = derived
        situation = self.situation
        if situation.capped:
            stand = position_value(turn.positions, targets, situation.need)
            stand += PURSUIT * sum(near[at] for at in turn.positions)
            joint = None
            if situation.thorough:
                joint = self.joints.get(answers)
                if joint is None:
                    joint = self.joints[answers] = joint_yes(particles)
            rest = capped_plan(turn, targets, near, shares, _STEP_UP[situation.need], stand, joint=joint,
                               every_order=situation.thorough)
            value = rest.value
            if situation.last is not None:
                yeses = sum(1 for _, yes in answers if yes)
                value += LAST_ROUND * win_chance(situation.last, targets, rest.positions, yeses, rest.planned)
            self.leaves[key] = value
            return value
        value, cubes = rest_value(turn, targets, near, situation.need, later_callers=situation.foresight)
        if situation.foresight:
            value += investigation_prospect(turn, shares, cubes)
        self.leaves[key] = value
        return value

    def value(self, turn: Turn, particles: Sequence[Particle], depth: int, answers: Answers) -> float:
        best = self.leaf(turn, particles, answers)
        if depth == 0:
            return best
        for action in turn.legal_actions():
            best = max(best, self.q(turn, particles, action, depth, answers))
        return best

    def q(
        self, turn: Turn, particles: Sequence[Particle], action: SamuraiAction, depth: int,
        answers: Answers = frozenset(),
    ) -> float:
        after = turn.after(action)
        if isinstance(action, Move):
            return self.value(after, particles, depth - 1, answers)
        space = investigated_space(turn, action)
        yes, no = split(particles, space, self.situation.false_trail_available)
        total = sum(p.weight for p in particles)
        if total <= 0:
            return self.value(after, particles, depth - 1, answers)
        yes_weight = sum(p.weight for p in yes)
        green_weight = sum(p.weight for p in yes if p.false_trail != space)
        value = GREEN * green_weight / total
        if not self.situation.lookahead:
            return value + self.value(after, particles, depth - 1, answers)
        if yes_weight > 0:
            value += yes_weight / total * self.value(after, yes, depth - 1, answers | {(space, True)})
        if total - yes_weight > 0:
            value += (total - yes_weight) / total * self.value(after, no, depth - 1, answers | {(space, False)})
        return value


def split(
    particles: Sequence[Particle], space: Space, false_trail_available: bool
) -> tuple[list[Particle], list[Particle]]:
    """The particles reweighted by a yes and by a no at ``space`` (a yes may be a fresh False Trail)."""
    yes: list[Particle] = []
    no: list[Particle] = []
    bit = 1 << space
    for p in particles:
        if p.mask & bit or p.false_trail == space:
            yes.append(p)
        elif p.false_trail is None and false_trail_available:
            yes.append(Particle(p.weight * LIE, p.mask, p.target, space))
            no.append(Particle(p.weight * (1 - LIE), p.mask, p.target, None))
        else:
            no.append(p)
    return yes, no


def choose_samurai_action(
    view: PublicView, particles: Sequence[Particle], *, depth: int, node_budget: int, lookahead: bool, foresight: bool,
    seed: int, capped: bool = False, thorough: bool = False,
) -> SamuraiAction | EndSamuraiTurn:
    """The action with the best expected worth; ending the turn when nothing beats standing still.

    ``particles`` are her possible plans as the caller knows them: the agents
    pass the belief; the benchmark's oracle passes her true plan. A
    ``thorough`` capped search (the hard Samurai's own, not the turn the Goryō
    plays out for each of her candidates) also tries every calling order in
    its leaf, lets a Samurai look before he steps, and in the match's last
    round weighs the chance of winning at its Discovery (``last_round``).
    """
    turn = Turn.from_view(view)
    capped = capped and view.actions_per_samurai < layout.ACTIONS_PER_SAMURAI
    thorough = capped and thorough
    situation = Situation(
        layout.SPIRIT_TOKENS - view.spirits, view.false_trail_available, lookahead, foresight, capped, thorough,
        LastRound.of(view) if thorough else None,
    )
    actions = turn.legal_actions()
    if not actions or not particles:
        return EndSamuraiTurn()
    random.Random(seed).shuffle(actions)  # ties go to a seeded, not a positional, favourite
    targets = target_weights(particles)
    stand = position_value(turn.positions, targets, situation.need) + PURSUIT * sum(
        closeness(targets)[at] for at in turn.positions
    )
    if situation.last is not None:
        stand += LAST_ROUND * win_chance(situation.last, targets, turn.positions, 0, ())

    if situation.capped:
        # Two actions deep: the Samurai acting now, both his actions, every answer weighed; the leaf plays the
        # rest. Deeper (four, along the best six replies of the eight best first actions) won no more (76.5%
        # against 78.5% of 200 advanced matches with the random Goryō) for twice the time. A caller asking for
        # depth 1 (the Goryō playing a turn out against each of her candidates) gets the capped leaf one deep.
        search = Lookahead(situation, node_budget)
        deep = min(depth, 2)
        best_value, best_action = max(
            ((search.q(turn, particles, action, deep), action) for action in actions), key=lambda pair: pair[0]
        )
        return best_action if best_value > stand + 1e-9 else EndSamuraiTurn()
    chosen: SamuraiAction | None = None
    for level in range(1, depth + 1):
        search = Lookahead(situation, node_budget)
        scored = []
        for action in actions:
            scored.append((search.q(turn, particles, action, level), action))
            if level > 1 and search.nodes > node_budget:
                break  # this depth does not fit: keep the shallower answer
        else:
            best_value, best_action = max(scored, key=lambda pair: pair[0])
            chosen = best_action if best_value > stand + 1e-9 else None
            if search.nodes * len(actions) <= node_budget:
                continue  # the next depth may fit too
        break
    return EndSamuraiTurn() if chosen is None else chosen


__all__ = ["Particle", "choose_samurai_action", "particles_from", "position_value", "rest_value", "split"]
