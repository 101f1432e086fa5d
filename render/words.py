"""Short phrases shared by the captions and the alt texts."""

from __future__ import annotations

from rules import Outcome, PublicView, Side, Termination
from rules.layout import ROUNDS, SAMURAI_ACTION_CUBES

REASONS: dict[Termination, str] = {
    Termination.CAPTURED_THRICE: "her spirit was captured three times",
    Termination.EXORCISED: "all garden tiles but one are flipped, so her bound object is known: she is exorcised",
    Termination.NO_LEGAL_PLAN: "she had no legal path to any object",
    Termination.SURVIVED_FOUR_ROUNDS: "she escaped the Samurai for all four rounds",
    Termination.ABORTED: "the match was called off",
}


def winner_line(outcome: Outcome) -> str:
    if outcome.winner is Side.SAMURAI:
        return "The Samurai win"
    if outcome.winner is Side.GORYO:
        return "The Goryō wins"
    return "No winner"


def reason(outcome: Outcome) -> str:
    loser = outcome.winner.other.title if outcome.winner is not None else "a player"
    if outcome.termination is Termination.RESIGNED:
        return f"{loser} resigned"
    if outcome.termination is Termination.TIMED_OUT:
        return f"{loser} ran out of time"
    return REASONS[outcome.termination]


def round_line(view: PublicView) -> str:
    return "Setup" if view.round == 0 else f"Round {view.round} of {ROUNDS}"


def turn_line(view: PublicView) -> str:
    if view.outcome is not None:
        return f"{winner_line(view.outcome)}: {reason(view.outcome)}."
    if view.to_move is Side.SAMURAI:
        return f"The Samurai's turn · {view.actions_used} of {SAMURAI_ACTION_CUBES} actions used"
    if view.round == 0:
        return f"The Goryō chooses which {view.first_type} to break first"
    return "The Goryō's turn · she plans her path in secret"


def turn_badge(view: PublicView) -> str:
    """Whose move it is, in a few capitals for the caption's corner."""
    if view.outcome is not None:
        return "MATCH OVER"
    if view.to_move is Side.SAMURAI:
        return "SAMURAI TO ACT"
    return "GORYŌ TO START" if view.round == 0 else "GORYŌ TO PLAN"
