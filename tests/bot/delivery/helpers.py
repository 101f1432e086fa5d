"""What the delivery tests share: a match brought to the Samurai's turn, and a player's DMs."""

from __future__ import annotations

import rules
from tests.bot.helpers import Table


async def to_the_samurai_turn(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


def dms(actor) -> list:
    return [] if actor.user.dm_channel is None else actor.user.dm_channel.history()
