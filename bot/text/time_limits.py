"""Turn time: the half-time reminder, the status line on the clock, and claims made too early."""

from __future__ import annotations

import rules

from .messages import _, channel_link, mention, when


def turn_reminder(
    side: rules.Side, player_id: int, opponent_id: int, channel_id: int, deadline: int, *, against_the_bot: bool = False
) -> str:
    """Half the turn time is gone. Public-safe: says only whose move it is, which everyone knows."""
    whose = (
        _("{player}, half the turn time is gone: it is the Goryō's move in {channel}.")
        if side is rules.Side.GORYO
        else _("{player}, half the turn time is gone: it is the Samurai's move in {channel}.")
    )
    after = (
        _("Play by {deadline}; after that I claim the win on time.") if against_the_bot
        else _("Play by {deadline}; after that {opponent} may claim the win with `/goryo claim`.")
    )
    return " ".join([
        whose.format(player=mention(player_id), channel=channel_link(channel_id)),
        after.format(deadline=when(deadline), opponent=mention(opponent_id)),
    ])


def turn_time(late: rules.Side, deadline: int, *, up: bool) -> str:
    """The status line on the turn clock: public, like whose turn it is."""
    goryo = late is rules.Side.GORYO
    if up:
        text = (
            _("Turn time: the Goryō ran out at {deadline}; the Samurai may `/goryo claim` the win.") if goryo
            else _("Turn time: the Samurai ran out at {deadline}; the Goryō may `/goryo claim` the win.")
        )
    else:
        text = (
            _("Turn time: the Goryō has until {deadline}.") if goryo
            else _("Turn time: the Samurai has until {deadline}.")
        )
    return text.format(deadline=when(deadline))


def claim_too_early(late: rules.Side, deadline: int) -> str:
    text = (
        _("Not yet: the Goryō has until {deadline} to move. If they haven't moved by then, use `/goryo claim` again.")
        if late is rules.Side.GORYO
        else _("Not yet: the Samurai has until {deadline} to move. "
               "If they haven't moved by then, use `/goryo claim` again.")
    )
    return text.format(deadline=when(deadline))


def claim_own_turn() -> str:
    return _("It is your own move, so there is nothing to claim: play your turn (or `/goryo resign`).")
