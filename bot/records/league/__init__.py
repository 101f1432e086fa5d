"""League play: ratings, records, leaderboards and history, as pure functions of finished matches.

No discord and no database here: the storage layer turns each finished match into a
``MatchSummary`` (``summarise``), ``ratings`` and ``stats`` compute from those, and
``bot.text.league`` says the results in plain text for the commands to post.
"""

from .ratings import (
    NEW_RATING,
    Rating,
    RatingChange,
    RatingKey,
    changes,
    rated_keys,
    rating_of,
    rebuild,
    update,
)
from .stats import (
    LeaderboardRow,
    MemberStats,
    PowerUse,
    RecentMatch,
    RoleRecord,
    channel_history,
    leaderboard,
    member_stats,
)
from .summary import MatchNotFinishedError, MatchSummary, PlayedPlan, summarise

__all__ = [
    "NEW_RATING",
    "LeaderboardRow",
    "MatchNotFinishedError",
    "MatchSummary",
    "MemberStats",
    "PlayedPlan",
    "PowerUse",
    "Rating",
    "RatingChange",
    "RatingKey",
    "RecentMatch",
    "RoleRecord",
    "changes",
    "channel_history",
    "leaderboard",
    "member_stats",
    "rated_keys",
    "rating_of",
    "rebuild",
    "summarise",
    "update",
]
