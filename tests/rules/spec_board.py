"""The palace retyped from the spec, independent of ``rules/layout.py``: a typo there must not also be here."""

from __future__ import annotations

# The spec's picture, retyped.
SPEC_GRID = """
    Helmet  Lantern Mask    Urn     Scroll  Fan
    Scroll  -       Urn     Mirror  -       Helmet
    Flower  Fan     Mirror  Lantern Flower  Mask
    Fan     Mask    Flower  Scroll  Helmet  Urn
    Lantern -       Scroll  Flower  -       Lantern
    Urn     Mirror  Helmet  Mask    Fan     Mirror
"""
SPEC_BRIDGES = {("C2", "D2"), ("C5", "D5"), ("A3", "A4"), ("F3", "F4")}


def spec_layout() -> dict[str, str | None]:
    rows = [line.split() for line in SPEC_GRID.strip().splitlines()]
    return {f"{col}{r + 1}": (None if word == "-" else word)
            for r, row in enumerate(rows) for col, word in zip("ABCDEF", row, strict=True)}


def coordinates(name: str) -> tuple[int, int]:
    return "ABCDEF".index(name[0]), int(name[1]) - 1


def room(name: str) -> tuple[int, int]:
    col, row = coordinates(name)
    return col // 3, row // 3


def spec_adjacent(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = coordinates(a), coordinates(b)
    orthogonal = abs(ca - cb) + abs(ra - rb) == 1
    return (orthogonal and room(a) == room(b)) or (a, b) in SPEC_BRIDGES or (b, a) in SPEC_BRIDGES
