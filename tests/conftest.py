"""Fixtures every test package may use."""

from collections.abc import Iterator

import pytest
import simcord.http.router

from bot.delivery.boards import Drawing
from tests.discord_rules import Rules
from tests.postgres import postgres_server, postgres_url  # noqa: F401  (pytest finds fixtures by name)

RULES = pytest.StashKey[Rules]()


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
def drawing() -> Iterator[Drawing]:
    """One set of drawing processes for the whole run, handed to every bot and every board test:
    a bot left to start its own would spawn and warm new processes for each test."""
    shared = Drawing()
    yield shared
    shared.close()
