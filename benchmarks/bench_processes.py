"""The resident size of one drawing and one thinking process once they have worked (issue 46).

    python benchmarks/bench_processes.py

A drawing process, warmed as ``setup_hook`` warms it, draws the public boards of 50 random matches; a thinking
process makes 5 easy decisions. Each process imports the module of each function it is handed, and a process
started from a script imports that script too: this one imports only the standard library at its top, as
``python -m bot`` (whose ``bot.__main__`` a process does not import) would. Run it with an older tree on
PYTHONPATH to compare.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import sys
from pathlib import Path


def resident_mb() -> int:
    """The resident size of this process's one child (its resource tracker is not a child)."""
    sizes = []
    for child in multiprocessing.active_children():
        with open(f"/proc/{child.pid}/status") as status:
            sizes.append(next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS:")))
    [size] = sizes
    return size


async def measure() -> None:
    # Imported here, not at the top: the processes import this script, and must not import the bot with it.
    import rules
    import rules.playout
    from ai.levels import Level
    from bot.delivery.boards import Drawing
    from bot.play.thinking import Thinking

    try:
        from bot.play.decisions import decide
    except ImportError:  # before issue 46 it lived beside the rest of the bot's own seat
        from bot.play.aiplay import decide

    drawing = Drawing(1)
    await drawing.warm()
    rng = random.Random(1)
    for seed in range(50):
        state = rules.new_game(seed)
        for _ in range(rng.randrange(1, 30)):
            if state.is_over:
                break
            state = rules.apply(state, rules.playout.random_action(state, rng)).state
        await drawing.public_board(state)
    print(f"a drawing process after 50 public boards: {resident_mb()} MB resident")
    drawing.close()
    thinking = Thinking(1)
    for seed in range(5):
        await thinking.run(decide, rules.Side.GORYO, Level.EASY, rules.goryo_view(rules.new_game(seed)), seed)
    print(f"a thinking process after 5 easy decisions: {resident_mb()} MB resident")
    thinking.close()


if __name__ == "__main__":
    # Runnable from a checkout without installing; last, so that a tree on PYTHONPATH is the one measured.
    sys.path.append(str(Path(__file__).resolve().parent.parent))
    asyncio.run(measure())
