"""The Goryō agent: choose a start and a plan that keep her hard to find and catch.

Every level scores her legal paths on public features: how close Samurai
stand to the target, whether breaking it flips a tile towards her exorcism,
how free she will be next round, and (from ``normal`` on) how exposed each
space after her start is to an investigation. ``easy`` looks only at the
target; ``normal`` weighs the whole path on the board alone and keeps her
Sprint until it pays; ``hard`` weighs it as the Samurai would (``belief``:
which spaces and targets their answers can single out), prices a flipped
tile by the chance the match ends in her exorcism over the rounds left
(``exorcism``), then plays the Samurai's turn against each of its best
candidates (a one-action-deep Samurai search that, like the hard Samurai,
expects a thoughtful hider) and keeps the plan that fared best.

Her False Trail costs nothing until a Samurai investigates its space, and
then answers yes to mislead: so every level places it while she has it, on the
off-path space most likely to be investigated.
"""

from __future__ import annotations

import dataclasses
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
    answer,
    layout,
)
from rules.discovery import bag_icons_between

from .belief import Belief, belief
from .exorcism import exorcism_risk
from .geometry import DISTANCE, paths_from
from .hiding import (
    REACH_TO_INVESTIGATE,
    REACH_TO_STAND,
    exposure,
    flip_cost,
    freedom,
    interest,
    path_score,
    samurai_spaces,
)
from .samurai import choose_samurai_action, particles_from
from .turn import Turn, investigated_space
from .values import CAPTURE, EXORCISM, GREEN, WIN

SPRINT_KEEP = 0.25  # per round left after this one: an unspent Sprint keeps every later round wider
HUNTER_MODEL = 0.5  # the Samurai she plays out expects a thoughtful hider, as the hard one does
TYPICAL_SHARE = 0.1  # of her possible paths, how many end on a given target
TYPICAL_INTEREST = 0.5  # how much a Samurai wants a given space investigated
DRAWS_EXPECTED = 1.1  # tokens a sharp hunter draws in a round, before she plays his turn out


def false_trail_for(view: PublicView, path: tuple[Space, ...], known: Belief) -> Space | None:
    """The off-path space a Samurai is likeliest to investigate, for her False Trail."""
    if not view.false_trail_available:
        return None
    samurai = samurai_spaces(view)
    on_path = set(path)
    options = [s for s in SPACES if s not in on_path]
    return max(options, key=lambda s: (exposure(s, samurai, REACH_TO_INVESTIGATE) * interest(known, s), -s))


def legal_paths(view: GoryoView) -> list[tuple[Space, ...]]:
    public = view.public
    targets = set(view.legal_targets)
    steps = (layout.GORYO_MOVE_CUBES, layout.GORYO_MOVE_CUBES + 1) if public.sprint_available else (layout.GORYO_MOVE_CUBES,)
    return [path for n in steps for path, _ in paths_from(public.goryo_space, n) if path[-1] in targets]


def choose_start(view: GoryoView) -> ChooseStart:
    """The space of the first type farthest from the Samurai, with the most room to move."""
    samurai = samurai_spaces(view.public)
    options = SPACES_OF_TYPE[view.public.first_type]
    return ChooseStart(
        max(
            options,
            key=lambda s: (min(DISTANCE[at][s] for at in samurai), len(paths_from(s, layout.GORYO_MOVE_CUBES)), -s),
        )
    )


def board_score(view: PublicView, path: tuple[Space, ...]) -> float:
    """``normal``'s cheaper judgement: the board alone, not what the Samurai can deduce from their answers."""
    samurai = samurai_spaces(view)
    target = path[-1]
    need = layout.SPIRIT_TOKENS - view.spirits
    danger = exposure(target, samurai, REACH_TO_STAND) * (0.25 + TYPICAL_SHARE) * (CAPTURE + (WIN if need == 1 else 0.0))
    walked = sum(exposure(s, samurai, REACH_TO_INVESTIGATE) for s in path[1:])
    return -flip_cost(view, target) - danger + freedom(view, target) - GREEN * TYPICAL_INTEREST * walked


def ranked_plans(view: GoryoView, level: str, seed: int) -> list[tuple[float, Plan]]:
    """Her legal plans, best first by the static score; the Sprint only when it beats keeping it.

    ``easy`` judges the target alone, ``normal`` the board along the whole
    path, ``hard`` also what the Samurai can deduce (the belief) and the chance
    the match ends in her exorcism (she knows her bound object; see ``exorcism``).
    """
    public = view.public
    known = belief(public)
    rounds_after = layout.ROUNDS - public.round
    whole_path = level != "easy"
    jitter = random.Random(seed)
    scored = []
    for path in legal_paths(view):
        if level == "normal":
            score = board_score(public, path)
        else:
            score = path_score(public, path, known, whole_path=whole_path)
        if level == "hard":
            score -= EXORCISM * exorcism_risk(public, view.bound, path[-1], DRAWS_EXPECTED)
        if len(path) > layout.GORYO_MOVE_CUBES + 1:
            score -= SPRINT_KEEP * rounds_after if whole_path else 10.0 * rounds_after
        score += jitter.random() * 1e-6  # seeded tie-break
        scored.append((score, Plan(path, false_trail_for(public, path, known))))
    scored.sort(key=lambda pair: -pair[0])
    return scored


def samurai_turn_against(view: PublicView, plan: Plan, seed: int) -> tuple[int, int]:
    """Play a Samurai turn against ``plan``: how many Samurai end on her target, and the green prints that count.

    The Samurai is the normal-depth search with the hard level's model of a thoughtful hider.
    """
    seen = dataclasses.replace(view, phase=Phase.SAMURAI_TURN, to_move=Side.SAMURAI)
    turn = Turn.from_view(seen)
    while True:
        action = choose_samurai_action(
            seen,
            particles_from(seen, hider_model=HUNTER_MODEL),
            depth=1,
            node_budget=10**9,
            lookahead=True,
            foresight=True,
            seed=seed,
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
            samurai_spaces=tuple(zip((s for s, _ in seen.samurai_spaces), turn.positions)),
            calls=turn.calls,
            paw_prints=prints,
        )
    on_target = sum(1 for at in turn.positions if at == plan.target)
    greens = sum(1 for p in seen.paw_prints if p.green and p.space != plan.false_trail)
    return on_target, greens


def choose_plan(view: GoryoView, level: str, simulations: int, seed: int) -> Plan:
    ranked = ranked_plans(view, level, seed)
    if level != "hard" or len(ranked) == 1:
        return ranked[0][1]
    public = view.public
    need = layout.SPIRIT_TOKENS - public.spirits
    best = None
    for static, candidate in ranked[: max(1, simulations)]:
        on_target, greens = samurai_turn_against(public, candidate, seed)
        captures = min(on_target, need)
        lost = CAPTURE * captures + (WIN if on_target >= need else 0.0) + GREEN * greens
        # The played-out turn tells how many tokens this round draws: re-judge the exorcism with it.
        draws = bag_icons_between(public.mallet, public.mallet + greens) + captures
        target = candidate.target
        static += EXORCISM * (
            exorcism_risk(public, view.bound, target, DRAWS_EXPECTED) - exorcism_risk(public, view.bound, target, draws)
        )
        # The played-out turn sharpens the static guess: what it shows lost counts on top.
        if best is None or static - lost > best[0]:
            best = (static - lost, candidate)
    return best[1]
