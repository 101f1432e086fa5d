"""Records per member and role, the server leaderboard and a channel's history, from match summaries.

Pure: no discord, no database. How the wiring (later) uses it:

    # /goryo stats [member]: the guild's finished matches (or just the member's) and the stored ratings
    stats = member_stats(summaries, ratings, guild_id=guild.id, user_id=member.id)
    # /goryo leaderboard [role]
    rows = leaderboard(ratings, guild_id=guild.id, role=Side.SAMURAI)
    # /goryo history
    recent = channel_history(summaries, channel_id=channel.id)

Definitions, where the issue leaves a choice:
- A member's records (matches, wins, streaks, favourite target, powers) count the matches
  that move ratings: decided, between two people. Matches against the AI are counted apart
  (``against_ai_matches``), and aborted ones only appear among the recent matches.
- The longest streak is the longest run of consecutive wins in finish order; ``longest_streak``
  runs across both roles, each ``RoleRecord.longest_streak`` within one role.
- The favourite target is the object type she aimed her plans at most often as the Goryō,
  counting every plan the Samurai discovered (a plan the match ended before was never shown to
  anyone, so it counts nowhere); a tie goes to the type reached first in the box's order
  (Helmet, Lantern, Mask, ...). The powers (Sprint, False Trail) count discovered plans only too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from rules import OBJECT_TYPES, ObjectType, Side, Termination

from .ratings import Rating, RatingKey, rating_of
from .summary import MatchSummary, PlayedPlan

RECENT_MATCHES = 5
LEADERBOARD_MIN_MATCHES = 3
LEADERBOARD_SIZE = 10
HISTORY_SIZE = 10


@dataclass(frozen=True, slots=True)
class RoleRecord:
    role: Side
    matches: int = 0
    wins: int = 0
    longest_streak: int = 0

    @property
    def losses(self) -> int:
        return self.matches - self.wins

    @property
    def win_rate(self) -> float | None:
        """Wins per match, 0..1; None before the first match."""
        return self.wins / self.matches if self.matches else None


@dataclass(frozen=True, slots=True)
class PowerUse:
    """How the member used the Goryō's powers, over their matches as the Goryō."""

    goryo_matches: int = 0
    sprint_matches: int = 0  # the Sprint is once a match, so: matches in which she used it
    false_trails: int = 0  # plans with a False Trail placed
    false_trails_investigated: int = 0  # ... that a Samurai then searched or sniffed


@dataclass(frozen=True, slots=True)
class RecentMatch:
    match_id: int
    channel_id: int
    opponent_id: int
    role: Side
    won: bool | None  # None: aborted, no result
    termination: Termination
    finished_at: datetime
    against_ai: bool
    given_up_early: bool = False  # resigned or lost on time before the first Discovery: unrated


@dataclass(frozen=True, slots=True)
class MemberStats:
    guild_id: int | None
    user_id: int
    goryo: RoleRecord
    samurai: RoleRecord
    goryo_rating: Rating
    samurai_rating: Rating
    longest_streak: int
    favourite_target: ObjectType | None
    favourite_target_count: int
    powers: PowerUse
    against_ai_matches: int  # decided matches against the bot, either role; never rated
    against_ai_wins: int
    recent: tuple[RecentMatch, ...]

    def record(self, role: Side) -> RoleRecord:
        return self.goryo if role is Side.GORYO else self.samurai

    def rating(self, role: Side) -> Rating:
        return self.goryo_rating if role is Side.GORYO else self.samurai_rating


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    user_id: int
    rating: Rating


def longest_win_streak(results: Iterable[bool]) -> int:
    longest = current = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return longest


def _role_record(role: Side, results: Sequence[bool]) -> RoleRecord:
    return RoleRecord(role, len(results), sum(results), longest_win_streak(results))


def member_stats(
    summaries: Iterable[MatchSummary],
    ratings: Mapping[RatingKey, Rating],
    *,
    guild_id: int | None,
    user_id: int,
    recent: int = RECENT_MATCHES,
) -> MemberStats:
    """The member's records in this server; ``summaries`` may hold other servers' and members' matches."""
    theirs = sorted(
        (s for s in summaries if s.guild_id == guild_id and s.side_of(user_id) is not None), key=lambda s: s.order
    )
    rated = [s for s in theirs if s.rated]
    # A rated match is decided and theirs, so won_by says True or False.
    results = {role: [s.won_by(user_id) is True for s in rated if s.side_of(user_id) is role] for role in Side}
    as_goryo = [s for s in rated if s.side_of(user_id) is Side.GORYO]
    plans = [plan for s in as_goryo for plan in _public_plans(s)]
    targets = Counter(plan.target_type for plan in plans)
    favourite = max(OBJECT_TYPES, key=lambda t: targets[t]) if targets else None  # max keeps the first of a tie
    versus_ai = [s.won_by(user_id) is True for s in theirs if s.against_ai and not s.aborted]
    return MemberStats(
        guild_id=guild_id,
        user_id=user_id,
        goryo=_role_record(Side.GORYO, results[Side.GORYO]),
        samurai=_role_record(Side.SAMURAI, results[Side.SAMURAI]),
        goryo_rating=rating_of(ratings, guild_id, user_id, Side.GORYO),
        samurai_rating=rating_of(ratings, guild_id, user_id, Side.SAMURAI),
        longest_streak=longest_win_streak(s.won_by(user_id) is True for s in rated),
        favourite_target=favourite,
        favourite_target_count=targets[favourite] if favourite is not None else 0,
        powers=PowerUse(
            goryo_matches=len(as_goryo),
            sprint_matches=sum(any(plan.sprint for plan in _public_plans(s)) for s in as_goryo),
            false_trails=sum(plan.false_trail is not None for plan in plans),
            false_trails_investigated=sum(plan.false_trail_investigated for plan in plans),
        ),
        against_ai_matches=len(versus_ai),
        against_ai_wins=sum(versus_ai),
        recent=tuple(_recent(s, user_id) for s in reversed(theirs[-recent:] if recent > 0 else [])),
    )


def _public_plans(summary: MatchSummary) -> list[PlayedPlan]:
    """Her discovered plans: a summary stored before issue 26 may still hold an undiscovered last one."""
    return [plan for plan in summary.plans if plan.discovered]


def _recent(summary: MatchSummary, user_id: int) -> RecentMatch:
    role = summary.side_of(user_id)
    assert role is not None
    return RecentMatch(
        match_id=summary.id,
        channel_id=summary.channel_id,
        opponent_id=summary.player_of(role.other),
        role=role,
        won=summary.won_by(user_id),
        termination=summary.outcome.termination,
        finished_at=summary.finished_at,
        against_ai=summary.against_ai,
        given_up_early=summary.given_up_early and summary.between_two_people,
    )


def leaderboard(
    ratings: Mapping[RatingKey, Rating],
    *,
    guild_id: int | None,
    role: Side,
    min_matches: int = LEADERBOARD_MIN_MATCHES,
    size: int = LEADERBOARD_SIZE,
) -> list[LeaderboardRow]:
    """The server's best in ``role``: members with at least ``min_matches`` rated matches in it.

    Ranked by the low end of the rating's range (so an uncertain rating ranks lower), then by
    more matches, then by member id so equal rows always come out in the same order.
    """
    eligible = [
        (user_id, rating)
        for (guild, user_id, rated_role), rating in ratings.items()
        if guild == guild_id and rated_role is role and rating.matches >= min_matches
    ]
    eligible.sort(key=lambda row: (-row[1].low, -row[1].matches, row[0]))
    return [LeaderboardRow(rank, user_id, rating) for rank, (user_id, rating) in enumerate(eligible[:size], 1)]


def channel_history(
    summaries: Iterable[MatchSummary], *, channel_id: int, size: int = HISTORY_SIZE
) -> list[MatchSummary]:
    """The channel's finished matches (aborted ones too), most recent first."""
    theirs = sorted((s for s in summaries if s.channel_id == channel_id), key=lambda s: s.order, reverse=True)
    return theirs[:size]
