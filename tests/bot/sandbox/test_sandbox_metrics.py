"""The sandbox serves the metrics and the health answer too when GORYO_METRICS_PORT is set (issue 46), so a host
can try a dashboard without a token; without it, no port is opened."""

from __future__ import annotations

import aiohttp

from bot.sandbox import Sandbox

from .conftest import SEED


async def test_the_sandbox_serves_metrics_when_asked(tmp_path, monkeypatch, drawing):
    monkeypatch.setenv("GORYO_METRICS_PORT", "0")
    async with Sandbox(database=tmp_path / "sandbox.sqlite3", seed=SEED, drawing=drawing) as sandbox:
        endpoint = sandbox.bot.endpoint
        assert endpoint is not None and endpoint.host == "127.0.0.1"
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{endpoint.port}/metrics") as metrics:
                assert metrics.status == 200 and "goryo_matches_running 0.0" in await metrics.text()
            async with session.get(f"http://127.0.0.1:{endpoint.port}/healthz") as health:
                assert (health.status, await health.text()) == (200, "ok\n")


async def test_no_port_without_the_setting(tmp_path, monkeypatch, drawing):
    monkeypatch.delenv("GORYO_METRICS_PORT", raising=False)
    async with Sandbox(database=tmp_path / "sandbox.sqlite3", seed=SEED, drawing=drawing) as sandbox:
        assert sandbox.bot.endpoint is None
