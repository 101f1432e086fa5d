"""Round robin by Berger tables: every two players meet once, in ``count - 1`` rounds (``count`` when odd)."""

from __future__ import annotations

from .model import Double, Pairing


def berger_rounds(entrants: tuple[int, ...]) -> list[Pairing]:
    """The whole schedule of a round robin of ``entrants`` (in sign-up order), round 1 first.

    The classic construction: number the players 0..n-1 (a ghost makes n even; its partner sits the
    round out); in round r the players i, j < n-1 with i + j ≡ r (mod n-1) meet, and the one with
    2i ≡ r meets player n-1. Each pair's sum is one residue, so every pair meets exactly once.
    """
    players: list[int | None] = list(entrants)
    if len(players) % 2:
        players.append(None)  # the ghost: whoever meets it has the bye
    n = len(players)
    schedule = []
    for r in range(n - 1):
        meetings: list[tuple[int | None, int | None]] = []
        for i in range(n - 1):
            j = (r - i) % (n - 1)
            if i == j:
                meetings.append((players[i], players[n - 1]))
            elif i < j:
                meetings.append((players[i], players[j]))
        bye = None
        doubles = []
        for a, b in meetings:
            if a is None or b is None:
                bye = b if a is None else a
            else:
                doubles.append(Double(a, b))
        schedule.append(Pairing(tuple(doubles), bye))
    return schedule


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of ``count`` players takes."""
    return count - 1 if count % 2 == 0 else count
