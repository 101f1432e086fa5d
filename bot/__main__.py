"""``python -m bot``: run the bot with DISCORD_TOKEN from the environment or ``.env``."""

from __future__ import annotations

import argparse
import asyncio
import base64
import logging
import os
import sys

import discord

from .app import create_bot
from .delivery.permissions import invite_url
from .play import health
from .records.league import Rating, RatingKey
from .settings import SettingsError, load_settings
from .storage import StoreUnavailable, open_store, redact

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
  GORYO_SHARD_COUNT        Discord shards in all, for a bot in thousands of servers (default: no sharding)
  GORYO_SHARD_IDS          the shards this process holds, like 0-3 (default: all); needs PostgreSQL
.env.example documents each one.

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


def check(token: str, database: str | os.PathLike[str]) -> int:
    """``--check``: print the report; 0 if every running match can be played where it is, 1 if not."""
    async def run() -> tuple[list[str], bool]:
        async with await open_store(database) as store:
            return await health.run_check(token, store)

    try:
        lines, playable = asyncio.run(run())
    except StoreUnavailable as error:
        print(f"Cannot check: {error}.", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Cannot check: Discord refused DISCORD_TOKEN.", file=sys.stderr)
        return 2
    return print_report(lines, playable)


def print_report(lines: list[str], playable: bool) -> int:
    """Print the check's report; the exit status says whether every running match can be played."""
    print("\n".join(lines) if lines else "The bot is in no server yet.")
    return 0 if playable else 1


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--sandbox" in argv:  # no token: the real bot against a simulated Discord, see bot/sandbox
        from .sandbox import main as sandbox_main

        return sandbox_main(argv)
    options = _parser().parse_args(argv)  # --help, or a clear complaint about an unknown option
    if options.rebuild_ratings:  # offline: no token needed
        try:
            print(rebuild_ratings(load_settings().database))
        except SettingsError as error:
            print(f"Cannot rebuild: {error}.", file=sys.stderr)
            return 2
        except StoreUnavailable as error:
            print(f"Cannot rebuild: {error}.", file=sys.stderr)
            return 1
        return 0
    try:
        bot = create_bot()
    except SettingsError as error:
        # One line an admin can act on; a traceback would bury it.
        print(f"Cannot start: {error}.", file=sys.stderr)
        return 2
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
        return check(settings.token, settings.database)
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    try:
        asyncio.run(_reach(settings.database))  # migrations, if any, are logged here
        bot.run(settings.token, log_handler=None)
    except StoreUnavailable as error:  # unreachable at start, or gone between the check and the bot's own open
        print(f"Cannot start: {error}.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
