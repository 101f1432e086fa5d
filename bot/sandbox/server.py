"""The sandbox page and its small JSON API, served on 127.0.0.1 only.

Every API call carries a per-run key (printed with the address), and Host/Origin must be the
loopback address itself, so neither another site in the browser nor a rebinding DNS name can
drive the match.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import json
import re
import secrets
import sys
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from aiohttp import WSCloseCode, web

from ai.levels import LEVELS

from .world import PLACES, THREAD_PLACE, SandboxError, SandboxWorld

LOOPBACK = "127.0.0.1"
STATIC = Path(__file__).with_name("static")
_PAGES = {
    "/": ("index.html", "text/html"),
    "/sandbox.js": ("sandbox.js", "text/javascript"),
    "/sandbox.css": ("sandbox.css", "text/css"),
}
# The words the page says that the code keeps, filled in where the page names them ({{levels}}): the page never
# lists them by hand, so a level added to ``ai.Level`` is offered in the guide too.
PAGE_WORDS = {"levels": ", ".join(LEVELS), "weakest_level": LEVELS[0].value}
# The emoji the bot's messages use, drawn the same on every machine
# (static/emoji-font-LICENSE.txt says whence and under what licence).
_FONTS = {"/emoji.woff2": "emoji.woff2"}
_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
}
# On every API answer: how many changes the sandbox had made by then (the live feed numbers its pushes alike).
CHANGE_HEADER = "X-Sandbox-Change"


class SandboxServer:
    def __init__(self, world: SandboxWorld, port: int = 0) -> None:
        self.world = world
        self.key = secrets.token_urlsafe(16)
        self._requested_port = port
        self._runner: web.AppRunner | None = None
        self.port: int | None = None
        self._feeds: set[web.WebSocketResponse] = set()  # the open pages' live feeds, closed when the sandbox stops
        self._closing: set[asyncio.Future[bool]] = set()

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/?key={self.key}"

    @property
    def bound_addresses(self) -> list[tuple[str, int]]:
        return [address[:2] for address in self._runner.addresses] if self._runner is not None else []

    async def start(self) -> None:
        missing = [filename for filename, _ in _PAGES.values() if not (STATIC / filename).is_file()]
        if missing:
            raise FileNotFoundError(
                f"the sandbox page ({', '.join(missing)}) is not installed; from a checkout run "
                "pip install -e '.[sandbox]'"
            )
        app = web.Application(middlewares=[self._guard])
        for route in _PAGES:
            app.router.add_get(route, self._page)
        for route in _FONTS:
            app.router.add_get(route, self._font)
        app.router.add_get("/api/state", self._state)
        app.router.add_get("/api/live", self._live)
        app.router.add_post("/api/manager", self._manager)
        app.router.add_post("/api/seat", self._seat)
        app.router.add_get("/api/attachment", self._attachment)
        app.router.add_post("/api/command", self._command)
        app.router.add_post("/api/press", self._press)
        app.router.add_post("/api/autocomplete", self._autocomplete)
        app.router.add_post("/api/language", self._language)
        # A request still running when the sandbox stops is cut after a second (the feeds are closed first).
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, LOOPBACK, self._requested_port).start()
        self.port = self.bound_addresses[0][1]

    async def close(self) -> None:
        """Stop serving: each open page's live feed is closed first (an open tab must not hold the stop up)."""
        for feed in list(self._feeds):
            await feed.close(code=WSCloseCode.GOING_AWAY, message=b"the sandbox stopped")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ----------------------------------------------------------------- guard

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        loopback_hosts = {f"{LOOPBACK}:{self.port}", f"localhost:{self.port}"}
        if request.host not in loopback_hosts:
            raise web.HTTPForbidden(text="The sandbox only answers on its loopback address.")
        origin = request.headers.get("Origin")
        if origin is not None and origin not in {f"http://{host}" for host in loopback_hosts}:
            raise web.HTTPForbidden(text="Requests from other sites are refused.")
        if request.path.startswith("/api/"):
            supplied = request.headers.get("X-Sandbox-Key") or request.query.get("key", "")
            if not secrets.compare_digest(supplied.encode(), self.key.encode()):
                raise web.HTTPUnauthorized(text="Open the full address the sandbox printed, key included.")
        response = await handler(request)
        for name, value in _HEADERS.items():
            response.headers.setdefault(name, value)
        if request.path.startswith("/api/") and not response.prepared:
            # The changes made by the time of this answer: the page keeps its pane busy until it has drawn them.
            response.headers[CHANGE_HEADER] = str(self.world.change)
        return response

    # ---------------------------------------------------------------- routes

    async def _page(self, request: web.Request) -> web.Response:
        filename, content_type = _PAGES[request.path]
        return web.Response(text=page_text(filename), content_type=content_type)

    async def _font(self, request: web.Request) -> web.Response:
        headers = {"Cache-Control": "public, max-age=86400"}
        return web.Response(body=(STATIC / _FONTS[request.path]).read_bytes(), content_type="font/woff2",
                            headers=headers)

    async def _live(self, request: web.Request) -> web.WebSocketResponse:
        """Server push: every seat's view, sent again (only the seats whose view changed) whenever anything moves.

        The page opens this once; the bot's messages, edits and deletions reach it as they happen, its
        Samurai's turn action by action, without the page asking.
        """
        socket = web.WebSocketResponse(heartbeat=30)
        await socket.prepare(request)
        self._feeds.add(socket)
        push = asyncio.create_task(self._push(socket))
        push.add_done_callback(functools.partial(self._end_feed, socket))
        try:
            async for _message in socket:  # the page sends nothing; this ends when it goes away
                pass
        finally:
            self._feeds.discard(socket)
            push.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await push
        return socket

    def _end_feed(self, socket: web.WebSocketResponse, push: asyncio.Task[None]) -> None:
        """A feed that failed is closed, with its traceback on the terminal: the page opens a new one, sent whole."""
        if push.cancelled() or (error := push.exception()) is None:
            return
        if not isinstance(error, ConnectionError):  # not merely the page gone away
            traceback.print_exception(error, file=sys.stderr)
        closing = asyncio.ensure_future(socket.close())
        # Held until done: the event loop keeps only a weak reference to a task, which could vanish mid-close.
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)

    async def _push(self, socket: web.WebSocketResponse) -> None:
        sent: dict[str, str] = {}
        async for _ in self.world.changes():
            change = self.world.change  # read first: the views below are at least this new
            views = {}
            for key in self.world.players:
                try:
                    view = await self.world.view(key, functools.partial(self._attachment_url, key))
                except SandboxError:
                    continue  # a thread went while being read: the next change sends it whole
                text = json.dumps(view)
                if sent.get(key) != text:
                    views[key], sent[key] = view, text
            # Sent even when no view changed, so the page knows it has drawn this change.
            await socket.send_json({"views": views, "change": change})

    async def _manager(self, request: web.Request) -> web.Response:
        """A seat's "Manage Server" switch: with it, `/goryo settings` can change the server's settings."""
        body = await _json_body(request)
        try:
            await self.world.set_manager(str(body.get("as", "")), bool(body.get("on")))
        except SandboxError as error:
            return web.json_response({"ok": False, "error": str(error)})
        return web.json_response({"ok": True})

    async def _seat(self, request: web.Request) -> web.Response:
        """"+ Seat": one more member at the table, to try a tournament alone."""
        await _json_body(request)  # the same checks as every action (a JSON body from the page)
        try:
            player = await self.world.add_seat()
        except SandboxError as error:
            return web.json_response({"ok": False, "error": str(error)})
        return web.json_response({"ok": True, "seat": player.key})

    async def _state(self, request: web.Request) -> web.Response:
        who = request.query.get("as", "")
        return await _answer(self.world.view(who, functools.partial(self._attachment_url, who)))

    def _attachment_url(self, who: str, place: str, message_id: int, attachment_id: int) -> str:
        query = urlencode(
            {"as": who, "place": place, "message": message_id, "attachment": attachment_id, "key": self.key}
        )
        return f"/api/attachment?{query}"

    async def _attachment(self, request: web.Request) -> web.Response:
        query = request.query
        try:
            filename, content_type, data = await self.world.attachment(
                query.get("as", ""),
                _place(query.get("place")),
                int(query.get("message", "")),
                int(query.get("attachment", "")),
            )
        except (SandboxError, ValueError):
            raise web.HTTPNotFound(text="No such attachment for this player.") from None
        safe_name = "".join(ch for ch in filename if ch.isalnum() or ch in "._-") or "attachment"
        headers = {
            "Content-Disposition": f'inline; filename="{safe_name}"',
            # An attachment id names one upload forever, so the page need not fetch a board twice.
            "Cache-Control": "private, max-age=86400, immutable",
        }
        return web.Response(body=data, content_type=content_type, headers=headers)

    async def _command(self, request: web.Request) -> web.Response:
        body = await _json_body(request)
        return await _answer(
            self.world.run_command(str(body.get("as", "")), _place(body.get("place")), str(body.get("text", ""))),
            outcome=True,
        )

    async def _autocomplete(self, request: web.Request) -> web.Response:
        """The choices for the option being typed (Discord's autocomplete), as the composer shows them."""
        body = await _json_body(request)
        return await _choices(
            self.world.autocomplete(str(body.get("as", "")), _place(body.get("place")), str(body.get("text", "")))
        )

    async def _language(self, request: web.Request) -> web.Response:
        """A seat switches its Discord client's language (English or Italian), to try the bot in it."""
        body = await _json_body(request)
        try:
            await self.world.set_language(str(body.get("as", "")), str(body.get("language", "")))
        except SandboxError as error:
            return web.json_response({"ok": False, "error": str(error)})
        return web.json_response({"ok": True})

    async def _press(self, request: web.Request) -> web.Response:
        body = await _json_body(request)
        values = body.get("values")
        try:
            message_id = int(body.get("message", ""))
        except (TypeError, ValueError):
            return web.json_response({"ok": False, "error": "That is not a message."})
        if values is not None and not (isinstance(values, list) and all(isinstance(v, str) for v in values)):
            return web.json_response({"ok": False, "error": "Menu values must be a list of strings."})
        return await _answer(
            self.world.press(
                str(body.get("as", "")), _place(body.get("place")), message_id, str(body.get("customId", "")), values
            ),
            outcome=True,
        )


def page_text(filename: str) -> str:
    """A page file as the browser gets it: the page's ``{{word}}`` places filled from ``PAGE_WORDS``."""
    text = (STATIC / filename).read_text(encoding="utf-8")
    if filename.endswith(".html"):
        for name, words in PAGE_WORDS.items():
            text = text.replace("{{" + name + "}}", html.escape(words))
    return text


async def _choices(work: Awaitable[list[dict[str, str]]]) -> web.Response:
    try:
        return web.json_response({"ok": True, "choices": await work})
    except SandboxError as error:
        return web.json_response({"ok": False, "error": str(error)})


def _place(value: Any) -> Any:
    thread = isinstance(value, str) and re.fullmatch(re.escape(THREAD_PLACE) + r"\d+", value)
    if value not in PLACES and not thread:
        raise web.HTTPBadRequest(text="place must be channel, dm or thread-<id>")
    return value


async def _json_body(request: web.Request) -> dict[str, Any]:
    # JSON only: a cross-site form post cannot send it without a CORS preflight, which we never grant.
    if request.content_type != "application/json":
        raise web.HTTPUnsupportedMediaType(text="Send JSON.")
    try:
        body = json.loads(await request.text())
    except json.JSONDecodeError:
        raise web.HTTPBadRequest(text="Send a JSON object.") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text="Send a JSON object.")
    return body


async def _answer(work: Awaitable[Any], *, outcome: bool = False) -> web.Response:
    """Sandbox errors are ordinary answers the page shows; they never change the match."""
    try:
        result = await work
    except SandboxError as error:
        return web.json_response({"ok": False, "error": str(error)})
    if outcome:
        return web.json_response({"ok": True, "notices": result.notices, "refused": result.refused})
    return web.json_response(result)
