"""Turn notices (``/goryo notify``): the Samurai's turn ping as its player chose to hear it.

``mention`` (the default) keeps the ping as it is; ``dm`` posts it in the channel without the
mention and sends the player a DM with a link; ``off`` only drops the mention. Decided when the
action is committed, with the rest of what it owes (``MatchService``), so a retry or a restart
sends the same thing. The Goryō's turn reaches her by DM in every mode: that DM carries her
private board, and no channel message mentions her when her turn begins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import rules
from locales import speaking

from ..records.outbox import OutboxItem, Route
from ..records.played import Played
from ..storage import Store
from ..text import mine


async def with_turn_notices(store: Store, played: Played, items: Sequence[OutboxItem]) -> list[OutboxItem]:
    items = list(items)
    ping = next((item for item in items if item.kind == "ping"), None)
    record = played.after
    if ping is None or record.ai_side is rules.Side.SAMURAI:  # no turn began, or it is the bot's own
        return items
    notice = await store.turn_notice(record.samurai_id)
    if notice.mode == "mention":
        return items
    with speaking(ping.language):
        quiet = mine.samurai_turn_unmentioned(record.state.round)
    # The ping's first line calls the Samurai; its other lines (the deduction aid) stay.
    items[items.index(ping)] = dataclasses.replace(ping, text="\n".join([quiet, *ping.text.split("\n")[1:]]))
    if notice.mode == "dm":
        with speaking(notice.language):
            link = mine.jump_url(record.guild_id, record.channel_id)
            text = mine.samurai_turn_dm(record.id, record.state.round, link)
        items.append(OutboxItem("samurai-turn", Route.SAMURAI, text, language=notice.language))
    return items
