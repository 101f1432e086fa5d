"""The storage contract: what the bot asks of its database, in records in and records out.

Every backend (``OPENERS`` in ``bot.storage``; see README.md here) provides all of this, with the same
meaning, and the contract suite (tests/bot/storage) runs unchanged against each. Callers type against
``Store`` and never learn which backend they hold. Records are ``bot.records``', errors and timestamps
``bot.storage.records``': times go in timezone-aware and come back aware in UTC.

Writes are atomic: a method that changes several rows (an action, its log entry, its outbox items,
the league's rows of a match it ends) changes all of them or none. Methods that may lose a race to
another process say so by their return value (False: someone else did it first) or by their errors.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import Protocol, Self

import rules
from ai.levels import Level

from ..records.hints import HintNote
from ..records.league import MatchSummary, Rating, RatingKey
from ..records.lessons import LessonRecord
from ..records.matches import ChallengeRecord, LoggedAction, MatchRecord, Role
from ..records.outbox import Carrier, OutboxEntry, OutboxItem, TournamentPost
from ..records.places import PrivatePlace
from ..records.tournaments import (
    Format,
    JoinOutcome,
    LeaveOutcome,
    Pairing,
    Status,
    TournamentPlay,
    TournamentRecord,
)
from .engine import Missed, Nudged
from .preferences import MatchThread, NoticeMode, ServerSettings, SettingName, TurnNotice
from .shards import Shards


class Store(Protocol):
    """The bot's persistent state, on whichever backend. ``await close()`` at the end (or ``async with``)."""

    @property
    def address(self) -> str:
        """The database as shown in logs and messages (a URL without its secrets)."""
        ...

    async def close(self) -> None: ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, *exc: object) -> None: ...

    # --- challenges ---------------------------------------------------------------------------------

    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        challenger_role: Role,
        advanced: bool,
        now: datetime,
        assist: bool = False,
        server_language: str = "en",
        challenger_language: str = "en",
    ) -> ChallengeRecord:
        """A pending challenge; ChannelBusyError if the channel has a match or a challenge."""
        ...

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None: ...

    async def drop_unposted_challenges(self) -> int:
        """Remove challenges whose message was never shown; how many."""
        ...

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None: ...

    async def pending_challenge_in(self, channel_id: int) -> ChallengeRecord | None: ...

    async def pending_challenges(self) -> list[ChallengeRecord]:
        """Oldest first."""
        ...

    async def delete_challenge(self, challenge_id: int) -> bool:
        """True only for the one caller that removed it."""
        ...

    # --- matches --------------------------------------------------------------------------------------

    async def start_match(
        self,
        *,
        challenge_id: int,
        goryo_id: int,
        samurai_id: int,
        state: rules.GameState,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        server_language: str | None = None,
        goryo_language: str = "en",
        thread_id: int | None = None,
    ) -> MatchRecord:
        """The challenge becomes a match, with its outbox items. LookupError: the challenge is gone;
        ChannelBusyError: the channel is taken."""
        ...

    async def start_ai_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        goryo_id: int,
        samurai_id: int,
        state: rules.GameState,
        now: datetime,
        ai_side: rules.Side,
        ai_level: Level,
        ai_seed: int,
        outbox: Sequence[OutboxItem] = (),
        assist: bool = False,
        server_language: str = "en",
        goryo_language: str = "en",
        thread_parent: int | None = None,
    ) -> MatchRecord:
        """A match against the bot, at once. ChannelBusyError: the channel is taken. ``thread_parent``: the channel
        whose thread ``channel_id`` is, opened for this match."""
        ...

    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    async def active_match_in(self, channel_id: int) -> MatchRecord | None: ...

    async def active_matches_of(self, user_id: int) -> list[MatchRecord]: ...

    async def active_matches(self) -> list[MatchRecord]: ...

    async def running_match_count(self) -> int: ...

    async def active_match_places(self) -> list[tuple[int, int, int | None]]:
        """(id, channel_id, guild_id) of each active match, without reading its state."""
        ...

    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[MatchRecord]:
        """Most recent first; a negative limit: all of them."""
        ...

    async def ai_waiting_since(self, started_before: datetime) -> list[MatchRecord]: ...

    async def record_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        actor_id: int,
        action: rules.Action,
        new_state: rules.GameState,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        server_language: str | None = None,
        goryo_language: str | None = None,
        preview: int | None = None,
    ) -> MatchRecord:
        """The action logged, the state stored, the outbox queued (and a finished match summarised and rated,
        its end message given the ratings' facts), all or nothing. StaleMatchError, MatchClosedError,
        PreviewCancelledError, LookupError, ValueError (``new_state`` is not the action's result)."""
        ...

    async def set_languages(self, match_id: int, *, server_language: str, goryo_language: str) -> None: ...

    async def set_live_board(self, match_id: int, *, round_number: int, message_id: int) -> None: ...

    async def mark_reminded(
        self, match_id: int, *, version: int, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool:
        """False if already reminded or the match moved on."""
        ...

    async def reminders_due(self, started_before: datetime) -> list[MatchRecord]: ...

    async def new_preview(self, match_id: int) -> int: ...

    async def latest_preview(self, match_id: int) -> int | None: ...

    async def preview_shown(self, match_id: int, preview: int, place: PrivatePlace) -> PrivatePlace | None:
        """Note where ``preview`` was shown; the place of the preview it replaces (or, if a newer one was numbered
        meanwhile, its own place: it is replaced already), whose buttons are to be taken off."""
        ...

    async def take_preview_place(self, match_id: int) -> PrivatePlace | None:
        """Where the newest preview was shown, forgotten as it is handed over (her plan is in: its buttons go)."""
        ...

    async def builder_shown(self, match_id: int, place: PrivatePlace) -> PrivatePlace | None:
        """Note where her builder was shown privately in a channel; the place of the one it replaces, if any."""
        ...

    async def take_builder_place(self, match_id: int) -> PrivatePlace | None:
        """Where her builder was last shown in a channel, forgotten as it is handed over (her choice is in)."""
        ...

    async def cancel_preview(self, match_id: int, *, version: int, preview: int) -> bool: ...

    async def preview_cancelled(self, match_id: int, *, version: int, preview: int) -> bool: ...

    async def mark_damaged(self, match_id: int, reason: str) -> bool:
        """True only for the one caller that did it."""
        ...

    # --- the action log -------------------------------------------------------------------------------

    async def actions(self, match_id: int) -> list[LoggedAction]: ...

    async def initial_state(self, match_id: int) -> rules.GameState: ...

    async def state_at(self, match_id: int, seq: int) -> rules.GameState: ...

    async def replay(self, match_id: int) -> rules.GameState: ...

    async def verify(self, match_id: int) -> str | None:
        """None if the log replays to the stored state, else a reason for the operator's log."""
        ...

    # --- the outbox -----------------------------------------------------------------------------------

    async def claim_outbox(self, match_id: int, *, holder: str, now: datetime, until: datetime) -> bool: ...

    async def release_outbox(self, match_id: int, *, holder: str) -> None: ...

    async def outbox_backlog(self, shards: Shards | None = None) -> tuple[int, datetime | None]:
        """How many items wait to be sent, and when the oldest of them was queued (None: nothing waits)."""

    async def pending_outbox(self, match_id: int) -> list[OutboxEntry]: ...

    async def outbox_of(self, match_id: int) -> list[OutboxEntry]: ...

    async def last_delivered(self, match_id: int, kind: str) -> OutboxEntry | None: ...

    async def matches_with_due_outbox(self, now: datetime, shards: Shards | None = None) -> list[int]: ...

    async def next_outbox_attempt(self, shards: Shards | None = None) -> datetime | None: ...

    async def outbox_attempt(self, entry_id: int, *, now: datetime, carrier: Carrier | None = None) -> None: ...

    async def outbox_delivered(self, entry_id: int, *, message_id: int | None, now: datetime) -> bool: ...

    async def outbox_failed(self, entry_id: int, *, retry_at: datetime | None) -> None: ...

    async def outbox_wait(self, until: Sequence[tuple[int, datetime]]) -> None: ...

    async def outbox_refused(self, entry_id: int, *, now: datetime) -> bool: ...

    async def nudge_outbox(self, match_id: int, guild_id: int | None) -> None:
        """Tell the other processes this match's outbox waits (a backend for one process does nothing)."""
        ...

    async def listen_outbox(self, nudged: Nudged, missed: Missed | None = None) -> None: ...

    # --- the league -----------------------------------------------------------------------------------

    async def ratings(self, guild_id: int | None) -> dict[RatingKey, Rating]: ...

    async def all_ratings(self) -> dict[RatingKey, Rating]: ...

    async def rebuild_ratings(self) -> dict[RatingKey, Rating]: ...

    async def rebuild_league_if_behind(self) -> bool: ...

    async def summary(self, match_id: int) -> MatchSummary | None: ...

    async def guild_summaries(self, guild_id: int, *, limit: int = -1) -> list[MatchSummary]: ...

    async def member_summaries(self, guild_id: int, user_id: int) -> list[MatchSummary]: ...

    async def channel_summaries(self, channel_id: int, *, limit: int = -1) -> list[MatchSummary]: ...

    # --- players' and servers' choices ----------------------------------------------------------------

    async def set_turn_notice(self, user_id: int, mode: NoticeMode, *, language: str, now: datetime) -> None: ...

    async def turn_notice(self, user_id: int) -> TurnNotice: ...

    async def change_server_setting(
        self, guild_id: int, name: SettingName, value: str, *, by: int, now: datetime
    ) -> None: ...

    async def server_settings(self, guild_id: int) -> ServerSettings: ...

    async def turn_limit_at(self, guild_id: int | None, moment: datetime) -> float | None: ...

    async def shortest_turn_limit(self) -> float | None: ...

    async def match_thread(self, match_id: int) -> MatchThread | None: ...

    async def threads_to_archive(self, finished_before: datetime) -> list[MatchThread]: ...

    async def thread_archived(self, match_id: int, *, now: datetime) -> bool: ...

    # --- lessons (issue 36) ----------------------------------------------------------------------------

    async def save_lesson(self, lesson: LessonRecord, *, now: datetime) -> None: ...

    async def advance_lesson(self, user_id: int, role: rules.Side, *, from_step: int, to_step: int,
                             now: datetime) -> bool:
        """False if the lesson no longer stands at ``from_step``."""
        ...

    async def lesson_shown(self, user_id: int, role: rules.Side, step: int, message_id: int) -> bool:
        """Note the DM message showing ``step`` (issue 42); False if the lesson no longer stands there."""
        ...

    async def lesson(self, user_id: int) -> LessonRecord | None: ...

    async def finished_a_match(self, user_id: int) -> bool:
        """Whether ``user_id`` ever finished a match (to point newcomers to the lesson)."""
        ...

    # --- reviews (issue 44) ----------------------------------------------------------------------------

    async def save_review(self, match_id: int, review: str, *, now: datetime) -> None:
        """Keep a finished match's review (``ai.review`` as JSON); the first one saved stands."""
        ...

    async def saved_review(self, match_id: int) -> str | None: ...

    async def note_hint(self, match_id: int, hint: HintNote, *, now: datetime) -> None:
        """Note a hint in the match's history; one per version (the first stands)."""
        ...

    async def hints(self, match_id: int) -> list[HintNote]:
        """The match's hints, oldest first."""
        ...

    # --- tournaments (issue 43) -----------------------------------------------------------------------

    async def create_tournament(
        self, *, guild_id: int, channel_id: int, name: str, format: Format, rounds: int, round_days: int,
        advanced: bool, assist: bool, max_players: int | None, signup_closes_at: datetime, created_by: int,
        now: datetime, language: str = "en",
    ) -> TournamentRecord: ...

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None: ...

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def tournaments_in(self, guild_id: int) -> list[TournamentRecord]:
        """The server's tournaments, newest first."""
        ...

    async def open_tournaments(self) -> list[TournamentRecord]:
        """Those in sign-up or play, oldest first."""
        ...

    async def tournament_play(self, tournament_id: int) -> TournamentPlay:
        """The tournament with its players, matches and byes. LookupError if unknown."""
        ...

    async def tournament_of_match(self, match_id: int) -> int | None: ...

    async def tournaments_played(self, guild_id: int, user_id: int) -> list[int]: ...

    async def join_tournament(self, tournament_id: int, user_id: int, *, now: datetime) -> JoinOutcome: ...

    async def leave_tournament(
        self, tournament_id: int, user_id: int, *, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> LeaveOutcome:
        """``outbox`` is queued only if the player withdraws (the tournament running)."""
        ...

    async def close_signup(
        self, tournament_id: int, *, now: datetime,
        if_cancelled: Callable[[int], Sequence[OutboxItem]] | None = None,
    ) -> Status | None:
        """RUNNING or CANCELLED (fewer than three, with the posts ``if_cancelled(players)`` queued) for the one
        caller that closed it; None for the others."""
        ...

    async def end_tournament(
        self, tournament_id: int, status: Status, *, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool: ...

    async def save_pairing(
        self, tournament_id: int, number: int, pairing: Pairing, *, deadline: datetime, now: datetime,
        withdrawn: Collection[int] = (),
    ) -> bool:
        """Round ``number`` stored, once: False if the tournament is not at round ``number - 1``."""
        ...

    async def start_tournament_match(
        self, tournament_id: int, number: int, goryo_id: int, *, samurai_id: int, guild_id: int, channel_id: int,
        parent_id: int, state: rules.GameState, now: datetime, outbox: Sequence[OutboxItem] = (),
        assist: bool = False, server_language: str = "en", goryo_language: str = "en",
    ) -> MatchRecord | None:
        """The pairing's match started, once: None if it was started or decided already."""
        ...

    async def decide_tournament_match(
        self, tournament_id: int, number: int, goryo_id: int, *, winner_id: int | None, now: datetime
    ) -> bool: ...

    # Each of these queues its posts (route ``tournament``) in the transaction that marks the step done, for the
    # one caller it returns True to: a post owed exactly once, delivered by the outbox.
    async def mark_round_reminded(
        self, tournament_id: int, number: int, *, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool: ...

    async def mark_round_announced(
        self, tournament_id: int, number: int, *, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool: ...

    async def mark_standings_posted(
        self, tournament_id: int, number: int, *, now: datetime, outbox: Sequence[OutboxItem] = ()
    ) -> bool: ...

    async def pending_tournament_posts(self, tournament_id: int) -> list[TournamentPost]: ...

    async def tournament_posts(self, tournament_id: int) -> list[TournamentPost]: ...

    async def tournaments_with_due_posts(self, now: datetime, shards: Shards | None = None) -> list[int]: ...
