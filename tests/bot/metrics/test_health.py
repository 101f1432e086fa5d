"""``/healthz`` with the database taken away, and ``python -m bot --check``'s lines on the database and the
metrics port (issue 46). The database is a real PostgreSQL; taking it away is refusing the bot's connections
to it (and ending those it holds), as a database server gone down would."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest

from bot.play.health import service_lines
from bot.storage import open_store
from tests.bot.metrics.helpers import get


@pytest.fixture
def simcord_bot(make_bot, postgres_url):
    return make_bot(database=postgres_url, metrics_port=0)


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


async def test_healthz_says_503_and_why_while_the_database_is_away(env, postgres_server, postgres_url):
    port = env.bot.endpoint.port
    assert await get(port, "/healthz") == (200, "ok\n")
    name = database_name(postgres_url)
    postgres_server.psql(
        f"ALTER DATABASE {name} ALLOW_CONNECTIONS false;"
        f" SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}';"
    )
    status, reason = await get(port, "/healthz")
    assert status == 503 and reason.startswith("the database does not answer (")
    postgres_server.psql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true;")
    answers = [await get(port, "/healthz") for _ in range(3)]  # a pool may spend a dead connection first
    assert answers[-1] == (200, "ok\n")


async def test_healthz_says_503_once_the_bot_is_stopping(env):
    port = env.bot.endpoint.port
    env.bot.reception.close()  # what a SIGTERM does first
    assert await get(port, "/healthz") == (503, "stopping\n")


async def test_the_check_reports_the_database_and_the_metrics_port(env):
    settings = env.bot.settings
    async with await open_store(settings.database) as store:
        in_use = await service_lines(store, settings.replace(metrics_port=env.bot.endpoint.port))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            free_port = probe.getsockname()[1]
        free = await service_lines(store, settings.replace(metrics_port=free_port))
        off = await service_lines(store, settings.replace(metrics_port=None))
    assert in_use[0].startswith("Database postgresql://") and "answers (0 running match(es), 0 message(s)" in in_use[0]
    assert in_use[1] == f"Metrics: 127.0.0.1:{env.bot.endpoint.port} is in use; its /healthz answers 200 ok"
    assert free[1] == f"Metrics: 127.0.0.1:{free_port} is free; the bot will serve /metrics and /healthz there"
    assert off[1] == "Metrics: off (set GORYO_METRICS_PORT to serve them)"
