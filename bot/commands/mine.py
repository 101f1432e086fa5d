"""A player's own commands, about themselves rather than one match: ``/goryo games`` and ``/goryo notify``.

Added to the ``/goryo`` group by ``extend`` (in ``bot.app``), so the group's module stays as it is.
Everything here answers privately, in servers and in DMs alike.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from ..delivery.send import send_private
from ..play.languages import of_user
from ..storage import MatchRecord, NoticeMode
from ..text import mine


def _line(record: MatchRecord, user_id: int, turns, limit) -> str:
    side = record.player_side(user_id)
    assert side is not None
    to_move = record.state.to_move
    assert to_move is not None  # active matches always have a side to move
    return mine.game_line(
        record.id, mine.jump_url(record.guild_id, record.channel_id), side, record.state.round, to_move,
        turns.deadline(record, limit), up=turns.time_is_up(record, limit), bot_moves=to_move is record.ai_side,
    )


@app_commands.command(name=locale_str("games", context="command name"),
                      description=locale_str("Your matches in progress in every server, with links (only you see it)"))
async def games(interaction: discord.Interaction) -> None:
    user_id = interaction.user.id
    turns = interaction.client.turns  # type: ignore[attr-defined]
    listed = []
    for record in await interaction.client.store.active_matches_of(user_id):  # type: ignore[attr-defined]
        if record.state.to_move is None:
            continue
        limit = await turns.limit_of(record)  # the one it started under
        # Matches waiting for the caller first, then by how soon the side to move runs out of time.
        urgency = (record.state.to_move is not record.player_side(user_id), record.turn_started_at + limit, record.id)
        listed.append((urgency, _line(record, user_id, turns, limit)))
    await send_private(interaction, mine.games_list([line for _, line in sorted(listed)]))


@app_commands.command(name=locale_str("notify", context="command name"),
                      description=locale_str("How I tell you your turn has begun: a mention, a DM, or nothing"))
@app_commands.rename(mode=locale_str("mode", context="command name"))
@app_commands.describe(mode=locale_str("A mention in the match's channel (the default), a DM with a link, or nothing"))
@app_commands.choices(mode=[
    Choice(name=locale_str("mention", context="command name"), value="mention"),
    Choice(name=locale_str("dm", context="command name"), value="dm"),
    Choice(name=locale_str("off", context="command name"), value="off"),
])
async def notify(interaction: discord.Interaction, mode: str) -> None:
    chosen: NoticeMode = mode  # type: ignore[assignment]  # one of the choices' values
    game = interaction.client.game  # type: ignore[attr-defined]
    await game.store.set_turn_notice(interaction.user.id, chosen, language=of_user(interaction), now=game.service.clock())
    await send_private(interaction, mine.notify_set(chosen))


def extend(group: app_commands.Group) -> app_commands.Group:
    """``group`` with this module's commands added."""
    group.add_command(games)
    group.add_command(notify)
    return group


__all__ = ["extend", "games", "notify"]
