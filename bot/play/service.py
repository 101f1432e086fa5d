"""The one action pipeline: load → check → apply → commit (with its outbox).

Every action on a match goes through ``MatchService.play``. Actions on one match
are serialised by an asyncio.Lock per match id, and the store's version check
refuses a write based on a stale read, so a double click or two simultaneous
commands can never both apply. Across processes (several bots on one PostgreSQL)
the version check is the lock: the store commits under a row lock on the match,
so of two processes that loaded the same version one commits and the other is
told the match moved on; ``play`` then starts over from the new state (load,
check, apply), exactly as if it had waited for a lock. No lock is held while
anyone waits for Discord or a picture, and a crashed process holds none. Each step is its own call, so a fault between
any two of them leaves the stored match either before or after the action.

What the action owes to people is decided before the commit (``announce``) and
stored in the same transaction as the action; sending it is the deliverer's job,
after the lock is released, so a slow picture never holds up the match.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

import discord

import rules

from ..metrics import Metrics
from ..records.outbox import OutboxItem
from ..records.played import Played
from ..storage import MatchClosedError, MatchRecord, StaleMatchError, Store
from ..text import match_refusals
from ..text.languages import Heard
from ..text.refusal import Refusal

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Checkpoint = Callable[[str], None]
STEPS = ("load", "check", "apply", "commit")
# Each lost race means another process committed an action to this match; this many in a row
# within one command is not contention but a fault, and the player is asked to try again.
RACE_RETRIES = 8


Announce = Callable[[Played], Sequence[OutboxItem]]
# What the players' own choices (turn notices) make of the announcement; it may ask the store.
Notices = Callable[[Played, Sequence[OutboxItem]], Awaitable[Sequence[OutboxItem]]]


GORYO_ACTIONS = (rules.ChooseStart, rules.Plan)
SAMURAI_ACTIONS = (rules.Move, rules.Search, rules.Sniff, rules.EndSamuraiTurn, rules.Undo)


def replace_state(record: MatchRecord, state: rules.GameState) -> MatchRecord:
    return dataclasses.replace(record, state=state, version=record.version + 1)


def side_needed(action: rules.Action) -> rules.Side | None:
    if isinstance(action, GORYO_ACTIONS):
        return rules.Side.GORYO
    if isinstance(action, SAMURAI_ACTIONS):
        return rules.Side.SAMURAI
    return None  # resigning: either player, at any time


class MatchService:
    def __init__(
        self,
        store: Store,
        announce: Announce,
        clock: Clock = discord.utils.utcnow,
        checkpoint: Checkpoint | None = None,
        notices: Notices | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.metrics = metrics if metrics is not None else Metrics()
        self.announce = announce
        self.notices = notices
        self.clock = clock
        # Called with each step's name (STEPS) as it finishes: the seam where tests inject
        # crashes and benchmarks take times. Production leaves it None.
        self.checkpoint = checkpoint
        self._locks: dict[int, asyncio.Lock] = {}

    def _passed(self, step: str) -> None:
        if self.checkpoint is not None:
            self.checkpoint(step)

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def play(
        self,
        match_id: int,
        actor_id: int,
        action: rules.Action,
        *,
        expected_version: int | None = None,
        unless: Callable[[MatchRecord], Awaitable[Refusal | None]] | None = None,
        heard: Heard | None = None,
        preview: int | None = None,
    ) -> Played:
        """Apply ``action`` by ``actor_id`` and store it with its outbox; Refusal if it may not happen.

        ``unless`` is asked under the match's lock, just before the checks: a Refusal it
        returns stops the action (a cancelled preview's Confirm, for one). ``preview``: the
        plan preview a Confirm came from; the commit fails if it was cancelled meanwhile
        (on another process too), and ``unless``, asked again, says why.
        ``heard``: the languages the acting interaction showed; the outbox speaks them, and they are
        stored with the action.
        """
        lock = self.lock(match_id)
        async with lock:
            for _ in range(RACE_RETRIES):
                record = await self.load(match_id)
                if heard is not None:
                    record = heard.applied_to(record)
                self._passed("load")
                if unless is not None and (refusal := await unless(record)) is not None:
                    raise refusal
                self.check(record, actor_id, action, expected_version)
                self._passed("check")
                step = self.apply(record, action)
                self._passed("apply")
                try:
                    played = await self.commit(record, actor_id, action, step, preview)
                except StaleMatchError:
                    log.info("match %d: another process acted first; checking the action again", match_id)
                    continue
                break
            else:
                raise match_refusals.moved_on_meanwhile()
            self._passed("commit")
            await self.end_a_finished_turn(played.after)
        if not played.after.is_active and not lock.locked():
            self._locks.pop(match_id, None)
        return played

    async def end_a_finished_turn(self, record: MatchRecord) -> Played | None:
        """When the Samurai have nothing legal left to do, their turn ends by itself (the Discovery follows).

        Called under the match's lock after each action, and at start-up for a crash in between.
        """
        state = record.state
        if not record.is_active or state.phase is not rules.Phase.SAMURAI_TURN or rules.legal_samurai_actions(state):
            return None
        step = self.apply(record, rules.EndSamuraiTurn())
        try:
            return await self.commit(record, record.samurai_id, rules.EndSamuraiTurn(), step)
        except StaleMatchError:
            return None  # another process moved the match on (ending the turn itself, or with an action)

    # --- the steps ------------------------------------------------------------

    async def load(self, match_id: int) -> MatchRecord:
        record = await self.store.get_match(match_id)
        if record is None:
            raise match_refusals.no_such_match()
        return record

    @staticmethod
    def check(record: MatchRecord, actor_id: int, action: rules.Action, expected_version: int | None) -> None:
        """Who may do what, when: raises a Refusal saying what was wrong and what to do."""
        if not record.is_active:
            raise match_refusals.match_over()
        side = record.player_side(actor_id)
        # Abort comes from a moderator, whose Manage Channels permission the command checked.
        if side is None and not isinstance(action, rules.Abort):
            raise match_refusals.not_a_player(record.goryo_id, record.samurai_id)
        needed = side_needed(action)
        if needed is not None and side is not needed:
            assert side is not None  # only an Abort comes from someone not playing, and it needs no side
            raise match_refusals.wrong_role(side)
        state = record.state
        if expected_version is not None and expected_version != record.version:
            raise match_refusals.button_outdated()
        if needed is not None and state.to_move is not needed:
            assert side is not None  # the side that acts is the one needed (checked above)
            raise match_refusals.wrong_turn(side, state)
        if isinstance(action, rules.Plan) and state.phase is rules.Phase.SETUP:
            raise match_refusals.start_first()
        reason = rules.refusal(state, action)
        if reason is not None:
            raise Refusal(reason)

    @staticmethod
    def apply(record: MatchRecord, action: rules.Action) -> rules.Step:
        return rules.apply(record.state, action)

    async def commit(
        self, record: MatchRecord, actor_id: int, action: rules.Action, step: rules.Step, preview: int | None = None
    ) -> Played:
        # The announcement is made from the state as it will be stored; its version is known in advance.
        announced = Played(record, replace_state(record, step.state), actor_id, action, step.events)
        outbox = self.announce(announced)
        if self.notices is not None:
            outbox = await self.notices(announced, outbox)
        try:
            after = await self.store.record_action(
                record.id,
                expected_version=record.version,
                actor_id=actor_id,
                action=action,
                new_state=step.state,
                now=self.clock(),
                outbox=outbox,
                server_language=record.server_language,
                goryo_language=record.goryo_language,
                preview=preview,
            )
        except MatchClosedError:
            raise match_refusals.match_over() from None
        self.metrics.applied(type(action).__name__)
        queued = tuple(e for e in await self.store.pending_outbox(record.id) if e.seq == after.version)
        return Played(record, after, actor_id, action, step.events, queued)

    # --- finding the match a command is about -----------------------------------

    async def match_for(
        self, user_id: int, channel_id: int | None, in_guild: bool, match_id: int | None,
        side: rules.Side | None = None, fits: Callable[[MatchRecord], bool] | None = None,
    ) -> MatchRecord:
        """The active match a command means: the ``match`` option, else this channel's, else the user's only one
        (``side``: the one they play that side in; ``fits``: the one the command can act on now, such as the one
        waiting for her plan, when only one does), asking which only when two or more fit."""
        if match_id is not None:
            record = await self.store.get_match(match_id)
            if record is None or not record.is_active or record.player_side(user_id) is None:
                raise match_refusals.no_match_numbered()
            return record
        if in_guild and channel_id is not None:
            record = await self.store.active_match_in(channel_id)
            if record is None:
                raise match_refusals.no_match_here()
            return record
        mine = await self.store.active_matches_of(user_id)
        if side is not None:
            mine = [m for m in mine if m.player_side(user_id) is side] or mine
        if fits is not None:
            mine = [m for m in mine if fits(m)] or mine
        if not mine:
            raise match_refusals.no_match_in_progress()
        if len(mine) > 1:
            raise match_refusals.which_match(len(mine))
        return mine[0]



def waiting_for(phase: rules.Phase) -> Callable[[MatchRecord], bool]:
    """A match a command fits when it stands at ``phase`` (her start: SETUP; her plan: GORYO_TURN)."""
    return lambda record: record.state.phase is phase
