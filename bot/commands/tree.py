"""The whole ``/goryo`` group as the bot syncs it: ``group.py``'s commands and those other modules add."""

from __future__ import annotations

from discord import app_commands

from . import mine, server_settings
from .group import GoryoCommands


def goryo_group() -> app_commands.Group:
    return server_settings.extend(mine.extend(GoryoCommands()))
