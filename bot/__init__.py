"""The Discord layer: a thin discord.py bot over ``rules`` and ``render``, storing matches in SQLite.

    bot = create_bot(database="goryo.sqlite3")   # unstarted commands.Bot
"""

from .app import GoryoBot, create_bot

__all__ = ["GoryoBot", "create_bot"]
