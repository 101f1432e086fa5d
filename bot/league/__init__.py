"""League play: ratings, records, leaderboards and history, as pure functions of finished matches.

No discord and no database here: the storage layer turns each finished match into a
``MatchSummary`` (``summarise``), and the commands format what these functions return.
"""

from .ratings import RATING_HELP, NEW_RATING, Rating, RatingKey, rated_keys, rating_of, rebuild, update
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
    "LeaderboardRow", "MatchNotFinishedError", "MatchSummary", "MemberStats", "NEW_RATING", "PlayedPlan",
    "PowerUse", "RATING_HELP", "Rating", "RatingKey", "RecentMatch", "RoleRecord", "channel_history",
    "leaderboard", "member_stats", "rated_keys", "rating_of", "rebuild", "summarise", "update",
]
