"""What each played action shows, and to whom: the render and reply steps of the pipeline.

Public messages are built from events and the public view only; the Goryō's
private board and secrets go to ``goryo`` or ``actor`` recipients when the
actor is the Goryō.
"""

from __future__ import annotations

import discord

import rules

from . import boards, messages
from .delivery import Courier, Outgoing
from .service import Played
from .storage import MatchRecord


async def end_messages(record: MatchRecord) -> list[Outgoing]:
    """Every ending reaches both players: the channel mentions both, and she is told in her DMs.

    Her DM carries the public final board: at the end everything is revealed, so it is
    the same picture the channel shows, with her bound object on it.
    """
    state = record.state
    assert state.outcome is not None
    board = await boards.final_board(state)
    text = messages.match_end(state.outcome, state.bound, record.goryo_id, record.samurai_id)
    goryo_text = messages.goryo_match_over(state.outcome, state.bound, record.channel_id)
    return [Outgoing("public", text, board), Outgoing("goryo", goryo_text, board)]


async def goryo_turn_messages(record: MatchRecord) -> list[Outgoing]:
    """Her next turn: board and instructions, privately."""
    state = record.state
    text = messages.goryo_turn(state, record.channel_id)
    return [Outgoing("goryo", text, await boards.goryo_board(state))]


class ActionPresenter:
    """Presenter for commands and buttons: renders a played action, replies through a Courier."""

    def __init__(self, bot: discord.Client, interaction: discord.Interaction | None) -> None:
        self.bot = bot
        self.interaction = interaction
        self._courier: Courier | None = None

    async def render(self, played: Played) -> list[Outgoing]:
        after = played.after
        self._courier = Courier(self.bot, after, self.interaction)
        state = after.state
        action = played.action
        out: list[Outgoing] = []
        if isinstance(action, rules.ChooseStart):
            if not state.is_over:
                start = messages.goryo_started(action.space, state.first_type)
                text = f"{start}\n{messages.goryo_turn(state, after.channel_id)}"
                out.append(Outgoing("goryo", text, await boards.goryo_board(state)))
            out.append(Outgoing("public", messages.narrate(played.events), await boards.public_board(state)))
        elif isinstance(action, rules.Plan):
            # The preview message becomes the receipt, with her board as locked (no longer "preview");
            # the channel learns only that she has planned.
            receipt = messages.goryo_plan_locked(action)
            out.append(Outgoing("source", receipt, await boards.goryo_board(state), view=None))
            ping = messages.samurai_turn_ping(after.samurai_id, state.round)
            out.append(Outgoing("public", ping, await boards.public_board(state)))
            return out
        elif isinstance(action, rules.EndSamuraiTurn):
            out.append(Outgoing("public", messages.narrate(played.events), await boards.discovery_board(state)))
            if not state.is_over:
                out.extend(await goryo_turn_messages(after))
        elif isinstance(action, (rules.Move, rules.Search, rules.Sniff)):
            out.append(Outgoing("public", messages.narrate(played.events), await boards.public_board(state)))
        elif isinstance(action, rules.Resign) and self.interaction is not None:
            # Resigning is confirmed with a button: its question becomes the receipt.
            out.append(Outgoing("source", messages.resigned(after.channel_id), view=None))
        if state.is_over:
            out.extend(await end_messages(after))
        return out

    async def reply(self, rendered: list[Outgoing]) -> None:
        assert self._courier is not None, "render comes before reply"
        await self._courier.deliver(rendered)
