"""The words of a hint (issue 44), for the player who asked, in their language; and why one is refused."""

from __future__ import annotations

import rules
from ai.hint import NEAR, Hint
from locales import N_, _, ngettext
from words.phrases import plan_name

from .review import action_words

# Why a hint is refused (said privately, with the match untouched).
NOT_ALLOWED = N_("Hints are for matches against the bot and matches played with the deduction aid "
                 "(`assist:True`, accepted by both players); this match has neither, so no hints here.")
NOT_A_PLAYER = N_("Only the match's two players may ask for a hint.")
NOT_YOUR_TURN = N_("It is not your turn: a hint is for the player whose turn it is.")
OVER = N_("This match is over: there is nothing left to hint at.")
STALE = N_("This Hint button belongs to a turn that is over: use the newest board or builder.")


def hint_text(hint: Hint) -> str:
    """``**Hint**: what to play.`` then one line of why, then who sees it."""
    said = _("**Hint** (the hard level's choice): {action}.").format(action=suggestion(hint.action))
    return "\n".join([said, why(hint), _("-# Only you see this. Hints are noted in the match's record.")])


def lesson_hint_text(action: rules.Action) -> str:
    """In a lesson: the move its step teaches."""
    return "\n".join([_("**Hint** (this lesson's step): {action}.").format(action=suggestion(action)),
                      _("In a lesson the hint is the move the step teaches: play it and the lesson goes on.")])


def suggestion(action: rules.Action) -> str:
    if isinstance(action, rules.ChooseStart):
        return _("start on {space}").format(space=rules.space_name(action.space))
    if isinstance(action, rules.Plan):
        path = plan_name(action.path)
        if action.false_trail is None:
            return _("the path {path}").format(path=path)
        return _("the path {path}, with your False Trail on {space}").format(
            path=path, space=rules.space_name(action.false_trail))
    if isinstance(action, rules.EndSamuraiTurn):
        return _("end the turn")
    return action_words(action)


def why(hint: Hint) -> str:
    action, total, share = hint.action, hint.total, hint.share
    if isinstance(action, rules.ChooseStart):
        return ngettext("Of the {total} space you may start on, the hard level judges this one the safest.",
                        "Of the {total} spaces you may start on, the hard level judges this one the safest.",
                        total).format(total=total)
    if isinstance(action, rules.Plan):
        return ngettext("Of your {total} legal path, the hard level's search judges this one the hardest to catch.",
                        "Of your {total} legal paths, the hard level's search judges this one the hardest to catch.",
                        total).format(total=total)
    if isinstance(action, rules.EndSamuraiTurn):
        return _("By the hard level's search, nothing left this turn is worth more than ending it now.")
    if isinstance(action, rules.Move):
        if share == 0:
            return _("By the hard level's search, that is where he does the most for the rest of the hunt.")
        return ngettext("{share} of her {total} possible paths ends within {near} steps of {space}.",
                        "{share} of her {total} possible paths end within {near} steps of {space}.",
                        share).format(share=share, total=total, near=NEAR, space=rules.space_name(action.to))
    if share == total:
        return _("All {total} of her possible paths pass there: a sure yes, and a green paw-print for the gong."
                 ).format(total=total)
    if share == 0:
        return _("None of her {total} possible paths passes there: a sure no, which still closes it.").format(
            total=total)
    return ngettext("{share} of her {total} possible paths passes there: either answer rules some out.",
                    "{share} of her {total} possible paths pass there: either answer rules some out.",
                    share).format(share=share, total=total)
