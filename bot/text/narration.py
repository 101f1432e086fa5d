"""Each event of a match narrated in one line for the channel: public, as events are when emitted."""

from __future__ import annotations

from collections.abc import Iterable

import rules
from locales import N_, ngettext
from rules import events as ev
from words.phrases import an_object, object_name, plan_name, samurai_name, the_object

from .messages import ROUNDS, SPIRIT_TOKENS, _, listed, space_names

# Every draw says why it happened: a capture draws a token as well as the gong.
DRAW_CAUSES: dict[ev.DrawCause, str] = {
    ev.DrawCause.BAG_ICON: N_("The mallet reached a bag icon"),
    ev.DrawCause.SPIRIT_CAPTURED: N_("Her spirit was captured"),
}


def narrate(events: Iterable[ev.Event]) -> str:
    """One line per event, in order; events with nothing to say are skipped."""
    lines = [line for event in events if (line := narrate_event(event))]
    return "\n".join(lines)


def _investigated(samurai: rules.Samurai, kind: rules.InvestigationKind, space: rules.Space, answer: bool) -> str:
    if kind is rules.InvestigationKind.SEARCH:
        text = (
            _("{samurai} searches {space}: **yes**, the Goryō's trail passes there (green paw-print).")
            if answer
            else _("{samurai} searches {space}: **no**, no trail there (red paw-print).")
        )
    else:
        text = (
            _("{samurai} sniffs {space}: **yes**, the Goryō's trail passes there (green paw-print).")
            if answer
            else _("{samurai} sniffs {space}: **no**, no trail there (red paw-print).")
        )
    return text.format(samurai=samurai_name(samurai, capital=True), space=rules.space_name(space))


def _paw_prints_counted(green: int, discarded: int, mallet_from: int, mallet_to: int, icons: int) -> str:
    counted = ngettext("{count} green paw-print counts", "{count} green paw-prints count", green).format(count=green)
    if discarded:
        not_counted = ngettext("{count} on her False Trail does not", "{count} on her False Trail do not",
                               discarded).format(count=discarded)
        # Translators: a count of paw-prints, then in brackets those the False Trail cancels.
        counted = _("{counted} ({not_counted})").format(counted=counted, not_counted=not_counted)
    if mallet_to == mallet_from:
        gong = _("the gong's mallet stays on {space}").format(space=mallet_to)
    else:
        gong = _("the gong's mallet moves from {start} to {end}").format(start=mallet_from, end=mallet_to)
    if icons:
        gong = ngettext("{gong}, reaching {count} bag icon", "{gong}, reaching {count} bag icons", icons).format(
            gong=gong, count=icons)
    # Translators: the paw-prints counted, then where the gong's mallet goes.
    return _("{counted}: {gong}.").format(counted=counted, gong=gong)


def _spirit_captured(captors: tuple[rules.Samurai, ...], flipped: int, total: int) -> str:
    who = listed([samurai_name(s, capital=i == 0) for i, s in enumerate(captors)])
    capture = ngettext(
        "{samurai} stands on her target and captures her spirit",
        "{samurai} stand on her target and capture her spirit",
        len(captors),
    ).format(samurai=who)
    tokens = ngettext(
        "{count} spirit token flipped ({total} of {tokens})",
        "{count} spirit tokens flipped ({total} of {tokens})",
        flipped,
    ).format(count=flipped, total=total, tokens=SPIRIT_TOKENS)
    # Translators: who captured her spirit, then how many spirit tokens that flipped.
    return _("{capture}: {tokens}.").format(capture=capture, tokens=tokens)


def narrate_event(event: ev.Event) -> str | None:
    match event:
        case ev.StartChosen(space, object_type):
            return _("The Goryō appears on {space} and breaks {object} there.").format(
                space=rules.space_name(space), object=the_object(object_type))
        case ev.RoundStarted(number):
            return _("Round {number} of {rounds} begins: the Goryō is planning her path.").format(
                number=number, rounds=ROUNDS)
        case ev.PlanLocked():
            return _("The Goryō has planned her path.")
        case ev.SamuraiMoved(samurai, origin, to):
            return _("{samurai} moves from {start} to {end}.").format(
                samurai=samurai_name(samurai, capital=True), start=rules.space_name(origin), end=rules.space_name(to))
        case ev.MoveTakenBack(samurai, origin, to, uncalled):
            words = {"samurai": samurai_name(samurai, capital=True), "start": rules.space_name(origin),
                     "end": rules.space_name(to)}
            if uncalled:
                return _("{samurai} takes back his move from {start} to {end}: he stands on {start} again, "
                         "and is no longer called.").format(**words)
            return _("{samurai} takes back his move from {start} to {end}: he stands on {start} again.").format(
                **words)
        case ev.Investigated(samurai, kind, space, answer):
            return _investigated(samurai, kind, space, answer)
        case ev.SamuraiTurnEnded(used):
            return ngettext(
                "The Samurai end their turn after {count} action. Discovery!",
                "The Samurai end their turn after {count} actions. Discovery!",
                used,
            ).format(count=used)
        case ev.PathRevealed(path, false_trail, sprint_used):
            said = [_("Her path was {path}.").format(path=plan_name(path))]
            if sprint_used:
                said.append(_("She used her Sprint."))
            if false_trail is not None:
                said.append(_("Her False Trail lay on {space}.").format(space=rules.space_name(false_trail)))
            return " ".join(said)
        case ev.ObjectBroken(space, object_type, flipped):
            words = {"object": the_object(object_type), "name": object_name(object_type),
                     "space": rules.space_name(space)}
            if flipped:
                return _("She breaks {object} on {space}: the {name} tile turns broken side up.").format(**words)
            return _("She breaks {object} on {space}: the {name} tile was already broken.").format(**words)
        case ev.PawPrintsCounted(green, discarded, mallet_from, mallet_to, icons):
            return _paw_prints_counted(green, discarded, mallet_from, mallet_to, icons)
        case ev.SpiritCaptured(captors, flipped, total):
            return _spirit_captured(captors, flipped, total)
        case ev.TokenDrawn(object_type, sealed, cause):
            words = {"cause": _(DRAW_CAUSES[cause]), "a_token": an_object(object_type),
                     "name": object_name(object_type)}
            if sealed:
                return _("{cause}: {a_token} token is drawn from the bag, so every intact {name} is sealed "
                         "({spaces}).").format(spaces=space_names(sealed), **words)
            return _("{cause}: {a_token} token is drawn from the bag, so every intact {name} is sealed.").format(
                **words)
        case ev.BagEmpty(cause):
            return _("{cause}: a token should be drawn, but the bag is empty.").format(cause=_(DRAW_CAUSES[cause]))
        case ev.SprintDiscarded():
            return _("Her Sprint is spent.")
        case ev.FalseTrailDiscarded(space):
            return _("Her False Trail on {space} was investigated: it is lost.").format(space=rules.space_name(space))
        case ev.RoundEnded(number):
            return _("Round {number} is over.").format(number=number)
        case ev.MatchEnded():
            return None  # the end gets its own message
    return None
