"""Fixtures every test package may use."""

from collections.abc import Iterator

import pytest

from bot.delivery.boards import Drawing
from tests.postgres import postgres_server, postgres_url  # noqa: F401  (pytest finds fixtures by name)


@pytest.fixture(scope="session")
def drawing() -> Iterator[Drawing]:
    """One set of drawing processes for the whole run, handed to every bot and every board test:
    a bot left to start its own would spawn and warm new processes for each test."""
    shared = Drawing()
    yield shared
    shared.close()
