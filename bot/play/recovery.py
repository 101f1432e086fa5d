"""At start-up, what a crash left unfinished: turns with nothing legal to do ended, unshown challenges
forgotten, the outbox sent, and the bot's interrupted turns resumed."""

from __future__ import annotations

import rules

from ..delivery.deliverer import Deliverer
from ..storage import Store
from .aiplay import AiPlayer
from .service import MatchService


async def recover(store: Store, service: MatchService, deliverer: Deliverer, ai: AiPlayer) -> None:
    """End turns a crash left with nothing legal to do, forget unshown challenges, send the outbox, resume the bot."""
    await store.drop_unposted_challenges()
    for record in await store.active_matches():
        if record.state.phase is rules.Phase.SAMURAI_TURN:
            async with service.lock(record.id):
                await service.end_a_finished_turn(record)
    await deliverer.sweep(everything=True)
    # The bot's turns a restart interrupted: each process resumes those in its own shards' servers
    # (two would only think twice: the version check lets one move in).
    shards = deliverer.shards
    ai.resume([r for r in await store.active_matches() if shards is None or shards.holds(r.guild_id)])
