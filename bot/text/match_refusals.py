"""Refusals of a match's commands and buttons: who may use a control, and a control whose turn is over.

Each is a ``Refusal``, said in the reader's language when it is read; the guards of ``bot.play`` raise them.
"""

from __future__ import annotations

from locales import N_

from .messages import mention
from .refusal import Refusal


def only_the_goryo() -> Refusal:
    return Refusal(N_("Only the Goryō of this match can use these buttons."))


def only_the_samurai(samurai_id: int) -> Refusal:
    return Refusal(N_("Only {samurai} leads the Samurai in this match: this panel is theirs to use."),
                   samurai=mention(samurai_id))


def match_over() -> Refusal:
    return Refusal(N_("This match is over. Start a new one with `/goryo challenge`."))


def panel_of_a_past_turn(round_number: int) -> Refusal:
    return Refusal(N_("This panel belongs to the turn of round {number}, which is over. Use the newest board "
                      "in the channel."), number=round_number)


def builder_of_a_past_turn() -> Refusal:
    return Refusal(N_("These choices are for a turn that is over: use the newest message."))


def no_path_that_way() -> Refusal:
    return Refusal(N_("No legal path goes that way any more: go Back and choose again."))


def plan_cancelled() -> Refusal:
    return Refusal(N_("You cancelled this plan, so it was not locked in. Send `/goryo path` again."))


def samurai_act_in_the_channel() -> Refusal:
    return Refusal(N_("The Samurai act in the match's channel, for everyone to see: use this command there."))


def undo_outdated() -> Refusal:
    return Refusal(N_("This Undo is out of date: the move it was for was already taken back, or another "
                      "action came after it. Nothing was changed; use the newest board."))


def nothing_to_resign() -> Refusal:
    return Refusal(N_("You are not playing this match, so there is nothing to resign."))


def already_over_to_resign() -> Refusal:
    return Refusal(N_("This match is already over, so there is nothing to resign."))


def not_playing() -> Refusal:
    return Refusal(N_("You are not playing this match."))
