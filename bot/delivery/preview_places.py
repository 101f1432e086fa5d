"""A plan preview that can act no more (a newer one replaced it, or her plan is in) loses its Confirm and Cancel.

Its words stay; only its buttons go. Never retried nor holding anything up: a press on a preview left standing is
refused with the reason and takes it off then (``GoryoSide.confirm_plan``).
"""

from __future__ import annotations

import logging
from datetime import datetime

import discord

from ..records.previews import PreviewPlace
from .failures import SEND_FAILURES, described
from .send import carrier_of, in_dm

log = logging.getLogger(__name__)


def place_of(interaction: discord.Interaction, message: discord.Message) -> PreviewPlace:
    """Where ``message``, a preview answering ``interaction``, stands, and what reaches it again."""
    return PreviewPlace(message.id, in_dm(interaction), carrier_of(interaction))


async def take_off(client: discord.Client, goryo_id: int, place: PreviewPlace, now: datetime) -> None:
    """Her DM preview is edited in her DMs; an ephemeral one through its interaction, while that can reach it
    (past its 15 minutes no one can, and Discord forgets it when she reloads)."""
    try:
        if place.in_dm:
            dm = await client.create_dm(discord.Object(goryo_id))
            await dm.get_partial_message(place.message_id).edit(view=None)
        elif now < place.carrier.expires_at:
            reach = discord.Webhook.partial(place.carrier.application_id, place.carrier.token, client=client)
            await reach.edit_message(place.message_id, view=None)
    except SEND_FAILURES as error:
        log.info("could not take an old plan preview's buttons off (%s)", described(error))
