"""Every interaction passes here first: counted by command and outcome, timed to its first response,
and, once the bot is stopping, refused with a word to try again shortly.

``setup_hook`` builds one ``Reception`` and hands it to the command tree (``GoryoTree.receive_with``)
and to the persistent items (``Reception.wrapped``); ``GoryoBot.close`` asks it to stop taking new
interactions and waits until those in hand are answered (``settled``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord

from locales import language_of, speaking

from ..discord_private import replace_response
from ..metrics import Metrics
from ..metrics.logs import interaction_context
from ..text.faults import restarting
from .refusals import OUTCOME, send_refusal

log = logging.getLogger(__name__)

Clickable = type[discord.ui.DynamicItem[Any]]


class TimedResponse(discord.InteractionResponse[discord.Client]):
    """An interaction's response that tells, once, how long after its arrival it was first answered."""

    def __init__(self, parent: discord.Interaction[discord.Client], noted: Callable[[float], None]) -> None:
        super().__init__(parent)
        self._arrived = time.perf_counter()
        self._noted: Callable[[float], None] | None = noted

    async def _answering(self, answer: Awaitable[Any]) -> Any:
        result = await answer
        if self._noted is not None:  # the first answer: how long after its arrival
            self._noted(time.perf_counter() - self._arrived)
            self._noted = None
        return result

    async def defer(self, *args: Any, **kwargs: Any) -> Any:
        return await self._answering(super().defer(*args, **kwargs))

    async def send_message(self, *args: Any, **kwargs: Any) -> Any:
        return await self._answering(super().send_message(*args, **kwargs))

    async def edit_message(self, *args: Any, **kwargs: Any) -> Any:
        return await self._answering(super().edit_message(*args, **kwargs))

    async def send_modal(self, *args: Any, **kwargs: Any) -> Any:
        return await self._answering(super().send_modal(*args, **kwargs))

    async def autocomplete(self, *args: Any, **kwargs: Any) -> None:
        await self._answering(super().autocomplete(*args, **kwargs))


def command_of(interaction: discord.Interaction) -> str:
    """What the interaction asks, as a metric's label: the command's name, or the button's kind
    (``goryo:challenge``, its custom id's first two parts: never a match's or a user's number)."""
    if interaction.type is discord.InteractionType.component:
        data = interaction.data
        custom_id = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
        return ":".join(custom_id.split(":")[:2]) or "component"
    command = interaction.command
    name = command.qualified_name if command is not None else "unknown"
    return f"{name} (autocomplete)" if interaction.type is discord.InteractionType.autocomplete else name


class Reception:
    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self.closing = False
        self._in_hand = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def handle(self, interaction: discord.Interaction, run: Callable[[], Awaitable[None]]) -> None:
        """Run what the interaction asks (``run``), or, while stopping, tell its user to try again shortly."""
        replace_response(interaction, TimedResponse(interaction, self.metrics.responded))
        command = command_of(interaction)
        with interaction_context(interaction):
            if self.closing:
                self.metrics.interaction(command, "stopping")
                await self._turn_away(interaction)
                return
            self._in_hand += 1
            self._idle.clear()
            try:
                await run()
            except BaseException:
                interaction.extras[OUTCOME] = "failed"
                raise
            finally:
                self._in_hand -= 1
                if not self._in_hand:
                    self._idle.set()
                self.metrics.interaction(command, str(interaction.extras.get(OUTCOME, "ok")))

    async def _turn_away(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.autocomplete:
            return  # no choices: the command itself will be answered
        try:
            with speaking(language_of(interaction.locale)):
                await send_refusal(interaction, restarting())
        except discord.HTTPException:
            log.info("could not tell a user the bot is stopping")

    def close(self) -> None:
        """Take no new interactions from now on."""
        self.closing = True

    async def settled(self) -> None:
        """Once every interaction in hand is answered."""
        await self._idle.wait()

    def wrapped(self, items: Iterable[Clickable]) -> tuple[Clickable, ...]:
        """The persistent items, each click passing here before its callback."""
        return tuple(self._wrap(item) for item in items)

    def _wrap(self, item: Clickable) -> Clickable:
        reception = self

        async def callback(clicked: discord.ui.DynamicItem[Any], interaction: discord.Interaction) -> None:
            await reception.handle(interaction, lambda: item.callback(clicked, interaction))

        # A subclass with the same template: discord.py builds it from a click's custom id as it did the item.
        received: Clickable = type(item.__name__, (item,), {"callback": callback},
                                   template=item.__discord_ui_compiled_template__)
        return received
