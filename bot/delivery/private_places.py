"""A private message of hers whose controls can act no more loses them: a plan preview (a newer one replaced it, or
her plan is in) its Confirm and Cancel, her builder shown in a channel (a newer one replaced it, or her choice is in)
its menus and buttons.

Its words stay; only its controls go. Never retried nor holding anything up: a press on one left standing is
refused with the reason and takes them off then (``GoryoSide.confirm_plan``, ``GoryoSide.builder_update``).
"""

from __future__ import annotations

import logging
from datetime import datetime

import discord

from ..records.places import PrivatePlace
from .failures import SEND_FAILURES, described
from .send import carrier_of, in_dm

log = logging.getLogger(__name__)


def place_of(interaction: discord.Interaction, message_id: int) -> PrivatePlace:
    """Where ``message_id``, a message of hers answering ``interaction``, stands, and what reaches it again."""
    return PrivatePlace(message_id, in_dm(interaction), carrier_of(interaction))


async def take_off(client: discord.Client, goryo_id: int, place: PrivatePlace, now: datetime) -> None:
    """Her DM message is edited in her DMs; an ephemeral one through its interaction, while that can reach it
    (past its 15 minutes no one can, and Discord forgets it when she reloads)."""
    try:
        if place.in_dm:
            await take_off_in_dm(client, goryo_id, place.message_id)
        elif now < place.carrier.expires_at:
            reach = discord.Webhook.partial(place.carrier.application_id, place.carrier.token, client=client)
            await reach.edit_message(place.message_id, view=None)
    except SEND_FAILURES as error:
        log.info("could not take the controls off a message of hers (%s)", described(error))


async def take_off_in_dm(client: discord.Client, goryo_id: int, message_id: int) -> None:
    """Her DM message ``message_id`` loses its controls (Discord's refusal is the caller's to report)."""
    dm = await client.create_dm(discord.Object(goryo_id))
    await dm.get_partial_message(message_id).edit(view=None)
