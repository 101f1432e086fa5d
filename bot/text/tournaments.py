"""What tournaments say (issue 43): the sign-up message, each round's pairs, the standings, the refusals.

Said in the language being spoken (``locales.speaking``): public posts in the server's, answers in the asker's.
"""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown

import rules
from locales import N_, ngettext
from words.phrases import object_name, the_object

from ..records.discord_limits import LIMITS
from ..records.tournaments import Double, Format, Standing, TournamentRecord
from .messages import _, channel_link, mention

FORMAT_NAMES = {Format.SWISS: N_("Swiss"), Format.ROUND_ROBIN: N_("round robin")}
THREAD_NAME_LIMIT = LIMITS["thread.name"].most
MESSAGE_CONTENT = LIMITS["message.content"].most

# Refusals: each says what was wrong and what to do.
IN_A_SERVER = N_("Tournaments are run in a server's text channel: use `/goryo tournament` there.")
NEEDS_MANAGE_SERVER = N_("Creating, starting or cancelling a tournament needs the Manage Server permission.")
NO_THREADS = N_("Each match of a tournament is played in a thread of this channel, but I lack {missing} here. "
                "Grant it to me in this channel's permissions, then create the tournament again.")
NO_AID = N_("This server's settings keep the deduction aid out of its matches: create the tournament without "
            "`assist:`, or ask a member with Manage Server to allow it with `/goryo settings assist:`.")
NO_SUCH = N_("There is no such tournament in this server: pick one from the list as you type.")
NONE_OPEN = N_("No tournament of this server is open now: a member with Manage Server creates one with "
               "`/goryo tournament create`.")
ALREADY_IN = N_("You are already signed up for {name}.")
SIGNUP_CLOSED = N_("Sign-up for {name} is closed.")
FULL = N_("{name} is full: it takes {count} players.")
IN_ANOTHER = N_("You are already in another tournament of this server: one at a time. "
                "Leave it first with `/goryo tournament leave`.")
NOT_A_MEMBER = N_("Only members of this server can join its tournaments.")
NOT_IN = N_("You are not playing in {name}.")
IS_OVER = N_("{name} is over.")
NOT_IN_SIGNUP = N_("{name} has already started or ended.")


def format_name(format: Format) -> str:
    return _(FORMAT_NAMES[format])


def signup_text(tournament: TournamentRecord, players: Sequence[int], *, closed: bool = False) -> str:
    closes = int(tournament.signup_closes_at.timestamp())
    lines = [
        _("**{name}**: a {format} tournament of Goryō, by {creator}.").format(
            name=tournament.name, format=format_name(tournament.format), creator=mention(tournament.created_by)),
        _("Each round pairs players for two matches at once, each in its own thread: one as the Goryō, one as "
          "the Samurai. A match won is a point. A round lasts {days} days.").format(days=tournament.round_days),
    ]
    if tournament.format is Format.SWISS:
        lines.append(_("Rounds: {rounds} (fewer if there are too few players to meet new opponents).").format(
            rounds=tournament.rounds))
    if closed:
        lines.append(_("Sign-up is closed."))
    else:
        lines.append(_("Sign-up closes <t:{time}:f>, or when it is started. Press **Join** to play.").format(
            time=closes))
    signed = ngettext("{count} player signed up", "{count} players signed up", len(players)).format(
        count=len(players))
    head = "\n".join(lines) + f"\n{signed}"
    if not players:
        return head + "."
    # As many as fit in one message, in sign-up order; the rest counted (a large field's list is its standings).
    room = MESSAGE_CONTENT - len(head) - 40
    shown: list[str] = []
    for player in players:
        if sum(len(m) + 2 for m in shown) + len(mention(player)) > room:
            break
        shown.append(mention(player))
    more = len(players) - len(shown)
    return f"{head}: {', '.join(shown)}" + (f" (+{more})" if more else "")


def joined(name: str, count: int) -> str:
    return ngettext("You joined {name}: {count} player so far.", "You joined {name}: {count} players so far.",
                    count).format(name=name, count=count)


def left(name: str) -> str:
    return _("You left {name}.").format(name=name)


def withdrew(name: str) -> str:
    return _("You withdrew from {name}: your remaining matches are forfeited.").format(name=name)


def withdrawal_line(name: str, player: int) -> str:
    return _("{player} withdrew from **{name}**: their remaining matches are forfeited.").format(
        player=mention(player), name=name)


def cancelled_too_few(name: str, count: int) -> str:
    return ngettext("**{name}** is cancelled: only {count} player signed up, and a tournament needs at least 3.",
                    "**{name}** is cancelled: only {count} players signed up, and a tournament needs at least 3.",
                    count).format(name=name, count=count)


def cancelled_by(name: str, member: int) -> str:
    return _("**{name}** was cancelled by {member}. Matches under way were called off.").format(
        name=name, member=mention(member))


def cancelled_answer(name: str) -> str:
    return _("{name} is cancelled.").format(name=name)


def started_answer(name: str) -> str:
    return _("{name} has started: the first round is being paired.").format(name=name)


def round_header(name: str, number: int, total: int, deadline: int) -> str:
    return _("**{name}**, round {round} of {total}: each pair plays two matches at once, one in each role. "
             "The round ends <t:{deadline}:f>.").format(name=name, round=number, total=total, deadline=deadline)


def pair_line(double: Double, threads: Sequence[int]) -> str:
    where = " · ".join(channel_link(t) for t in threads)
    return _("{first} and {second}: {threads}").format(
        first=mention(double.first), second=mention(double.second), threads=where or "—")


def bye_line(player: int) -> str:
    return _("{player} sits this round out: a bye is worth 1 point.").format(player=mention(player))


def match_start(name: str, number: int, goryo: str, samurai: str, first_type: rules.ObjectType) -> str:
    """The thread's first line, naming the players without mentioning them: the round's announcement pinged them."""
    head = _("**{name}**, round {round}: {goryo} is the Goryō, {samurai} leads the four Samurai.").format(
        name=name, round=number, goryo=escape_markdown(goryo), samurai=escape_markdown(samurai))
    drawn = _("The first object drawn is {object}: its tile is broken. "
              "The Goryō now chooses which {type} to break and start on.").format(
        object=the_object(first_type), type=object_name(first_type))
    return f"{head}\n{drawn}"


def thread_name(name: str, number: int, goryo: str, samurai: str) -> str:
    return f"{name} · R{number} · {goryo} vs {samurai}"[:THREAD_NAME_LIMIT]


def reminder(name: str, number: int, players: Sequence[int], deadline: int) -> str:
    return _("**{name}**, round {round} ends <t:{deadline}:R>: {players}, please finish your matches. "
             "Then a match is decided on time if a turn has run out, or else counts for neither.").format(
        name=name, round=number, deadline=deadline, players=", ".join(mention(p) for p in players))


def standings_title(name: str, number: int, total: int, final: bool) -> str:
    if final:
        return _("{name}: final standings").format(name=name)
    return _("{name}: standings after round {round} of {total}").format(name=name, round=number, total=total)


def standings_alt(title: str) -> str:
    """The picture's alt text: what it shows, and where its words are (the messages carry the same table)."""
    return _("{title}: the table of rank, player, points, wins in each role and tiebreaks, also given as text.").format(
        title=title)


def winner_line(name: str, winner: int) -> str:
    return _("**{name}** is over: {winner} wins the tournament!").format(name=name, winner=mention(winner))


def headers() -> list[str]:
    return ["#", _("Player"), _("Points"), _("Goryō wins"), _("Samurai wins"), _("Head-to-head"), _("Buchholz")]


def cells(row: Standing, name: str) -> list[str]:
    return [str(row.rank), name, str(row.points), str(row.goryo_wins), str(row.samurai_wins), str(row.head_to_head),
            str(row.buchholz)]


def table_messages(title: str, rows: Sequence[Standing], names: dict[int, str]) -> list[str]:
    """The standings as monospaced text, in as many messages as Discord's length limit needs."""
    short = ["#", _("Player"), _("Pts"), _("G"), _("S"), _("H2H"), _("Buch")]
    lines = [" ".join([short[0].rjust(3), short[1][:20].ljust(20), *(h.rjust(4) for h in short[2:])])]
    for row in rows:
        numbers = [row.points, row.goryo_wins, row.samurai_wins, row.head_to_head, row.buchholz]
        lines.append(" ".join([str(row.rank).rjust(3), names.get(row.player, str(row.player))[:20].ljust(20),
                               *(str(n).rjust(4) for n in numbers)]))
    legend = _("Pts: points · G, S: wins as the Goryō, as the Samurai · H2H: head-to-head · Buch: Buchholz "
               "(the points of everyone played)")
    messages: list[str] = []
    block: list[str] = []
    budget = MESSAGE_CONTENT - len(title) - len(legend) - 20
    for line in lines[1:]:
        if block and sum(len(b) + 1 for b in block) + len(line) + len(lines[0]) > budget:
            messages.append(block_text(lines[0], block))
            block = []
        block.append(line)
    messages.append(block_text(lines[0], block))
    messages[0] = f"**{title}**\n{messages[0]}"
    messages[-1] = f"{messages[-1]}\n{legend}"
    return messages


def block_text(header: str, lines: Sequence[str]) -> str:
    return "```\n" + "\n".join([header, *lines]) + "\n```"


def results_line(name: str, rank: int, players: int, points: int, finished: bool) -> str:
    """One tournament in a member's ``/goryo stats``."""
    if finished:
        return _("{name}: place {rank} of {players}, {points} points").format(
            name=name, rank=rank, players=players, points=points)
    return _("{name} (under way): place {rank} of {players}, {points} points").format(
        name=name, rank=rank, players=players, points=points)
