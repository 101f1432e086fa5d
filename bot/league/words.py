r"""The league's results in plain words: ready-made text for /goryo stats, leaderboard and history.

Pure strings (mentions are Discord's ``<@id>`` text), so the commands only wrap them:

    for title, text in stats_fields(stats): embed.add_field(name=title, value=text, inline=False)
    text = leaderboard_text(leaderboard(ratings, guild_id=g, role=role), role)
    text = "\n".join(history_lines(channel_history(summaries, channel_id=c)))
    after a rated match: "\n".join(rating_change_line(c) for c in changes(before, after, summary))
    autocomplete: [app_commands.Choice(name=n, value=i) for n, i in replay_choices(visible, typed, name_of)]

Everything said here is about finished matches, which are public.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from bot.text.messages import channel_link, mention
from render.words import reason, winner_line
from rules import Outcome, Side

from .ratings import Rating, RatingChange
from .stats import LEADERBOARD_MIN_MATCHES, LeaderboardRow, MemberStats, RecentMatch, RoleRecord
from .summary import MatchSummary

ROLE_NAMES = {Side.GORYO: "Goryō", Side.SAMURAI: "Samurai"}


def count(number: int, singular: str, plural: str | None = None) -> str:
    return f"{number} {singular if number == 1 else plural or singular + 's'}"


def matches(number: int) -> str:
    return count(number, "match", "matches")


def when(moment: datetime) -> str:
    """Discord shows this in each reader's own time zone, e.g. "3 days ago"."""
    return f"<t:{int(moment.timestamp())}:R>"


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"


def role_line(record: RoleRecord, rating: Rating) -> str:
    if not record.matches:
        return f"No rated matches yet · rating {rating}"
    return (
        f"Rating **{rating}** · {matches(record.matches)}, {count(record.wins, 'win')} "
        f"({percent(record.win_rate)}) · longest winning streak {record.longest_streak}"
    )


def recent_line(match: RecentMatch) -> str:
    if match.won is None:
        winner, result = None, "no result"
    else:
        winner, result = (match.role, "won") if match.won else (match.role.other, "lost")
    opponent = "the bot" if match.against_ai else mention(match.opponent_id)
    return (
        f"Match {match.match_id} in {channel_link(match.channel_id)}: {ROLE_NAMES[match.role]} against "
        f"{opponent}, {result} ({reason(Outcome(match.termination, winner))})"
    )


def stats_fields(stats: MemberStats) -> list[tuple[str, str]]:
    """(title, text) pairs, each well within one embed field (1,024 characters)."""
    fields = [(f"As the {ROLE_NAMES[role]}", role_line(stats.record(role), stats.rating(role))) for role in Side]
    records = [f"Longest winning streak, either role: {stats.longest_streak}"]
    if stats.favourite_target is not None:
        how_often = count(stats.favourite_target_count, "time")
        records.append(f"Favourite target: the {stats.favourite_target} ({how_often})")
    powers = stats.powers
    if powers.goryo_matches:
        records.append(f"Sprint used in {powers.sprint_matches} of {matches(powers.goryo_matches)} as the Goryō")
        records.append(
            f"False Trail placed {count(powers.false_trails, 'time')}, "
            f"investigated by the Samurai {count(powers.false_trails_investigated, 'time')}"
        )
    if stats.against_ai_matches:
        records.append(
            f"Against the bot: {matches(stats.against_ai_matches)}, {count(stats.against_ai_wins, 'win')} (never rated)"
        )
    fields.append(("Records", "\n".join(records)))
    recent = "\n".join(recent_line(m) for m in stats.recent) if stats.recent else "No finished matches yet."
    fields.append(("Last matches", recent))
    return fields


def leaderboard_text(rows: Iterable[LeaderboardRow], role: Side, min_matches: int = LEADERBOARD_MIN_MATCHES) -> str:
    title = f"**Best {ROLE_NAMES[role]} players in this server**"
    footer = (
        f"-# Ranked by the low end of each rating. It takes {matches(min_matches)} "
        f"as the {ROLE_NAMES[role]} to appear."
    )
    lines = [
        f"{row.rank}. {mention(row.user_id)} **{row.rating}** · won {row.rating.wins} of {matches(row.rating.matches)}"
        for row in rows
    ]
    return "\n".join([title, *(lines or ["Nobody has played enough matches in this role yet."]), footer])


def history_line(summary: MatchSummary) -> str:
    versus_bot = " (against the bot)" if summary.against_ai else ""
    return (
        f"Match {summary.id}, {when(summary.finished_at)}: {mention(summary.goryo_id)} (Goryō) vs "
        f"{mention(summary.samurai_id)} (Samurai)"
        f"{versus_bot}. {winner_line(summary.outcome)}: {reason(summary.outcome)}."
    )


def history_lines(summaries: Iterable[MatchSummary]) -> list[str]:
    return [history_line(summary) for summary in summaries] or ["No finished matches in this channel yet."]


def rating_change_line(change: RatingChange) -> str:
    delta = change.shown_delta
    return (
        f"{mention(change.user_id)} as the {ROLE_NAMES[change.role]}: {change.before.shown} → "
        f"{change.after.shown} ({'+' if delta >= 0 else '−'}{abs(delta)})"
    )


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
        name = (
            f"#{summary.id}: {name_of(summary.goryo_id)} (Goryō) vs {name_of(summary.samurai_id)} (Samurai), "
            f"{winner_line(summary.outcome)}"
        )
        if wanted and wanted not in name.lower():
            continue
        choices.append((name[:CHOICE_NAME_LIMIT], summary.id))
        if len(choices) == limit:
            break
    return choices
