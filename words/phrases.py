"""Short phrases shared by the captions and the alt texts, in the language being spoken (``locales``)."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager

from locales import N_, _, pgettext, speaking, spoken
from rules import OBJECT_AT, ObjectType, Outcome, PublicView, Samurai, Side, Space, Termination, space_name
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


# Where a picture's caption says why the match ended in fewer words (the line under it says it whole).
SHORT_REASONS: dict[Termination, str] = {
    Termination.EXORCISED: N_("her bound object is known: she is exorcised"),
}


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


def short_reason(outcome: Outcome) -> str:
    """Why the match ended, as a picture's caption says it: ``reason``, in fewer words where it is long."""
    if outcome.termination in SHORT_REASONS:
        return _(SHORT_REASONS[outcome.termination])
    return reason(outcome)


def said_in(language: str | None) -> AbstractContextManager[str]:
    """Speak ``language`` for render's pictures and alt texts; None keeps the language being spoken
    (English outside any ``speaking`` block, as in a fresh drawing process)."""
    return speaking(language or spoken())


def sentence(phrase: str) -> str:
    """A phrase said on its own: capitalised, with a full stop."""
    return phrase[:1].upper() + phrase[1:] + "."


def round_line(view: PublicView) -> str:
    return _("Setup") if view.round == 0 else _("Round {number} of {rounds}").format(number=view.round, rounds=ROUNDS)


def turn_line(view: PublicView) -> str:
    if view.outcome is not None:
        return _("{winner}: {reason}.").format(winner=winner_line(view.outcome), reason=reason(view.outcome))
    if view.to_move is Side.SAMURAI:
        return _("The Samurai's turn · {used} of {cubes} actions used").format(
            used=view.actions_used, cubes=SAMURAI_ACTION_CUBES)
    if view.round == 0:
        return _("The Goryō chooses which {object} to break first").format(object=object_name(view.first_type))
    return _("The Goryō's turn · she plans her path in secret")


def turn_badge(view: PublicView) -> str:
    """Whose move it is, in a few capitals for the caption's corner."""
    if view.outcome is not None:
        return _("MATCH OVER")
    if view.to_move is Side.SAMURAI:
        return _("SAMURAI TO ACT")
    return _("GORYŌ TO START") if view.round == 0 else _("GORYŌ TO PLAN")


# --- names of things, for everyone who says them (bot messages too) ---------------------------------

# An object's name on its own, as on the board and in lists.
OBJECT_NAMES: dict[ObjectType, str] = {
    ObjectType.HELMET: N_("Helmet"), ObjectType.LANTERN: N_("Lantern"), ObjectType.MASK: N_("Mask"),
    ObjectType.SCROLL: N_("Scroll"), ObjectType.URN: N_("Urn"), ObjectType.FLOWER: N_("Flower"),
    ObjectType.FAN: N_("Fan"), ObjectType.MIRROR: N_("Mirror"),
}
# Whole phrases rather than an article glued on, since the article depends on the word in each language.
AN_OBJECT: dict[ObjectType, str] = {
    ObjectType.HELMET: N_("a Helmet"), ObjectType.LANTERN: N_("a Lantern"), ObjectType.MASK: N_("a Mask"),
    ObjectType.SCROLL: N_("a Scroll"), ObjectType.URN: N_("an Urn"), ObjectType.FLOWER: N_("a Flower"),
    ObjectType.FAN: N_("a Fan"), ObjectType.MIRROR: N_("a Mirror"),
}
THE_OBJECT: dict[ObjectType, str] = {
    ObjectType.HELMET: N_("the Helmet"), ObjectType.LANTERN: N_("the Lantern"), ObjectType.MASK: N_("the Mask"),
    ObjectType.SCROLL: N_("the Scroll"), ObjectType.URN: N_("the Urn"), ObjectType.FLOWER: N_("the Flower"),
    ObjectType.FAN: N_("the Fan"), ObjectType.MIRROR: N_("the Mirror"),
}
# A Samurai's colour on its own, as the label of his row of action spaces.
SAMURAI_COLOURS: dict[Samurai, str] = {
    Samurai.GREEN: N_("Green"), Samurai.PURPLE: N_("Purple"), Samurai.RED: N_("Red"), Samurai.BLUE: N_("Blue"),
}
SAMURAI_NAMES: dict[Samurai, str] = {
    Samurai.GREEN: N_("the Green Samurai"), Samurai.PURPLE: N_("the Purple Samurai"),
    Samurai.RED: N_("the Red Samurai"), Samurai.BLUE: N_("the Blue Samurai"),
}
# A side named in a sentence: the Goryō's player or the Samurai's.
SIDE_NAMES: dict[Side, str] = {Side.GORYO: N_("the Goryō"), Side.SAMURAI: N_("the Samurai")}


def _capitalised(text: str, capital: bool) -> str:
    return text[:1].upper() + text[1:] if capital else text


def object_name(object_type: ObjectType) -> str:
    """``Fan`` / ``Ventaglio``."""
    return _(OBJECT_NAMES[object_type])


def an_object(object_type: ObjectType, *, capital: bool = False) -> str:
    """``a Fan``, ``an Urn`` / ``un Ventaglio``, ``un'Urna`` (``An Urn`` / ``Un'Urna`` with ``capital``)."""
    return _capitalised(_(AN_OBJECT[object_type]), capital)


def the_object(object_type: ObjectType, *, capital: bool = False) -> str:
    """``the Fan`` / ``il Ventaglio``, ``l'Urna``, ``lo Specchio``."""
    return _capitalised(_(THE_OBJECT[object_type]), capital)


def samurai_colour(samurai: Samurai) -> str:
    """``Green`` / ``Verde``."""
    return _(SAMURAI_COLOURS[samurai])


def samurai_name(samurai: Samurai, *, capital: bool = False) -> str:
    """``the Green Samurai`` / ``il Samurai Verde`` (``The Green Samurai`` with ``capital``)."""
    return _capitalised(_(SAMURAI_NAMES[samurai]), capital)


def pawn_letter(samurai: Samurai) -> str:
    """The initial on his pawn: ``G`` / ``Ve``."""
    # Translators: the one or two letters on each Samurai's pawn, his colour's initial; the four must differ.
    letters = {Samurai.GREEN: pgettext("pawn", "G"), Samurai.PURPLE: pgettext("pawn", "P"),
               Samurai.RED: pgettext("pawn", "R"), Samurai.BLUE: pgettext("pawn", "B")}
    return letters[samurai]


def false_trail_letter() -> str:
    # Translators: the letter on the False Trail's cube (one or two letters): "F" for "Falsa Pista".
    return pgettext("cube", "F")


def side_name(side: Side, *, capital: bool = False) -> str:
    """``the Goryō`` / ``il Goryō``, ``the Samurai`` / ``i Samurai``."""
    return _capitalised(_(SIDE_NAMES[side]), capital)


def named_spaces(spaces: Iterable[Space]) -> str:
    """Spaces in a list, each with its object: ``C3 (Mirror), D2 (Urn), B2``."""
    return ", ".join(
        # Translators: a space with the object on it, in a list of spaces: "C3 (Mirror)".
        _("{space} ({object})").format(space=space_name(s), object=object_name(kind)) if (kind := OBJECT_AT[s])
        else space_name(s)
        for s in spaces
    )


def plan_name(path: Iterable[Space]) -> str:
    """A path's spaces in order, as every message and picture writes it: ``C1 → C2 → D2``; the same in every
    language, and ``rules.parse_plan`` reads it back (a player may paste it into ``/goryo path``)."""
    return " → ".join(space_name(s) for s in path)
