"""Fixtures every test package may use."""

import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
import simcord.env
import simcord.http.router

from bot.delivery.boards import Drawing
from bot.storage import open_store
from bot.storage.migrations import SCHEMA_VERSION
from tests.discord_rules import Rules
from tests.postgres import postgres_server, postgres_url  # noqa: F401  (pytest finds fixtures by name)

RULES = pytest.StashKey[Rules]()

# SimCord settles by polling: while a task it cannot yet see parked is running, it waits up to ``idle`` seconds of
# real time for one to finish. The bot's sweeps wake at every virtual tick of ``advance_time`` and park again
# within a millisecond without finishing, so each tick cost the whole 50 ms default: a virtual hour of waiting
# was seconds of real idling (a five-hour wait, 620 ticks, 31 s). Polling every 2 ms keeps the same rule of
# settling and costs milliseconds a tick.
SETTLE_POLL_SECONDS = 0.002


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first: worksteal hands an idle worker the tail of a busy one's queue, so a long test left
    for the end runs alone while the other worker waits (the two fuzz runs, 21 s, ended the suite so)."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_configure(config):
    for settle in (simcord.env.Env._settle_internal, simcord.env.Env.settle):
        set_default(settle, "idle", SETTLE_POLL_SECONDS)


def set_default(function, name: str, value: float) -> None:
    """Give ``function``'s parameter ``name`` another default, or stop the run if it has no such parameter (a
    SimCord that settles otherwise: look again rather than guess)."""
    keyword_only = function.__kwdefaults__ or {}
    if name in keyword_only:
        keyword_only[name] = value
        return
    code = function.__code__
    positional = code.co_varnames[: code.co_argcount]
    defaults = function.__defaults__ or ()
    first_with_default = len(positional) - len(defaults)
    if name not in positional[first_with_default:]:
        raise pytest.UsageError(f"SimCord's {function.__qualname__} no longer takes {name}=: revisit the settle poll")
    index = positional.index(name) - first_with_default
    function.__defaults__ = (*defaults[:index], value, *defaults[index + 1 :])


@pytest.fixture(autouse=True)
def discord_rules(request, monkeypatch) -> Iterator[Rules]:
    """Every request any test's bot sends to SimCord, checked against Discord's documented limits (SimCord is
    more lenient than Discord). A violation fails the test that sent it: after its body (see
    pytest_runtest_call below), or at teardown for what was sent while shutting down."""
    rules = Rules()
    send = simcord.http.router.dispatch

    def checked(backend, method, path, *, json=None, **rest):
        rules.check(method, path, json)
        return send(backend, method, path, json=json, **rest)

    monkeypatch.setattr(simcord.http.router, "dispatch", checked)
    request.node.stash[RULES] = rules
    yield rules
    if rules.violations:
        pytest.fail("requests against Discord's documented rules:\n" + "\n".join(rules.violations), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    rules = item.stash.get(RULES, None)
    if rules is not None and rules.violations:
        found, rules.violations = rules.violations, []
        pytest.fail("requests against Discord's documented rules:\n" + "\n".join(found), pytrace=False)
    return result


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """A SQLite file the real migrations brought up to date, once a worker: each bot under test starts on a copy,
    as a bot does from its second start on. Migrating a new file is some 280 statements in 24 transactions, about
    25 ms, and a run starts some 800 bots; the migrations themselves are tested from every version in
    tests/bot/storage."""
    path = tmp_path_factory.mktemp("template") / "migrated.sqlite3"

    async def migrate() -> None:
        await (await open_store(path)).close()

    asyncio.run(migrate())
    with contextlib.closing(sqlite3.connect(path)) as db:  # all in the file itself: no write-ahead log left over
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    return path


@pytest.fixture(scope="session")
def drawing() -> Iterator[Drawing]:
    """One set of drawing processes for the whole run, handed to every bot and every board test:
    a bot left to start its own would spawn and warm new processes for each test."""
    shared = Drawing()
    yield shared
    shared.close()
