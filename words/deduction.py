"""The deduction aid's numbers: plain public counts, handed to the renderer by the caller.

The renderer never works out her possible plans itself (that is the ``ai``
package's job, from the public view alone); it only draws and words the
counts it is given, so it still never sees a secret.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules import SPACES, PawPrint, Space

SPACE_COUNT = len(SPACES)


@dataclass(frozen=True, slots=True)
class DeductionAid:
    """How many of her paths this round still fit the public answers, and where they go.

    paths_possible: her paths consistent with every answer so far this round.
    paths_total: the paths she could have picked this round, before any answer.
    crossing: per space (indexed like ``rules.SPACES``), how many possible paths
        enter it after their start; the target counts, her start space does not.
    ending: per space, how many possible paths end there (their target).
    only_path: the one path left, start first, when exactly one fits; else None.
    last_answer: the round's latest answer (its paw-print), if the caller gives it: the words
        then say how it bears on the paths left, so an answer that leaves the counts as they
        were (a yes where every path passes, or one her False Trail explains) reads as expected.
    """

    paths_possible: int
    paths_total: int
    crossing: tuple[int, ...]
    ending: tuple[int, ...]
    only_path: tuple[Space, ...] | None = None
    last_answer: PawPrint | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.paths_possible <= self.paths_total:
            raise ValueError(f"paths_possible ({self.paths_possible}) must be between 0 and "
                             f"paths_total ({self.paths_total})")
        for name in ("crossing", "ending"):
            counts = getattr(self, name)
            if len(counts) != SPACE_COUNT:
                raise ValueError(f"{name} needs one count per space ({SPACE_COUNT}), got {len(counts)}")
            if any(not 0 <= c <= self.paths_possible for c in counts):
                raise ValueError(f"every {name} count must be between 0 and paths_possible ({self.paths_possible})")
        if sum(self.ending) != self.paths_possible:
            raise ValueError(f"the ending counts add up to {sum(self.ending)}, not paths_possible "
                             f"({self.paths_possible}): every path ends on exactly one space")
        if (self.only_path is not None) != (self.paths_possible == 1):
            raise ValueError("only_path is given exactly when one path is possible")

    @classmethod
    def from_paths(cls, possible: Iterable[Sequence[Space]], paths_total: int) -> DeductionAid:
        """Count the crossings and endings of the given possible paths (each start first)."""
        crossing = [0] * SPACE_COUNT
        ending = [0] * SPACE_COUNT
        paths = [tuple(p) for p in possible]
        for path in paths:
            for space in path[1:]:
                crossing[space] += 1
            ending[path[-1]] += 1
        return cls(len(paths), paths_total, tuple(crossing), tuple(ending), paths[0] if len(paths) == 1 else None)

    def share(self, space: Space) -> float:
        """The fraction of her possible paths that cross ``space`` (0 when none is possible)."""
        return self.crossing[space] / self.paths_possible if self.paths_possible else 0.0
