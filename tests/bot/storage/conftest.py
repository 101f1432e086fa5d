"""The store under test on both backends (a real SQLite file, a real PostgreSQL database), for every
storage test."""

from __future__ import annotations

import pytest

from bot.storage.sqlite import SqliteStore
from tests.bot.storage.stores import Database


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "goryo.sqlite3"


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, db_path) -> Database:
    if request.param == "sqlite":
        return Database("sqlite", db_path)
    return Database("postgres", request.getfixturevalue("postgres_url"))


@pytest.fixture
async def store(database):
    opened = await database.open()
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(db_path):
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()
