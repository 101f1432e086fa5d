"""What each played action owes to people, as outbox items: decided before the commit, sent after.

Public items are built from events and the public view only; the Goryō's private
board and secrets go only to the ``goryo`` route (``OutboxItem`` refuses
otherwise). Pictures are named here and drawn by the deliverer.

During a Samurai turn the channel keeps one live board message (posted with the
turn's ping, edited after each action) while each action's words are a new text
message; the Discovery and each new round get new messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import rules
from rules import layout

from ..records.hints import allows_hints
from ..records.outbox import Buttons, OutboxItem, Picture, Route, builder_off, panel_off
from ..records.played import Played
from ..storage import MatchRecord
from ..text.goryo_dms import goryo_plan_locked, goryo_started, goryo_turn
from ..text.languages import for_readers
from ..text.match import (
    actions_unused,
    aid_turn_start,
    board_caption,
    goryo_match_over,
    match_end,
    samurai_turn_over_now,
    samurai_turn_ping,
    samurai_turn_ran_out,
)
from ..text.narration import narrate
from .assist import aid_of, aid_words, round_summary

SAMURAI_STEPS = (rules.Move, rules.Search, rules.Sniff, rules.Undo)


def end_items(record: MatchRecord) -> list[OutboxItem]:
    """Every ending reaches both players: the channel mentions both, and she is told in her DMs.

    Her DM carries the public final board: at the end everything is revealed, so it is
    the same picture the channel shows, with her bound object on it.
    """
    state = record.state
    assert state.outcome is not None
    text = match_end(state.outcome, state.bound, record.goryo_id, record.samurai_id)
    goryo_text = goryo_match_over(state.outcome, state.bound, record.channel_id)
    # Either player may ask for a rematch from the channel's end message (not after a match was called off).
    rematch = None if state.outcome.winner is None else Buttons.REMATCH
    return [
        OutboxItem("end", Route.PUBLIC, text, Picture.FINAL, answer=True, buttons=rematch),
        OutboxItem("goryo-end", Route.GORYO, goryo_text, Picture.FINAL, answer=True),
    ]


def builder_buttons(record: MatchRecord) -> Buttons:
    """Her path builder, with a Hint button where the match allows hints."""
    return Buttons.BUILDER_HINT if allows_hints(record) else Buttons.BUILDER


def panel_buttons(record: MatchRecord) -> Buttons:
    """The Samurai's panel, with a Hint button where the match allows hints."""
    return Buttons.PANEL_HINT if allows_hints(record) else Buttons.PANEL


def goryo_turn_item(record: MatchRecord) -> OutboxItem:
    """Her next turn: board and instructions, privately."""
    return OutboxItem("goryo-turn", Route.GORYO, goryo_turn(record.state, record.channel_id), Picture.GORYO,
                      buttons=builder_buttons(record))


def with_aid(text: str, record: MatchRecord) -> str:
    """``text`` and, when the match shows the deduction aid, its count in words on a line of its own."""
    said = aid_words(record.state, record.assist)
    return text if said is None else f"{text}\n{said}"


def turn_ran_out(played: Played) -> bool:
    """The Samurai's turn ended by itself: nothing legal was left to them."""
    return isinstance(played.action, rules.EndSamuraiTurn) and not rules.legal_samurai_actions(played.before.state)


def outbox_for(played: Played) -> list[OutboxItem]:
    after = played.after
    state = after.state
    action = played.action
    out: list[OutboxItem] = []
    if played.before.state.phase is rules.Phase.SAMURAI_TURN and state.phase is not rules.Phase.SAMURAI_TURN:
        # The turn is over (ended, or the match with it): its board's panel goes before anything is said.
        out.append(panel_off())
    if isinstance(action, (rules.ChooseStart, rules.Plan)) or (
            state.is_over and played.before.state.to_move is rules.Side.GORYO):
        out.append(builder_off())  # the builder of the choice she just made (or can make no more) acts no more
    if isinstance(action, rules.ChooseStart):
        if not state.is_over:
            start = goryo_started(action.space, state.first_type)
            text = f"{start}\n{goryo_turn(state, after.channel_id)}"
            out.append(OutboxItem("goryo-turn", Route.GORYO, text, Picture.GORYO, answer=True,
                                  buttons=builder_buttons(after)))
        out.append(OutboxItem("narration", Route.PUBLIC, narrate(played.events), Picture.PUBLIC, answer=True))
    elif isinstance(action, rules.Plan):
        # Her preview becomes the receipt, with her board as locked; the channel learns only that she has
        # planned, and the ping's board is the live board of the Samurai turn.
        out.append(OutboxItem("receipt", Route.GORYO, goryo_plan_locked(action), Picture.GORYO, answer=True))
        ping = samurai_turn_ping(after.samurai_id, state.round)
        if (aid := aid_of(state, after.assist)) is not None:  # the ping stays while its picture is redrawn
            ping = f"{ping}\n{aid_turn_start(aid.paths_possible)}"
        out.append(OutboxItem("ping", Route.LIVE, ping, Picture.PUBLIC, buttons=panel_buttons(after)))
    elif isinstance(action, rules.EndSamuraiTurn):
        text = narrate(played.events)
        if turn_ran_out(played):
            text = f"{samurai_turn_ran_out()}\n{text}"
        elif (unused := layout.SAMURAI_ACTION_CUBES - played.before.state.actions_used) > 0:
            text = f"{text}\n{actions_unused(unused)}"
        if (summary := round_summary(played.before.state)) is not None:  # for both players, aid or not
            text = f"{text}\n{summary}"
        out.append(OutboxItem("discovery", Route.PUBLIC, text, Picture.DISCOVERY, answer=True))
        if not state.is_over:
            out.append(goryo_turn_item(after))
    elif isinstance(action, SAMURAI_STEPS):
        text = narrate(played.events)
        if isinstance(action, (rules.Search, rules.Sniff)):  # an answer came in: the aid's count may have changed
            text = with_aid(text, after)
        if not state.is_over and not rules.legal_samurai_actions(state):  # it ends by itself now: never a surprise
            text = f"{text}\n{samurai_turn_over_now(by_the_bot=after.ai_side is rules.Side.SAMURAI)}"
        out.append(OutboxItem("narration", Route.PUBLIC, text, answer=True))
        if not state.is_over:
            out.append(OutboxItem("live", Route.LIVE, board_caption(after.channel_id, state.round), Picture.PUBLIC,
                                  buttons=panel_buttons(after)))
    if state.is_over:
        out.extend(end_items(after))
    return out


def in_their_languages(announce: Callable[[Played], Sequence[OutboxItem]]) -> Callable[[Played], list[OutboxItem]]:
    """``announce`` with each item in its reader's language: the channel's in the match's server language,
    the Goryō's in hers (as the match stores them, refreshed by the action's interaction)."""

    def announced(played: Played) -> list[OutboxItem]:
        record = played.after
        return for_readers(lambda: announce(played), record.server_language, record.goryo_language)

    return announced
