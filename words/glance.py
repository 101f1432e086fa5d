"""What a player needs for the next action, in a line or two under the board's picture (issue 35).

The board's embed holds the facts, then the picture, then this as its footer, so on a phone the picture,
these words and the panel below them are in view together. During a Samurai turn: the last answer, the
actions left and who may still act; in the Goryō's turn, whose it is; at the end, who won.

``public_glance`` reads ``rules.PublicView`` alone, like the public picture, so it cannot tell a secret;
``goryo_glance`` tells her, on her own board, what she is to do.
"""

from __future__ import annotations

import rules
from locales import _, ngettext
from rules import Phase
from rules.layout import SAMURAI_ACTION_CUBES
from rules.state import SAMURAI_ORDER

from .facts import turn_over
from .phrases import samurai_colour, turn_line


def listed(names: list[str]) -> str:
    """``Red and Blue``, ``Green, Red and Blue``."""
    if len(names) == 1:
        return names[0]
    # Translators: the last two of a list of Samurai colours, like "Red and Blue".
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def last_answer(view: rules.PublicView) -> str | None:
    """The turn's latest investigation: where, and whether she passed there (its paw-print, on the board too)."""
    if not view.paw_prints:
        return None
    latest = view.paw_prints[-1]
    answer = ("✅ " + _("yes")) if latest.green else ("❌ " + _("no"))
    # Translators: under the board: the latest sniff or search, its space and answer: "Last answer: C2 ✅ yes".
    return _("Last answer: {space} {answer}").format(space=rules.space_name(latest.space), answer=answer)


def _samurai_turn(view: rules.PublicView) -> str:
    left = SAMURAI_ACTION_CUBES - view.actions_used
    parts = [part for part in (last_answer(view),) if part is not None]
    # Translators: the turn's action cubes not yet used, of 6: "1 action left of 6", "4 actions left of 6".
    parts.append(ngettext("{left} action left of {cubes}", "{left} actions left of {cubes}", left).format(
        left=left, cubes=SAMURAI_ACTION_CUBES))
    able = [samurai_colour(samurai) for samurai in SAMURAI_ORDER if not turn_over(view, samurai)]
    if able:
        parts.append(ngettext("{names} may still act", "{names} may still act", len(able)).format(
            names=listed(able)))
    else:
        # Translators: under the board: no Samurai can act any more this turn, so the Samurai's player ends it.
        parts.append(_("no Samurai may act: end the turn"))
    return " · ".join(parts)


def public_glance(view: rules.PublicView) -> str:
    """The line under the public board."""
    if view.outcome is None and view.phase is Phase.SAMURAI_TURN:
        return _samurai_turn(view)
    return turn_line(view)


def goryo_glance(view: rules.GoryoView) -> str:
    """The line under her own board: on her turn, what she is to do; else what everyone sees."""
    public = view.public
    if public.outcome is None and public.phase is Phase.SETUP:
        # Translators: under her secret board, in setup: she picks her first space with the builder's menu.
        return _("Your turn: choose the space you start on.")
    if public.outcome is None and public.phase is Phase.GORYO_TURN:
        # Translators: under her secret board, on her turn: how the path builder's menus and buttons are used.
        return _("Your turn: build your path step by step, preview it, then confirm it.")
    return public_glance(public)
