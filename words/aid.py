"""The deduction aid and the round summary in words, for captions, alt texts and messages.

The aid is public, so it speaks of "the answers" rather than to one player:
both players and any spectator read the same sentence.
"""

from __future__ import annotations

from locales import _, ngettext
from rules import Space, object_on, space_name

from .deduction import DeductionAid
from .phrases import plan_name, the_object

# A list of spaces in the alt text stops after this many; the busiest come first.
MOST_SPACES_LISTED = 12


def aid_line(aid: DeductionAid) -> str:
    """How many of her paths still fit, or the single one left; then, given the latest answer, how it bears on them."""
    said = _count_line(aid)
    why = answer_note(aid)
    return f"{said} {why}" if why else said


def answer_note(aid: DeductionAid) -> str:
    """Why the latest answer fits every path left: none passes there (a no), all do (a yes), or those
    that do not have her False Trail there. So a yes that leaves the count as it was (every path
    passed there already, or her False Trail explains it) reads as expected, not as a broken aid.
    Empty without an answer, or with fewer than two paths left."""
    answer = aid.last_answer
    if answer is None or aid.paths_possible < 2:
        return ""
    space = space_name(answer.space)
    passing = aid.crossing[answer.space]
    if not answer.green:
        # Translators: after the count of her paths that fit; "them" are those paths.
        return _("None of them passes {space}, where the last answer was no.").format(space=space)
    if passing == aid.paths_possible:
        return _("Every one of them passes {space}, where the last answer was yes.").format(space=space)
    return ngettext(
        "{passing} of them passes {space}, where the last answer was yes; "
        "in the others her False Trail would be there.",
        "{passing} of them pass {space}, where the last answer was yes; in the others her False Trail would be there.",
        passing).format(space=space, passing=passing)


def _count_line(aid: DeductionAid) -> str:
    if aid.only_path is not None:
        return _("Only one of her paths fits the answers: {path}.").format(path=plan_name(aid.only_path))
    if aid.paths_possible == 0:
        return _("None of her paths fits the answers.")
    if aid.paths_possible == aid.paths_total:
        return _("All {total} of her possible paths still fit: no answer has ruled one out yet.").format(
            total=aid.paths_total)
    return ngettext("{possible} of her {total} possible paths fits the answers.",
                    "{possible} of her {total} possible paths fit the answers.", aid.paths_possible).format(
        possible=aid.paths_possible, total=aid.paths_total)


def aid_caption(aid: DeductionAid) -> str:
    """The short form for the picture's caption corner."""
    if aid.only_path is not None:
        return _("Only one path fits: {path}").format(path=plan_name(aid.only_path))
    if aid.paths_possible == aid.paths_total:
        return _("All {total} paths still fit").format(total=aid.paths_total)
    return ngettext("{possible} of {total} paths fits", "{possible} of {total} paths fit", aid.paths_possible).format(
        possible=aid.paths_possible, total=aid.paths_total)


def _counted(counts: tuple[int, ...]) -> str:
    ranked = sorted((s for s, c in enumerate(counts) if c), key=lambda s: (-counts[s], s))
    # Translators: a space and how many of her paths cross or end there: "D3 12".
    listed = ", ".join(_("{space} {count}").format(space=space_name(Space(s)), count=counts[s])
                       for s in ranked[:MOST_SPACES_LISTED])
    more = len(ranked) - MOST_SPACES_LISTED
    if more <= 0:
        return listed
    return ngettext("{spaces} and {more} more", "{spaces} and {more} more", more).format(spaces=listed, more=more)


def aid_sentences(aid: DeductionAid) -> list[str]:
    """The overlay in words: the count, then where her paths pass and end, busiest first."""
    said = [aid_line(aid)]
    if aid.only_path is not None:
        target = aid.only_path[-1]
        said.append(_("It ends on {object} on {space}.").format(object=the_object(object_on(target)),
                                                                 space=space_name(target)))
        return said
    if aid.paths_possible:
        said.append(_("Paths crossing each space: {counts}.").format(counts=_counted(aid.crossing)))
        said.append(_("Paths ending on each space: {counts}.").format(counts=_counted(aid.ending)))
    return said


def round_summary(paths_before_discovery: int, best_space: Space | None,
                  best_split: tuple[int, int] | None) -> str:
    """After a Discovery, for both players: how open her path still was, and the most telling question.

    ``best_split`` is (paths answering yes, paths answering no) for ``best_space``.
    """
    if paths_before_discovery == 1:
        said = _("Before the Discovery, only one of her paths still fitted the answers.")
    else:
        said = _("Before the Discovery, {count} of her paths still fitted the answers.").format(
            count=paths_before_discovery)
    if best_space is None or best_split is None:
        return said
    yes, no = best_split
    best = _("Investigating {space} would have told the Samurai the most: it split them {yes} yes to {no} no.").format(
        space=space_name(best_space), yes=yes, no=no)
    return f"{said} {best}"
