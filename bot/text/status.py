"""``/goryo status``: the state of play in words, from the public view."""

from __future__ import annotations

import rules
from locales import pgettext
from words.facts import at_most_twice
from words.phrases import object_name, samurai_colour

from .messages import ACTION_CUBES, GONG_LAST, ROUNDS, SPIRIT_TOKENS, _, channel_link, mention


def powers_left(sprint: bool, false_trail: bool) -> str:
    left = [name for name, available in ((_("Sprint"), sprint), (_("False Trail"), false_trail)) if available]
    return pgettext("list separator", ", ").join(left) if left else pgettext("powers left", "none")


def _tile_state(state: rules.TileState) -> str:
    return {
        rules.TileState.INTACT: pgettext("tile state", "intact"),
        rules.TileState.BROKEN: pgettext("tile state", "broken"),
        rules.TileState.SEALED: pgettext("tile state", "sealed"),
    }[state]


def _turn(view: rules.PublicView, goryo_id: int, samurai_id: int) -> str:
    if view.outcome is not None:
        return _("the match is over")
    if view.phase is rules.Phase.SETUP:
        return _("the Goryō ({goryo}) chooses where she starts").format(goryo=mention(goryo_id))
    if view.phase is rules.Phase.GORYO_TURN:
        return _("the Goryō ({goryo}) is planning her path").format(goryo=mention(goryo_id))
    return _("the Samurai ({samurai}), {used} of {cubes} actions used").format(
        samurai=mention(samurai_id), used=view.actions_used, cubes=ACTION_CUBES)


def status_text(view: rules.PublicView, goryo_id: int, samurai_id: int, channel_id: int, *,
           aid: str | None = None, assist: bool = False) -> str:
    """``assist``: the match shows the deduction aid; ``aid``: its count in words, during a Samurai turn."""
    separator = pgettext("list separator", ", ")
    # Translators: one object tile of the garden and its side, e.g. "Fan intact".
    tiles = separator.join(
        pgettext("tile", "{object} {state}").format(object=object_name(t), state=_tile_state(state))
        for t, state in view.tiles
    )
    called = separator.join(
        _("{samurai} ({actions})").format(samurai=samurai_colour(c.samurai), actions=c.actions) for c in view.calls
    ) or pgettext("samurai called", "none yet")
    players = {"channel": channel_link(channel_id), "goryo": mention(goryo_id), "samurai": mention(samurai_id)}
    lines = [
        _("Goryō match in {channel}: the Goryō {goryo} against the Samurai {samurai} (advanced mode).").format(
            **players)
        if view.advanced
        else _("Goryō match in {channel}: the Goryō {goryo} against the Samurai {samurai}.").format(**players),
        _("Round {number} of {rounds}; turn: {turn}.").format(
            number=max(view.round, 1), rounds=ROUNDS, turn=_turn(view, goryo_id, samurai_id)),
        _("Spirit tokens flipped: {spirits} of {tokens}. Gong: {mallet} of {last}. "
          "Tokens left in the bag: {bag}.").format(
            spirits=view.spirits, tokens=SPIRIT_TOKENS, mallet=view.mallet, last=GONG_LAST, bag=view.bag_count),
        _("Tiles: {tiles}.").format(tiles=tiles),
        _("Goryō's powers left: {powers}.").format(
            powers=powers_left(view.sprint_available, view.false_trail_available)),
    ]
    if view.phase is rules.Phase.SAMURAI_TURN:
        lines.append(_("Samurai called this turn: {called}.").format(called=called))
    if view.advanced:
        # Translators: {limit} is the advanced mode's rule, like "each Samurai called acts at most twice".
        lines.append(_("Advanced mode: {limit}.").format(limit=at_most_twice()))
    if view.goryo_space is not None:
        lines.append(_("The Goryō's pawn stands on {space}.").format(space=rules.space_name(view.goryo_space)))
    if assist:
        lines.append(_("Deduction aid: on. {aid}").format(aid=aid or _("The board shows it during the Samurai turn.")))
    return "\n".join(lines)
