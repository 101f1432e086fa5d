"""Short phrases shared by the captions and the alt texts, in the language being spoken (``locales``)."""

from __future__ import annotations

from locales import N_, _
from rules import Outcome, PublicView, Side, Termination
from rules.layout import ROUNDS, SAMURAI_ACTION_CUBES

REASONS: dict[Termination, str] = {
    Termination.CAPTURED_THRICE: N_("her spirit was captured three times"),
    Termination.EXORCISED: N_("all garden tiles but one are flipped, so her bound object is known: she is exorcised"),
    Termination.NO_LEGAL_PLAN: N_("she had no legal path to any object"),
    Termination.SURVIVED_FOUR_ROUNDS: N_("she escaped the Samurai for all four rounds"),
    Termination.ABORTED: N_("the match was called off"),
}
# Who lost, for resignations and time-outs.
RESIGNED = {Side.GORYO: N_("the Goryō resigned"), Side.SAMURAI: N_("the Samurai resigned"),
            None: N_("a player resigned")}
TIMED_OUT = {Side.GORYO: N_("the Goryō ran out of time"), Side.SAMURAI: N_("the Samurai ran out of time"),
             None: N_("a player ran out of time")}


def winner_line(outcome: Outcome) -> str:
    if outcome.winner is Side.SAMURAI:
        return _("The Samurai win")
    if outcome.winner is Side.GORYO:
        return _("The Goryō wins")
    return _("No winner")


def reason(outcome: Outcome) -> str:
    loser = outcome.winner.other if outcome.winner is not None else None
    if outcome.termination is Termination.RESIGNED:
        return _(RESIGNED[loser])
    if outcome.termination is Termination.TIMED_OUT:
        return _(TIMED_OUT[loser])
    return _(REASONS[outcome.termination])


def round_line(view: PublicView) -> str:
    return _("Setup") if view.round == 0 else _("Round {number} of {rounds}").format(number=view.round, rounds=ROUNDS)


def turn_line(view: PublicView) -> str:
    if view.outcome is not None:
        return _("{winner}: {reason}.").format(winner=winner_line(view.outcome), reason=reason(view.outcome))
    if view.to_move is Side.SAMURAI:
        return _("The Samurai's turn · {used} of {cubes} actions used").format(
            used=view.actions_used, cubes=SAMURAI_ACTION_CUBES)
    if view.round == 0:
        return _("The Goryō chooses which {object} to break first").format(object=view.first_type)
    return _("The Goryō's turn · she plans her path in secret")


def turn_badge(view: PublicView) -> str:
    """Whose move it is, in a few capitals for the caption's corner."""
    if view.outcome is not None:
        return _("MATCH OVER")
    if view.to_move is Side.SAMURAI:
        return _("SAMURAI TO ACT")
    return _("GORYŌ TO START") if view.round == 0 else _("GORYŌ TO PLAN")
