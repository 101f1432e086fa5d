"""Start the real bot against SimCord's simulated Discord and serve the sandbox page on loopback."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import webbrowser
from datetime import UTC, datetime
from pathlib import Path
from typing import Self

from .. import create_bot
from ..delivery.boards import Drawing
from ..startup import say_failure, stop_signals
from ..storage.address import is_url, redact
from .pace import WallClockEnv
from .server import SandboxServer
from .world import FIRST_SEATS, SEATS, SandboxWorld, Seating

# The settings a sandbox honours from the environment; see .env.example. The metrics too, so a host can try a
# dashboard without a token.
GAME_SETTINGS = ("GORYO_SEED", "GORYO_CHALLENGE_TIMEOUT", "GORYO_TURN_LIMIT", "GORYO_LOG_LEVEL", "GORYO_AI_PAUSE",
                 "GORYO_METRICS_PORT", "GORYO_METRICS_HOST")
# How often the simulated clock catches up with real time, firing the bot's timers that fell due (its
# Samurai's pause between actions, GORYO_AI_PAUSE, 2 s by default): well under that pause, so its
# actions come at that pace and each as soon as it is due.
CLOCK_TICK_SECONDS = 0.2
# Pillow renders and SQLite writes can outlast SimCord's 5 s default on a slow laptop.
SETTLE_SECONDS = 60.0


class Sandbox:
    """`async with Sandbox(database=path) as sandbox:` — the bot runs and `sandbox.url` serves the page."""

    def __init__(
        self, *, database: Path | str, port: int = 0, seed: int | None = None, drawing: Drawing | None = None,
        seats: int = FIRST_SEATS,
    ) -> None:
        self.database = database
        self.seats = seats  # members at the table at the start; the page's "+ Seat" adds more
        self.port = port
        self.seed = seed  # like GORYO_SEED: the same seed and moves replay the same match
        self.drawing = drawing  # drawing processes to share (tests); None: the bot starts its own
        self.world: SandboxWorld | None = None
        self.server: SandboxServer | None = None
        self._clock: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        assert self.server is not None, "the sandbox is not running"
        return self.server.url

    async def __aenter__(self) -> Self:
        # Only game settings pass through: never the token, never .env (where the token lives), and
        # commands sync globally into the simulated Discord whatever the deployment's sync setting.
        settings = {name: os.environ[name] for name in GAME_SETTINGS if name in os.environ}
        overrides: dict[str, object] = {"seed": self.seed} if self.seed is not None else {}
        self.bot = create_bot(
            database=self.database, environ=settings, env_file=None, drawing=self.drawing, thinking=None,
            sync="global", **overrides  # thinking=None: the bot starts its own thinking processes
        )
        # The bot's own errors are shown in the page rather than ending the sandbox.
        self.env = WallClockEnv(self.bot, check_errors=False, settle_timeout=SETTLE_SECONDS)
        seating = Seating.made(self.env, self.seats)  # before the clock moves: the same ids at every start
        # SimCord's clock starts on a fixed date; start it at today's instead, so message times and
        # deadlines read right. Moved before the bot starts, while nothing is scheduled on it yet.
        self.env.backend.advance_clock(max(0.0, (datetime.now(UTC) - self.env.now()).total_seconds()))
        try:
            await self.env.start()
        except BaseException:
            await self.bot.close()
            raise
        try:
            self.world = await SandboxWorld.open(self.env, self.bot, seating)
            self.server = SandboxServer(self.world, self.port)
            await self.server.start()
            self._clock = asyncio.create_task(self.world.follow_the_wall_clock(CLOCK_TICK_SECONDS))
        except BaseException:
            await self._stop()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self._stop()

    async def _stop(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            await asyncio.gather(self._clock, return_exceptions=True)
        try:
            if self.server is not None:
                await self.server.close()
        finally:
            try:
                await self.env.shutdown()
            finally:
                # SimCord detaches the bot without closing it; close() releases its SQLite connection,
                # whose worker thread would otherwise keep the process alive.
                await self.bot.close()


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot --sandbox",
        description="Play Goryō against yourself in the browser: the real bot, a simulated Discord, no token.",
    )
    parser.add_argument("--sandbox", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help="loopback port to serve on (default: any free port)")
    parser.add_argument(
        "--database", type=_database,
        help="SQLite file to keep, or a postgresql:// URL (default: a fresh file, deleted on exit)",
    )
    parser.add_argument("--seed", type=int, help="seed every match, like GORYO_SEED, to replay one")
    parser.add_argument("--open", action="store_true", help="open the page in your web browser")
    parser.add_argument("--seats", type=int, default=FIRST_SEATS, choices=range(FIRST_SEATS, len(SEATS) + 1),
                        metavar="N", help=f"members at the table, {FIRST_SEATS} to {len(SEATS)} "
                        f"(default {FIRST_SEATS}; 4 to try a tournament alone); the page's + Seat adds more")
    return parser.parse_args(argv)


def _database(text: str) -> Path | str:
    return text if is_url(text) else Path(text)  # a URL never becomes a file name (Path would fold its //)


async def serve(database: Path | str, port: int, seed: int | None, open_browser: bool,
                seats: int = FIRST_SEATS) -> None:
    async with Sandbox(database=database, port=port, seed=seed, seats=seats) as sandbox:
        print(f"Goryō sandbox: the real bot against a simulated Discord on this machine (database {redact(database)}).")
        print(f"Open {sandbox.url}")
        print("Nothing is sent to Discord and no token is read. Press Ctrl+C to stop.", flush=True)
        if open_browser:
            webbrowser.open(sandbox.url)
        await stop_signals().wait()
    print("Sandbox stopped.", flush=True)


def main(argv: list[str] | None = None) -> int:
    options = _arguments(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory(prefix="goryo-sandbox-") as scratch:
        database = options.database or Path(scratch) / "goryo.sqlite3"
        try:
            asyncio.run(serve(database, options.port, options.seed, options.open, options.seats))
        except KeyboardInterrupt:  # a Ctrl+C before the signal handlers are set
            pass
        except Exception as error:
            status = say_failure("The sandbox could not start", error, online=False)
            if status is None:
                raise
            return status
    return 0
