"""The private parts of discord.py the bot relies on, all in this one module.

discord.py keeps no promise about names that start with an underscore or about modules it does not
document, so a release may change one without warning. Everything else in ``bot/`` calls these
wrappers instead; ``tests/bot/test_discord_private.py`` checks each one against the installed
discord.py and names the one an upgrade broke. What each is for:

- ``CommandTree._call``: the one entry every slash command, autocomplete and their error handler
  pass through; ``ContextTree.around`` wraps it (the bot runs each in the user's language), and
  ``ContextTree.received`` inside that (counted, timed, refused while the bot stops).
- ``Interaction._cs_response``: where an interaction keeps its ``response``; ``replace_response`` puts
  one there that notes the moment of the first answer (the metrics' time to first response).
- ``async_context``, ``handle_message_parameters`` and ``HTTPClient.__session``: an interaction's
  original response reached with its stored token after a restart, when no ``Interaction``
  object exists any more (the two calls ``Interaction.original_response`` and
  ``edit_original_response`` make, the way ``discord.Webhook.from_state`` gets its session).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

if TYPE_CHECKING:  # discord.types cannot be imported first at run time (its modules import each other)
    import simcord
    from discord.types.message import Message as MessagePayload


class ContextTree(app_commands.CommandTree):
    """A command tree that runs each command, its autocomplete and its error handler inside ``around``."""

    def around(self, interaction: discord.Interaction) -> AbstractContextManager[object]:
        return nullcontext()

    async def received(self, interaction: discord.Interaction, call: Callable[[], Awaitable[None]]) -> None:
        """Each interaction's handling (``call``), to be wrapped: counted, timed, refused while stopping."""
        await call()

    async def _call(self, interaction: discord.Interaction) -> None:
        with self.around(interaction):
            await self.received(interaction, lambda: super(ContextTree, self)._call(interaction))


RESPONSE_SLOT = "_cs_response"  # where ``Interaction.response`` (a cached slot property) keeps its object


def replace_response(interaction: discord.Interaction, response: discord.InteractionResponse[Any]) -> None:
    """Make ``response`` the interaction's ``response`` (a subclass that notes when it is first used)."""
    setattr(interaction, RESPONSE_SLOT, response)


SESSION = "_HTTPClient__session"  # ``HTTPClient.__session``, as Python mangles the private name


def http_session(client: discord.Client) -> aiohttp.ClientSession:
    """The client's own HTTP session (discord.py keeps it private; ``Webhook.from_state`` reads it the same way)."""
    session: aiohttp.ClientSession = getattr(client.http, SESSION)
    return session


async def original_response(client: discord.Client, application_id: int, token: str) -> MessagePayload:
    """An interaction's original response message, from its token; ``discord.NotFound`` if there is none."""
    http = client.http
    return await async_context.get().get_original_interaction_response(
        application_id, token, session=http_session(client), proxy=http.proxy, proxy_auth=http.proxy_auth,
    )


async def edit_original_response(
    client: discord.Client, application_id: int, token: str, *, content: str, files: Sequence[discord.File],
    embeds: Sequence[discord.Embed], view: discord.ui.View | None, allowed_mentions: discord.AllowedMentions,
) -> MessagePayload:
    """Replace an interaction's original response, from its token; the message as Discord returns it."""
    http = client.http
    with handle_message_parameters(
        content=content, attachments=list(files), embeds=list(embeds), view=view, allowed_mentions=allowed_mentions,
    ) as params:
        data = await async_context.get().edit_original_interaction_response(
            application_id, token, session=http_session(client), proxy=http.proxy, proxy_auth=http.proxy_auth,
            payload=params.payload, multipart=params.multipart, files=params.files,
        )
    return data


def timers_wait_for_the_clock(from_seconds: float) -> type[simcord.Env]:
    """SimCord's ``Env`` class whose bot timers of ``from_seconds`` or more have no wall-clock fallback.

    SimCord settles each operation by waiting for the bot's timers that fall due within its settle
    timeout, each armed twice: on its virtual clock and, as a fallback, in real time. Without the
    fallback such a timer counts as parked: the operation returns, and the timer fires when the clock
    is advanced.
    """
    import simcord  # the sandbox's and the tests' dependency, not the bot's: imported only when asked for

    class ClockTimedEnv(simcord.Env):
        def _schedule_timer(self, record: Any, callback: Any, args: tuple[Any, ...], schedule_context: Any) -> None:
            super()._schedule_timer(record, callback, args, schedule_context)
            real = record.real_handle
            if real is not None and record.when - self._virtual_time >= from_seconds:
                real.cancel()
                record.real_handle = None

    return ClockTimedEnv
