"""`python -m bot` when Discord cannot be had: one line naming the cause and the remedy, an exit status each,
no traceback; an unreachable Discord tried again with growing pauses first (GORYO_CONNECT_PATIENCE).

Nothing leaves this machine: Discord is reached through GORYO_PROXY on loopback, a proxy these tests run
(refusing the connection, speaking garbage instead of TLS, or standing in for Discord with a certificate
from a test authority the bot is told to trust), and "no DNS" is a network namespace of the bot's own
holding no network at all (``unshare -n``), so its lookups fail before any packet goes out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import ssl
import sys
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import trustme

from tests.bot.helpers import HANG_GUARD_SECONDS, REPO, TOKEN, closed_port, run_bot

# GORYO_CONNECT_PATIENCE is 3 s in run_bot: pauses of 1 s and 2 s, then it gives up. The tests that look at no
# more than the first pause give up after it (1.5 s: one full pause of 1 s), those that look at none after one
# try again (1 s).
ONE_PAUSE = "1.5"
GIVE_UP_SOON = "1"

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def last_line(errors: str) -> str:
    assert "Traceback" not in errors, errors
    return errors.strip().splitlines()[-1]


async def _tunnel(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
    """Read a CONNECT request and say yes; the host:port asked for."""
    head = (await reader.readuntil(b"\r\n\r\n")).decode()
    target = head.split()[1]
    writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
    await writer.drain()
    return target


async def serving(handler: Handler) -> AsyncIterator[str]:
    server = await asyncio.start_server(handler, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.close()
        await server.wait_closed()


@pytest.mark.long
async def test_discord_refusing_the_connection_is_tried_again_then_named_with_status_5(tmp_path):
    status, errors = await run_bot(tmp_path, GORYO_PROXY=f"http://127.0.0.1:{closed_port()}")
    assert status == 5, errors
    line = last_line(errors)
    assert line.startswith("Cannot start: Discord cannot be reached (") and "GORYO_PROXY" in line
    pauses = [float(p) for p in re.findall(r"Trying again in (\d+) s", errors)]
    assert pauses[:2] == [1, 2]  # growing pauses, within the patience, before it gives up


def server_context(authority: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("discord.com").configure_cert(context)
    return context


async def test_a_tls_failure_is_named_with_status_6(tmp_path):
    context = server_context(trustme.CA())  # an authority the bot does not trust: the TLS is intercepted

    async def intercepting(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _tunnel(reader, writer)
        with contextlib.suppress(ssl.SSLError, ConnectionError):  # the bot hangs up on the certificate, as it should
            await writer.start_tls(context)
        writer.close()

    async for proxy in serving(intercepting):
        status, errors = await run_bot(tmp_path, GORYO_PROXY=proxy, GORYO_CONNECT_PATIENCE=GIVE_UP_SOON)
    assert status == 6, errors
    line = last_line(errors)
    assert line.startswith("Cannot start: The encrypted connection to Discord failed (")
    assert "CA certificates" in line


async def test_a_token_discord_refuses_is_named_with_status_3(tmp_path):
    authority = trustme.CA()
    authority.cert_pem.write_to_path(str(tmp_path / "authority.pem"))
    context = server_context(authority)
    asked: list[str] = []

    async def discord_standing_in(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        target = await _tunnel(reader, writer)
        assert target == "discord.com:443"
        await writer.start_tls(context)
        request = (await reader.readuntil(b"\r\n\r\n")).decode()
        path = request.split()[1]
        asked.append(path)
        status, body = ("200 OK", {"url": "wss://gateway.discord.gg"}) if path.endswith("/gateway") else (
            "401 Unauthorized", {"message": "401: Unauthorized", "code": 0})
        payload = json.dumps(body).encode()
        writer.write(f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
                     "Connection: close\r\n\r\n".encode() + payload)
        await writer.drain()
        writer.close()

    async for proxy in serving(discord_standing_in):
        status, errors = await run_bot(tmp_path, GORYO_PROXY=proxy, SSL_CERT_FILE=str(tmp_path / "authority.pem"))
    assert status == 3, errors
    assert last_line(errors) == (
        "Cannot start: Discord refused DISCORD_TOKEN. Copy the bot's token again from the Developer Portal "
        "(your application, Bot, Reset Token) into DISCORD_TOKEN."
    )
    assert asked == ["/api/v10/gateway", "/api/v10/users/@me"]  # reachable first, then the token refused
    assert TOKEN not in errors


async def test_no_dns_is_named_with_status_4(tmp_path):
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.fail("this test needs util-linux's unshare, to give the bot a network namespace without a network")
    status, errors = await run_bot(tmp_path, unshare, "--net", GORYO_CONNECT_PATIENCE=ONE_PAUSE)
    assert "unshare:" not in errors, f"unshare --net is not allowed here: {errors}"
    assert status == 4, errors
    line = last_line(errors)
    assert line.startswith("Cannot start: Discord's address cannot be found (") and "DNS" in line
    assert re.findall(r"Trying again in (\d+) s", errors)[:1] == ["1"]


async def test_a_stop_while_waiting_for_discord_ends_quietly_with_status_0(tmp_path):
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("GORYO_")}
    environ.update(DISCORD_TOKEN=TOKEN, GORYO_DATABASE=str(tmp_path / "goryo.sqlite3"), PYTHONPATH=str(REPO),
                   GORYO_PROXY=f"http://127.0.0.1:{closed_port()}", GORYO_CONNECT_PATIENCE="10m")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=environ, stderr=asyncio.subprocess.PIPE,
    )
    assert process.stderr is not None
    while b"Trying again" not in (line := await asyncio.wait_for(process.stderr.readline(), HANG_GUARD_SECONDS)):
        assert line, "the bot ended before it said it would try again"
    process.terminate()  # SIGTERM, as a supervisor stops it
    rest = await asyncio.wait_for(process.stderr.read(), HANG_GUARD_SECONDS)
    assert await process.wait() == 0
    assert b"Traceback" not in rest and b"Cannot start" not in rest
