"""The real bot against SimCord, with a real SQLite file in tmp_path.

``@pytest.mark.goryo(seed=7, challenge_timeout=60)`` overrides settings for one test.
"""

from __future__ import annotations

import shutil

import pytest
import simcord.interactions

from bot import create_bot
from rules.record import check, format_record
from tests.bot.helpers import Table, unexpected_errors


def pytest_configure(config):
    config.addinivalue_line("markers", "goryo(**settings): settings overrides for the bot under test")


@pytest.fixture
def bot_settings(request, tmp_path, migrated_database) -> dict:
    marker = request.node.get_closest_marker("goryo")
    # No pause before the bot's moves (GORYO_AI_PAUSE): SimCord's settle waits out a pause shorter than its deadline
    # on the wall clock, 2 s a move by default. The tests of the pace itself ask for one longer than that deadline
    # (goryo(ai_pause=10)), which advance_time ends.
    settings = {"database": tmp_path / "goryo.sqlite3", "environ": {}, "env_file": None, "sync": "global", "seed": 1,
                "ai_pause": 0}
    settings.update(marker.kwargs if marker else {})
    settings.update(getattr(request, "param", {}))  # indirect parametrisation
    if settings["database"] == tmp_path / "goryo.sqlite3":
        shutil.copyfile(migrated_database, settings["database"])
    return settings


@pytest.fixture
async def make_bot(bot_settings, drawing):
    """Builds bots on the same database (a restart needs a second one), all drawing with the session's
    processes; closes their stores after."""
    built = []

    def make(**overrides):
        bot = create_bot(**{"drawing": drawing, **bot_settings, **overrides})
        built.append(bot)
        return bot

    yield make
    for bot in built:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture
async def env(simcord_env):
    """simcord_env, where refusals (expected errors the tree turns into private messages) are fine; every match
    the test finished then round-trips through its record (issue 44)."""
    yield simcord_env
    unexpected = unexpected_errors(simcord_env)
    if unexpected:
        raise ExceptionGroup("the bot raised unexpected errors", unexpected)
    await records_round_trip(simcord_env.bot.store)


async def records_round_trip(store) -> None:
    """Each finished match in ``store`` as its record (``rules.record``), parsed back: the same final state."""
    if store is None:
        return
    match_id = 0
    while True:
        match_id += 1
        try:
            match = await store.get_match(match_id)
        except ValueError:  # a test garbled its stored state on purpose: it is damaged, not finished
            continue
        if match is None:
            return
        if match.status != "finished":
            continue
        initial = await store.initial_state(match.id)
        actions = [logged.action for logged in await store.actions(match.id)]
        text = format_record(initial, actions, {"Event": f"test match {match.id}"})
        assert check(text) == match.state, f"match {match.id}'s record replays to another state"


@pytest.fixture
def table(env) -> Table:
    return Table(env)


@pytest.fixture
def locales_of(monkeypatch) -> dict[int, str]:
    """Discord locales for simulated users: ``locales_of[user.id] = "it"`` makes that user's client Italian.

    SimCord builds every interaction's payload in ``simcord.interactions.base_payload`` with
    ``locale`` and ``guild_locale`` fixed to "en-US". This fixture adjusts that payload only: the
    user's ``locale`` from this dict (unlisted users stay "en-US"), and ``guild_locale`` from the
    guild's ``preferred_locale`` (``env.create_guild(preferred_locale="it")``), as Discord sends them.
    The interaction then goes through the real command tree and components as any other.
    """
    chosen: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def with_locales(backend, **fields):
        record, payload = build(backend, **fields)
        payload["locale"] = chosen.get(fields["user_id"], payload["locale"])
        if fields.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(fields["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return chosen
