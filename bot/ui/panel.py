"""The Samurai's panel on the live board: pick an action instead of typing it.

During a Samurai turn the live board carries a **Move…**, a **Sniff…** and a **Search with…** select, each
listing every action of its kind that ``rules.legal_samurai_actions`` allows now, and an **End turn**
button. One choice is one action, played by ``Game.panel_action`` through the same pipeline and with
the same public words as the slash command. The panel is rebuilt from the state each time the live
board is posted anew (after each action, the previous board deleted), so its options are those of the latest action.

Everything a click needs is in its ``custom_id`` (``goryo:panel:12:3:move``: match 12, the turn of
round 3) and the option's value (``green:C2``), so the panel works after a restart. A click on a panel
drawn before the latest action is checked against the match as it is now: played if still legal,
refused privately with the reason if not (so it is never played twice); a panel of a turn that is
over is refused and taken off its message.

Its words (option labels, what each Samurai has left, who may still act) are in the language of the
live board, the server's: the deliverer builds it while speaking that language.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Self

import discord

import rules
from locales import _, ngettext
from rules import layout
from words.facts import at_most_twice
from words.glance import listed
from words.phrases import SAMURAI_COLOURS

from ..text.spaces import space_label
from .custom_ids import one_of
from .hint import HintButton


class Pick(StrEnum):
    """The panel's menus, one a kind of action: the last part of a menu's custom_id, so these words never change
    (panels already posted must keep working after an upgrade)."""

    MOVE = "move"
    SNIFF = "sniff"
    SEARCH = "search"


ACTIONS: dict[Pick, type[rules.Move | rules.Sniff | rules.Search]] = {
    Pick.MOVE: rules.Move, Pick.SNIFF: rules.Sniff, Pick.SEARCH: rules.Search,
}
_TEMPLATE = r"goryo:panel:(?P<match>[0-9]{1,19}):(?P<round>[0-9]{1,2})"
SELECT_ID = _TEMPLATE + rf":(?P<kind>{one_of(Pick)})"
END_ID = _TEMPLATE + r":end"
# The move an Undo takes back, named (cubes placed, who moved, where he stands): a doubled or stale click names a
# move that is no longer the last, and is refused.
UNDO_ID = _TEMPLATE + r":undo:(?P<key>[0-9]{1,2}[a-z]{1,6}[A-F][1-6])"


def undo_key(state: rules.GameState) -> str | None:
    """What an Undo button pressed now names: the move it would take back, or None when there is none."""
    if not state.takeable:
        return None
    samurai = state.takeable[-1].samurai
    return f"{state.actions_used}{samurai.value}{rules.space_name(state.samurai_space(samurai))}"


def _colour(samurai: rules.Samurai) -> str:
    return _(SAMURAI_COLOURS[samurai])


def action_value(action: rules.SamuraiAction) -> str:
    """``green:C2`` (a move or a sniff), ``green`` (a search): what an option sends."""
    if isinstance(action, rules.Move):
        return f"{action.samurai.value}:{rules.space_name(action.to)}"
    if isinstance(action, rules.Sniff):
        return f"{action.samurai.value}:{rules.space_name(action.space)}"
    return action.samurai.value


def action_from(kind: Pick, value: str) -> rules.SamuraiAction:
    """The action an option's value stands for; the rules refuse anything malformed with a reason."""
    name, _sep, space = value.partition(":")
    samurai = rules.samurai_named(name)
    if kind is Pick.MOVE:
        return rules.Move(samurai, rules.parse_space(space))
    if kind is Pick.SNIFF:
        return rules.Sniff(samurai, rules.parse_space(space))
    return rules.Search(samurai)


def _label(action: rules.SamuraiAction, state: rules.GameState) -> str:
    if isinstance(action, rules.Move):
        return f"{_colour(action.samurai)} → {space_label(action.to)}"
    if isinstance(action, rules.Sniff):
        # Translators: a choice in the Sniff… menu, like "Green sniffs C3 · Urn".
        return _("{colour} sniffs {space}").format(colour=_colour(action.samurai), space=space_label(action.space))
    at = state.samurai_space(action.samurai)
    # Translators: a choice in the Search with… menu, like "Green searches B2 · Fan".
    return _("{colour} searches {space}").format(colour=_colour(action.samurai), space=space_label(at))


def _what_it_leads_to(action: rules.SamuraiAction, state: rules.GameState) -> str:
    """What choosing ``action`` leaves of the turn: who it calls (and who is then done), and what its Samurai has
    left after it, or that the turn then ends. Said of the turn after the choice, never before it."""
    samurai = action.samurai
    after = rules.apply(state, action).state
    legal_after = rules.legal_samurai_actions(after)
    call = after.current_call
    assert call is not None and call.samurai is samurai  # his action placed its cube on his call
    left = min(after.actions_per_samurai - call.actions, layout.SAMURAI_ACTION_CUBES - after.actions_used)
    if not legal_after:
        # Translators: after a choice in the panel: nothing legal is left, so the turn ends with it.
        then = _("the turn then ends")
    elif left <= 0 or not any(a.samurai is samurai for a in legal_after):
        # Translators: after a choice in the panel: this Samurai can act no more this turn.
        then = _("{colour} is then done").format(colour=_colour(samurai))
    else:
        then = ngettext("then {colour} has {count} action left", "then {colour} has {count} actions left",
                        left).format(colour=_colour(samurai), count=left)
    current = state.current_call
    if current is not None and current.samurai is not samurai:
        # Translators: choosing another Samurai ends the part of the one acting now; {then} says what follows.
        return _("Calls {colour}: {current} is then done · {then}").format(
            colour=_colour(samurai), current=_colour(current.samurai), then=then)
    if current is None:
        # Translators: choosing a Samurai when none is acting yet; {then} says what he has left after it.
        return _("Calls {colour} · {then}").format(colour=_colour(samurai), then=then)
    return then


def summary(state: rules.GameState) -> str:
    """``4 actions left of 6 · Red and Blue may still act · Green is done`` (and advanced mode's limit)."""
    cubes = layout.SAMURAI_ACTION_CUBES
    left = cubes - state.actions_used
    able = []
    for samurai in rules.Samurai:
        if any(a.samurai is samurai for a in rules.legal_samurai_actions(state)):
            able.append(_colour(samurai))
    done = [_colour(c.samurai) for c in state.calls if _colour(c.samurai) not in able]
    # Translators: the turn's action cubes not yet used, of 6: "1 action left of 6", "4 actions left of 6".
    parts = [ngettext("{left} action left of {cubes}", "{left} actions left of {cubes}", left).format(
        left=left, cubes=cubes)]
    if able:
        parts.append(ngettext("{names} may still act", "{names} may still act", len(able)).format(
            names=listed(able)))
    if done:
        parts.append(ngettext("{names} is done", "{names} are done", len(done)).format(names=listed(done)))
    if state.advanced:
        parts.append(at_most_twice())
    return " · ".join(parts)


def _placeholder(text: str) -> str:
    return text if len(text) <= 150 else text[:149] + "…"


def panel_view(match_id: int, state: rules.GameState | None, *, hint: bool = False) -> discord.ui.View | None:
    """The panel for ``state``, or None when the Samurai have nothing to choose (their turn is over); with a Hint
    button where the match allows hints."""
    if state is None or state.is_over or state.phase is not rules.Phase.SAMURAI_TURN:
        return None
    legal = rules.legal_samurai_actions(state)
    if not legal:
        return None
    view = discord.ui.View(timeout=None)
    said = summary(state)
    placeholders = {Pick.MOVE: _("Move…"), Pick.SNIFF: _("Sniff…"), Pick.SEARCH: _("Search with…")}
    first = True
    for kind, action_type in ACTIONS.items():
        actions = [a for a in legal if isinstance(a, action_type)]
        if not actions:
            continue
        options = [
            discord.SelectOption(label=_label(a, state)[:100], value=action_value(a),
                                 description=_what_it_leads_to(a, state)[:100])
            for a in actions[:25]
        ]
        placeholder = placeholders[kind] + (f" ({said})" if first else "")
        view.add_item(PanelSelect(match_id, state.round, kind, options, _placeholder(placeholder)))
        first = False
    if (key := undo_key(state)) is not None:
        view.add_item(UndoButton(match_id, state.round, key))
    view.add_item(EndTurnButton(match_id, state.round))
    if hint:
        view.add_item(HintButton(match_id, state.round, rules.Side.SAMURAI))
    # Clicks reach the items through the DynamicItem templates: nothing is kept per message (see buttons._buttons).
    view.stop()
    return view


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(self, match_id: int, round_number: int, kind: Pick,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"goryo:panel:{match_id}:{round_number}:{kind}", options=options or [],
            placeholder=placeholder, min_values=1, max_values=1,
        ))
        self.match_id = match_id
        self.round = round_number
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["round"]), Pick(match["kind"]))


class EndTurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=END_ID):
    def __init__(self, match_id: int, round_number: int) -> None:
        super().__init__(discord.ui.Button(
            label=_("End turn"), style=discord.ButtonStyle.danger,
            custom_id=f"goryo:panel:{match_id}:{round_number}:end",
        ))
        self.match_id = match_id
        self.round = round_number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["round"]))


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNDO_ID):
    """Takes back the turn's last move (``rules.Undo``), shown while there is one that revealed nothing."""

    def __init__(self, match_id: int, round_number: int, key: str) -> None:
        super().__init__(discord.ui.Button(
            label=_("Undo move"), style=discord.ButtonStyle.secondary,
            custom_id=f"goryo:panel:{match_id}:{round_number}:undo:{key}",
        ))
        self.match_id = match_id
        self.round = round_number
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["round"]), match["key"])
