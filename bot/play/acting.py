"""What every command and button on a match shares: finding its match, playing an action, delivering what it owes.

Commands parse their options with the rules' notation, find the match they are about (``match``), and hand an
action to ``MatchService.play`` (``act``), which stores it with what it owes to people; the deliverer then sends
that, answering the interaction first. Anything that draws a picture acknowledges Discord before it draws.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

import rules

from ..delivery.deliverer import Deliverer
from ..records.played import Played
from ..storage import MatchRecord, Store
from ..text import languages
from ..text.refusal import Refusal
from .guards import in_guild
from .service import MatchService

Unless = Callable[[MatchRecord], Awaitable[Refusal | None]]
Fits = Callable[[MatchRecord], bool]


class Acting:
    """``played`` hears of every match an action moved, once its answer is sent (the bot's seat: its turn may be next).
    """

    def __init__(self, store: Store, service: MatchService, deliverer: Deliverer,
                 played: Callable[[MatchRecord], None]) -> None:
        self.store = store
        self.service = service
        self.deliverer = deliverer
        self.played = played

    async def match(
        self, interaction: discord.Interaction, match_id: int | None, side: rules.Side | None = None,
        fits: Fits | None = None,
    ) -> MatchRecord:
        """The match the interaction is about (``find``), with the languages it says noted."""
        return await self.note_languages(interaction, await self.find(interaction, match_id, side, fits))

    async def find(
        self, interaction: discord.Interaction, match_id: int | None, side: rules.Side | None = None,
        fits: Fits | None = None,
    ) -> MatchRecord:
        """The match the interaction is about: ``match_id``, or the one its place and user say (``fits``: the one
        the command can act on, when only one of the user's can); else a refusal."""
        return await self.service.match_for(
            interaction.user.id, interaction.channel_id, in_guild(interaction), match_id, side, fits
        )

    async def note_languages(self, interaction: discord.Interaction, record: MatchRecord) -> MatchRecord:
        """The match as this interaction says its languages are now; stored if they changed (rarely).

        Actions store them with themselves; this covers her ``/goryo board`` from a client whose
        language changed, say, so that her next reminder is in her new language.
        """
        heard = languages.heard(interaction).applied_to(record)
        if (heard.server_language, heard.goryo_language) != (record.server_language, record.goryo_language):
            await self.store.set_languages(
                record.id, server_language=heard.server_language, goryo_language=heard.goryo_language
            )
        return heard

    async def act(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: rules.Action,
        *,
        version: int | None = None,
        receipt: str | None = None,
        unless: Unless | None = None,
        preview: int | None = None,
    ) -> Played:
        """Play ``action`` for whoever interacted, then deliver what it owes, answering them first.

        ``receipt``: what the clicked message (a question with buttons) becomes once the action is stored;
        ``preview``: the plan preview a Confirm came from (see ``MatchService.play``).
        """
        played = await self.service.play(
            match_id, interaction.user.id, action, expected_version=version, unless=unless,
            heard=languages.heard(interaction), preview=preview,
        )
        await self.deliverer.answer(interaction, played.after, played.outbox, receipt)
        self.played(played.after)  # after the answer: the bot's reply never holds up theirs
        return played
