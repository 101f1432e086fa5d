"""A local sandbox: the real bot against SimCord's simulated Discord, played in a browser on 127.0.0.1.

`python -m bot --sandbox` (or `python -m bot.sandbox`) starts it; nothing leaves the machine and no
token is read.
"""

from .app import Sandbox, main

__all__ = ["Sandbox", "main"]
