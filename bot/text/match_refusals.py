"""Refusals of a match's commands and buttons: who may use a control, and a control whose turn is over.

Each is a ``Refusal``, said in the reader's language when it is read; the guards of ``bot.play`` raise them.
"""

from __future__ import annotations

import rules
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


def board_replaced() -> Refusal:
    return Refusal(N_("This board was replaced by a newer one: nothing was changed. Use the newest board in "
                      "the channel."))


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


# --- the pipeline's own (``bot.play.service``) ------------------------------------------


def not_a_player(goryo_id: int, samurai_id: int) -> Refusal:
    return Refusal(
        N_("Only {goryo} and {samurai} play this match. "
           "Start your own with `/goryo challenge` in another channel, or watch with `/goryo board`."),
        goryo=mention(goryo_id), samurai=mention(samurai_id),
    )


def wrong_role(side: rules.Side) -> Refusal:
    if side is rules.Side.SAMURAI:
        return Refusal(N_("You lead the Samurai in this match: only the Goryō chooses her start and plans paths."))
    return Refusal(N_("You are the Goryō in this match: "
                      "moving, searching, sniffing and ending the turn are the Samurai's."))


def wrong_turn(side: rules.Side, state: rules.GameState) -> Refusal:
    if side is rules.Side.SAMURAI:
        if state.phase is rules.Phase.SETUP:
            return Refusal(N_("It is not your turn: the Goryō is choosing where she starts. "
                              "`/goryo notify` sets how I tell you when it is."))
        if state.last_reveal is not None:
            # A command typed as the turn ended by itself (its 6th action, say) lands here: say so.
            return Refusal(
                N_("Your turn of round {number} is over: the Discovery followed it, and the Goryō is now planning "
                   "round {next}. `/goryo notify` sets how I tell you when it is your turn."),
                number=state.last_reveal.round, next=state.round,
            )
        return Refusal(N_("It is not your turn: the Goryō is planning her path. "
                          "`/goryo notify` sets how I tell you when it is."))
    return Refusal(N_("It is not your turn: the Samurai are hunting. I'll message you when it is your turn."))


def moved_on_meanwhile() -> Refusal:
    return Refusal(N_("The match moved on while you acted: check `/goryo board` and try again."))


def no_such_match() -> Refusal:
    return Refusal(N_("There is no such match."))


def button_outdated() -> Refusal:
    return Refusal(N_("This button is out of date: the match has moved on since. Nothing was changed."))


def start_first() -> Refusal:
    return Refusal(N_("First choose where you start, with `/goryo start space:`."))


def no_match_numbered() -> Refusal:
    return Refusal(N_("You have no match in progress with that number: pick one from the `match` list."))


def no_match_here() -> Refusal:
    return Refusal(N_("No match is being played in this channel. Start one with `/goryo challenge`."))


def no_match_in_progress() -> Refusal:
    return Refusal(N_("You have no match in progress. Challenge someone with `/goryo challenge` in a server channel."))


def which_match(count: int) -> Refusal:
    # Translators: {count} is always 2 or more.
    return Refusal(N_("You are playing {count} matches: choose one with the `match` option."), count=count)


# --- time limits and calling a match off (``bot.play.timekeeping``) ----------------------


def claim_not_a_player() -> Refusal:
    return Refusal(N_("Only the two players can claim a win on time in this match."))


def abort_elsewhere() -> Refusal:
    return Refusal(N_("A match is called off in its own channel: use `/goryo abort` there."))


def nothing_to_abort() -> Refusal:
    return Refusal(N_("No match is being played in this channel, so there is nothing to call off."))


def players_do_not_abort(*, against_the_bot: bool) -> Refusal:
    # A called-off match is unrated: a player who may manage the channel would dodge every loss.
    if against_the_bot:
        return Refusal(N_("You play in this match, so you can't call it off. "
                          "To end it, concede with `/goryo resign`."))
    return Refusal(N_(
        "You play in this match, so you can't call it off. Concede with `/goryo resign`, or, "
        "once your opponent's turn time has run out, win with `/goryo claim`."
    ))
