"""The caption above the palace: a title (its badge in the corner), a subtitle, and a note or the subtitle's end.

``caption_layout`` says where each piece of words goes and the box it is given; ``draw_caption`` paints
exactly that, so a test can measure every piece against its box (issue 34: no word of a picture is cut).
Every word is at least ``g.MIN_TEXT`` px (10 px on a phone); the title shrinks to it, if it must, to end
before the corner's badge, and a subtitle too long for its line goes on to the next. Only words that
cannot fit even so end in "…": the layout test makes sure no caption the pictures can show does.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from rules import ObjectType

from . import geometry as g
from . import layers, sprites
from .icons import icon
from .theme import GOLD, TEXT, TEXT_DIM, fitting_font, font

CAPTION_LEFT = 76  # right of the ghost
THIRD_LINE_LEFT = 16  # the third line is below the ghost, so it has the caption's whole width
CAPTION_RIGHT = g.WIDTH - 16
CAPTION_GAP = 16  # at least this much between the left words and the corner's
TITLE_SIZE = 30
BADGE_ICON = 48
# The caption's three lines, by their middles: the title (the badge in its corner), the subtitle,
# then the aid's count or the rest of a subtitle too long for one line.
LINES = (26, 64, 100)
CAPTION_BAND = (0, 0, g.WIDTH, g.BOARD_TOP)

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Piece:
    """Words on one line of the caption: ``text`` (as drawn) in ``face``, given the box ``left``..``right`` on the
    line whose middle is ``y``; ``whole`` is the words it was meant to show."""

    whole: str
    text: str
    face: ImageFont.FreeTypeFont
    left: float
    right: float
    y: int
    colour: Colour
    anchor: str = "lm"  # "rm": right-aligned at ``right``


def cut_to(text: str, width: float, face: ImageFont.FreeTypeFont) -> str:
    """``text``, ending in "…" if it must, at most ``width`` px long in ``face``."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def split_line(text: str, width: float, face: ImageFont.FreeTypeFont) -> tuple[str, str]:
    """The words of ``text`` that fit on a line ``width`` px long, and the rest."""
    if face.getlength(text) <= width:
        return text, ""
    words = text.split(" ")
    for end in range(len(words) - 1, 0, -1):
        head = " ".join(words[:end])
        if face.getlength(head) <= width:
            return head, " ".join(words[end:])
    return cut_to(text, width, face), ""


def caption_layout(title: str, subtitle: str, badge: str = "", badge_icon: ObjectType | None = None,
                   title_colour: Colour = TEXT, note: str = "", note_colour: Colour = GOLD) -> list[Piece]:
    """Every piece of the caption's words, with the box it is given (``note``, when given, is the third line)."""
    pieces: list[Piece] = []
    title_end: float = CAPTION_RIGHT
    subtitle_end = CAPTION_RIGHT
    small = font(g.MIN_TEXT, True)
    if badge:
        right = CAPTION_RIGHT
        if badge_icon is not None:
            right -= BADGE_ICON + 8
            subtitle_end = CAPTION_RIGHT - BADGE_ICON - CAPTION_GAP  # the icon reaches down beside the subtitle
        badge_face = small
        if right - small.getlength(badge) - CAPTION_GAP - CAPTION_LEFT < font(g.MIN_TEXT, True).getlength(title):
            badge_face = font(g.MIN_TEXT)  # regular weight is narrower: the title keeps its line whole
        badge_left = right - badge_face.getlength(badge)
        pieces.append(Piece(badge, badge, badge_face, max(badge_left, CAPTION_LEFT), right, LINES[0], GOLD, "rm"))
        title_end = badge_left - CAPTION_GAP
    face = fitting_font(title, title_end - CAPTION_LEFT, TITLE_SIZE, bold=True, smallest=g.MIN_TEXT)
    pieces.append(Piece(title, cut_to(title, title_end - CAPTION_LEFT, face), face, CAPTION_LEFT, title_end,
                        LINES[0], title_colour))
    words = font(g.MIN_TEXT)
    first, rest = split_line(subtitle, subtitle_end - CAPTION_LEFT, words)
    if note or not rest:
        # The subtitle has its one line: all of it is meant to be there.
        pieces.append(Piece(subtitle, first if not rest else cut_to(subtitle, subtitle_end - CAPTION_LEFT, words),
                            words, CAPTION_LEFT, subtitle_end, LINES[1], TEXT_DIM))
    else:
        pieces.append(Piece(first, first, words, CAPTION_LEFT, subtitle_end, LINES[1], TEXT_DIM))
        pieces.append(Piece(rest, cut_to(rest, CAPTION_RIGHT - THIRD_LINE_LEFT, words), words, THIRD_LINE_LEFT,
                            CAPTION_RIGHT, LINES[2], TEXT_DIM))
    if note:
        pieces.append(Piece(note, cut_to(note, CAPTION_RIGHT - THIRD_LINE_LEFT, small), small, THIRD_LINE_LEFT,
                            CAPTION_RIGHT, LINES[2], note_colour))
    return pieces


def draw_caption(image: Image.Image, title: str, subtitle: str, badge: str = "",
                 badge_icon: ObjectType | None = None, title_colour: Colour = TEXT,
                 note: str = "", note_colour: Colour = GOLD) -> None:
    key = (title, subtitle, badge, badge_icon, title_colour, note, note_colour)
    layers.band(image, CAPTION_BAND, ("caption", key),
                lambda scratch: _paint_caption(scratch, caption_layout(*key), badge_icon))


def _paint_caption(image: Image.Image, pieces: list[Piece], badge_icon: ObjectType | None) -> None:
    draw = ImageDraw.Draw(image)
    image.alpha_composite(sprites.ghost(58), (10, 4))
    if badge_icon is not None:
        image.alpha_composite(icon(badge_icon, BADGE_ICON),
                              (CAPTION_RIGHT - BADGE_ICON, LINES[0] - BADGE_ICON // 2 + 4))
    for piece in pieces:
        at = piece.right if piece.anchor == "rm" else piece.left
        draw.text((at, piece.y), piece.text, fill=piece.colour, font=piece.face, anchor=piece.anchor)
