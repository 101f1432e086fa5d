"""A real PostgreSQL for the tests: one server per test session, a fresh database per test.

pgserver (a test dependency) ships PostgreSQL's binaries in its wheel, so nothing else
has to be installed or running. If the server cannot be started, the tests that need it
fail and say why: a database test that quietly passes without its database proves nothing.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import tempfile

import pytest

_numbers = itertools.count(1)
MEMORY = "/dev/shm"


@pytest.fixture(scope="session")
def postgres_server():
    # Not under pytest's tmp_path: pytest prunes old base directories, and a concurrent
    # session could delete the data directory under a running server. In memory where the machine has it
    # (Linux's /dev/shm): every test makes a database, and on disk each CREATE DATABASE waits some 250 ms for
    # its writes to be flushed, against 20 ms in memory.
    data = tempfile.mkdtemp(prefix="goryo-pg-", dir=MEMORY if os.access(MEMORY, os.W_OK) else None)
    try:
        import pgserver

        server = pgserver.get_server(data, cleanup_mode="stop")
        server.get_uri()
    except Exception as error:  # noqa: BLE001  (any reason at all: say it, and fail)
        pytest.fail(
            f"could not start the test PostgreSQL server ({type(error).__name__}: {error}). "
            "It comes with the test dependencies: pip install -e '.[test]'",
            pytrace=False,
        )
    yield server
    server.cleanup()
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """The URL of a new, empty database on the session's server."""
    name = f"t_{next(_numbers)}"
    postgres_server.psql(f"CREATE DATABASE {name};")
    return re.sub(r"/postgres\?", f"/{name}?", postgres_server.get_uri(), count=1)
