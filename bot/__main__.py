"""``python -m bot``: run the bot with DISCORD_TOKEN from the environment or ``.env``."""

from __future__ import annotations

import logging
import sys

import discord

from .app import create_bot


def main() -> int:
    bot = create_bot()
    settings = bot.settings
    if not settings.token:
        print("DISCORD_TOKEN is not set: put it in the environment or in .env (see .env.example).", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    if "--sandbox" in sys.argv:  # no token: the real bot against a simulated Discord, see bot/sandbox
        from .sandbox import main as sandbox_main

        raise SystemExit(sandbox_main(sys.argv[1:]))
    sys.exit(main())
