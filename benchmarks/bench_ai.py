"""Strength and speed of the computer players (issue 11): ``python benchmarks/bench_ai.py``.

Plays seeded matches between agents with the rules engine alone and prints
each pairing's win rate with a 95% Wilson interval, and the thinking time
per decision (median, p95) on one core, as the process's CPU time so that
other work sharing the machine does not inflate it. Two references frame the levels:
``random`` for each role (rules.playout's uniform legal play) and, for the
Samurai, an ``oracle`` that is shown her plan each round (the ceiling; it
lives here only, never in ``ai/``). Also times ``ai.belief`` on real
Samurai-turn views.

    python benchmarks/bench_ai.py --matches 200 --workers 2
    python benchmarks/bench_ai.py --pairings hard:random,oracle:random --matches 50
    python benchmarks/bench_ai.py --advanced --first-seed 10000   # 2 actions per Samurai
    python benchmarks/bench_ai.py --against-baseline --hard-matches 400   # issue 25: today's hard vs the frozen one
    python benchmarks/bench_ai.py --pairings expert:pre37-hard,pre37-hard:pre37-hard,pre37-hard:expert  # issue 37

``baseline-easy``, ``baseline-normal`` and ``baseline-hard`` are the agents as
they stood before issue 25, ``pre37-easy`` … ``pre37-hard`` as they stood before issue 37, read from the
project's history by ``benchmarks/baseline_ai.py`` (the bot cannot reach them), so every change is measured
against them in the same run.

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runnable from a checkout without installing

import ai
import rules
from ai import opponent
from ai import samurai as samurai_search
from ai.geometry import mask_of
from benchmarks import baseline_ai
from rules import Phase, Side
from rules.playout import random_action

# Today's hard agents against the frozen ones, the most telling first.
BASELINE_PAIRINGS = ("baseline-hard:hard", "hard:hard", "hard:baseline-hard", "baseline-hard:baseline-hard")
# Samurai level : Goryō level. The default set answers the questions.
DEFAULT_PAIRINGS = (
    *BASELINE_PAIRINGS,
    # The Samurai's ladder against the random Goryō, up to the oracle's ceiling.
    "random:random", "easy:random", "normal:random", "hard:random", "oracle:random",
    # The Goryō's ladder against the normal and the hard Samurai.
    "normal:easy", "normal:normal", "normal:hard",
    "hard:easy", "hard:normal", "hard:hard",
)
CHEAP = {"random", "easy", "normal", "baseline-easy", "baseline-normal", "pre37-easy", "pre37-normal"}
BASELINE = "baseline-"  # a level name's prefix: the frozen pre-issue-25 agents (benchmarks/baseline_ai.py)
PRE37 = "pre37-"  # the frozen pre-issue-37 agents: issue 25's, today's baseline


def agent_for(side: Side, level: str):
    """The agent and its budget function for ``level``: ``hard`` is today's, ``baseline-hard`` and
    ``pre37-hard`` frozen ones."""
    package, plain = ai, level
    for prefix in baseline_ai.FROZEN_AI:
        if level.startswith(prefix):
            package, plain = baseline_ai.load(prefix), level[len(prefix):]
    return package.agent(side, plain), lambda seed: package.budget_for(plain, seed)


@dataclass
class Result:
    samurai_won: bool
    decisions: dict[str, list[float]]  # "samurai" / "goryo" -> seconds per decision


def oracle_action(state: rules.GameState, seed: int) -> rules.Action:
    """The Samurai's search shown her true plan: where the hunt would end with perfect information."""
    plan = state.plan
    assert plan is not None  # the Samurai act on a plan she has made
    mask = mask_of(plan.path[1:])
    truth = [samurai_search.Particle(1.0, mask, plan.target, plan.false_trail)]
    return samurai_search.choose_samurai_action(
        rules.public_view(state), truth, depth=2, node_budget=10**9, lookahead=True, foresight=True, seed=seed
    )


def play_match(samurai_level: str, goryo_level: str, seed: int, advanced: bool) -> Result:
    rng = random.Random(seed)
    state = rules.new_game(seed, advanced=advanced)
    decisions: dict[str, list[float]] = {"samurai": [], "goryo": []}
    version = 0
    turn_start = None  # the public view as the Samurai turn began: where they stood when she planned
    history: list[rules.PublicView] = []  # the public views the hard Samurai's evidence is read from
    while not state.is_over:
        if state.phase is Phase.SAMURAI_TURN and not state.calls:
            turn_start = rules.public_view(state)
            history.append(turn_start)
        side = state.to_move
        assert side is not None  # a match not over has a side to move
        level = samurai_level if side is Side.SAMURAI else goryo_level
        began = time.process_time()
        if level == "random":
            action = random_action(state, rng)
        elif level == "oracle":
            action = oracle_action(state, seed * 1000 + version)
        else:
            agent, budget_for = agent_for(side, level)
            if side is Side.SAMURAI and not level.startswith(BASELINE):  # issue 25's agents take what she faced
                planned_against = turn_start.samurai_spaces if turn_start is not None else None
                action = agent.choose(rules.public_view(state), budget_for(seed * 1000 + version), planned_against,
                                      opponent.evidence_from(history))
            else:
                view = rules.public_view(state) if side is Side.SAMURAI else rules.goryo_view(state)
                action = agent.choose(view, budget_for(seed * 1000 + version))
        decisions[side.value].append(time.process_time() - began)
        reveal = state.last_reveal
        state = rules.apply(state, action).state
        if state.last_reveal is not reveal:
            history.append(rules.public_view(state))  # a Discovery: her path is public now
        version += 1
    assert state.outcome is not None
    return Result(state.outcome.winner is Side.SAMURAI, decisions)


def _play(job: tuple[str, str, int, bool]) -> Result:
    return play_match(*job)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_belief(count: int = 500) -> tuple[float, float]:
    views: list[rules.PublicView] = []
    seed = 0
    while len(views) < count:
        views += [rules.public_view(s) for _, s in rules.playout.random_match(seed) if s.phase is Phase.SAMURAI_TURN]
        seed += 1
    times = []
    for view in views[:count]:
        began = time.process_time()
        ai.belief(view)
        times.append(time.process_time() - began)
    return statistics.median(times), percentile(times, 0.95)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairings", default=",".join(DEFAULT_PAIRINGS),
                        help="samurai:goryo,… levels or random/oracle")
    parser.add_argument("--against-baseline", action="store_true",
                        help="only the hard agents against the frozen baseline ones (issue 25)")
    parser.add_argument("--levels", help="only pairings whose both sides are among these, e.g. random,easy,normal")
    parser.add_argument("--matches", type=int, default=1000, help="matches per pairing at the cheap levels")
    parser.add_argument("--hard-matches", type=int, default=200, help="matches per pairing involving hard or oracle")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--advanced", action="store_true", help="advanced mode (2 actions per Samurai)")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()

    chosen = ",".join(BASELINE_PAIRINGS) if args.against_baseline else args.pairings
    pairings = list(dict.fromkeys(p.strip() for p in chosen.split(",") if p.strip()))
    if args.levels:
        allowed = set(args.levels.split(","))
        pairings = [p for p in pairings if set(p.split(":")) <= allowed]
    b_median, b_p95 = bench_belief()
    print(f"ai.belief on Samurai-turn views: median {b_median * 1e3:.3f} ms, p95 {b_p95 * 1e3:.3f} ms")
    mode = "advanced" if args.advanced else "basic"
    print(f"\n{mode} mode; Samurai win rate with 95% Wilson interval; thinking time per decision on one core\n")
    print(f"{'samurai':>8} vs {'goryo':<7} {'n':>5}  {'samurai win':>11}  {'95% CI':>15}  "
          f"{'samurai ms med/p95':>19}  {'goryo ms med/p95':>17}")
    with multiprocessing.Pool(args.workers) as pool:
        for pairing in pairings:
            samurai_level, goryo_level = pairing.split(":")
            n = args.matches if {samurai_level, goryo_level} <= CHEAP else args.hard_matches
            jobs = [(samurai_level, goryo_level, args.first_seed + i, args.advanced) for i in range(n)]
            results = pool.map(_play, jobs, chunksize=max(1, n // (8 * args.workers)))
            wins = sum(r.samurai_won for r in results)
            low, high = wilson(wins, n)
            times = {side: [t for r in results for t in r.decisions[side]] for side in ("samurai", "goryo")}
            shown = {
                side: f"{statistics.median(ts) * 1e3:7.2f}/{percentile(ts, 0.95) * 1e3:7.2f}" if ts else "-"
                for side, ts in times.items()
            }
            print(f"{samurai_level:>8} vs {goryo_level:<7} {n:>5}  {wins / n:>10.1%}  "
                  f"[{low:6.1%}, {high:6.1%}]  {shown['samurai']:>19}  {shown['goryo']:>17}", flush=True)


if __name__ == "__main__":
    main()
