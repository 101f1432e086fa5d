"""The last round's real stake: the chance the Samurai win the match at its Discovery.

In the fourth round nothing carries over, so a capture short of the third,
a green print that reaches no bag icon or standing near her next start is
worth nothing, while a capture draws a token and the gong's icons draw
more. Three captures in one turn are rare; most last rounds are won by the
exorcism, when the draws seal every intact type but her bound one. The
fixed scale of ``values`` (a green print always 0.8 of a capture) cannot
tell the print that reaches an icon from the one that does not, so in the
last round the capped search also counts this chance.

All from public facts: her bound object is one of the intact tiles, she
never breaks it, and the bag holds every other intact type; so the draws
needed are the intact tiles less one (and less one more if her target's
tile is intact, since breaking it flips it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import OBJECT_AT, ObjectType, PublicView, Space, TileState, layout
from rules.discovery import bag_icons_between

from .exorcism import chance_all_drawn


@dataclass(frozen=True, slots=True)
class LastRound:
    """What the last round's Discovery will weigh, as the turn began."""

    need: int  # captures still needed
    mallet: int
    bag: int  # tokens left in the bag
    intact: frozenset[ObjectType]  # face-up tiles: her bound one and every type the draws must still seal
    greens: int  # yes answers already given this turn

    @classmethod
    def of(cls, view: PublicView) -> LastRound | None:
        """The last round's stakes, or None before it."""
        if view.round < layout.ROUNDS:
            return None
        return cls(
            layout.SPIRIT_TOKENS - view.spirits, view.mallet, view.bag_count,
            frozenset(t for t, tile in view.tiles if tile is TileState.INTACT),
            sum(1 for p in view.paw_prints if p.green),
        )


def icons_reached(mallet: int, greens: int) -> int:
    """The bag icons the gong passes when ``greens`` yes answers move it from ``mallet`` (it stops at its end)."""
    return bag_icons_between(mallet, min(layout.GONG_LAST_SPACE, mallet + greens))


def win_chance(
    stakes: LastRound, targets: dict[Space, float], positions: Sequence[Space], yeses: int, planned: Sequence[float]
) -> float:
    """The chance of winning at the Discovery with the Samurai on ``positions``.

    ``yeses``: yes answers given so far (counted as green: the False Trail is
    left aside); ``planned``: the yes chance of each investigation still to
    come, taken as independent.
    """
    extra = [1.0]
    for share in planned:
        grown = [0.0] * (len(extra) + 1)
        for count, p in enumerate(extra):
            grown[count] += p * (1 - share)
            grown[count + 1] += p * share
        extra = grown
    greens = stakes.greens + yeses
    icons = [icons_reached(stakes.mallet, greens + more) for more in range(len(extra))]
    counts: dict[Space, int] = {}
    for at in positions:
        counts[at] = counts.get(at, 0) + 1
    # Targets differ only by the Samurai on them and whether her break flips a tile: group them.
    groups: dict[tuple[int, bool], float] = {}
    for target, p in targets.items():
        key = (counts.get(target, 0), OBJECT_AT[target] in stakes.intact)
        groups[key] = groups.get(key, 0.0) + p
    seal = len(stakes.intact) - 1  # every intact type but her bound one
    chance = 0.0
    for (captors, flips), p in groups.items():
        if captors >= stakes.need or seal - flips <= 0:
            chance += p
            continue
        chance += p * sum(
            q * chance_all_drawn(seal - flips, stakes.bag, icons[more] + captors) for more, q in enumerate(extra)
        )
    return chance


__all__ = ["LastRound", "icons_reached", "win_chance"]
