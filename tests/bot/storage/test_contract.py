"""The storage contract (``bot.storage.contract.Store``), run unchanged against every backend.

Each backend is opened the way the bot opens it (``open_store`` with a SQLite file, or a URL of the real
PostgreSQL the tests start); the same tour of the contract runs on both, area by area, and one test checks
that the tour calls every member of the contract. The deeper behaviour of each method (races, indexes,
migrations) is tested beside this file (test_schema.py, test_challenges.py, test_match_actions.py,
test_outbox_queue.py, test_league_records.py), on both backends as well.
"""

from __future__ import annotations

import asyncio
import inspect
import re
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import rules
from bot.records.hints import HintNote
from bot.records.league import Rating
from bot.records.lessons import LessonRecord
from bot.records.outbox import Carrier, OutboxItem, Table
from bot.records.places import PrivatePlace
from bot.records.tournaments import Bye, Double, Format, JoinOutcome, LeaveOutcome, Pairing, Status
from bot.storage import (
    ChannelBusyError,
    MatchThread,
    PreviewCancelledError,
    Shards,
    Store,
    TurnNotice,
    open_store,
)
from bot.storage.postgres import PostgresStore
from bot.storage.sql import SqlStore
from bot.storage.sqlite import SqliteStore

BACKENDS = {"sqlite": SqliteStore, "postgresql": PostgresStore}
T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
GUILD, CHANNEL, OTHER, THREAD = 10, 100, 200, 300
ANN, BEN = 1001, 1002
G, S = rules.Side.GORYO, rules.Side.SAMURAI


def contract_members() -> list[str]:
    """The contract's members: its methods and properties, as ``Store`` declares them."""
    return sorted(
        name for name, value in vars(Store).items()
        if (not name.startswith("_") or name in ("__aenter__", "__aexit__"))
        and (callable(value) or isinstance(value, property))
    )


class Recorder:
    """A store that notes which of its members were called."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.called: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.called.add(name)
        return getattr(self.store, name)


class Fresh:
    """Opens new, empty stores of one backend (as the bot does, by their address), noting what is called on them."""

    def __init__(self, request, tmp_path) -> None:
        self.request, self.tmp_path = request, tmp_path
        self.called: set[str] = set()
        self.opened: list[Store] = []

    async def __call__(self) -> Recorder:
        if self.request.param == "sqlite":
            where = self.tmp_path / f"goryo-{len(self.opened)}.sqlite3"
        else:
            server = self.request.getfixturevalue("postgres_server")
            name = f"contract_{uuid.uuid4().hex}"
            server.psql(f"CREATE DATABASE {name};")
            where = re.sub(r"/postgres\?", f"/{name}?", server.get_uri(), count=1)
        store = await open_store(where, durable=False)
        assert type(store) is BACKENDS[self.request.param]
        self.opened.append(store)
        recorder = Recorder(store)
        recorder.called = self.called
        return recorder


@pytest.fixture(params=list(BACKENDS))
async def fresh(request, tmp_path):
    opener = Fresh(request, tmp_path)
    yield opener
    for store in opener.opened:
        await store.close()


@pytest.fixture
async def store(fresh):
    return await fresh()


# --- the classes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", list(BACKENDS.values()), ids=list(BACKENDS))
def test_each_backend_has_every_member_of_the_contract_with_the_same_signature(backend):
    missing = [name for name in contract_members() if not hasattr(backend, name)]
    assert not missing, f"{backend.__name__} lacks {missing}"
    for name in contract_members():
        declared, found = inspect.getattr_static(Store, name), inspect.getattr_static(backend, name)
        if isinstance(declared, property):
            assert isinstance(found, property), f"{backend.__name__}.{name} should be a property"
            continue
        assert inspect.iscoroutinefunction(found), f"{backend.__name__}.{name} should be async"
        assert inspect.signature(found) == inspect.signature(declared), f"{backend.__name__}.{name}'s signature"


def test_neither_backend_is_built_on_the_other_nor_changes_the_shared_sql():
    assert not issubclass(SqliteStore, PostgresStore) and not issubclass(PostgresStore, SqliteStore)
    for backend in BACKENDS.values():
        # Each backend only says how it is opened: every query is the shared one, none overridden.
        overridden = {name for name in vars(backend) if hasattr(SqlStore, name)} - {"__init__", "__doc__",
                                                                                    "__module__"}
        assert not overridden, f"{backend.__name__} overrides {overridden}"


# --- the tour, area by area ----------------------------------------------------------------------


async def challenges(store) -> None:
    posted = await store.create_challenge(
        guild_id=GUILD, channel_id=CHANNEL, challenger_id=ANN, opponent_id=BEN, challenger_role="goryo",
        advanced=False, now=T0, server_language="it",
    )
    with pytest.raises(ChannelBusyError):
        await store.create_challenge(guild_id=GUILD, channel_id=CHANNEL, challenger_id=BEN, opponent_id=ANN,
                                     challenger_role="random", advanced=False, now=T0)
    await store.set_challenge_message(posted.id, 555)
    found = await store.get_challenge(posted.id)
    assert found is not None and found.message_id == 555 and found.server_language == "it"
    assert found.created_at == T0
    assert await store.pending_challenge_in(CHANNEL) == found
    unposted = await store.create_challenge(guild_id=GUILD, channel_id=OTHER, challenger_id=ANN, opponent_id=BEN,
                                            challenger_role="samurai", advanced=True, now=T0)
    assert [c.id for c in await store.pending_challenges()] == [posted.id, unposted.id]
    assert await store.drop_unposted_challenges() == 1
    assert await store.get_challenge(unposted.id) is None
    assert await store.delete_challenge(posted.id) and not await store.delete_challenge(posted.id)
    assert await store.pending_challenges() == []


async def started(store, *, thread: bool = False):
    posted = await store.create_challenge(guild_id=GUILD, channel_id=CHANNEL, challenger_id=ANN, opponent_id=BEN,
                                          challenger_role="goryo", advanced=False, now=T0)
    return await store.start_match(
        challenge_id=posted.id, goryo_id=ANN, samurai_id=BEN, state=rules.new_game(1), now=T0,
        outbox=[OutboxItem("start", "public", "begun", "public")], thread_id=THREAD if thread else None,
    )


async def act(store, match, action: rules.Action, now: datetime = T0, **options):
    step = rules.apply(match.state, action)
    return await store.record_action(match.id, expected_version=match.version, actor_id=match.player_of(
        match.state.to_move), action=action, new_state=step.state, now=now, **options)


async def matches(store) -> None:
    match = await started(store, thread=True)
    assert match.channel_id == THREAD and match.version == 0 and match.is_active
    assert await store.get_match(match.id) == match
    assert await store.active_match_in(THREAD) == match
    assert await store.active_matches_of(BEN) == [match] == await store.active_matches()
    assert await store.active_match_places() == [(match.id, THREAD, GUILD)]
    assert await store.match_thread(match.id) == MatchThread(match.id, THREAD, CHANNEL)

    assert await store.new_preview(match.id) == 1 and await store.latest_preview(match.id) == 1
    # Where each preview was shown: the one a newer preview replaces is handed back, to take its buttons off.
    carrier = Carrier(5, "token", T0, 9, None)
    first, second = PrivatePlace(71, True, carrier), PrivatePlace(72, False, carrier)
    assert await store.preview_shown(match.id, 1, first) is None
    assert await store.new_preview(match.id) == 2
    assert await store.preview_shown(match.id, 1, first) == first  # a newer one was numbered: replaced already
    assert await store.preview_shown(match.id, 2, second) == first
    assert await store.take_preview_place(match.id) == second and await store.take_preview_place(match.id) is None
    assert await store.take_builder_place(match.id) is None
    assert await store.builder_shown(match.id, second) is None
    assert await store.builder_shown(match.id, first) == second  # a newer one shown: the older one is handed back
    assert await store.take_builder_place(match.id) == first and await store.take_builder_place(match.id) is None
    assert await store.latest_preview(match.id) == 2
    assert await store.cancel_preview(match.id, version=0, preview=2)
    assert await store.preview_cancelled(match.id, version=0, preview=2)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    with pytest.raises(PreviewCancelledError):
        await act(store, match, start, preview=2)
    moved = await act(store, match, start, now=T0 + timedelta(minutes=1), server_language="it")
    assert moved.version == 1 and moved.server_language == "it"
    await store.set_languages(match.id, server_language="en", goryo_language="it")
    await store.set_live_board(match.id, round_number=1, message_id=777)
    again = await store.get_match(match.id)
    assert (again.server_language, again.goryo_language, again.live_board_message_id) == ("en", "it", 777)

    assert [m.id for m in await store.reminders_due(T0 + timedelta(hours=1))] == [match.id]
    assert await store.mark_reminded(match.id, version=1, now=T0 + timedelta(hours=1))
    assert not await store.mark_reminded(match.id, version=1, now=T0 + timedelta(hours=1))
    assert await store.reminders_due(T0 + timedelta(hours=2)) == []

    bot_match = await store.start_ai_match(
        guild_id=GUILD, channel_id=OTHER, goryo_id=ANN, samurai_id=BEN, state=rules.new_game(2), now=T0,
        ai_side=S, ai_level="normal", ai_seed=7,
    )
    assert bot_match.ai_side is S and bot_match.ai_seed == 7
    assert [m.id for m in await store.ai_waiting_since(T0)] == [bot_match.id]  # the Goryō (a person) is to move
    assert await store.mark_damaged(bot_match.id, "a test") and not await store.mark_damaged(bot_match.id, "again")
    assert (await store.get_match(bot_match.id)).status == "damaged"


async def action_log(store) -> None:
    match = await started(store)
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    moved = await act(store, match, start)
    assert [(a.seq, a.action, a.actor_id, a.at) for a in await store.actions(match.id)] == [(1, start, ANN, T0)]
    assert await store.initial_state(match.id) == match.state == await store.state_at(match.id, 0)
    assert await store.state_at(match.id, 1) == moved.state == await store.replay(match.id)
    assert await store.verify(match.id) is None


async def outbox(store) -> None:
    match = await started(store)
    [entry] = await store.pending_outbox(match.id)
    assert entry.item.text == "begun" and await store.outbox_of(match.id) == [entry]
    assert await store.matches_with_due_outbox(T0) == [match.id]
    assert await store.matches_with_due_outbox(T0, Shards(2, frozenset({(GUILD >> 22) % 2 ^ 1}))) == []
    assert await store.next_outbox_attempt() == T0
    assert await store.outbox_backlog() == (1, T0) and await store.running_match_count() == 1
    assert await store.outbox_backlog(Shards(2, frozenset({(GUILD >> 22) % 2 ^ 1}))) == (0, None)
    assert await store.claim_outbox(match.id, holder="a", now=T0, until=T0 + timedelta(minutes=1))
    assert not await store.claim_outbox(match.id, holder="b", now=T0, until=T0 + timedelta(minutes=1))
    await store.release_outbox(match.id, holder="a")
    assert await store.claim_outbox(match.id, holder="b", now=T0, until=T0 + timedelta(minutes=1))

    carrier = Carrier(1, "token", T0 + timedelta(minutes=15), 42, CHANNEL)
    await store.outbox_attempt(entry.id, now=T0, carrier=carrier)
    await store.outbox_failed(entry.id, retry_at=T0 + timedelta(seconds=5))
    await store.outbox_wait([(entry.id, T0 + timedelta(seconds=9))])
    [tried] = await store.pending_outbox(match.id)
    assert (tried.attempts, tried.carrier, tried.attempted_at) == (1, carrier, T0)
    assert await store.next_outbox_attempt() == T0 + timedelta(seconds=9)
    assert await store.outbox_refused(entry.id, now=T0) and not await store.outbox_refused(entry.id, now=T0)
    assert await store.last_delivered(match.id, "start") is None
    assert await store.outbox_delivered(entry.id, message_id=99, now=T0)
    assert not await store.outbox_delivered(entry.id, message_id=99, now=T0)
    done = await store.last_delivered(match.id, "start")
    assert done is not None and done.message_id == 99 and done.refused and await store.pending_outbox(match.id) == []

    heard: asyncio.Queue[tuple[int, int | None]] = asyncio.Queue()
    await store.listen_outbox(lambda match_id, guild_id: heard.put_nowait((match_id, guild_id)))
    await store.nudge_outbox(match.id, GUILD)
    if isinstance(store.store, PostgresStore):  # NOTIFY reaches every listener, this process's too
        assert await asyncio.wait_for(heard.get(), timeout=30) == (match.id, GUILD)
    else:  # one process on a file: no one else to tell
        await asyncio.sleep(0)
        assert heard.empty()


async def league(store) -> None:
    match = await started(store)
    for action in [
        rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0]),
        "plan", rules.EndSamuraiTurn(), rules.Resign(S),
    ]:
        if action == "plan":
            action = next(rules.legal_plans(match.state))
        match = await act(store, match, action, outbox=[OutboxItem("end", "public", "over")]
                          if isinstance(action, rules.Resign) else ())
    assert match.status == "finished"
    end = (await store.outbox_of(match.id))[-1]
    # Facts, not words: the store says what moved, the deliverer says it.
    assert end.item.text == "over" and [c.user_id for c in end.item.rating_changes] == [ANN, BEN]
    assert end.item.rating_changes[0].after.shown > end.item.rating_changes[0].before.shown  # she won
    assert [m.id for m in await store.finished_matches(CHANNEL)] == [match.id]

    stored = await store.ratings(GUILD)
    assert set(stored) == {(GUILD, ANN, G), (GUILD, BEN, S)} and stored[(GUILD, ANN, G)].wins == 1
    assert await store.all_ratings() == stored
    assert await store.rebuild_ratings() == stored
    assert not await store.rebuild_league_if_behind()
    summary = await store.summary(match.id)
    assert summary is not None and summary.outcome.winner is G and summary.rated
    assert await store.guild_summaries(GUILD) == [summary] == await store.member_summaries(GUILD, BEN)
    assert await store.channel_summaries(CHANNEL, limit=1) == [summary]
    assert await store.ratings(GUILD + 1) == {} and isinstance(stored[(GUILD, BEN, S)], Rating)


async def choices(store) -> None:
    await store.set_turn_notice(BEN, "dm", language="it", now=T0)
    assert await store.turn_notice(BEN) == TurnNotice("dm", "it") and await store.turn_notice(ANN) == TurnNotice()
    await store.change_server_setting(GUILD, "turn_limit", "3600", by=ANN, now=T0 - timedelta(days=1))
    await store.change_server_setting(GUILD, "threads", "on", by=ANN, now=T0)
    settings = await store.server_settings(GUILD)
    assert settings.turn_limit == 3600 and settings.threads and settings.changes["threads"].changed_by == ANN
    assert await store.turn_limit_at(GUILD, T0) == 3600
    assert await store.turn_limit_at(GUILD, T0 - timedelta(days=2)) is None
    assert await store.shortest_turn_limit() == 3600


async def threads(store) -> None:
    match = await started(store, thread=True)
    match = await act(store, match, rules.Abort())  # over: its thread may be archived a while after
    [waiting] = await store.threads_to_archive(T0 + timedelta(days=1))
    assert waiting == MatchThread(match.id, THREAD, CHANNEL)
    assert await store.thread_archived(match.id, now=T0) and not await store.thread_archived(match.id, now=T0)
    assert await store.threads_to_archive(T0 + timedelta(days=1)) == []


async def lessons(store) -> None:
    assert await store.lesson(ANN) is None
    await store.save_lesson(LessonRecord(ANN, rules.Side.SAMURAI, 0, GUILD, CHANNEL), now=T0)
    assert await store.advance_lesson(ANN, rules.Side.SAMURAI, from_step=0, to_step=1, now=T0)
    assert not await store.advance_lesson(ANN, rules.Side.SAMURAI, from_step=0, to_step=1, now=T0)  # a second click
    assert not await store.advance_lesson(ANN, rules.Side.GORYO, from_step=1, to_step=2, now=T0)  # not this lesson
    assert await store.lesson(ANN) == LessonRecord(ANN, rules.Side.SAMURAI, 1, GUILD, CHANNEL)
    assert await store.lesson_shown(ANN, rules.Side.SAMURAI, 1, 99)  # the message showing step 1
    assert not await store.lesson_shown(ANN, rules.Side.SAMURAI, 0, 98)  # a step it has left
    assert await store.lesson(ANN) == LessonRecord(ANN, rules.Side.SAMURAI, 1, GUILD, CHANNEL, 99)
    assert await store.advance_lesson(ANN, rules.Side.SAMURAI, from_step=1, to_step=2, now=T0)
    assert (await store.lesson(ANN)).message_id is None  # the next step's message is not sent yet
    assert await store.lesson_shown(ANN, rules.Side.SAMURAI, 2, 100)
    await store.save_lesson(LessonRecord(ANN, rules.Side.GORYO, 0), now=T0)  # begun again: one lesson per learner
    assert await store.lesson(ANN) == LessonRecord(ANN, rules.Side.GORYO, 0)
    with pytest.raises(ValueError):
        await store.save_lesson(LessonRecord(BEN, "ninja", 0), now=T0)
    assert not await store.finished_a_match(ANN)
    match = await started(store)
    await act(store, match, rules.Resign(rules.Side.GORYO))
    assert await store.finished_a_match(match.goryo_id) and await store.finished_a_match(match.samurai_id)


async def reviews(store) -> None:
    match = await started(store)
    await act(store, match, rules.Resign(rules.Side.GORYO))
    assert await store.saved_review(match.id) is None
    await store.save_review(match.id, '{"turns": []}', now=T0)
    await store.save_review(match.id, '{"turns": [1]}', now=T0)  # made twice at once: the first stands
    assert await store.saved_review(match.id) == '{"turns": []}'


async def hints(store) -> None:
    match = await started(store)
    assert await store.hints(match.id) == []
    sniff = rules.Sniff(rules.Samurai.RED, rules.parse_space("C3"))
    await store.note_hint(match.id, HintNote(1, S, sniff, BEN), now=T0)
    await store.note_hint(match.id, HintNote(1, S, rules.EndSamuraiTurn(), BEN), now=T0)  # asked again: one stands
    await store.note_hint(match.id, HintNote(0, G, rules.ChooseStart(rules.parse_space("A1")), ANN), now=T0)
    assert await store.hints(match.id) == [HintNote(0, G, rules.ChooseStart(rules.parse_space("A1")), ANN),
                                           HintNote(1, S, sniff, BEN)]


async def tournaments(store) -> None:
    made = await store.create_tournament(
        guild_id=GUILD, channel_id=CHANNEL, name="Cup", format=Format.SWISS, rounds=2, round_days=7, advanced=False,
        assist=True, max_players=4, signup_closes_at=T0 + timedelta(days=1), created_by=ANN, now=T0, language="it",
    )
    assert made.status is Status.SIGNUP and made.round == 0 and made.assist and made.language == "it"
    await store.set_tournament_message(made.id, 999)
    assert (await store.get_tournament(made.id)).message_id == 999
    assert [t.id for t in await store.tournaments_in(GUILD)] == [made.id] == [t.id for t in
                                                                              await store.open_tournaments()]
    for player in (ANN, BEN, 1003):
        assert await store.join_tournament(made.id, player, now=T0) is JoinOutcome.JOINED
    assert await store.join_tournament(made.id, ANN, now=T0) is JoinOutcome.ALREADY
    assert await store.leave_tournament(made.id, 1003, now=T0) is LeaveOutcome.LEFT
    assert await store.join_tournament(made.id, 1003, now=T0) is JoinOutcome.JOINED
    assert await store.close_signup(made.id, now=T0) is Status.RUNNING
    assert await store.close_signup(made.id, now=T0) is None
    assert await store.join_tournament(made.id, 1004, now=T0) is JoinOutcome.CLOSED
    pairing = Pairing((Double(ANN, BEN),), bye=1003)
    deadline = T0 + timedelta(days=7)
    assert await store.save_pairing(made.id, 1, pairing, deadline=deadline, now=T0)
    assert not await store.save_pairing(made.id, 1, pairing, deadline=deadline, now=T0)
    first = await store.start_tournament_match(
        made.id, 1, ANN, samurai_id=BEN, guild_id=GUILD, channel_id=THREAD, parent_id=CHANNEL,
        state=rules.new_game(1), now=T0, assist=True,
    )
    assert first is not None and first.channel_id == THREAD and first.assist
    assert await store.start_tournament_match(
        made.id, 1, ANN, samurai_id=BEN, guild_id=GUILD, channel_id=THREAD + 1, parent_id=CHANNEL,
        state=rules.new_game(1), now=T0) is None
    assert await store.tournament_of_match(first.id) == made.id
    await act(store, first, rules.Resign(rules.Side.GORYO))  # the Samurai (BEN) wins, and the result is written
    assert await store.decide_tournament_match(made.id, 1, BEN, winner_id=None, now=T0)  # never started
    assert not await store.decide_tournament_match(made.id, 1, BEN, winner_id=BEN, now=T0)
    play = await store.tournament_play(made.id)
    assert [(m.goryo_id, m.winner_id, m.decided) for m in play.matches] == [(ANN, BEN, True), (BEN, None, True)]
    assert play.byes == (Bye(1, 1003),) and play.players == [ANN, BEN, 1003]
    # Each step's posts are queued by the one caller that marks it: owed once, whoever asks again.
    for mark, kind in ((store.mark_round_reminded, "reminder"), (store.mark_round_announced, "round"),
                       (store.mark_standings_posted, "standings")):
        table = Table("R1", ("#", "Player"), (("1", "Ann"),), "alt") if kind == "standings" else None
        said = OutboxItem(kind, "tournament", f"{kind} 1", picture="standings" if table else None, language="it",
                          pings=(ANN,), table=table)
        assert await mark(made.id, 1, now=T0, outbox=[said])
        assert not await mark(made.id, 1, now=T0, outbox=[said])
    posts = await store.pending_tournament_posts(made.id)
    assert [(p.item.kind, p.round, p.item.pings, p.item.language) for p in posts] == [
        ("reminder", 1, (ANN,), "it"), ("round", 1, (ANN,), "it"), ("standings", 1, (ANN,), "it")]
    assert posts[2].item.table == Table("R1", ("#", "Player"), (("1", "Ann"),), "alt")
    assert await store.tournaments_with_due_posts(T0) == [made.id]
    assert None not in await store.matches_with_due_outbox(T0 + timedelta(days=1))  # a tournament's rows are no match's
    for post in posts:
        assert await store.outbox_delivered(post.id, message_id=post.id * 10, now=T0)
    assert await store.pending_tournament_posts(made.id) == [] and await store.tournaments_with_due_posts(T0) == []
    assert [p.message_id for p in await store.tournament_posts(made.id)] == [p.id * 10 for p in posts]
    told = OutboxItem("withdrawal", "tournament", "BEN withdrew")
    assert await store.leave_tournament(made.id, BEN, now=T0, outbox=[told]) is LeaveOutcome.WITHDREW
    assert await store.leave_tournament(made.id, BEN, now=T0, outbox=[told]) is LeaveOutcome.NOT_IN
    assert [p.item for p in await store.pending_tournament_posts(made.id)] == [told]  # queued once
    [withdrawal] = await store.pending_tournament_posts(made.id)
    assert await store.outbox_delivered(withdrawal.id, message_id=1, now=T0)
    assert (await store.tournament_play(made.id)).withdrawn == {BEN}
    assert await store.tournaments_played(GUILD, ANN) == [made.id]
    ended = OutboxItem("standings", "tournament", "final")
    assert await store.end_tournament(made.id, Status.FINISHED, now=T0, outbox=[ended])
    assert not await store.end_tournament(made.id, Status.CANCELLED, now=T0, outbox=[ended])
    assert [p.item for p in await store.pending_tournament_posts(made.id)] == [ended]
    assert await store.open_tournaments() == []


async def lifecycle(store) -> None:
    shown = store.address
    assert shown.endswith(".sqlite3") if isinstance(store.store, SqliteStore) else shown.startswith("postgresql://")
    async with store.store as same:
        assert same is store.store
    store.called |= {"__aenter__", "__aexit__", "close"}  # by `async with`, which looks past the recorder
    await store.close()  # a second close is harmless


AREAS: dict[str, Callable[[Any], Awaitable[None]]] = {
    "challenges": challenges, "matches": matches, "action log": action_log, "outbox": outbox, "league": league,
    "choices": choices, "threads": threads, "lessons": lessons,
    "reviews": reviews, "hints": hints, "tournaments": tournaments,
}


@pytest.mark.parametrize("area", list(AREAS))
async def test_the_contract(store, area):
    await AREAS[area](store)


async def test_the_tour_calls_every_member_of_the_contract(fresh):
    for area in AREAS.values():
        await area(await fresh())  # each area on an empty database
    await lifecycle(await fresh())
    assert set(contract_members()) - fresh.called == set()
