"""The language each player last used with the bot, for what reaches them later on their own.

A player's DMs and notices speak the language of their Discord client as they last used the bot
(issue 34): the Samurai's turn notice by DM (``/goryo notify mode:dm``) is composed in the language
stored with that choice, and the Goryō's turn DMs in the one stored on her match. Any interaction
refreshes both when the user's language changed; only a change costs a query.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime

from ..storage import Store

log = logging.getLogger(__name__)

REMEMBERED = 10_000  # users whose last language is kept in memory; the rest are asked of the store again


class Speakers:
    def __init__(self, store: Store, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.clock = clock
        self._last: OrderedDict[int, str] = OrderedDict()

    async def heard(self, user_id: int, language: str) -> None:
        """``user_id`` just used the bot in ``language``: what reaches them later speaks it."""
        if self._last.get(user_id) == language:
            self._last.move_to_end(user_id)
            return
        notice = await self.store.turn_notice(user_id)
        if notice.mode != "mention" and notice.language != language:  # a mention sends no words of its own
            await self.store.set_turn_notice(user_id, notice.mode, language=language, now=self.clock())
        for record in await self.store.active_matches_of(user_id):
            if record.goryo_id == user_id and record.goryo_language != language:
                await self.store.set_languages(
                    record.id, server_language=record.server_language, goryo_language=language
                )
        self._last[user_id] = language
        if len(self._last) > REMEMBERED:
            self._last.popitem(last=False)
