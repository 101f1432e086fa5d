"""Why the bot could not start, said in one line a host can act on, with an exit status of its own.

``python -m bot`` (and ``--check``, ``--rebuild-ratings``) and ``python -m bot --sandbox`` all say their
start-up failures here (``say_failure``), so each cause reads and exits the same wherever it happens:

    0  stopped as asked (SIGTERM, SIGINT)
    1  the database cannot be opened
    2  a setting is wrong or missing (DISCORD_TOKEN among them)
    3  Discord refused DISCORD_TOKEN
    4  Discord's address could not be found (DNS)
    5  Discord could not be reached (connection refused, no route, timed out)
    6  the encrypted (TLS) connection to Discord failed
    7  the metrics port could not be listened on

An unreachable Discord (4, 5, 6) is first tried again with growing pauses for ``GORYO_CONNECT_PATIENCE``
(5 minutes by default; ``reach_discord``), so a network that comes up a little after the bot does not
need the supervisor to restart it. ``stop_signals`` is the one way both stop on SIGTERM and SIGINT.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import sys
from dataclasses import dataclass

import aiohttp
import discord

from .metrics.endpoint import EndpointUnavailable
from .settings import SettingsError
from .storage import StoreUnavailable

log = logging.getLogger(__name__)

# Discord's gateway address: it answers without a token, so it tells whether Discord can be reached at all.
DISCORD_PROBE = "https://discord.com/api/v10/gateway"
PROBE_SECONDS = 10.0
FIRST_PAUSE = 1.0
LONGEST_PAUSE = 30.0


@dataclass(frozen=True)
class Failure:
    status: int
    line: str


def failure_of(error: BaseException, *, online: bool = True) -> Failure | None:
    """The line and exit status for a start-up failure a host can act on; None for anything else (a bug).

    Offline (the sandbox, which reaches no Discord), any other OSError is its own (a port, a file): status 1."""
    if isinstance(error, SettingsError):
        return Failure(2, f"{error}.")
    if isinstance(error, StoreUnavailable):
        return Failure(1, f"{error}.")
    if isinstance(error, EndpointUnavailable):
        return Failure(7, f"{error}.")
    if isinstance(error, discord.LoginFailure):
        return Failure(3, "Discord refused DISCORD_TOKEN. Copy the bot's token again from the Developer Portal "
                          "(your application, Bot, Reset Token) into DISCORD_TOKEN.")
    if not online:
        return Failure(1, str(error)) if isinstance(error, OSError) else None
    return _unreachable(error)


def _unreachable(error: BaseException) -> Failure | None:
    detail = _detail(error)
    if isinstance(error, aiohttp.ClientConnectorDNSError):
        return Failure(4, f"Discord's address cannot be found ({detail}). Check this machine's DNS and network "
                          "connection (or GORYO_PROXY, if you use one).")
    if isinstance(error, aiohttp.ClientSSLError | ssl.SSLError):
        return Failure(6, f"The encrypted connection to Discord failed ({detail}). Check the system clock and its "
                          "CA certificates (the ca-certificates package), and any proxy or firewall that "
                          "intercepts TLS.")
    if isinstance(error, aiohttp.ClientConnectionError | OSError | TimeoutError):
        return Failure(5, f"Discord cannot be reached ({detail}). Check the network connection, a firewall "
                          "(the bot needs HTTPS and secure websockets out to discord.com and discord.gg), "
                          "or GORYO_PROXY, if you use one.")
    return None


def _detail(error: BaseException) -> str:
    """The innermost reason, in one line: "Connection refused", "Name or service not known"."""
    reason: BaseException = error
    while isinstance(reason, aiohttp.ClientConnectorError) and reason.os_error is not reason:
        reason = reason.os_error
    text = getattr(reason, "strerror", None) or str(reason) or type(reason).__name__
    return str(text).splitlines()[0]


def say_failure(doing: str, error: BaseException, *, online: bool = True) -> int | None:
    """Print ``doing: why, and what to do`` on stderr and return the exit status; None if it is a bug."""
    failure = failure_of(error, online=online)
    if failure is None:
        return None
    print(f"{doing}: {failure.line}", file=sys.stderr, flush=True)
    return failure.status


def stop_signals() -> asyncio.Event:
    """An event set by SIGTERM or SIGINT (on the running loop), instead of their abrupt default."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows has no loop signal handlers
            loop.add_signal_handler(signum, stop.set)
    return stop


async def reach_discord(proxy: str | None, patience: float, stop: asyncio.Event, *, url: str = DISCORD_PROBE) -> bool:
    """Return True once Discord answers (any answer at all), trying again with growing pauses meanwhile; False if
    ``stop`` was set first. Raises the last error when ``patience`` seconds have passed without an answer."""
    loop = asyncio.get_running_loop()
    give_up_at = loop.time() + patience
    pause = FIRST_PAUSE
    while not stop.is_set():
        try:
            async with aiohttp.ClientSession() as session, session.get(
                url, proxy=proxy, timeout=aiohttp.ClientTimeout(total=PROBE_SECONDS)
            ):
                return True
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            failure = _unreachable(error)
            left = give_up_at - loop.time()
            if failure is None or left <= 0:
                raise
            log.warning("%s Trying again in %.0f s (giving up in %.0f s).", failure.line, min(pause, left), left)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), min(pause, left))
            pause = min(pause * 2, LONGEST_PAUSE)
    return False
