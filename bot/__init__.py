"""The Discord layer: a thin discord.py bot over ``rules`` and ``render``, storing matches in SQLite or PostgreSQL.

``bot.storage.open_store`` picks the backend from the database address (a file path, or a URL's scheme);
the map of the code (docs/code-map.md) lists the layers of its packages, which import downwards only.

    bot = create_bot(database="goryo.sqlite3")   # unstarted commands.Bot
"""

from .app import GoryoBot, create_bot

__all__ = ["GoryoBot", "create_bot"]
