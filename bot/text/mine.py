"""What a player is told about their own matches and preferences: ``/goryo games`` and ``/goryo notify``.

Said in the reader's language (``locales.speaking``, set by the command tree); like ``messages``,
whole sentences with named placeholders, commands named in English and shown as the reader's client lists them.
"""

from __future__ import annotations

import rules
from locales import ngettext

from ..records.discord_limits import most
from .messages import _, when


def jump_url(guild_id: int | None, channel_id: int) -> str:
    """A link that opens the channel, from anywhere (a DM too), whichever server it is in."""
    return f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}"


def role_name(side: rules.Side) -> str:
    return _("the Goryō") if side is rules.Side.GORYO else _("the Samurai")


def game_line(
    match_id: int, link: str, mine: rules.Side, round_number: int, to_move: rules.Side,
    deadline: int | None, *, up: bool, bot_moves: bool,
) -> str:
    """One match of ``/goryo games``: where, which side, which round, whose turn and until when."""
    where = _("**Match {match}** in {link}: you play {role}, round {number}.").format(
        match=match_id, link=link, role=role_name(mine), number=max(round_number, 1))
    if bot_moves:
        turn = _("My turn: I am thinking.")
    elif deadline is None:  # not reached: an active match always has a side to move
        turn = ""
    elif to_move is mine:
        turn = (_("Your turn: your time ran out at {deadline}, so your opponent may claim the win.") if up
                else _("Your turn, until {deadline}.")).format(deadline=when(deadline))
    else:
        turn = (_("Their turn: their time ran out at {deadline}; you may `/goryo claim` the win.") if up
                else _("Their turn, until {deadline}.")).format(deadline=when(deadline))
    return f"{where} {turn}".rstrip()


def match_choice(match_id: int, channel_name: str | None, channel_id: int, mine: rules.Side, round_number: int,
                 *, my_turn: bool) -> str:
    """One of the caller's matches as the ``match:`` option's autocomplete names it (plain text, no mentions)."""
    where = f"#{channel_name}" if channel_name is not None else _("channel {id}").format(id=channel_id)
    turn = _("your turn") if my_turn else _("waiting")
    return _("{match}: {where}, you play {role}, round {number}, {turn}").format(
        match=match_id, where=where, role=role_name(mine), number=max(round_number, 1), turn=turn)


def games_list(lines: list[str]) -> list[str]:
    """The caller's matches in progress, one line each, or how to start one: as many messages as Discord's
    2,000 characters a message need, every match in one of them (a line is never split)."""
    if not lines:
        return [_("You have no match in progress. Start one with `/goryo challenge opponent:` in a server "
                  "channel; challenge me, the bot, to play at once.")]
    head = ngettext("You are playing {count} match:", "You are playing {count} matches:", len(lines)).format(
        count=len(lines))
    pages = [head]
    for line in lines:
        item = f"- {line}"
        if len(pages[-1]) + 1 + len(item) > most("message.content"):
            pages.append(item)
        else:
            pages[-1] += "\n" + item
    return pages


def samurai_turn_unmentioned(round_number: int) -> str:
    """The Samurai's turn in the channel, for a player who chose not to be mentioned there."""
    return _(
        "The Goryō has planned her path for round {number}. Your turn, Samurai: "
        "`/goryo move`, `/goryo search`, `/goryo sniff`, then `/goryo end`."
    ).format(number=round_number)


def samurai_turn_dm(match_id: int, round_number: int, link: str) -> str:
    """The Samurai's turn by DM (``/goryo notify dm``): only what the channel shows, and where."""
    return _("Your turn, Samurai: the Goryō has planned her path for round {number} of match {match}. "
             "Play it in {link}.").format(number=round_number, match=match_id, link=link)


def notify_set(mode: str) -> str:
    """The answer to ``/goryo notify``: what happens from now on, in every match."""
    said = {
        "mention": _("Done: when your turn as the Samurai begins, I'll mention you in the match's channel."),
        "dm": _("Done: when your turn as the Samurai begins, I'll tell you by DM with a link, "
                "without mentioning you in the channel."),
        "off": _("Done: I won't tell you when your turn as the Samurai begins; "
                 "`/goryo games` shows where it is your turn."),
    }[mode]
    return f"{said} " + _("As the Goryō you always get your turns by DM: they carry your board.")
