"""Swiss pairing of a large field: how long ``next_pairing`` takes for 1,000 players (the aim: under 2 s).

    PYTHONPATH=. python benchmarks/bench_pairing.py [--players 1000] [--rounds 7] [--repeats 3]

Plays ``--rounds`` Swiss rounds with seeded random results (each match won by either side, now and then
unplayed), timing each round's pairing (standings, then networkx's matching); prints the median and the
slowest over ``--repeats`` tournaments.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.records.tournaments import Bye, Format, MatchResult
from bot.records.tournaments.rounds import next_pairing


def one_tournament(players: int, rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    entrants = list(range(1, players + 1))
    results: list[MatchResult] = []
    byes: list[Bye] = []
    times = []
    for number in range(1, rounds + 1):
        began = time.perf_counter()
        pairing = next_pairing(Format.SWISS, entrants, number, results, byes)
        times.append(time.perf_counter() - began)
        for double in pairing.doubles:
            for goryo, samurai in double.matches():
                results.append(MatchResult(number, goryo, samurai, rng.choice([goryo, samurai, goryo, samurai, None])))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=3)
    options = parser.parse_args()
    times = [t for seed in range(options.repeats) for t in one_tournament(options.players, options.rounds, seed)]
    print(f"{options.players} players, {options.rounds} rounds x {options.repeats}: pairing a round "
          f"median {statistics.median(times):.3f} s, slowest {max(times):.3f} s")


if __name__ == "__main__":
    main()
