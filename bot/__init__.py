"""The Discord layer: a thin discord.py bot over ``rules`` and ``render``, storing matches in SQLite or PostgreSQL.

``bot.storage.open_store`` picks the backend from the database address (a file path, or a URL's scheme);
the map of the code (docs/code-map.md) lists the layers of its packages, which import downwards only.

    bot = create_bot(database="goryo.sqlite3")   # unstarted commands.Bot
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import GoryoBot, create_bot

__all__ = ["GoryoBot", "create_bot"]


def __getattr__(name: str) -> Any:
    # Loaded on first use, not with the package: the drawing and thinking processes import pure modules of
    # ``bot`` for their work, and need not load discord.py and the whole bot with them (about 50 MB a process).
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
