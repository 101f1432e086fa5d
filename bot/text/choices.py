"""The words of autocomplete (``bot.play.choices``): each choice's label, and the one line saying why nothing is
offered. Said in the caller's language (``GoryoTree`` runs autocomplete in it)."""

from __future__ import annotations

import rules
from locales import _, ngettext, pgettext
from words.phrases import SAMURAI_COLOURS, samurai_name


def typed_name(samurai: rules.Samurai) -> str:
    """His colour as the command's choice is named in the language spoken (``green`` / ``verde``)."""
    return {
        rules.Samurai.GREEN: pgettext("command name", "green"),
        rules.Samurai.PURPLE: pgettext("command name", "purple"),
        rules.Samurai.RED: pgettext("command name", "red"),
        rules.Samurai.BLUE: pgettext("command name", "blue"),
    }[samurai]


def colour_name(samurai: rules.Samurai) -> str:
    """His colour alone, as the board names it (``Green`` / ``Verde``)."""
    return _(SAMURAI_COLOURS[samurai])


def samurai_label(samurai: rules.Samurai, space: str) -> str:
    # Translators: a choice in a list of Samurai; {colour} is his colour alone ("Green"), {space} where he stands.
    return _("{colour} · on {space}").format(colour=colour_name(samurai), space=space)


def sprint_label(plan: str) -> str:
    # Translators: marks a plan in a list that uses her one-time Sprint (one step more).
    return _("{plan} · Sprint").format(plan=plan)


def plans_on(path: str, count: int) -> str:
    # Translators: a choice that continues her path; {count} is how many legal plans go on from it.
    return ngettext("{path} ({count} plan)", "{path} ({count} plans)", count).format(path=path, count=count)


# --- why nothing is offered --------------------------------------------------------------------------


def no_samurai_can() -> str:
    return _("No Samurai can do that now: try another action, or `/goryo end`.")


def choose_samurai_first() -> str:
    return _("Choose the Samurai first, in `samurai:`")


def cannot_now(samurai: rules.Samurai, *, moving: bool) -> str:
    text = _("{samurai} cannot move now.") if moving else _("{samurai} cannot sniff now.")
    return text.format(samurai=samurai_name(samurai, capital=True))


def write_spaces() -> str:
    return _("Write spaces like C2, separated by spaces.")


def no_path_begins(typed: str) -> str:
    return _("No legal path begins with {spaces}.").format(spaces=typed.strip() or "…")


def trail_spent() -> str:
    return _("Your False Trail is spent: send the plan without one.")


def whole_path_first() -> str:
    return _("Write a whole legal path in `spaces:` first.")


def samurai_in_the_channel() -> str:
    return _("The Samurai act in the match's channel: use this command there.")


def start_already_chosen() -> str:
    return _("Your starting space is already chosen: plan your path with `/goryo path`.")


def start_first() -> str:
    return _("First choose where you start, with `/goryo start`.")


def match_over() -> str:
    return _("This match is over.")


def not_playing() -> str:
    return _("You are not playing this match: watch it with `/goryo board`.")


def wrong_role(actor: rules.Side) -> str:
    if actor is rules.Side.SAMURAI:
        return _("You lead the Samurai: only the Goryō chooses her start and plans paths.")
    return _("You are the Goryō: moving, searching and sniffing are the Samurai's.")


def not_your_turn(side: rules.Side) -> str:
    if side is rules.Side.SAMURAI:
        return _("Not your turn: the Goryō is planning her path.")
    return _("Not your turn: the Samurai are hunting.")
