"""``/goryo settings``: a server's own settings (issue 23). Anyone may read them; changing them takes Manage Server.

The permission is checked here, from what Discord says the member may do in this channel, not only by
the command's default permissions (which a server can override). Each change is stored with who made it
and when (``Store.change_server_setting``); a match keeps the settings it started under. ``threads`` is turned on
only if the bot may open threads and speak in them in this channel (else the reply says which permission to grant).
``max_level`` caps the level members may challenge the bot at (no cap by default; ``bot.play.challenges`` refuses).
Added to the ``/goryo`` group by ``extend`` (in ``bot.commands.tree``), with the store it acts on.
"""

from __future__ import annotations

from datetime import datetime

import discord
from discord import app_commands
from discord.app_commands import locale_str

from locales import N_

from ..delivery.send import send_private
from ..play.service import Clock
from ..settings import Settings
from ..storage import Store
from ..text import server
from ..text.refusal import Refusal
from .group import LEVELS

MAX_HOURS = 720  # thirty days: longer than any turn needs


def check_thread_permissions(bot_may: discord.Permissions) -> None:
    """Threads on needs the bot to open them and to speak in them, here: a Refusal naming what it lacks."""
    if not bot_may.create_public_threads:
        raise Refusal(N_("I cannot open threads here: I lack the **Create Public Threads** permission. Grant it to me "
                         "(Server Settings → Roles, or this channel's Permissions), then turn `threads:` on again."))
    if not bot_may.send_messages_in_threads:
        raise Refusal(N_("I cannot speak in threads here: I lack the **Send Messages in Threads** permission. "
                         "Grant it to me (Server Settings → Roles, or this channel's Permissions), "
                         "then turn `threads:` on again."))


def extend(group: app_commands.Group, store: Store, defaults: Settings, clock: Clock) -> app_commands.Group:
    """``group`` with ``/goryo settings`` added, acting on ``store`` (``defaults``: the bot's own settings)."""

    @app_commands.command(name=locale_str("settings", context="command name"),
                          description=locale_str(
                              "This server's settings: anyone reads them, Manage Server changes them"))
    @app_commands.rename(turn_limit=locale_str("turn_limit", context="command name"),
                         assist=locale_str("assist", context="command name"),
                         threads=locale_str("threads", context="command name"),
                         max_level=locale_str("max_level", context="command name"))
    @app_commands.describe(turn_limit=locale_str("Hours a player has for each turn, in matches that start from now"),
                           assist=locale_str("Whether matches here may show the deduction aid"),
                           threads=locale_str("Whether each match is played in a thread of its own"),
                           max_level=locale_str("The highest level members may challenge the bot at"))
    @app_commands.choices(max_level=LEVELS)
    async def settings(
        interaction: discord.Interaction,
        turn_limit: app_commands.Range[int, 1, MAX_HOURS] | None = None,
        assist: bool | None = None,
        threads: bool | None = None,
        max_level: str | None = None,
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal(N_("Settings belong to a server: use `/goryo settings` in one of its channels."))
        guild_id = interaction.guild_id
        changing = turn_limit is not None or assist is not None or threads is not None or max_level is not None
        if changing:
            if not interaction.permissions.manage_guild:
                raise Refusal(N_("Changing this server's settings needs the Manage Server permission; "
                                 "anyone can read them with `/goryo settings`."))
            if threads:
                check_thread_permissions(interaction.app_permissions)
            now = clock()
            if turn_limit is not None:
                await store.change_server_setting(guild_id, "turn_limit", str(turn_limit * 3600),
                                                  by=interaction.user.id, now=now)
            if assist is not None:
                await store.change_server_setting(guild_id, "assist", "on" if assist else "off",
                                                  by=interaction.user.id, now=now)
            if threads is not None:
                await store.change_server_setting(guild_id, "threads", "on" if threads else "off",
                                                  by=interaction.user.id, now=now)
            if max_level is not None:
                await store.change_server_setting(guild_id, "max_level", max_level, by=interaction.user.id, now=now)
        now_set = await store.server_settings(guild_id)

        def who(name: str) -> tuple[int, datetime] | None:
            change = now_set.changes.get(name)
            return None if change is None else (change.changed_by, change.changed_at)

        limit = now_set.turn_limit if now_set.turn_limit is not None else defaults.turn_limit
        await send_private(interaction, server.settings_text(
            limit, now_set.assist, turn_limit_set=who("turn_limit"), assist_set=who("assist"), saved=changing,
            threads=now_set.threads, threads_set=who("threads"), max_level=now_set.max_level,
            max_level_set=who("max_level")))

    group.add_command(settings)
    return group
