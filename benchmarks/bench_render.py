"""Render speed and PNG sizes, old and new side by side in one run.

    python benchmarks/bench_render.py [--base 74c1dec] [--runs 40] [--pictures 120]

The old code is checked out beside this tree (``git worktree add`` into a temporary directory,
removed afterwards) and measured in a subprocess that imports *its* ``render`` and ``bot``; this
tree is measured the same way. The two alternate in rounds, so a busy moment on a shared machine
falls on both. Each case prints the old and new medians (wall clock, then CPU time), their ratios
and both PNG sizes.

Cases: a mid-game public board (plain, with the deduction aid), the Goryō's boards, the discovery
and final boards, in English and Italian; "a whole match, each view once" draws every public
view of a 33-action match in order, so no cache of a previous picture can help it. Then the
throughput, in pictures per second, of the bot's pool of drawing processes (``bot.delivery.boards``)
drawing 120 public boards at once.

Goal (issue 24): public and Goryō boards at least 2x faster than 74c1dec, PNG at most 1.25x its
bytes, the drawing pool at least 2x the pictures per second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


# --- the child: measures the tree it runs in ----------------------------------------


def cases():
    import functools

    import render
    import rules
    from tests.render import action_logs, aid_scenes, scenes

    mid = scenes.mid_samurai_turn()
    public_view = rules.public_view(mid)
    goryo_view = rules.goryo_view(mid)
    discovered = scenes.public(scenes.discovery_with_sprint_and_false_trail())
    early, late = aid_scenes.early(), aid_scenes.late()
    initial, actions = action_logs.longest_match()
    match_views, state = [rules.public_view(initial)], initial
    for action in actions:
        state = rules.apply(state, action).state
        match_views.append(rules.public_view(state))

    def whole_match(language: str) -> int:
        # Returns the mean size; the time is divided by the number of pictures below.
        return sum(len(render.public_board(v, language=language)) for v in match_views) // len(match_views)

    table = []
    for language in ("en", "it"):
        tag = "" if language == "en" else ", Italian"
        table += [
            (f"public board, mid Samurai turn{tag}", functools.partial(render.public_board, language=language),
             public_view, 1),
            (f"  with the aid (26 paths){tag}",
             functools.partial(render.public_board, aid=aid_scenes.aid_for(early), language=language), early, 1),
            (f"  with the aid, one path left{tag}",
             functools.partial(render.public_board, aid=aid_scenes.aid_for(late), language=language), late, 1),
            (f"Goryō board, mid Samurai turn{tag}", functools.partial(render.goryo_board, language=language),
             goryo_view, 1),
            (f"Goryō board, preview with Sprint{tag}", functools.partial(render.goryo_board, language=language),
             scenes.preview(), 1),
            (f"discovery board{tag}", functools.partial(render.discovery_board, language=language), discovered, 1),
            (f"final board{tag}", functools.partial(render.final_board, language=language),
             scenes.public(scenes.final()), 1),
            (f"a whole match, each view once{tag}", whole_match, language, len(match_views)),
        ]
    return table, mid


def child(runs: int, pictures: int) -> None:
    import asyncio

    start = time.perf_counter()
    table, mid = cases()
    table[0][1](table[0][2])
    first = (time.perf_counter() - start) * 1000
    for _, function, argument, _ in table:
        function(argument)  # warm each picture's own sprites and layers
    results = {"first": first, "cases": {}}
    for name, function, argument, count in table:
        times, cpu, size = [], [], 0
        for _ in range(runs if count == 1 else max(1, runs // 10)):
            start, start_cpu = time.perf_counter(), time.process_time()
            size = function(argument)
            times.append((time.perf_counter() - start) / count)
            cpu.append((time.process_time() - start_cpu) / count)
            size = size if isinstance(size, int) else len(size)
        results["cases"][name] = {"times": times, "cpu": cpu, "size": size}
    if pictures:
        results["pool"] = asyncio.run(pool_throughput(mid, pictures))
    print(json.dumps(results))


async def pool_throughput(state, pictures: int) -> float:
    """Many public boards at once, as in a flood of /goryo board, each really drawn: pictures per second."""
    import asyncio

    import render
    import rules
    import words
    from bot.delivery import boards

    view = rules.public_view(state)
    # The processes are a Drawing handed to the bot now; the base tree (74c1dec) kept them in the module.
    drawing = boards.Drawing() if hasattr(boards, "Drawing") else boards
    await drawing.warm()
    start = time.perf_counter()
    # _draw: every picture really drawn (public_board would serve repeats from its cache).
    await asyncio.gather(*(drawing._draw(render.public_board, words.describe_public, view, "b.png", "en")
                           for _ in range(pictures)))
    return pictures / (time.perf_counter() - start)


# --- the parent: runs both trees and prints them side by side --------------------------


def measure(tree: Path, runs: int, pictures: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree), "BENCH_RENDER_TREE": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", "--runs", str(runs),
                          "--pictures", str(pictures)], cwd=tree, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def merge(rounds: list[dict]) -> dict:
    merged = {"first": statistics.median(r["first"] for r in rounds), "cases": {}, "pool": []}
    for r in rounds:
        for name, case in r["cases"].items():
            entry = merged["cases"].setdefault(name, {"times": [], "cpu": [], "size": case["size"]})
            entry["times"] += case["times"]
            entry["cpu"] += case["cpu"]
        if "pool" in r:
            merged["pool"].append(r["pool"])
    return merged


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="74c1dec", help="the old commit (default: main before issue 24)")
    parser.add_argument("--runs", type=int, default=40, help="pictures per case per round")
    parser.add_argument("--rounds", type=int, default=2, help="old and new measured alternately this many times")
    parser.add_argument("--pictures", type=int, default=120, help="pictures drawn at once for the pool's throughput")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, os.environ.get("BENCH_RENDER_TREE", str(HERE)))
        child(args.runs, args.pictures)
        return

    with tempfile.TemporaryDirectory(prefix="render-base-") as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            old_rounds, new_rounds = [], []
            for _ in range(args.rounds):
                old_rounds.append(measure(base, args.runs, args.pictures))
                new_rounds.append(measure(HERE, args.runs, args.pictures))
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(base)], check=True)
    old, new = merge(old_rounds), merge(new_rounds)
    print(f"old: {args.base}; new: this tree. Medians of {args.rounds} x {args.runs} pictures each, in ms: wall clock,")
    print("then CPU time (this process's own, so less swayed by others sharing the machine).")
    print(f"first picture (imports, fonts, cached layers): old {old['first']:.0f} ms, new {new['first']:.0f} ms")
    print(f"{'picture':<42} {'old':>6} {'new':>6} {'ratio':>6} {'CPU old':>8} {'new':>6} {'ratio':>6} "
          f"{'old KB':>7} {'new KB':>7} {'bytes':>6}")
    for name, o in old["cases"].items():
        n = new["cases"][name]
        om, nm = statistics.median(o["times"]) * 1000, statistics.median(n["times"]) * 1000
        oc, nc = statistics.median(o["cpu"]) * 1000, statistics.median(n["cpu"]) * 1000
        print(f"{name:<42} {om:>6.1f} {nm:>6.1f} {om / nm:>5.2f}x {oc:>8.1f} {nc:>6.1f} {oc / nc:>5.2f}x "
              f"{o['size'] / 1024:>7.1f} {n['size'] / 1024:>7.1f} {n['size'] / o['size']:>5.2f}x")
    if old["pool"]:
        op, np_ = statistics.median(old["pool"]), statistics.median(new["pool"])
        print(f"the bot's drawing pool, {args.pictures} public boards at once: old {op:.1f} pictures/s, "
              f"new {np_:.1f} pictures/s ({np_ / op:.2f}x)")


if __name__ == "__main__":
    main()
