"""The whole board in words, for a reader who cannot see the picture or wants to read it as text
(``/goryo board text:True``): a list a screen reader reads line by line, then a grid in a code block a sighted
reader can scan, within one Discord message (2,000 characters).

Both are written from ``marks``, the same per-space data the picture is checked against, so the text tells
what the picture shows, no more: ``public_text_board`` reads a ``PublicView`` alone; ``goryo_text_board``
is her own board, for her alone.
"""

from __future__ import annotations

from locales import _, pgettext
from rules import OBJECT_AT, GoryoView, ObjectType, PublicView, Space, space_name
from rules.layout import COLUMNS, ROWS
from rules.palace import space_at
from rules.state import SAMURAI_ORDER

from .glance import goryo_glance, public_glance
from .marks import BoardMarks, SpaceMarks, Target, goryo_marks, public_marks
from .phrases import (
    false_trail_letter,
    named_spaces,
    object_name,
    pawn_letter,
    plan_name,
    round_line,
    samurai_name,
    the_object,
)

MESSAGE_LIMIT = 2000  # Discord's limit on a message's content

# The grid's marks that are not letters of a name: the same in every language.
GORYO_MARK, YES_MARK, NO_MARK, BROKEN_MARK, SEALED_MARK, BOUND_MARK = "@", "+", "-", "x", "o", "!"
TARGET_MARKS = {Target.STRIKE: "*", Target.SPRINT: ">"}


def object_initials(kind: ObjectType) -> str:
    """The object's two letters in the grid: ``He`` / ``El``; the eight differ in every language."""
    initials = {
        # Translators: two letters for each object in the text board's grid (Helmet); the eight must differ.
        ObjectType.HELMET: pgettext("grid", "He"), ObjectType.LANTERN: pgettext("grid", "La"),
        ObjectType.MASK: pgettext("grid", "Ma"), ObjectType.SCROLL: pgettext("grid", "Sc"),
        ObjectType.URN: pgettext("grid", "Ur"), ObjectType.FLOWER: pgettext("grid", "Fl"),
        ObjectType.FAN: pgettext("grid", "Fa"), ObjectType.MIRROR: pgettext("grid", "Mi"),
    }
    return initials[kind]


def cell(space: Space, marks: SpaceMarks) -> str:
    """One space in the grid: its object's letters (``..`` for a room's centre), then its marks in a fixed order."""
    kind = OBJECT_AT[space]
    said = object_initials(kind) if kind is not None else ".."
    said += " "
    said += BROKEN_MARK if marks.broken else ""
    said += SEALED_MARK if marks.sealed else ""
    said += BOUND_MARK if marks.bound else ""
    said += TARGET_MARKS[marks.target] if marks.target is not None else ""
    said += "".join(YES_MARK if yes else NO_MARK for yes in dict.fromkeys(marks.answers))
    said += GORYO_MARK if marks.goryo else ""
    said += str(marks.step) if marks.step is not None else ""
    said += false_trail_letter() if marks.false_trail else ""
    said += "".join(pawn_letter(s) for s in marks.samurai)
    return said.rstrip()


def grid(marks: BoardMarks) -> str:
    """The palace as rows of cells under the column letters, every column as wide as its widest cell."""
    rows = [[cell(space_at(column, row), marks.at(space_at(column, row))) for column in range(len(COLUMNS))]
            for row in range(ROWS)]
    widths = [max(len(rows[r][c]) for r in range(ROWS)) for c in range(len(COLUMNS))]
    lines = ["  " + " ".join(letter.ljust(widths[c]) for c, letter in enumerate(COLUMNS)).rstrip()]
    lines += [f"{r + 1} " + " ".join(rows[r][c].ljust(widths[c]) for c in range(len(COLUMNS))).rstrip()
              for r in range(ROWS)]
    return "```\n" + "\n".join(lines) + "\n```"


def key(marks: BoardMarks, to_goryo: bool = False) -> str:
    """The grid's key: only the marks it uses, each in words (to her, of her own pieces, with ``to_goryo``)."""
    used = "".join(cell(s, marks.at(s)).partition(" ")[2] for s in marks.marked())
    steps = f"1-{len(marks.path)}"
    entries = [(pawn_letter(s), samurai_name(s, capital=True)) for s in SAMURAI_ORDER if pawn_letter(s) in used]
    entries += [(mark, words) for mark, words in (
        (BROKEN_MARK, _("broken")), (SEALED_MARK, _("sealed")),
        (BOUND_MARK, _("your bound object") if to_goryo else _("her bound object")),
        (TARGET_MARKS[Target.STRIKE], _("you can start or strike here") if to_goryo
         else _("she can start or strike here")),
        (TARGET_MARKS[Target.SPRINT], _("you can strike here only with your Sprint") if to_goryo
         else _("she can strike here only with her Sprint")),
        (YES_MARK, _("paw print, yes")), (NO_MARK, _("paw print, no")), (GORYO_MARK, _("the Goryō's pawn")),
        (steps, _("your path's steps") if to_goryo else _("her path's steps")),
        (false_trail_letter(), _("your False Trail") if to_goryo else _("her False Trail")),
    ) if (mark in used if mark != steps else bool(marks.path))]
    # Translators: the text board's key, under its grid: ".." is a room's centre, "He" a Helmet and so on.
    said = [_("Key: .. room centre, two letters an object ({example}).").format(
        example=f"{object_initials(ObjectType.HELMET)} {object_name(ObjectType.HELMET)}")]
    said += [f"{mark} {words}" for mark, words in entries]
    return " · ".join(said)


def _answers(marks: BoardMarks) -> str:
    said = []
    for space in marks.marked():
        for yes in marks.at(space).answers:
            said.append((_("{space} yes") if yes else _("{space} no")).format(space=space_name(space)))
    return ", ".join(said) or _("none")


def listed_facts(view: PublicView, marks: BoardMarks, to_goryo: bool = False) -> list[str]:
    """The board's facts, a line each: each Samurai's space, her pawn, the paw prints, the objects by state,
    her path where the board shows it (said to her, with ``to_goryo``)."""
    lines = [_("{samurai}: {space}").format(samurai=samurai_name(s, capital=True),
                                             space=named_spaces([view.samurai_space(s)])) for s in SAMURAI_ORDER]
    goryo = [s for s in marks.marked() if marks.at(s).goryo]
    lines.append(_("Goryō's pawn: {space}").format(space=named_spaces(goryo) or _("not on the board yet")))
    lines.append(_("Paw prints: {answers}").format(answers=_answers(marks)))
    lines.append(_("Broken objects: {spaces}").format(
        spaces=named_spaces(s for s in marks.marked() if marks.at(s).broken) or _("none")))
    lines.append(_("Sealed objects: {spaces}").format(
        spaces=named_spaces(s for s in marks.marked() if marks.at(s).sealed) or _("none")))
    if marks.bound is not None:
        bound = (_("Your bound object: {object}, on {spaces}") if to_goryo
                 else _("Her bound object: {object}, on {spaces}"))
        lines.append(bound.format(
            object=the_object(marks.bound), spaces=named_spaces(s for s in marks.marked() if marks.at(s).bound)))
    if marks.path:
        path = _("Your path: {path}") if to_goryo else _("Her path: {path}")
        lines.append(path.format(path=plan_name(marks.path)))
    if marks.false_trail is not None:
        trail = _("Your False Trail: {space}") if to_goryo else _("Her False Trail: {space}")
        lines.append(trail.format(space=space_name(marks.false_trail)))
    strike = [s for s in marks.marked() if marks.at(s).target is Target.STRIKE]
    sprint = [s for s in marks.marked() if marks.at(s).target is Target.SPRINT]
    if strike:
        can = _("You can start or strike on: {spaces}") if to_goryo else _("She can start or strike on: {spaces}")
        lines.append(can.format(spaces=named_spaces(strike)))
    if sprint:
        only = _("Only with your Sprint: {spaces}") if to_goryo else _("Only with her Sprint: {spaces}")
        lines.append(only.format(spaces=named_spaces(sprint)))
    return lines


def _written(title: str, glance: str, view: PublicView, marks: BoardMarks, to_goryo: bool = False) -> str:
    lines = [f"**{title}**", glance, *(f"- {line}" for line in listed_facts(view, marks, to_goryo)), grid(marks),
             key(marks, to_goryo)]
    return "\n".join(lines)


def public_text_board(view: PublicView) -> str:
    """The public board in words (the final board once the match is over), in the language being spoken."""
    marks, glance = public_marks(view), public_glance(view)
    title = _("The board in words, {round}").format(round=round_line(view).lower())
    return _written(title, glance, view, marks)


def goryo_text_board(view: GoryoView) -> str:
    """Her own board in words: her bound object, where she can strike, her path; for her alone."""
    marks, glance = goryo_marks(view), goryo_glance(view)
    title = _("Your secret board in words, {round}").format(round=round_line(view.public).lower())
    return _written(title, glance, view.public, marks, to_goryo=True)
