"""A player's own commands, about themselves rather than one match: ``/goryo games`` and ``/goryo notify``.

Added to the ``/goryo`` group by ``extend`` (in ``bot.commands.tree``), so the group's module stays as it is; the
store and the turn clocks they read are handed in there.
Everything here answers privately, in servers and in DMs alike.
"""

from __future__ import annotations

from datetime import timedelta
from typing import cast

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from ..delivery.send import send_private
from ..play.service import Clock
from ..play.timekeeping import TurnClock
from ..storage import MatchRecord, NoticeMode, Store
from ..text import mine
from ..text.languages import of_user


def _line(record: MatchRecord, user_id: int, turns: TurnClock, limit: timedelta) -> str:
    side = record.player_side(user_id)
    assert side is not None
    to_move = record.state.to_move
    assert to_move is not None  # active matches always have a side to move
    return mine.game_line(
        record.id, mine.jump_url(record.guild_id, record.channel_id), side, record.state.round, to_move,
        turns.deadline(record, limit), up=turns.time_is_up(record, limit), bot_moves=to_move is record.ai_side,
    )


def extend(group: app_commands.Group, store: Store, turns: TurnClock, clock: Clock) -> app_commands.Group:
    """``group`` with this module's commands added, reading ``store`` and ``turns``."""

    @app_commands.command(name=locale_str("games", context="command name"),
                          description=locale_str(
                              "Your matches in progress in every server, with links (only you see it)"))
    async def games(interaction: discord.Interaction) -> None:
        user_id = interaction.user.id
        listed = []
        for record in await store.active_matches_of(user_id):
            if record.state.to_move is None:
                continue
            limit = await turns.limit_of(record)  # the one it started under
            # Matches waiting for the caller first, then by how soon the side to move runs out of time.
            waiting = record.state.to_move is not record.player_side(user_id)
            urgency = (waiting, record.turn_started_at + limit, record.id)
            listed.append((urgency, _line(record, user_id, turns, limit)))
        for page in mine.games_list([line for _, line in sorted(listed)]):  # the first answers, the rest follow
            await send_private(interaction, page)

    @app_commands.command(name=locale_str("notify", context="command name"),
                          description=locale_str("How I tell you your turn has begun: a mention, a DM, or nothing"))
    @app_commands.rename(mode=locale_str("mode", context="command name"))
    @app_commands.describe(
        mode=locale_str("A mention in the match's channel (the default), a DM with a link, or nothing"))
    @app_commands.choices(mode=[
        Choice(name=locale_str("mention", context="command name"), value="mention"),
        Choice(name=locale_str("dm", context="command name"), value="dm"),
        Choice(name=locale_str("off", context="command name"), value="off"),
    ])
    async def notify(interaction: discord.Interaction, mode: str) -> None:
        chosen = cast(NoticeMode, mode)  # one of the choices' values
        now = clock()
        await store.set_turn_notice(interaction.user.id, chosen, language=of_user(interaction), now=now)
        await send_private(interaction, mine.notify_set(chosen))

    group.add_command(games)
    group.add_command(notify)
    return group


__all__ = ["extend"]
