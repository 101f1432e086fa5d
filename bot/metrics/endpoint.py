"""The host's window on the bot: ``/metrics`` (Prometheus's text format) and ``/healthz`` on one port.

Served on ``GORYO_METRICS_HOST`` (127.0.0.1 unless the host says otherwise) and ``GORYO_METRICS_PORT``,
by aiohttp, which discord.py already brings. What the database and the gateway say is asked when a
scrape or a probe comes (``refresh`` and ``health``, handed in by ``setup_hook``), not polled.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from .counts import Metrics

log = logging.getLogger(__name__)

# None when healthy, else what is wrong, in a line a host can act on.
Health = Callable[[], Awaitable[str | None]]
Refresh = Callable[[], Awaitable[None]]


class EndpointUnavailable(OSError):
    """The metrics port cannot be listened on: one line saying which and why, fit to show a host."""


class Endpoint:
    def __init__(self, metrics: Metrics, refresh: Refresh, health: Health, *, host: str, port: int) -> None:
        self.metrics = metrics
        self.refresh = refresh
        self.health = health
        self.host = host
        self.requested_port = port
        self.port: int | None = None  # the port listened on (GORYO_METRICS_PORT=0 takes any free one)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; EndpointUnavailable if the port is taken or the address is not this machine's."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        # A scrape in progress when the bot stops is cut after a second: it answers in milliseconds.
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.requested_port).start()
        except OSError as error:
            await runner.cleanup()
            raise EndpointUnavailable(
                f"cannot listen on {self.host}:{self.requested_port} for the metrics "
                f"({error.strerror or error}): choose another GORYO_METRICS_PORT or GORYO_METRICS_HOST"
            ) from error
        self._runner = runner
        self.port = runner.addresses[0][1]
        log.info("metrics on http://%s:%d/metrics, health on /healthz", self.host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, _request: web.Request) -> web.Response:
        try:
            await self.refresh()
        except Exception as error:  # noqa: BLE001  (the counters still answer; the database's gauges keep theirs)
            log.warning("metrics: could not read the database's figures (%s)", type(error).__name__)
        return web.Response(body=self.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, _request: web.Request) -> web.Response:
        problem = await self.health()
        if problem is None:
            return web.Response(text="ok\n")
        return web.Response(status=503, text=problem + "\n")
