"""A mixed strategy: draw one of the good choices rather than always the best-scored one.

In a hidden-movement game the hider's strength is being unpredictable: a
Goryō who always opens the same way from the same position can be read by
anyone who has played her twice. So she keeps every choice scored within
``margin`` of the best and draws one with softmax odds (``temperature`` in
score units: a choice that many points worse is e≈2.7 times less likely).

The draw is seeded by the decision seed, so it is a pure function of (the
scores, the seed): the same position gives different choices in different
matches, and the same choice again after a restart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def draw(scored: Sequence[tuple[float, T]], seed: int, *, temperature: float, margin: float, stream: str) -> T:
    """One choice from ``scored`` (score, choice) pairs, higher scores likelier; ``stream`` keeps draws apart."""
    if not scored:
        raise ValueError("nothing to choose from")
    best = max(score for score, _ in scored)
    kept = [(score, choice) for score, choice in scored if score >= best - margin]
    weights = [math.exp((score - best) / temperature) for score, _ in kept]
    # A string seed is hashed by sha512, so each stream draws independently of the others.
    rng = random.Random(f"{stream}:{seed}")
    return rng.choices([choice for _, choice in kept], weights)[0]

