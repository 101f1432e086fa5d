"""Where her path builder stands: the message of her setup or of her turn that the outbox delivered with it, in her
DMs; or, her DMs shut, the latest one shown to her privately in a channel (stored: only its interaction reaches it)."""

from __future__ import annotations

from datetime import datetime

import discord

import rules

from ..records.outbox import Buttons, OutboxEntry
from ..storage import MatchRecord, Store
from ..ui import builder
from .failures import SEND_FAILURES
from .private_places import place_of, take_off

BUILDER_KINDS = ("setup", "goryo-turn")  # the outbox items that carry her builder
BUILDER_BUTTONS = (Buttons.BUILDER, Buttons.BUILDER_HINT)


async def builder_entry(store: Store, match_id: int) -> OutboxEntry | None:
    """The latest delivered item that carried her builder (her setup's or her turn's), if any."""
    carried = [e for kind in BUILDER_KINDS if (e := await store.last_delivered(match_id, kind))]
    return max(carried, key=lambda e: e.seq, default=None)


async def live_builder(client: discord.Client, store: Store, record: MatchRecord) -> discord.Message | None:
    """Her DM message that carries the builder of her choice now, if one does: None when it is not her turn, or
    when the builder went elsewhere (her DMs shut) or can no longer be read."""
    if not record.is_active or record.state.to_move is not rules.Side.GORYO:
        return None
    entry = await builder_entry(store, record.id)
    if entry is None or entry.message_id is None:
        return None
    try:
        dm = await client.create_dm(discord.Object(record.goryo_id))
        message = await dm.fetch_message(entry.message_id)
    except SEND_FAILURES:
        return None
    return message if builder.carried_by(message, record.id, record.state.round) else None


async def shown_in_channel(
    interaction: discord.Interaction, store: Store, record: MatchRecord, message_id: int, now: datetime
) -> None:
    """Her builder was just shown to her privately in a channel (``message_id``, answering ``interaction``): noted,
    so that it goes once her choice is in; the one shown before it there loses its controls (one at a time, as in
    her DMs: two would each act)."""
    if interaction.guild_id is None:
        return  # her DMs: the outbox's own entry says where it is
    replaced = await store.builder_shown(record.id, place_of(interaction, message_id))
    if replaced is not None and replaced.message_id != message_id:
        await take_off(interaction.client, record.goryo_id, replaced, now)
