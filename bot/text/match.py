"""The match in its channel: its board, the Samurai's turn, its end, and resigning or calling it off."""

from __future__ import annotations

import rules
from locales import ngettext
from words.phrases import object_name, reason, winner_line

from .messages import ROUNDS, _, channel_link, mention


def board_caption(channel_id: int, round_number: int, *, with_discovery: bool = False) -> str:
    text = _("The board in {channel}, round {number} of {rounds}.").format(
        channel=channel_link(channel_id), number=max(round_number, 1), rounds=ROUNDS)
    if with_discovery:
        text += " " + _("Beside it, the last Discovery: the path she took in the round before.")
    return text


def last_match_caption(match_id: int) -> str:
    return _(
        "No match is being played in this channel now. This is how the last one (match {match}) ended. "
        "Start a new one with `/goryo challenge`."
    ).format(match=match_id)


def board_cooldown(wait: float, every: float) -> str:
    seconds = max(1, round(wait))
    return ngettext(
        "You asked for the board a moment ago: you can ask again in {count} second "
        "(one board every {every} seconds each, so every match in the server keeps moving). "
        "The latest board is also just above in the match's channel.",
        "You asked for the board a moment ago: you can ask again in {count} seconds "
        "(one board every {every} seconds each, so every match in the server keeps moving). "
        "The latest board is also just above in the match's channel.",
        seconds,
    ).format(count=seconds, every=f"{every:g}")


def samurai_turn_ping(samurai_id: int, round_number: int) -> str:
    return _(
        "{samurai}, the Goryō has planned her path for round {number}. Your turn, Samurai: "
        "pick your actions in the menus below, or type `/goryo move`, `/goryo search`, `/goryo sniff`, "
        "then `/goryo end`."
    ).format(samurai=mention(samurai_id), number=round_number)


def aid_turn_start(paths: int) -> str:
    """The deduction aid on the turn's ping: true for the whole turn, though its picture is redrawn under it."""
    return ngettext(
        "Deduction aid: she has {count} possible path this round. The board shows where it runs; "
        "each answer narrows them.",
        "Deduction aid: she has {count} possible paths this round. The board shows where they run; "
        "each answer narrows them.",
        paths,
    ).format(count=paths)


def samurai_turn_over_now(by_the_bot: bool = False) -> str:
    """Said with the action after which nothing legal is left: the turn ends with it. Addressed to the Samurai's
    player, unless the bot plays them (the person reading is then the Goryō)."""
    if by_the_bot:
        return _("That was my Samurai's last possible action: their turn is over, and the Discovery follows.")
    return _("That was your last possible action: your turn is over, and the Discovery follows.")


def samurai_turn_ran_out() -> str:
    return _("The Samurai have no action left this turn, so it ends by itself.")


def end_headline(outcome: rules.Outcome) -> str:
    if outcome.winner is None:
        return _("**No one wins**: the match was called off.")
    # The same words as the final picture's caption (words.phrases), so the two never disagree.
    return _("**{winner}**: {reason}.").format(winner=winner_line(outcome), reason=reason(outcome))


def match_end(outcome: rules.Outcome, bound: rules.ObjectType, goryo_id: int, samurai_id: int) -> str:
    """For the channel: both players are mentioned, whoever won, so neither misses the end."""
    bound_was = _("The Goryō's bound object was the **{bound}**.").format(bound=object_name(bound))
    played = _("Played by {goryo} (the Goryō) and {samurai} (the Samurai).").format(
        goryo=mention(goryo_id), samurai=mention(samurai_id))
    return f"{end_headline(outcome)}\n{bound_was}\n{played}"


def goryo_match_over(outcome: rules.Outcome, bound: rules.ObjectType, channel_id: int) -> str:
    """For her DMs: the match she may have been playing from here is over."""
    if outcome.winner is None:
        over = _("The match in {channel} is over, and no one wins.")
    elif outcome.winner is rules.Side.GORYO:
        over = _("The match in {channel} is over, and you win.")
    else:
        over = _("The match in {channel} is over, and the Samurai win.")
    yours = _("Your bound object was the **{bound}**; the final board below shows everything. "
              "Start another with `/goryo challenge`.").format(bound=object_name(bound))
    return f"{over.format(channel=channel_link(channel_id))}\n{end_headline(outcome)}\n{yours}"


def resign_question(channel_id: int, opponent_id: int) -> str:
    return _(
        "Resign the match in {channel}? It ends at once and {opponent} wins. "
        "Press **Resign** to concede, or **Keep playing**."
    ).format(channel=channel_link(channel_id), opponent=mention(opponent_id))


def end_turn_question(unused: int) -> str:
    """The panel's End turn while actions are left: asked privately, nothing ends until confirmed."""
    return ngettext(
        "End the turn with {count} action unused? The Discovery follows at once. "
        "Press **End turn** to end it, or **Keep playing**.",
        "End the turn with {count} actions unused? The Discovery follows at once. "
        "Press **End turn** to end it, or **Keep playing**.",
        unused,
    ).format(count=unused)


def turn_ended() -> str:
    return _("You ended the turn: the Discovery follows in the channel.")


def actions_unused(unused: int) -> str:
    """Said with a turn ended while actions were left (typed, or confirmed)."""
    return ngettext("{count} action went unused.", "{count} actions went unused.", unused).format(count=unused)


def resign_outdated() -> str:
    return _(
        "This resignation is out of date: the match has moved on since you asked. Nothing was changed; "
        "use `/goryo resign` again if you still want to concede."
    )


def resign_kept() -> str:
    return _("You keep playing: nothing was changed.")


def resigned(channel_id: int) -> str:
    return _("You resigned the match in {channel}.").format(channel=channel_link(channel_id))


def abort_needs_permission() -> str:
    return _(
        "Only members who can manage this channel may call a match off. "
        "A player can concede with `/goryo resign`; after a turn's time runs out the waiting player can `/goryo claim`."
    )


def done() -> str:
    """The answer to an action that had nothing else to say to whoever acted."""
    return _("Done.")
