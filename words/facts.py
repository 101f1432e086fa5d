"""What the board picture's side panel used to show, in words with the picture (above it, in one embed).

Phone first (issue 24): the picture holds only the caption and the palace, so every word in it
reads on a phone; the round, the gong, the spirits, each Samurai's actions this turn, her powers
and the garden go in the message, where Discord lays the words out for the screen.

The public facts come from ``rules.PublicView`` alone, like the public picture, so they cannot
tell a secret; ``goryo_facts`` adds what her own board showed her: her bound object.
Each is a list of (name, value) pairs, in the language being spoken, each well within an embed field.
The last is the picture's key, which the panel used to draw: an emoji for each mark beside its word.
"""

from __future__ import annotations

import rules
from locales import _, ngettext
from rules import Phase, TileState
from rules.layout import (
    GONG_LAST_SPACE,
    MAX_SAMURAI_CALLED,
    MOVES_PER_SAMURAI,
    ROUNDS,
    SAMURAI_ACTION_CUBES,
    SEARCHES_PER_SAMURAI,
    SNIFFS_PER_SAMURAI,
    SPIRIT_TOKENS,
)
from rules.state import SAMURAI_ORDER
from rules.views import possible_bound

from .phrases import object_name, pawn_letter, samurai_colour

Facts = list[tuple[str, str]]


def turn_over(view: rules.PublicView, samurai: rules.Samurai) -> bool:
    """Whether ``samurai`` can no longer act this turn, although the turn goes on (rules.samurai_turn's call order)."""
    if view.phase is not Phase.SAMURAI_TURN:
        return False
    if view.actions_used >= SAMURAI_ACTION_CUBES:
        return True
    called = [c.samurai for c in view.calls]
    if samurai not in called:
        return len(called) >= MAX_SAMURAI_CALLED
    current = view.calls[-1]
    return current.samurai is not samurai or current.actions >= view.actions_per_samurai


def _samurai_line(view: rules.PublicView, samurai: rules.Samurai) -> str:
    call = next((c for c in view.calls if c.samurai is samurai), None)
    moves, searches, sniffs = (call.moves, call.searches, call.sniffs) if call is not None else (0, 0, 0)
    # Translators: one Samurai's actions this turn, each as used/allowed:
    # "**G** Green: move 1/2, search 0/1, sniff 0/1".
    line = _("**{letter}** {colour}: move {moves}/{most_moves}, search {searches}/{most_searches}, "
             "sniff {sniffs}/{most_sniffs}").format(
        letter=pawn_letter(samurai), colour=samurai_colour(samurai), moves=moves, most_moves=MOVES_PER_SAMURAI,
        searches=searches, most_searches=SEARCHES_PER_SAMURAI, sniffs=sniffs, most_sniffs=SNIFFS_PER_SAMURAI)
    if turn_over(view, samurai):
        # Translators: after a Samurai's actions: he can no longer act this turn.
        line = "~~" + line + "~~ " + _("(done)")
    elif view.calls and view.calls[-1].samurai is samurai:
        # Translators: after a Samurai's actions: he is the one acting now.
        line += " " + _("(acting)")
    return line


def at_most_twice() -> str:
    """Advanced mode's limit, said wherever the Samurai's actions are counted (facts, status, panel)."""
    # Translators: the advanced mode's rule: a Samurai called this turn takes 1 or 2 actions, never 3.
    return _("each Samurai called acts at most twice")


def _power(name: str, available: bool) -> str:
    # Translators: a Goryō power and whether she can still use it: "Sprint: ready", "False Trail: used".
    return (_("{power}: ready") if available else _("{power}: used")).format(power=name)


def _garden(view: rules.PublicView) -> str:
    # Translators: headings of the garden's objects, by state: "Intact: Helmet, Fan".
    labels = {TileState.INTACT: _("Intact"), TileState.BROKEN: _("Broken"), TileState.SEALED: _("Sealed")}
    lines = []
    for state, label in labels.items():
        names = [object_name(t) for t, s in view.tiles if s is state]
        if names:
            lines.append(f"{label}: {', '.join(names)}")
    return "\n".join(lines)


def _key(entries: list[tuple[str, str]]) -> str:
    return " · ".join(f"{mark} {words}" for mark, words in entries)


def public_key(aid: bool = False) -> str:
    """The public marks' key: the same words whatever her secret; with ``aid``, the deduction aid's too."""
    lines = [_key([
        # Translators: the board's key: a green paw-print with a tick, she passed here; red with a cross, she did not.
        ("✅", _("yes")), ("❌", _("no")),
        # Translators: the board's key: the marks for an object, as adjectives.
        ("💔", _("broken")), ("📜", _("sealed")),
    ])]
    if aid:
        lines.append(_key([
            # Translators: the deduction aid's key: the shading's colours mean how many of her paths pass a space.
            ("🟨→🟧", _("share of her paths passing")),
            # Translators: the deduction aid's key: the bars in a shaded space's corner, one filled per quarter.
            ("📶", _("one bar filled per quarter of her paths passing")),
            # Translators: the deduction aid's key: a purple disc with a count, this many of her paths end here.
            ("🟣", _("paths end here")),
        ]))
    return "\n".join(lines)


def goryo_key() -> str:
    """Her board's key: her marker-pen marks, the paw-prints, and the objects she can reach this round."""
    return _key([
        ("✖️", _("broken")), ("⭕", _("sealed")), ("✅", _("yes")), ("❌", _("no")),
        # Translators: the key of her secret board: objects she can reach this round, and those only with her Sprint.
        ("🎯", _("can strike")), ("💨", _("with Sprint")),
    ])


def public_facts(view: rules.PublicView, aid: bool = False) -> Facts:
    facts: Facts = [
        (_("Round"), _("{round} of {rounds}").format(round=max(view.round, 1), rounds=ROUNDS)),
        (_("Gong"), _("{mallet} of {last}").format(mallet=view.mallet, last=GONG_LAST_SPACE)),
        (_("Spirits captured"), _("{spirits} of {tokens}").format(spirits=view.spirits, tokens=SPIRIT_TOKENS)),
        (_("Bag"), ngettext("{count} token", "{count} tokens", view.bag_count).format(count=view.bag_count)),
    ]
    if view.phase is Phase.SAMURAI_TURN and view.outcome is None:
        actions = _("Actions this turn: {used} of {cubes}").format(used=view.actions_used, cubes=SAMURAI_ACTION_CUBES)
        facts.append((actions, "\n".join(_samurai_line(view, samurai) for samurai in SAMURAI_ORDER)))
    if view.advanced:
        facts.append((_("Advanced mode"), at_most_twice()))
    facts.append((_("Goryō powers"), "\n".join((_power(_("Sprint"), view.sprint_available),
                                                _power(_("False Trail"), view.false_trail_available)))))
    facts.append((_("Garden"), _garden(view)))
    if view.bound is None:
        suspects = ", ".join(object_name(t) for t in possible_bound(view))
        facts.append((_("Could be her bound object"), suspects or _("none")))
    else:
        facts.append((_("Her bound object"), object_name(view.bound)))
    # Translators: the name of the board's key (its legend), the last field beside the picture.
    facts.append((_("Key"), public_key(aid)))
    return facts


def goryo_facts(view: rules.GoryoView) -> Facts:
    """Her board's facts: the public ones, her bound object, and what the Samurai cannot yet rule out."""
    facts = [fact for fact in public_facts(view.public) if fact[0] not in (_("Could be her bound object"), _("Key"))]
    facts.append((_("Your bound object"), object_name(view.bound)))
    if view.public.bound is None:
        suspects = ", ".join(object_name(t) for t in possible_bound(view.public))
        facts.append((_("The Samurai cannot yet rule out"), suspects or _("none")))
    facts.append((_("Key"), goryo_key()))
    return facts
