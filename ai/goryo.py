"""The Goryō agent: choose a start and a plan that keep her hard to find and catch.

Every level scores her legal paths on public features: how close Samurai
stand to the target, whether breaking it flips a tile towards her exorcism,
how free she will be next round, and how exposed each space after her start
is to an investigation. ``normal`` weighs the path on the board alone and
keeps her Sprint until it pays. ``easy`` and ``hard`` weigh it as the
Samurai would (``belief``: which spaces and targets their answers can
single out) and price a flipped tile by the chance the match ends in her
exorcism over the rounds left (``exorcism``): the static judgement the hard
Samurai expect of her (``hiding.plan_score``). ``easy`` plays its best path,
undrawn, except that on a seeded coin toss she slips to any plan that does
not lose at once: a hunter who reads that judgement reads half her plans,
and any hunter catches her slips. ``hard`` plays the Samurai's
turn against each of its best candidates (a one-action-deep Samurai search
that, like the hard Samurai, expects a thoughtful hider, and in advanced
mode judges the rest of the turn by what two actions a Samurai can still
do, as they do) to judge them again: what that turn catches, and her room
next round from where the Samurai end it, not where they began.
The hard Goryō judges her start by the round it opens (her best first plans
from it, played out): the start decides round 1, and choosing it by distance
alone lost her more matches than any of her draws.

Above ``easy`` she plays a mixed strategy (``mixed``): her start, her plan
and her False Trail's space are drawn among the choices scored nearly as
well as the best, seeded by the decision seed, so the same position gives
different choices in different matches and the same one after a restart.
The hard Goryō draws her start only among those judged within half a
capture of the best, a plan only among those whose played-out Samurai turn
ends as the best one's does, and her False Trail in round 1 only: each draw
beyond that lost her matches against the hard Samurai.

Her False Trail costs nothing until a Samurai investigates its space, and
then answers yes to mislead: so every level places it while she has it, on the
off-path space most likely to be investigated.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random

from rules import (
    SPACES,
    SPACES_OF_TYPE,
    ChooseStart,
    EndSamuraiTurn,
    GoryoView,
    PawPrint,
    Phase,
    Plan,
    PublicView,
    Search,
    Side,
    Sniff,
    Space,
    TileState,
    answer,
    layout,
    open_target,
)
from rules.discovery import bag_icons_between

from . import mixed
from .belief import Belief, belief
from .exorcism import exorcism_risk
from .geometry import DISTANCE, paths_from
from .hiding import (
    DRAWS_EXPECTED,
    REACH_TO_INVESTIGATE,
    REACH_TO_STAND,
    exposure,
    flip_cost,
    freedom,
    freedom_from,
    interest,
    plan_score,
    samurai_spaces,
    sprint_cost,
)
from .levels import Level, play_of
from .samurai import HIDER_SHARPNESS as SAMURAI_SHARPNESS
from .samurai import Particle, choose_samurai_action
from .samurai import particles_from as samurai_particles
from .turn import Turn, investigated_space
from .values import CAPTURE, EXORCISM, GREEN, WIN

# Her mixed strategy (see ``mixed``), in score units: the start's, the plan's, and the False Trail's
# spread relative to its best space.
START_TEMPERATURE = 0.3
START_MARGIN = 0.6
PLAN_TEMPERATURE = 0.7
PLAN_MARGIN = 1.6
# After the first round: ties only.
LATER_TEMPERATURE = 0.01
LATER_MARGIN = 0.05
TRAIL_SPREAD = 0.5
TRAIL_MARGIN = 0.8
# The Samurai she plays out expects a thoughtful hider, as the pre-issue-25 hard one did: playing out
# today's sharper hunter instead made her weaker against that one (23% lost against 17%, 100 matches).
HUNTER_MODEL = 0.5


@dataclasses.dataclass(frozen=True, slots=True)
class Hunter:
    """The played-out Samurai's model of her: ``samurai.particles_from``'s share, sharpness and scale."""

    share: float
    sharpness: float = SAMURAI_SHARPNESS
    her_scale: bool = False  # the hard Samurai's: her whole static judgement, as they stood when she planned


MILD_HUNTER = Hunter(HUNTER_MODEL)  # the hard Goryō's
SHARP_HUNTER = Hunter(0.9, 4.0, her_scale=True)  # the hard Samurai's own model of her (``agents``)
BLIND_HUNTER = Hunter(0.0)  # any consistent path alike: the normal Samurai's
# The expert Goryō judges each plan by the worse of two played-out turns: the hunter who reads her as the hard
# Samurai do, and the one who expects nothing of her (a plan one of them misses, the other may not). Advanced mode,
# seeds 7,200,000-7,200,199: the hard Samurai won 24 matches against her playing out the sharp one alone, 9 against
# her playing out both (20 matches won only against the first, 5 only against the second).
EXPERT_HUNTERS: tuple[Hunter, ...] = (SHARP_HUNTER, BLIND_HUNTER)
# In advanced mode the Samurai she plays out judge what is left of their turn as the hard ones do (``capped``):
# the basic leaf misjudges two actions a Samurai, so its played-out turn told her little of theirs.
CAPPED_HUNTER = True
# Her next round starts where the Samurai end this one: her room from them then, per unit of ``hiding.freedom``.
# Against the baseline hard Samurai, seeds 0-199: weighing it took her from 18.5% lost to 16.0%.
NEXT_FREEDOM = 1.0
# The hard Goryō's start is judged by the round it opens: her best first plans from it, played out
# (``START_CANDIDATES`` of them), drawn among the starts within ``START_JUDGED_MARGIN`` of the best.
START_CANDIDATES = 4
START_JUDGED_TEMPERATURE = 0.3
START_JUDGED_MARGIN = 0.5
# The easy Goryō slips: this share of her plans is any one but a ruinous one, so every hunter catches her now and
# then, not only one who reads her best path. Without slips the normal Samurai, who does not, won 1.6% of 1,000
# advanced matches against her (9.0% against the normal Goryō): docs/computer-opponent.md has the figures with them.
EASY_SLIP = 0.5
RUINOUS = 50.0  # a plan scored this far below her best ends the match at once (``hiding.flip_cost``): never a slip
TYPICAL_SHARE = 0.1  # of her possible paths, how many end on a given target
TYPICAL_INTEREST = 0.5  # how much a Samurai wants a given space investigated


def false_trail_for(
    view: PublicView, path: tuple[Space, ...], known: Belief, mixed_seed: int | None = None
) -> Space | None:
    """Where her False Trail goes: off the path, where a Samurai is likeliest to investigate.

    It costs nothing until a Samurai investigates its space, so she lays it
    every round while she has it. With ``mixed_seed`` (the levels above
    ``easy``) she draws its space among the likeliest few rather than always
    the likeliest, so where she lies, and so when it is spent, is no habit.
    """
    if not view.false_trail_available:
        return None
    samurai = samurai_spaces(view)
    on_path = set(path)
    options = [s for s in SPACES if s not in on_path]

    def lure(s: Space) -> float:
        return exposure(s, samurai, REACH_TO_INVESTIGATE) * interest(known, s)

    if mixed_seed is None:
        return max(options, key=lambda s: (lure(s), -s))
    scored = [(lure(s), s) for s in options]
    best = max(score for score, _ in scored)
    if best <= 0:
        return max(options, key=lambda s: -s)
    return mixed.draw(scored, mixed_seed, temperature=TRAIL_SPREAD * best, margin=TRAIL_MARGIN * best,
                      stream="false-trail")


def legal_paths(view: GoryoView) -> list[tuple[Space, ...]]:
    public = view.public
    targets = set(view.legal_targets)
    sprint = (layout.GORYO_MOVE_CUBES + 1,) if public.sprint_available else ()
    steps = (layout.GORYO_MOVE_CUBES, *sprint)
    return [path for n in steps for path, _ in paths_from(public.goryo_space, n) if path[-1] in targets]


def start_score(samurai: tuple[Space, ...], space: Space) -> float:
    """Far from the nearest Samurai first, then room to move (each path from it a twentieth of a step)."""
    return min(DISTANCE[at][space] for at in samurai) + 0.05 * len(paths_from(space, layout.GORYO_MOVE_CUBES))


def choose_start(view: GoryoView, level: str = Level.EASY, seed: int = 0) -> ChooseStart:
    """The space of the first type farthest from the Samurai, with the most room to move; ``hard`` judges
    each by her first round from it (``start_value``).

    Above ``easy`` she draws among the spaces nearly as good (``mixed``).
    """
    samurai = samurai_spaces(view.public)
    scored = [(start_score(samurai, s), s) for s in SPACES_OF_TYPE[view.public.first_type]]
    play = play_of(level)
    if play.judges:
        judged = [(start_value(view, s, seed), s) for s in SPACES_OF_TYPE[view.public.first_type]]
        return ChooseStart(mixed.draw(judged, seed, temperature=START_JUDGED_TEMPERATURE, margin=START_JUDGED_MARGIN,
                                      stream="start"))
    if not play.mixed:
        return ChooseStart(max(scored, key=lambda pair: (pair[0], -pair[1]))[1])
    return ChooseStart(mixed.draw(scored, seed, temperature=START_TEMPERATURE, margin=START_MARGIN, stream="start"))


def board_score(view: PublicView, path: tuple[Space, ...]) -> float:
    """``normal``'s cheaper judgement: the board alone, not what the Samurai can deduce from their answers."""
    samurai = samurai_spaces(view)
    target = path[-1]
    need = layout.SPIRIT_TOKENS - view.spirits
    reach = exposure(target, samurai, REACH_TO_STAND)
    danger = reach * (0.25 + TYPICAL_SHARE) * (CAPTURE + (WIN if need == 1 else 0.0))
    walked = sum(exposure(s, samurai, REACH_TO_INVESTIGATE) for s in path[1:])
    return -flip_cost(view, target) - danger + freedom(view, target) - GREEN * TYPICAL_INTEREST * walked


def ranked_plans(view: GoryoView, level: str, seed: int) -> list[tuple[float, Plan]]:
    """Her legal plans, best first by the static score; the Sprint only when it beats keeping it.

    ``normal`` judges the board along the whole path; ``easy`` and ``hard``
    also what the Samurai can deduce (the belief) and the chance the match
    ends in her exorcism (she knows her bound object; see ``exorcism``):
    the judgement the hard Samurai expect of her (``hiding.plan_score``).
    """
    public = view.public
    known = belief(public)
    jitter = random.Random(seed)
    play = play_of(level)
    scored = []
    for path in legal_paths(view):
        if play.board_only:
            score = board_score(public, path) - sprint_cost(public, path)
        else:
            score = plan_score(public, path, known, (view.bound,))
        score += jitter.random() * 1e-6  # seeded tie-break
        # The hard Goryō draws her False Trail in round 1 only: later she lays it where it lures best.
        drawn = play.board_only or (play.judges and public.round == 1)
        trail = false_trail_for(public, path, known, seed if drawn else None)
        scored.append((score, Plan(path, trail)))
    scored.sort(key=lambda pair: -pair[0])
    return scored


@functools.lru_cache(maxsize=256)  # the expert Samurai's replay judges one candidate under each bound object
def samurai_turn_against(
    view: PublicView, plan: Plan, seed: int, hunter: Hunter = MILD_HUNTER
) -> tuple[int, int, tuple[Space, ...]]:
    """Play a Samurai turn against ``plan``: how many Samurai end on her target, the green prints that count,
    and where the Samurai end the turn.

    The Samurai is the normal-depth search with ``hunter``'s model of her: by default the plain one of a
    thoughtful hider (``HUNTER_MODEL``).
    """
    seen = dataclasses.replace(view, phase=Phase.SAMURAI_TURN, to_move=Side.SAMURAI)
    turn = Turn.from_view(seen)
    planned_against = seen.samurai_spaces

    def particles_from(seen: PublicView) -> list[Particle]:
        as_planned = planned_against if hunter.her_scale else None  # the plain model reads where they stand now
        return samurai_particles(seen, hider_model=hunter.share, sharpness=hunter.sharpness,
                                 her_scale=hunter.her_scale, planned_against=as_planned)

    particles = particles_from(seen)
    while True:
        action = choose_samurai_action(
            seen,
            particles,
            depth=1,
            node_budget=10**9,
            lookahead=True,
            foresight=True,
            seed=seed,
            capped=CAPPED_HUNTER,
        )
        if isinstance(action, EndSamuraiTurn):
            break
        prints = seen.paw_prints
        if isinstance(action, (Search, Sniff)):
            space = investigated_space(turn, action)
            prints += (PawPrint(space, answer(plan, space)),)
        turn = turn.after(action)
        seen = dataclasses.replace(
            seen,
            samurai_spaces=tuple(zip((s for s, _ in seen.samurai_spaces), turn.positions, strict=True)),
            calls=turn.calls,
            paw_prints=prints,
        )
        particles = particles_from(seen)
    on_target = sum(1 for at in turn.positions if at == plan.target)
    greens = sum(1 for p in seen.paw_prints if p.green and p.space != plan.false_trail)
    return on_target, greens, tuple(turn.positions)


def choose_plan(view: GoryoView, level: str, simulations: int, seed: int) -> Plan:
    """``easy`` plays its best-scored plan but slips (``easy_plan``); the levels above draw among their good ones
    (``mixed``)."""
    ranked = ranked_plans(view, level, seed)
    play = play_of(level)
    if not play.mixed:
        return easy_plan(ranked, seed)
    if len(ranked) == 1:
        return ranked[0][1]
    temperature, margin = plan_spread(view.public)
    if not play.judges:
        return mixed.draw(ranked, seed, temperature=temperature, margin=margin, stream="plan")
    hunters = EXPERT_HUNTERS if play.two_hunters else (MILD_HUNTER,)
    judged = judge_plans(view, ranked[: max(1, simulations)], seed, hunters)
    # She draws only among plans her played-out turn cannot tell apart from the best one (as many captures and
    # green prints): the Samurai she plays out is close kin to the hard ones, so a plan it catches more often is
    # one they catch more often, and every draw that let her take one lost matches (docs/computer-opponent.md).
    best = max(judged, key=lambda j: j[0])
    alike = [(value, plan) for value, plan, outcome in judged if outcome == best[2]]
    return mixed.draw(alike, seed, temperature=temperature, margin=margin, stream="plan")


def easy_plan(ranked: list[tuple[float, Plan]], seed: int) -> Plan:
    """Her best plan; but on a seeded coin toss (``EASY_SLIP``) any plan that does not end the match at once."""
    if random.Random(f"slip-coin:{seed}").random() >= EASY_SLIP:  # a stream of its own: the draw is "slip"
        return ranked[0][1]
    return mixed.draw(ranked, seed, temperature=math.inf, margin=RUINOUS, stream="slip")  # uniform among the sane


Outcome = tuple[int, int]  # of a played-out Samurai turn: captures, green prints


def judge_plans(
    view: GoryoView, candidates: list[tuple[float, Plan]], seed: int, hunters: tuple[Hunter, ...] = (MILD_HUNTER,)
) -> list[tuple[float, Plan, Outcome]]:
    """Each candidate's static score sharpened by the Samurai turn played out against it, with its outcome;
    with several ``hunters``, by the turn that leaves her worst off."""
    judged: list[tuple[float, Plan, Outcome]] = []
    for static, candidate in candidates:
        turns = [_judged_turn(view, candidate, seed, hunter) for hunter in hunters]
        lost, outcome = max(turns, key=lambda turn: turn[0])
        judged.append((static - lost, candidate, outcome))
    return judged


def _judged_turn(view: GoryoView, candidate: Plan, seed: int, hunter: Hunter) -> tuple[float, Outcome]:
    """What the Samurai turn ``hunter`` plays against ``candidate`` costs her, in captures, and its outcome."""
    public = view.public
    need = layout.SPIRIT_TOKENS - public.spirits
    samurai = samurai_spaces(public)
    target = candidate.target
    on_target, greens, after = samurai_turn_against(public, candidate, seed, hunter)
    captures = min(on_target, need)
    lost = CAPTURE * captures + (WIN if on_target >= need else 0.0) + GREEN * greens
    # The played-out turn tells how many tokens this round draws: re-judge the exorcism with it.
    draws = bag_icons_between(public.mallet, public.mallet + greens) + captures
    lost -= EXORCISM * (
        exorcism_risk(public, view.bound, target, DRAWS_EXPECTED) - exorcism_risk(public, view.bound, target, draws)
    )
    # Her next round starts where they end this one: her room from them then, not before they moved.
    lost -= NEXT_FREEDOM * (freedom_from(after, target) - freedom_from(samurai, target))
    # The played-out turn sharpens the static guess: what it shows lost counts on top.
    return lost, (captures, greens)


def round_one_view(view: GoryoView, start: Space) -> GoryoView:
    """Her view of round 1 had she started on ``start``: what the start decides."""
    public = dataclasses.replace(
        view.public, phase=Phase.GORYO_TURN, to_move=Side.GORYO, round=1, goryo_space=start,
        broken=(*view.public.broken, start),  # her start is the first object she breaks
    )
    sealed = {kind for kind, tile in public.tiles if tile is TileState.SEALED}
    targets = tuple(s for s in SPACES if open_target(s, public.broken, view.bound, sealed))
    return dataclasses.replace(view, public=public, legal_targets=targets)


def start_value(view: GoryoView, start: Space, seed: int) -> float:
    """How good her first round is from ``start``: her best first plan's played-out judgement."""
    first = round_one_view(view, start)
    ranked = ranked_plans(first, Level.HARD, seed)[:START_CANDIDATES]
    return max(value for value, _, _ in judge_plans(first, ranked, seed))


def plan_spread(view: PublicView) -> tuple[float, float]:
    """How widely she draws her plan: widest in the first round, where every match starts from the same few
    positions and a habit is easiest to read (and a capture costs least); later positions rarely recur."""
    return (PLAN_TEMPERATURE, PLAN_MARGIN) if view.round == 1 else (LATER_TEMPERATURE, LATER_MARGIN)
