"""A challenge and a rematch in the channel: offered, accepted, declined, withdrawn, lapsed."""

from __future__ import annotations

import rules
from locales import N_
from words.phrases import object_name, the_object

from .messages import _, mention


def _roles(challenger_id: int, opponent_id: int, role: str) -> str:
    challenger, opponent = mention(challenger_id), mention(opponent_id)
    if role == "goryo":
        return _("{challenger} plays the Goryō and {opponent} the Samurai").format(
            challenger=challenger, opponent=opponent)
    if role == "samurai":
        return _("{challenger} plays the Samurai and {opponent} the Goryō").format(
            challenger=challenger, opponent=opponent)
    return _("roles are drawn at random")


def challenge_text(challenger_id: int, opponent_id: int, role: str, advanced: bool, expires_at: int,
                   assist: bool = False) -> str:
    first = [_("{opponent}, {challenger} challenges you to a game of Goryō: {roles}.").format(
        opponent=mention(opponent_id), challenger=mention(challenger_id),
        roles=_roles(challenger_id, opponent_id, role))]
    if advanced:
        first.append(_("Advanced mode: each Samurai takes at most 2 actions."))
    if assist:
        first.append(_(AID_ON))
    lapse = _("Accept or decline below; the challenge lapses {when}.").format(when=f"<t:{expires_at}:R>")
    return " ".join(first) + "\n" + lapse


AID_ON = N_(
    "The deduction aid is on: during each Samurai turn the board shows everyone where her path can still run."
)


def rematch_text(
    match_id: int, challenger_id: int, opponent_id: int, role: str, advanced: bool, expires_at: int,
    assist: bool = False,
) -> str:
    first = [_("{opponent}, {challenger} asks for a rematch of match {match}, with the roles swapped: {roles}.").format(
        opponent=mention(opponent_id), challenger=mention(challenger_id), match=match_id,
        roles=_roles(challenger_id, opponent_id, role))]
    if advanced:
        first.append(_("Advanced mode again."))
    if assist:
        first.append(_(AID_ON))
    lapse = _("Accept or decline below; the offer lapses {when}.").format(when=f"<t:{expires_at}:R>")
    return " ".join(first) + "\n" + lapse


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
