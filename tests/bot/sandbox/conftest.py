"""Drive the sandbox the way its page does: over HTTP, as either player."""

from __future__ import annotations

import io
import ipaddress
import os
import socket
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from PIL import Image

import rules
from bot.sandbox import Sandbox
from tests.bot.sandbox.chromium import (
    chromium,  # noqa: F401 (the browser tests' fixture)
    )
from words.phrases import plan_name

SEED = 11  # any seed works; a fixed one lets the tests compute legal moves with the rules engine
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Browser:
    """The sandbox page's side of the API: state, typed commands, button presses, images."""

    def __init__(self, session: aiohttp.ClientSession, sandbox: Sandbox) -> None:
        self.session = session
        self.base = sandbox.url.split("/?")[0]
        self.key = sandbox.server.key

    async def state(self, who: str) -> dict[str, Any]:
        async with self.session.get(f"{self.base}/api/state", params={"as": who}, headers=self._key) as response:
            assert response.status == 200, await response.text()
            return await response.json()

    async def messages(self, who: str, place: str) -> list[dict[str, Any]]:
        return (await self.state(who))["places"][place]["messages"]

    async def command(self, who: str, place: str, text: str) -> dict[str, Any]:
        return await self._post("/api/command", {"as": who, "place": place, "text": text})

    async def press(self, who: str, place: str, label: str) -> dict[str, Any]:
        """Press the newest enabled button with this label that `who` can see."""
        for message in reversed(await self.messages(who, place)):
            for row in message["rows"]:
                for item in row:
                    if item["kind"] == "button" and item["label"] == label and not item["disabled"]:
                        body = {"as": who, "place": place, "message": message["id"], "customId": item["customId"]}
                        return await self._post("/api/press", body)
        raise AssertionError(f"{who} sees no enabled {label!r} button in {place}")

    async def image(self, url: str) -> bytes:
        async with self.session.get(self.base + url) as response:
            assert response.status == 200, await response.text()
            assert response.content_type == "image/png"
            return await response.read()

    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        async with self.session.post(self.base + path, json=body, headers=self._key) as response:
            assert response.status == 200, await response.text()
            return await response.json()

    @property
    def _key(self) -> dict[str, str]:
        return {"X-Sandbox-Key": self.key}


def opened_png(data: bytes) -> Image.Image:
    """A real PNG, decoded; raises if the bytes are anything else."""
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


class WatchedEnviron(dict):
    """os.environ stand-in that remembers which variables were looked up."""

    def __init__(self, values: dict[str, str]) -> None:
        super().__init__(values)
        self.looked_up: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.looked_up.add(name)
        return super().__getitem__(name)

    def get(self, name: str, default: Any = None) -> Any:
        self.looked_up.add(name)
        return super().get(name, default)

    def __iter__(self):  # a custom iterator makes dict(...)/update(...) go through __getitem__
        return iter(list(super().keys()))


@pytest.fixture
def watched_environ(monkeypatch, tmp_path) -> WatchedEnviron:
    """A junk DISCORD_TOKEN in the environment and in a .env file beside us; reads are recorded."""
    (tmp_path / ".env").write_text("DISCORD_TOKEN=junk-from-dotenv\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    environ = WatchedEnviron({**os.environ, "DISCORD_TOKEN": "junk-from-environment"})
    monkeypatch.setattr(os, "environ", environ)
    return environ


@pytest.fixture
def outside_connections(monkeypatch) -> list[Any]:
    """Refuse (and record) every connection or name lookup that would leave this machine."""
    attempts: list[Any] = []
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo

    def is_local(host: Any) -> bool:
        if host in (None, "localhost"):
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    def connect(sock: socket.socket, address: Any) -> None:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not is_local(address[0]):
            attempts.append(address)
            raise ConnectionRefusedError(f"test forbids leaving the machine: {address}")
        return real_connect(sock, address)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not is_local(host.decode() if isinstance(host, bytes) else host):
            attempts.append(host)
            raise socket.gaierror(f"test forbids looking up {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return attempts


@pytest.fixture
async def sandbox(tmp_path, watched_environ, outside_connections, drawing) -> AsyncIterator[Sandbox]:
    async with Sandbox(database=tmp_path / "sandbox.sqlite3", seed=SEED, drawing=drawing) as running:
        yield running


@pytest.fixture
async def browser(sandbox) -> AsyncIterator[Browser]:
    async with aiohttp.ClientSession() as session:
        yield Browser(session, sandbox)


PAUSE = "0.3"


@pytest.fixture
async def live(tmp_path, monkeypatch, drawing) -> AsyncIterator[Sandbox]:
    monkeypatch.setenv("GORYO_AI_PAUSE", PAUSE)
    async with Sandbox(database=tmp_path / "sandbox.sqlite3", seed=SEED, drawing=drawing) as running:
        yield running


async def aiko_plans_round_one(browser: Browser, game: rules.GameState) -> rules.GameState:
    """Aiko, the Goryō, types her start and first plan in her DMs and confirms it: the state after."""
    start = min(rules.SPACES_OF_TYPE[game.first_type])
    assert (await browser.command("aiko", "dm", f"/goryo start space:{rules.space_name(start)}"))["ok"]
    game = rules.apply(game, rules.ChooseStart(start)).state
    plan = next(rules.legal_plans(game))
    assert (await browser.command("aiko", "dm", f"/goryo path spaces:{plan_name(plan.path)}"))["ok"]
    assert (await browser.press("aiko", "dm", "Confirm"))["ok"]
    return rules.apply(game, plan).state
