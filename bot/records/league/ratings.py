"""Ratings per server, per member, per role, derived from finished matches (openskill's Plackett-Luce).

Pure: no discord, no database. Goryō is asymmetric, so a member has two ratings in each
server: hiding (as the Goryō) and hunting (as the Samurai). A match rates the winner's
rating in the role they played against the loser's in theirs.

How the wiring (later) uses it:

    keys = rated_keys(summary)                      # the two rows this match moves; () if it doesn't count
    before = {key: stored_rating(key) for key in keys}
    after = update(before, summary)                 # store after[key] for each key
    for change in changes(before, after, summary): ...   # "1500 → 1555 as the Goryō"
    # `/goryo stats`: str(rating_of(after, guild, user, Side.GORYO)) -> "1562 ± 301"
    # a rebuild command: rebuild(all_finished_summaries) must equal what is stored.

Only matches that `MatchSummary.rated` accepts count: decided (a resign or a time-out claim
too, once the Samurai have made their first Discovery), between two different people, not
against the AI; an aborted match never counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from rules import Side

from .summary import MatchSummary

# openskill's defaults: every member starts at mu 25, sigma 25/3.
_MODEL = PlackettLuce()
START_MU: float = _MODEL.mu
START_SIGMA: float = _MODEL.sigma

# The number people read: 1500 for a newcomer, and 2 sigma shown as the uncertainty,
# scaled so a newcomer reads "1500 ± 350" (2 * 25/3 * 21 = 350), a familiar chess-like scale.
SHOWN_BASE = 1500
SHOWN_SCALE = 21


RatingKey = tuple[int | None, int, Side]  # (guild id, member id, role)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    matches: int = 0
    wins: int = 0

    @property
    def shown(self) -> int:
        return round(SHOWN_BASE + (self.mu - START_MU) * SHOWN_SCALE)

    @property
    def uncertainty(self) -> int:
        return round(2 * self.sigma * SHOWN_SCALE)

    @property
    def low(self) -> float:
        """The low end of the shown range: what the leaderboard ranks by."""
        return SHOWN_BASE + (self.mu - 2 * self.sigma - START_MU) * SHOWN_SCALE

    def __str__(self) -> str:
        return f"{self.shown} ± {self.uncertainty}"


NEW_RATING = Rating()


def rating_key(summary: MatchSummary, side: Side) -> RatingKey:
    return (summary.guild_id, summary.player_of(side), side)


def rated_keys(summary: MatchSummary) -> tuple[RatingKey, ...]:
    """The ratings this match moves (the Goryō's, then the Samurai's), or () if it doesn't count."""
    if not summary.rated:
        return ()
    return (rating_key(summary, Side.GORYO), rating_key(summary, Side.SAMURAI))


def rating_of(ratings: Mapping[RatingKey, Rating], guild_id: int | None, user_id: int, role: Side) -> Rating:
    return ratings.get((guild_id, user_id, role), NEW_RATING)


def update(ratings: Mapping[RatingKey, Rating], summary: MatchSummary) -> dict[RatingKey, Rating]:
    """The ratings after ``summary``, as a new dict; ``ratings`` is left as it was.

    Apply matches in finish order (``MatchSummary.order``), as ``rebuild`` does.
    """
    updated = dict(ratings)
    _apply(updated, summary)
    return updated


@dataclass(frozen=True, slots=True)
class RatingChange:
    user_id: int
    role: Side
    before: Rating
    after: Rating

    @property
    def shown_delta(self) -> int:
        return self.after.shown - self.before.shown


def changes(
    before: Mapping[RatingKey, Rating], after: Mapping[RatingKey, Rating], summary: MatchSummary
) -> tuple[RatingChange, ...]:
    """What ``summary`` did to its players' ratings, the Goryō first; () if it doesn't count."""
    return tuple(
        RatingChange(user_id, role, before.get(key, NEW_RATING), after.get(key, NEW_RATING))
        for key in rated_keys(summary)
        for _guild, user_id, role in [key]
    )


def rebuild(summaries: Iterable[MatchSummary], *, ordered: bool = False) -> dict[RatingKey, Rating]:
    """Every rating from scratch: the finished matches folded in finish order.

    ``ordered``: fold them in the order given instead (the order the live updates took, as stored).
    """
    ratings: dict[RatingKey, Rating] = {}
    for summary in summaries if ordered else sorted(summaries, key=lambda s: s.order):
        _apply(ratings, summary)
    return ratings


def _apply(ratings: dict[RatingKey, Rating], summary: MatchSummary) -> None:
    keys = rated_keys(summary)
    if not keys:
        return
    goryo_key, samurai_key = keys
    goryo, samurai = ratings.get(goryo_key, NEW_RATING), ratings.get(samurai_key, NEW_RATING)
    goryo_won = summary.outcome.winner is Side.GORYO
    [[new_goryo], [new_samurai]] = _MODEL.rate(
        [[_MODEL.rating(mu=goryo.mu, sigma=goryo.sigma)], [_MODEL.rating(mu=samurai.mu, sigma=samurai.sigma)]],
        ranks=[1, 2] if goryo_won else [2, 1],
    )
    samurai_won = not goryo_won
    ratings[goryo_key] = Rating(new_goryo.mu, new_goryo.sigma, goryo.matches + 1, goryo.wins + goryo_won)
    ratings[samurai_key] = Rating(new_samurai.mu, new_samurai.sigma, samurai.matches + 1, samurai.wins + samurai_won)
