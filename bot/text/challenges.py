"""A challenge and a rematch in the channel: offered, accepted, declined, withdrawn, lapsed."""

from __future__ import annotations

import rules
from locales import N_
from words.phrases import object_name, the_object

from ..records.matches import Role
from .messages import _, mention
from .refusal import Refusal


def _roles(challenger_id: int, opponent_id: int, role: Role) -> str:
    challenger, opponent = mention(challenger_id), mention(opponent_id)
    if role == Role.GORYO:
        return _("{challenger} plays the Goryō and {opponent} the Samurai").format(
            challenger=challenger, opponent=opponent)
    if role == Role.SAMURAI:
        return _("{challenger} plays the Samurai and {opponent} the Goryō").format(
            challenger=challenger, opponent=opponent)
    return _("roles are drawn at random")


def challenge_text(challenger_id: int, opponent_id: int, role: Role, advanced: bool, expires_at: int,
                   assist: bool = False) -> str:
    first = _("{opponent}, {challenger} challenges you to a game of Goryō: {roles}.").format(
        opponent=mention(opponent_id), challenger=mention(challenger_id),
        roles=_roles(challenger_id, opponent_id, role))
    return _offer(first, _("Advanced mode: each Samurai takes at most 2 actions.") if advanced else None, assist,
                  _("Accept or decline below; the challenge lapses {when}."), expires_at)


def _offer(first: str, advanced: str | None, assist: bool, lapse: str, expires_at: int) -> str:
    """A challenge's or a rematch's words: who and which roles, its mode and aid, then when it lapses."""
    said = [first, *([advanced] if advanced is not None else []), *([_(AID_ON)] if assist else [])]
    return " ".join(said) + "\n" + lapse.format(when=f"<t:{expires_at}:R>")


AID_ON = N_(
    "The deduction aid is on: during each Samurai turn the board shows everyone where her path can still run."
)


def rematch_text(
    match_id: int, challenger_id: int, opponent_id: int, role: Role, advanced: bool, expires_at: int,
    assist: bool = False,
) -> str:
    first = _("{opponent}, {challenger} asks for a rematch of match {match}, with the roles swapped: {roles}.").format(
        opponent=mention(opponent_id), challenger=mention(challenger_id), match=match_id,
        roles=_roles(challenger_id, opponent_id, role))
    return _offer(first, _("Advanced mode again.") if advanced else None, assist,
                  _("Accept or decline below; the offer lapses {when}."), expires_at)


def challenge_accepted(goryo_id: int, samurai_id: int, first_type: rules.ObjectType, assist: bool = False) -> str:
    first = [_("Challenge accepted! {goryo} is the Goryō, {samurai} leads the four Samurai.").format(
        goryo=mention(goryo_id), samurai=mention(samurai_id))]
    if assist:
        first.append(_(AID_ON))
    drawn = _("The first object drawn is {object}: its tile is broken. "
              "The Goryō now chooses which {name} to break and start on.").format(
        object=the_object(first_type), name=object_name(first_type))
    return " ".join(first) + "\n" + drawn


def challenge_declined(opponent_id: int) -> str:
    return _("{opponent} declined the challenge.").format(opponent=mention(opponent_id))


def challenge_withdrawn(challenger_id: int) -> str:
    return _("{challenger} withdrew the challenge.").format(challenger=mention(challenger_id))


def challenge_expired(opponent_id: int) -> str:
    return _("The challenge to {opponent} lapsed without an answer.").format(opponent=mention(opponent_id))


# --- refusals (``bot.play.challenges``) ---------------------------------------------------


def channel_busy(kind: str, *, against_me: bool) -> Refusal:
    """One match per channel and one challenge at a time: ``kind`` is what holds the channel ("match" or
    "challenge"), and what to do instead depends on whether the bot was challenged."""
    if kind == "match":
        if against_me:
            return Refusal(N_("A match is already being played in this channel: one match per channel. "
                              "Play me in another channel, or wait for this one to end."))
        return Refusal(N_("A match is already being played in this channel: one match per channel. "
                          "Challenge in another channel, or wait for this one to end."))
    if against_me:
        return Refusal(N_("A challenge is waiting for an answer in this channel: one at a time. "
                          "Wait for it to be answered or to lapse, or play me in another channel."))
    return Refusal(N_("A challenge is already waiting for an answer in this channel: one at a time. "
                      "Wait for it to be answered or to lapse, or use another channel."))


def busy_at_accept() -> Refusal:
    return Refusal(N_("A match is already being played in this channel."))


def above_the_level_cap(cap: str) -> Refusal:
    return Refusal(N_("This server's settings let members challenge me up to the `{cap}` level: choose "
                      "`level:{cap}` or below, or ask a member with Manage Server to raise it with "
                      "`/goryo settings max_level:`."), cap=cap)


def challenge_in_a_server() -> Refusal:
    return Refusal(N_("Challenges are made in a server text channel, where the match will be played."))


def not_yourself() -> Refusal:
    return Refusal(N_("You cannot challenge yourself: pick another member as `opponent`."))


def no_aid_here() -> Refusal:
    return Refusal(N_("This server's settings keep the deduction aid out of its matches: challenge without "
                      "`assist:`, or ask a member with Manage Server to allow it with `/goryo settings assist:`."))


def no_other_bots() -> Refusal:
    return Refusal(N_("Bots other than me cannot play Goryō: pick a human member as `opponent`, "
                      "or me to play against the bot."))


def rematch_gone() -> Refusal:
    return Refusal(N_("That match is gone, so there is nothing to play again."))


def rematch_for_its_players(goryo_id: int, samurai_id: int) -> Refusal:
    return Refusal(N_("Only {goryo} and {samurai} can ask for a rematch of this match. "
                      "Start your own with `/goryo challenge`."), goryo=mention(goryo_id), samurai=mention(samurai_id))


def still_being_played() -> Refusal:
    return Refusal(N_("This match is still being played."))


def rematch_outdated(latest_id: int) -> Refusal:
    return Refusal(N_("Another match (match {number}) was played in this channel since, so this rematch button is "
                      "out of date. Press Rematch under that one, or start one with `/goryo challenge`."),
                   number=latest_id)


def no_longer_open() -> Refusal:
    return Refusal(N_("This challenge is no longer open."))


def only_the_challenger_withdraws(challenger_id: int) -> Refusal:
    return Refusal(N_("Only {challenger} can withdraw this challenge."), challenger=mention(challenger_id))


def your_own_challenge(opponent_id: int) -> Refusal:
    return Refusal(N_("This is your own challenge: only {opponent} can accept or decline it. "
                      "Changed your mind? Press **Withdraw** to take it back."), opponent=mention(opponent_id))


def not_your_challenge(opponent_id: int) -> Refusal:
    return Refusal(N_("This challenge is for {opponent}; only they can answer it. "
                      "Start your own with `/goryo challenge`."), opponent=mention(opponent_id))
