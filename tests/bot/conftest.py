"""The real bot against SimCord, with a real SQLite file in tmp_path.

``@pytest.mark.goryo(seed=7, challenge_timeout=60)`` overrides settings for one test.
"""

from __future__ import annotations

import pytest

from bot import create_bot

from .helpers import Table, unexpected_errors


def pytest_configure(config):
    config.addinivalue_line("markers", "goryo(**settings): settings overrides for the bot under test")


@pytest.fixture
def bot_settings(request, tmp_path) -> dict:
    marker = request.node.get_closest_marker("goryo")
    settings = {"database": tmp_path / "goryo.sqlite3", "environ": {}, "env_file": None, "sync": "global", "seed": 1}
    settings.update(marker.kwargs if marker else {})
    settings.update(getattr(request, "param", {}))  # indirect parametrisation
    return settings


@pytest.fixture
async def make_bot(bot_settings):
    """Builds bots on the same database (a restart needs a second one); closes their stores after."""
    built = []

    def make(**overrides):
        bot = create_bot(**{**bot_settings, **overrides})
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
    """simcord_env, where refusals (expected errors the tree turns into private messages) are fine."""
    yield simcord_env
    unexpected = unexpected_errors(simcord_env)
    if unexpected:
        raise ExceptionGroup("the bot raised unexpected errors", unexpected)


@pytest.fixture
def table(env) -> Table:
    return Table(env)
