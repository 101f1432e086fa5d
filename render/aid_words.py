"""The deduction aid and the round summary in words, for captions, alt texts and messages.

The aid is public, so it speaks of "the answers" rather than to one player:
both players and any spectator read the same sentence.
"""

from __future__ import annotations

from rules import OBJECT_AT, Space, plan_name, space_name

from .deduction import DeductionAid

# A list of spaces in the alt text stops after this many; the busiest come first.
MOST_SPACES_LISTED = 12


def aid_line(aid: DeductionAid) -> str:
    """One sentence: how many of her paths still fit, or the single one left."""
    if aid.only_path is not None:
        return f"Only one of her paths fits the answers: {plan_name(aid.only_path)}."
    if aid.paths_possible == 0:
        return "None of her paths fits the answers."
    if aid.paths_possible == aid.paths_total:
        return f"All {aid.paths_total} of her possible paths still fit: no answer has ruled one out yet."
    return f"{aid.paths_possible} of her {aid.paths_total} possible paths fit the answers."


def aid_caption(aid: DeductionAid) -> str:
    """The short form for the picture's caption corner."""
    if aid.only_path is not None:
        return f"Only one path fits: {plan_name(aid.only_path)}"
    if aid.paths_possible == aid.paths_total:
        return f"All {aid.paths_total} paths still fit"
    return f"{aid.paths_possible} of {aid.paths_total} paths fit"


def _counted(counts: tuple[int, ...]) -> str:
    ranked = sorted((s for s, c in enumerate(counts) if c), key=lambda s: (-counts[s], s))
    listed = ", ".join(f"{space_name(Space(s))} {counts[s]}" for s in ranked[:MOST_SPACES_LISTED])
    more = len(ranked) - MOST_SPACES_LISTED
    return listed + (f" and {more} more" if more > 0 else "")


def aid_sentences(aid: DeductionAid) -> list[str]:
    """The overlay in words: the count, then where her paths pass and end, busiest first."""
    said = [aid_line(aid)]
    if aid.only_path is not None:
        target = aid.only_path[-1]
        said.append(f"It ends on the {OBJECT_AT[target]} on {space_name(target)}.")
        return said
    if aid.paths_possible:
        said.append(f"Paths crossing each space: {_counted(aid.crossing)}.")
        said.append(f"Paths ending on each space: {_counted(aid.ending)}.")
    return said


def round_summary(paths_before_discovery: int, best_space: Space | None,
                  best_split: tuple[int, int] | None) -> str:
    """After a Discovery, for both players: how open her path still was, and the most telling question.

    ``best_split`` is (paths answering yes, paths answering no) for ``best_space``.
    """
    if paths_before_discovery == 1:
        said = "Before the Discovery, only one of her paths still fitted the answers."
    else:
        said = f"Before the Discovery, {paths_before_discovery} of her paths still fitted the answers."
    if best_space is None or best_split is None:
        return said
    yes, no = best_split
    return (f"{said} Investigating {space_name(best_space)} would have told the Samurai the most: "
            f"it split them {yes} yes to {no} no.")
