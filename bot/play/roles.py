"""Who plays which side of a new match: the challenger's chosen role, or a seeded coin toss."""

from __future__ import annotations

import random

from ..records.matches import Role


def challenger_is_goryo(role: Role, seed: int | str) -> bool:
    if role is Role.GORYO:
        return True
    if role is Role.SAMURAI:
        return False
    # Tied to the match seed, so GORYO_SEED also fixes a random role.
    return random.Random(f"roles:{seed}").random() < 0.5
