"""``python -m bot``: run the bot with DISCORD_TOKEN from the environment or ``.env``."""

from __future__ import annotations

import argparse
import asyncio
import base64
import logging
import os
import sys

from .app import GoryoBot, create_bot
from .delivery.permissions import invite_url
from .metrics.logs import configure_logging
from .play import health
from .records.league import Rating, RatingKey
from .settings import Settings, load_settings
from .startup import reach_discord, say_failure, stop_signals
from .storage import open_store, redact

log = logging.getLogger("bot")

SETTINGS_HELP = """\
settings (environment variables, or KEY=value lines in ./.env; the environment wins):
  DISCORD_TOKEN            the bot's token from the Discord Developer Portal (required)
  GORYO_DATABASE           SQLite file for matches (default ./goryo.sqlite3), or a postgresql:// URL
  GORYO_DEV_GUILD          a server id: sync the commands to that server only, at once
  GORYO_SYNC               global, guild or off (default: guild with GORYO_DEV_GUILD, else global)
  GORYO_SEED               seed every match's draws (testing only)
  GORYO_CHALLENGE_TIMEOUT  how long a challenge stays open: 900, 15m, 1h (default 15m)
  GORYO_TURN_LIMIT         how long one turn may take: 3600, 90m, 24h, 2d (default 24h)
  GORYO_AI_PAUSE           seconds the bot waits before each of its Samurai's actions, 0 to 60 (default 2)
  GORYO_LOG_LEVEL          DEBUG, INFO, WARNING, ERROR or CRITICAL (default INFO)
  GORYO_LOG_FORMAT         text or json: one JSON object a line (default text)
  GORYO_METRICS_PORT       serve Prometheus metrics on /metrics and a health answer on /healthz (default: off)
  GORYO_METRICS_HOST       the address to serve them on (default 127.0.0.1)
  GORYO_PROXY              an http:// proxy for all of Discord's traffic
  GORYO_CONNECT_PATIENCE   how long to keep trying an unreachable Discord at start-up (default 5m)
  GORYO_SHARD_COUNT        Discord shards in all, for a bot in thousands of servers (default: no sharding)
  GORYO_SHARD_IDS          the shards this process holds, like 0-3 (default: all); needs PostgreSQL
.env.example documents each one.

exit status: 0 stopped (SIGTERM, Ctrl+C), 1 database, 2 settings, 3 token refused, 4 Discord's address not
found (DNS), 5 Discord unreachable, 6 TLS failed, 7 metrics port unavailable (docs/hosting.md)

no token yet? try it first:
  python -m bot --sandbox  the real bot against a simulated Discord, played in your browser
                           (python -m bot --sandbox --help lists its options)"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the Goryō Discord bot. Every setting is checked before it connects to Discord.",
        epilog=SETTINGS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--sandbox", action="store_true",
        help="play against a simulated Discord in your browser instead: no token, nothing sent anywhere",
    )
    parser.add_argument(
        "--invite-url", action="store_true",
        help="print the link that adds the bot to a server, asking for every permission it uses, and exit",
    )
    parser.add_argument(
        "--check", action="store_true",
        help="connect, list each server and each running match's channel where a permission is missing, and exit "
             "(non-zero when a match cannot be played where it is)",
    )
    parser.add_argument(
        "--rebuild-ratings", action="store_true",
        help="recompute every rating from the finished matches' action logs (replacing the stored ones) and exit",
    )
    return parser


def rebuild_ratings(database: str | os.PathLike[str]) -> str:
    """Rebuild the league from the logs; says how it compared with what was stored.

    Opens the database as the bot does (``open_store``); StoreUnavailable if it cannot be reached.
    """

    async def rebuild() -> tuple[dict[RatingKey, Rating], dict[RatingKey, Rating]]:
        async with await open_store(database) as store:
            stored = await store.all_ratings()
            return stored, await store.rebuild_ratings()

    stored, rebuilt = asyncio.run(rebuild())
    differing = sum(stored.get(key) != rating for key, rating in rebuilt.items()) + len(stored.keys() - rebuilt.keys())
    agreed = ("all agreed with the stored ones" if not differing
              else f"{differing} differed from the stored ones and were replaced")
    return f"Rebuilt {len(rebuilt)} rating(s) from the action logs in {redact(database)}: {agreed}."


async def _reach(database: str | os.PathLike[str]) -> None:
    """Open and close the store, so that a database that cannot be reached is said before Discord is."""
    store = await open_store(database)
    await store.close()


def application_of(token: str) -> int | None:
    """The application's id, which a bot token begins with (base64 of the bot user's id, which is the
    application's for every bot made since 2016)."""
    head = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None
    return int(decoded) if decoded.isdigit() else None


def check(settings: Settings) -> int:
    """``--check``: print the report; 0 if every running match can be played where it is, 1 if not."""
    token = settings.token
    assert token is not None  # main refuses to go on without one

    async def run() -> tuple[list[str], bool]:
        async with await open_store(settings.database) as store:
            lines, playable = await health.run_check(token, store, settings.proxy)
            return [*lines, *await health.service_lines(store, settings)], playable

    lines, playable = asyncio.run(run())
    return print_report(lines, playable)


def print_report(lines: list[str], playable: bool) -> int:
    """Print the check's report; the exit status says whether every running match can be played."""
    print("\n".join(lines) if lines else "The bot is in no server yet.")
    return 0 if playable else 1


def secrets_of(settings: Settings) -> list[tuple[str, str]]:
    """What no log line may show, and what it shows instead: the token, the database's address as typed."""
    shown = [(settings.token or "", "***")]
    if redact(settings.database) != str(settings.database):
        shown.append((str(settings.database), redact(settings.database)))
    return shown


async def serve(bot: GoryoBot, settings: Settings) -> None:
    """Run the bot until SIGTERM or SIGINT, then stop it cleanly (``GoryoBot.close``)."""
    assert settings.token is not None
    stop = stop_signals()
    if not await reach_discord(settings.proxy, settings.connect_patience, stop):
        return  # asked to stop while waiting for the network
    async with bot:  # closed on the way out, whatever happens
        running = asyncio.create_task(bot.start(settings.token))
        stopping = asyncio.create_task(stop.wait())
        try:
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
        if not running.done():
            log.info("stopping: finishing what is in hand")
            await bot.close()
            try:
                await running
            except Exception as error:  # noqa: BLE001  (cut short while starting: stopping was asked)
                log.info("stopped while starting (%s)", type(error).__name__)
            return
        await running  # a failure to log in or connect is raised here


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--sandbox" in argv:  # no token: the real bot against a simulated Discord, see bot/sandbox
        from .sandbox import main as sandbox_main

        return sandbox_main(argv)
    options = _parser().parse_args(argv)  # --help, or a clear complaint about an unknown option
    doing = "Cannot rebuild" if options.rebuild_ratings else "Cannot check" if options.check else "Cannot start"
    try:
        return _run(options)
    except Exception as error:
        status = say_failure(doing, error)  # one line a host can act on; a traceback would bury it
        if status is None:
            raise
        return status


def _run(options: argparse.Namespace) -> int:
    if options.rebuild_ratings:  # offline: no token needed
        print(rebuild_ratings(load_settings().database))
        return 0
    bot = create_bot()
    settings = bot.settings
    if not settings.token:
        print(
            "DISCORD_TOKEN is not set: put it in the environment or in .env (see .env.example). "
            "To try the bot without Discord, run: python -m bot --sandbox",
            file=sys.stderr,
        )
        return 2
    if options.invite_url:
        application_id = application_of(settings.token)
        if application_id is None:
            print("DISCORD_TOKEN does not look like a bot token: copy it again from the Developer Portal.",
                  file=sys.stderr)
            return 2
        print(invite_url(application_id))
        return 0
    if options.check:
        return check(settings)
    configure_logging(settings.log_level, settings.log_format, secrets_of(settings))
    asyncio.run(_reach(settings.database))  # migrations, if any, are logged here
    asyncio.run(serve(bot, settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
