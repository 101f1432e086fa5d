"""The deduction aid and the round summary: public numbers from ``ai.belief``, for pictures and words.

Everything here is a pure function of a public view (or of a state through
``rules.public_view``), so what a match shows is fixed by its state at an
outbox item's version and its ``assist`` flag: a picture re-drawn after a
restart is the same picture, and it can never depend on a secret.
"""

from __future__ import annotations

import ai
import rules
import words


def deduction_aid(view: rules.PublicView) -> words.DeductionAid | None:
    """The aid's counts during a Samurai turn (when her plan is locked and answers come in); else None."""
    if view.phase is not rules.Phase.SAMURAI_TURN:
        return None
    known = ai.belief(view)
    only = known.paths[0] if known.path_count == 1 else None
    last = view.paw_prints[-1] if view.paw_prints else None  # the words say how the latest answer bears on the count
    return words.DeductionAid(known.path_count, known.total_paths, known.crossing_counts, known.ending_counts, only,
                               last)


def aid_of(state: rules.GameState, assist: bool) -> words.DeductionAid | None:
    """What a match's public board shows of the aid: nothing unless the match has it on."""
    return deduction_aid(rules.public_view(state)) if assist else None


def aid_words(state: rules.GameState, assist: bool) -> str | None:
    """The aid's count in one sentence, for the channel's text; None when there is nothing to show."""
    aid = aid_of(state, assist)
    return None if aid is None else words.aid_line(aid)


def round_summary(before: rules.GameState) -> str | None:
    """After a Discovery, from the state just before it: how many of her paths still fitted, and the best question.

    Public only (the view of the state before ``EndSamuraiTurn``), so it is the
    same for both players and for any match, with the aid on or off.
    """
    view = rules.public_view(before)
    if view.phase is not rules.Phase.SAMURAI_TURN:
        return None
    known = ai.belief(view)
    best = ai.best_investigation(view)
    if best is None:
        return words.round_summary(known.path_count, None, None)
    space, _ = best
    yes = known.crossing(space)
    return words.round_summary(known.path_count, space, (yes, known.path_count - yes))
