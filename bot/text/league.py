r"""The league's results in plain words: ready-made text for /goryo stats, leaderboard and history.

Pure strings (mentions are Discord's ``<@id>`` text), so the commands only wrap them:

    for title, text in stats_fields(stats): embed.add_field(name=title, value=text, inline=False)
    text = leaderboard_text(leaderboard(ratings, guild_id=g, role=role), role)
    text = "\n".join(history_lines(channel_history(summaries, channel_id=c)))
    below a finished match's end message, as it is delivered: rating_note(changes, unrated=…)
    autocomplete: [app_commands.Choice(name=n, value=i) for n, i in replay_choices(visible, typed, name_of)]

Everything said here is about finished matches, which are public.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from locales import N_, _, ngettext, pgettext
from rules import Outcome, Side
from words.phrases import reason, the_object, winner_line

from ..records.league.ratings import Rating, RatingChange
from ..records.league.stats import LEADERBOARD_MIN_MATCHES, LeaderboardRow, MemberStats, RecentMatch, RoleRecord
from ..records.league.summary import MatchSummary
from .commands import command
from .messages import channel_link, mention

# Marked for the catalogues; the help says it with ``_(RATING_HELP)`` in the reader's language.
RATING_HELP = N_(
    "**Ratings.** In each server you have two ratings, one as the Goryō and one as the Samurai, "
    "since hiding and hunting are different skills. A rating reads like `1500 ± 350`: the first "
    "number is the best guess at your skill, the second how unsure that guess still is (your real "
    "level is very likely within the range). Everyone starts at 1500 ± 350, and the range narrows "
    "as you play. Beating a stronger opponent gains you more than beating a weaker one. Every "
    "finished match between two people counts, resigns and timed-out turns included, except one "
    "resigned or lost on time before the Samurai's first Discovery: that is unrated, so quick "
    "resigns earn nothing. Matches against the bot and called-off matches do not count either, and "
    "a player can't call off their own match. The leaderboard ranks by the low end of the range, "
    "so a few lucky early wins don't put anyone on top."
)


def role_name(side: Side) -> str:
    """The role as a name, without an article: ``Goryō``, ``Samurai``."""
    return pgettext("role", "Goryō") if side is Side.GORYO else pgettext("role", "Samurai")


def matches(number: int) -> str:
    return ngettext("{count} match", "{count} matches", number).format(count=number)


def wins(number: int) -> str:
    return ngettext("{count} win", "{count} wins", number).format(count=number)


def times(number: int) -> str:
    return ngettext("{count} time", "{count} times", number).format(count=number)


def when(moment: datetime) -> str:
    """Discord shows this in each reader's own time zone, e.g. "3 days ago"."""
    return f"<t:{int(moment.timestamp())}:R>"


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"


def role_line(record: RoleRecord, rating: Rating) -> str:
    if not record.matches:
        return _("No rated matches yet · rating {rating}").format(rating=rating)
    return _("Rating **{rating}** · {matches}, {wins} ({percent}) · longest winning streak {streak}").format(
        rating=rating, matches=matches(record.matches), wins=wins(record.wins), percent=percent(record.win_rate),
        streak=record.longest_streak)


def recent_line(match: RecentMatch) -> str:
    if match.won is None:
        winner, result = None, pgettext("match result", "no result")
    elif match.won:
        winner, result = match.role, pgettext("match result", "won")
    else:
        winner, result = match.role.other, pgettext("match result", "lost")
    opponent = _("the bot") if match.against_ai else mention(match.opponent_id)
    line = _("Match {match} in {channel}: {role} against {opponent}, {result} ({reason})").format(
        match=match.match_id, channel=channel_link(match.channel_id), role=role_name(match.role), opponent=opponent,
        result=result, reason=reason(Outcome(match.termination, winner)))
    return f"{line} · {unrated()}" if match.given_up_early else line


def unrated() -> str:
    """Marks a match given up before the first Discovery in a list of matches."""
    return pgettext("match result", "unrated")


def stats_fields(stats: MemberStats) -> list[tuple[str, str]]:
    """(title, text) pairs, each well within one embed field (1,024 characters)."""
    fields = [(_("As the {role}").format(role=role_name(role)), role_line(stats.record(role), stats.rating(role)))
              for role in Side]
    records = [_("Longest winning streak, either role: {streak}").format(streak=stats.longest_streak)]
    if stats.favourite_target is not None:
        records.append(_("Favourite target: {object} ({times})").format(
            object=the_object(stats.favourite_target), times=times(stats.favourite_target_count)))
    powers = stats.powers
    if powers.goryo_matches:
        records.append(_("Sprint used in {count} of {matches} as the Goryō").format(
            count=powers.sprint_matches, matches=matches(powers.goryo_matches)))
        records.append(_("False Trail placed {placed}, investigated by the Samurai {investigated}").format(
            placed=times(powers.false_trails), investigated=times(powers.false_trails_investigated)))
    if stats.against_ai_matches:
        records.append(_("Against the bot: {matches}, {wins} (never rated)").format(
            matches=matches(stats.against_ai_matches), wins=wins(stats.against_ai_wins)))
    fields.append((_("Records"), "\n".join(records)))
    recent = "\n".join(recent_line(m) for m in stats.recent) if stats.recent else _("No finished matches yet.")
    fields.append((_("Last matches"), recent))
    return fields


def tournaments_title() -> str:
    return _("Tournaments")


def leaderboard_text(rows: Iterable[LeaderboardRow], role: Side, min_matches: int = LEADERBOARD_MIN_MATCHES,
                     season: tuple[datetime, datetime] | None = None) -> str:
    """``season``: the month it covers, [start, end); None for all time."""
    title = _("**Best {role} players in this server**").format(role=role_name(role))
    if season is not None:
        title += "\n" + _("Matches finished from <t:{start}:D> to <t:{end}:D> only, everyone starting equal.").format(
            start=int(season[0].timestamp()), end=int(season[1].timestamp()) - 1)
    footer = _("-# Ranked by the low end of each rating. It takes {matches} as the {role} to appear.").format(
        matches=matches(min_matches), role=role_name(role))
    lines = [
        _("{rank}. {player} **{rating}** · won {wins} of {matches}").format(
            rank=row.rank, player=mention(row.user_id), rating=row.rating, wins=row.rating.wins,
            matches=matches(row.rating.matches))
        for row in rows
    ]
    return "\n".join([title, *(lines or [_("Nobody has played enough matches in this role yet.")]), footer])


def history_line(summary: MatchSummary) -> str:
    text = (
        _("Match {match}, {when}: {goryo} (Goryō) vs {samurai} (Samurai) (against the bot). {winner}: {reason}.")
        if summary.against_ai
        else _("Match {match}, {when}: {goryo} (Goryō) vs {samurai} (Samurai). {winner}: {reason}.")
    )
    line = text.format(match=summary.id, when=when(summary.finished_at), goryo=mention(summary.goryo_id),
                       samurai=mention(summary.samurai_id), winner=winner_line(summary.outcome),
                       reason=reason(summary.outcome))
    if summary.given_up_early and summary.between_two_people:
        line = f"{line.removesuffix('.')} · {unrated()}."
    return line


def history_lines(summaries: Iterable[MatchSummary]) -> list[str]:
    return [history_line(summary) for summary in summaries] or [_("No finished matches in this channel yet.")]


def rating_change_line(change: RatingChange) -> str:
    delta = change.shown_delta
    return _("{player} as the {role}: {before} → {after} ({change})").format(
        player=mention(change.user_id), role=role_name(change.role), before=change.before.shown,
        after=change.after.shown, change=f"{'+' if delta >= 0 else '−'}{abs(delta)}")


def rating_note(changes: Sequence[RatingChange], *, unrated: bool) -> str | None:
    """Below a match's end message: what it did to both ratings, or that it was unrated; None: nothing to say."""
    if changes:
        return _("Ratings: {changes}").format(changes="\n".join(rating_change_line(change) for change in changes))
    return unrated_line() if unrated else None


def unrated_line() -> str:
    """The end message of a match given up (resigned, or lost on time) before the first Discovery."""
    return _("Unrated: the match ended before the Samurai's first Discovery, so no rating moves.")


def stats_title(name: str) -> str:
    return _("{name}: Goryō in this server").format(name=name)


def history_title() -> str:
    return _("Recent matches in this channel")


def history_footer() -> str:
    """Plain text: an embed's footer shows no markdown."""
    return _("{command} shows any of them again, move by move.").format(command=command("replay", "match"))


def replay_caption(summary: MatchSummary | None, match_id: int, *, reduced: bool) -> str:
    caption = (
        _("**Replay** · {match}").format(match=history_line(summary)) if summary is not None
        else _("**Replay** of match {match}.").format(match=match_id)
    )
    if reduced:
        caption += "\n" + _("-# Made smaller to fit the upload limit here.")
    return caption


def record_caption(match_id: int) -> str:
    return _("**Record** of match {match}: every action in order, written as the commands are typed. "
             "Anyone can check it with `python -m rules.record` from the bot's source.").format(match=match_id)


def record_description(match_id: int) -> str:
    """The text file's description."""
    return _("The record of match {match} as plain text.").format(match=match_id)


def unknown_member(user_id: int) -> str:
    """A member whose name could not be fetched, in a list of choices."""
    return _("member {id}").format(id=user_id)


AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 choices
CHOICE_NAME_LIMIT = 100  # characters in one choice's name


def replay_choices(
    summaries: Iterable[MatchSummary], typed: str, name_of: Callable[[int], str], limit: int = AUTOCOMPLETE_LIMIT
) -> list[tuple[str, int]]:
    """(name, match id) choices for ``/goryo replay match:``, newest first, filtered by what was typed.

    ``summaries`` are the finished matches the member may see (the wiring decides which);
    ``name_of`` gives a member's display name, since choice names can't hold mentions.
    """
    wanted = typed.strip().lower().removeprefix("#")
    choices = []
    for summary in sorted(summaries, key=lambda s: s.order, reverse=True):
        name = _("#{match}: {goryo} (Goryō) vs {samurai} (Samurai), {winner}").format(
            match=summary.id, goryo=name_of(summary.goryo_id), samurai=name_of(summary.samurai_id),
            winner=winner_line(summary.outcome))
        if wanted and wanted not in name.lower():
            continue
        choices.append((name[:CHOICE_NAME_LIMIT], summary.id))
        if len(choices) == limit:
            break
    return choices
