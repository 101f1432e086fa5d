"""Sending helpers shared by every part of the bot: one send's options, private answers.

What a committed action owes to people is sent by ``deliverer`` from the outbox.
"""

from __future__ import annotations

from typing import Any

import discord

from ..records.outbox import Carrier
from ..storage import MatchRecord
from .boards import Board, embeds_of

# Also the client's default (``GoryoBot``): a message pings no one unless it names whom it means to ping,
# so a refusal quoting what was typed can't ping anyone, let alone @everyone, @here or a role.
QUIET = discord.AllowedMentions.none()


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Pings for these members only, whatever else the text holds."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user_id) for user_id in user_ids])


def pinging_players(record: MatchRecord) -> discord.AllowedMentions:
    """What a match posts in its channel may ping its two players (their turn, the end), no one else."""
    return pinging(record.goryo_id, record.samurai_id)


def message_options(board: Board | None = None, view: discord.ui.View | None = None, *,
                    mentions: discord.AllowedMentions = QUIET, **extra: object) -> dict[str, Any]:
    """The keyword arguments of one send: whom it may ping (no one by default), the board as a fresh file
    with its facts, the buttons."""
    options: dict[str, Any] = {"allowed_mentions": mentions, **extra}
    if board is not None:
        options["file"] = board.file()
        options["embeds"] = embeds_of(board)
    if view is not None:
        options["view"] = view
    return options


def in_dm(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is None


async def send_private(interaction: discord.Interaction, text: str, *, board: Board | None = None,
                       view: discord.ui.View | None = None) -> discord.Message | None:
    """Answer the interaction's user privately: ephemeral in a server, a plain reply in DMs. The message sent,
    when it came after a first response (a first response itself is not fetched back)."""
    kwargs = message_options(board, view, ephemeral=not in_dm(interaction))
    if interaction.response.is_done():
        return await follow_up(interaction, text, **kwargs)
    await interaction.response.send_message(text, **kwargs)
    return None


# Set in an interaction's extras once its "thinking…" message has been replaced: the next message is a new followup.
REPLACED = "goryo.original_replaced"


def _still_thinking(interaction: discord.Interaction) -> bool:
    """True the first time only, for an interaction answered by a "thinking…" defer."""
    if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message \
            or interaction.extras.get(REPLACED):
        return False
    interaction.extras[REPLACED] = True
    return True


async def follow_up(interaction: discord.Interaction, text: str | None = None, **options: Any) -> discord.Message:
    """A message after the first response. After a "thinking…" defer the first one replaces that loading message
    by editing the original response: Discord documents finishing it with a plain followup as deprecated
    (Create Followup Message). Any later one is a new followup message."""
    if _still_thinking(interaction):
        return await _replace_thinking(interaction, text, **options)
    return await interaction.followup.send(text or "", wait=True, **options)


async def _replace_thinking(interaction: discord.Interaction, text: str | None, **options: Any) -> discord.Message:
    files = list(options.pop("files", None) or []) + ([options.pop("file")] if options.get("file") else [])
    options.pop("file", None)
    options.pop("ephemeral", None)  # kept as the defer said: a message's privacy cannot change
    options.pop("wait", None)
    return await interaction.edit_original_response(content=text, attachments=files, **options)


async def follow_up_privately(interaction: discord.Interaction, text: str, *, thinking_private: bool = False,
                              **options: Any) -> discord.Message:
    """A private message after the first response. After a private "thinking…" (``thinking_private``) it replaces
    that loading message; after a public one, editing it would say the words to everyone, so it is ended with a
    bare mark and taken away first (deleting it while it still thinks is not enough: Discord has answered the next
    followup with Unknown Message then)."""
    if _still_thinking(interaction):
        if thinking_private:
            return await _replace_thinking(interaction, text, **options)
        try:
            await interaction.edit_original_response(content="…")
            await interaction.delete_original_response()
        except discord.NotFound:
            pass  # already gone: nothing public to take away
    options["ephemeral"] = not in_dm(interaction)
    return await interaction.followup.send(text, wait=True, **options)


def carrier_of(interaction: discord.Interaction, replaces: int | None = None) -> Carrier:
    """What reaches ``interaction``'s answers again, from another process too, for its 15 minutes (``replaces``:
    the clicked message its answer replaces, if it does)."""
    return Carrier(interaction.application_id, interaction.token, interaction.expires_at, interaction.id,
                   interaction.channel_id, replaces)


async def acknowledge_privately(interaction: discord.Interaction) -> None:
    """Tell Discord at once that a private answer is coming (before drawing a picture)."""
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True, ephemeral=not in_dm(interaction))
