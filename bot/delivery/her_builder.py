"""Where her path builder stands: the message of her setup or of her turn that the outbox delivered with it."""

from __future__ import annotations

import discord

import rules

from ..records.outbox import OutboxEntry
from ..storage import MatchRecord, Store
from ..ui import builder
from .failures import SEND_FAILURES

BUILDER_KINDS = ("setup", "goryo-turn")  # the outbox items that carry her builder


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
