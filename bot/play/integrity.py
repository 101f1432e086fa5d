"""The start-up check: every active match's action log must replay to its stored state.

A match that fails is taken out of play (``Store.mark_damaged``, which frees its
channel) and its channel is told, rather than played on from a state nobody can
vouch for. The reason is logged, never posted: it may name a field that differs,
and the channel should not learn anything about the hidden state from it.
"""

from __future__ import annotations

import logging

import discord

from ..storage import Store
from ..text.faults import match_damaged

log = logging.getLogger(__name__)


async def check_active_matches(bot: discord.Client, store: Store) -> list[int]:
    """Verify every active match; mark and announce the damaged ones. Their ids."""
    damaged = []
    matches = await store.active_match_places()
    for match_id, channel_id, guild_id in matches:
        try:
            reason = await store.verify(match_id)
        except Exception as error:  # noqa: BLE001  # whatever it is, the match can't be vouched for
            reason = f"the check itself failed ({type(error).__name__})"
        if reason is None:
            continue
        if not await store.mark_damaged(match_id, reason):
            continue  # another process found it first, and tells the channel
        damaged.append(match_id)
        try:
            channel = bot.get_partial_messageable(channel_id, guild_id=guild_id)
            await channel.send(match_damaged(match_id))
        except discord.HTTPException as error:
            log.warning("match %d: could not tell its channel it is damaged (%s)", match_id, error.status)
    log.info("start-up check: %d active match(es), %d damaged", len(matches), len(damaged))
    return damaged
