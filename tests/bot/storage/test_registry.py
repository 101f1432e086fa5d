"""The registry of backends (``OPENERS``): a backend's module, and so its driver, is imported only when an
address of its scheme is opened, and a missing driver stops the bot with one line that says what to install."""

from __future__ import annotations

import sys

import pytest

from bot.storage import StoreUnavailable, open_store


async def test_a_missing_driver_is_named_with_the_pip_extra_that_installs_it_and_no_password(monkeypatch):
    monkeypatch.setitem(sys.modules, "asyncpg", None)  # as if it were not installed: importing it fails
    monkeypatch.delitem(sys.modules, "bot.storage.postgres", raising=False)
    with pytest.raises(StoreUnavailable) as refused:
        await open_store("postgresql://goryo:s3cret-pw@db.example/goryo")
    assert str(refused.value) == (
        "the database postgresql://goryo:***@db.example/goryo is a PostgreSQL URL, which needs asyncpg:"
        " pip install 'goryo-bot[postgres]'"
    )

