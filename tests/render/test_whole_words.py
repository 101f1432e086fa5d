"""No word of any picture is cut (issue 34): every caption's title, subtitle, note and badge, of every picture
kind, fits whole in the box the renderer gives it, in every language, at the longest values it can take: round
4, all six actions used, the gong and the aid's counts at their largest, a six-space path with a False Trail,
every ending, and each object's name (the longest among them) as her bound object or the first type.

Each caption the pictures draw is recorded, laid out by ``render.caption.caption_layout`` exactly as drawn, and
each piece measured with Pillow (``getlength`` for its width, ``textbbox`` for its place) against its box.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from PIL import Image, ImageDraw

import rules
from locales import LANGUAGES, speaking
from render import caption
from render import geometry as g
from render.images import discovery_picture, final_picture, goryo_picture, public_picture
from rules import OBJECT_TYPES, Outcome, Phase, Side, Termination
from rules.state import PawPrint, Reveal, SamuraiCall
from words.deduction import DeductionAid

from . import scenes

SIX_SPACES = rules.parse_plan("C3 C2 D2 D1 E1 F1")
INK = 1.5  # px a glyph's ink may reach past its advance width
LONGEST_COUNT = 999  # more than any round's paths (65 at most): three digits wherever a count is said


def _views() -> list[tuple[str, rules.PublicView]]:
    """Public views at the longest values each caption can say, in every phase and at every ending."""
    base = rules.public_view(scenes.round_two())
    calls = (SamuraiCall(rules.Samurai.GREEN, 2, 1, 0), SamuraiCall(rules.Samurai.PURPLE, 0, 1, 1),
             SamuraiCall(rules.Samurai.RED, 1, 0, 0))
    reveal = Reveal(4, SIX_SPACES, rules.parse_space("A6"), (PawPrint(rules.parse_space("A6"), True),))
    late = dataclasses.replace(base, round=4, mallet=12, spirits=2, last_reveal=reveal, sprint_available=False,
                               false_trail_available=False)
    views = [("setup " + t.value, dataclasses.replace(base, phase=Phase.SETUP, round=0, to_move=Side.GORYO,
                                                      first_type=t)) for t in OBJECT_TYPES]
    views.append(("her turn", dataclasses.replace(late, phase=Phase.GORYO_TURN, to_move=Side.GORYO)))
    views.append(("their turn", dataclasses.replace(late, phase=Phase.SAMURAI_TURN, to_move=Side.SAMURAI,
                                                    calls=calls)))
    for termination, winner, bound in itertools.product(Termination, (Side.GORYO, Side.SAMURAI), OBJECT_TYPES):
        outcome = Outcome(termination, None if termination is Termination.ABORTED else winner)
        views.append((f"over {termination.name} {winner.name} {bound.value}",
                      dataclasses.replace(late, phase=Phase.OVER, to_move=None, outcome=outcome, bound=bound)))
    return views


def _aid(possible: int, only_path=None) -> DeductionAid:
    """An aid saying ``possible`` of ``LONGEST_COUNT`` paths fit, all ending on her path's last space."""
    ending = tuple(possible if s == SIX_SPACES[-1] else 0 for s in rules.SPACES)
    crossing = tuple(possible if s in SIX_SPACES[1:] else 0 for s in rules.SPACES)
    return DeductionAid(possible, LONGEST_COUNT, crossing, ending, only_path=only_path)


def _aids() -> list[DeductionAid]:
    return [_aid(LONGEST_COUNT), _aid(LONGEST_COUNT - 1), _aid(1, SIX_SPACES)]


def _pictures():
    """(name, compose) for every picture kind at every view of ``_views``."""
    for name, view in _views():
        if view.outcome is None:
            yield f"public {name}", lambda view=view: public_picture(view)
            for n, aid in enumerate(_aids()):
                if view.phase is Phase.SAMURAI_TURN:
                    yield f"public {name} aid {n}", lambda view=view, aid=aid: public_picture(view, aid)
        yield f"discovery {name}", lambda view=view: discovery_picture(view)
        yield f"final {name}", lambda view=view: final_picture(view)
        bounds = [view.bound] if view.bound is not None else list(OBJECT_TYPES)
        for bound in bounds:
            if bound is view.first_type and view.phase is Phase.SETUP:
                continue
            plans = [None, rules.Plan(SIX_SPACES, rules.parse_space("A6"))] if view.phase is Phase.GORYO_TURN \
                else [None]
            for plan in plans:
                hers = rules.GoryoView(view, bound, plan, ())
                yield (f"goryo {name} bound {bound.value} plan {plan is not None}",
                       lambda hers=hers: goryo_picture(hers))


def _captions(monkeypatch) -> list[tuple[str, tuple, dict]]:
    """Every caption the pictures draw: (picture, arguments) as given to ``caption.draw_caption``."""
    drawn: list[tuple[str, tuple, dict]] = []
    current = [""]

    def recording(image, *args, **kwargs):
        drawn.append((current[0], args, kwargs))

    with monkeypatch.context() as patch:
        patch.setattr(caption, "draw_caption", recording)
        for name, compose in _pictures():
            current[0] = name
            compose()
    return drawn


def problems_of(pieces: list[caption.Piece]) -> list[str]:
    """What is wrong with a caption's layout: a piece cut, wider than its box, off its line, or over another."""
    found = []
    draw = ImageDraw.Draw(Image.new("RGB", (g.WIDTH, g.BOARD_TOP)))
    boxes = []
    for piece in pieces:
        width = piece.face.getlength(piece.text)
        if piece.text != piece.whole:
            found.append(f"{piece.whole!r} is cut to {piece.text!r}")
        if width > piece.right - piece.left + 0.5:
            found.append(f"{piece.text!r} is {width:.0f} px in a box of {piece.right - piece.left:.0f} px")
        if piece.face.size < g.MIN_TEXT:
            found.append(f"{piece.text!r} is shrunk to {piece.face.size} px")
        at = piece.right if piece.anchor == "rm" else piece.left
        box = draw.textbbox((at, piece.y), piece.text, font=piece.face, anchor=piece.anchor)
        # A glyph's ink may overhang its advance by a pixel; more than that is words outside their box.
        if box[0] < piece.left - INK or box[2] > piece.right + INK or box[1] < 0 or box[3] > g.BOARD_TOP:
            found.append(f"{piece.text!r} leaves its box: {box}")
        boxes.append((piece.text, box))
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        if min(box_a[2], box_b[2]) > max(box_a[0], box_b[0]) and min(box_a[3], box_b[3]) > max(box_a[1], box_b[1]):
            found.append(f"{a!r} overlaps {b!r}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_caption_of_every_picture_fits_whole_at_its_longest(monkeypatch, language):
    problems = []
    with speaking(language):
        captions = _captions(monkeypatch)
        for picture, args, kwargs in captions:
            pieces = caption.caption_layout(*args, **kwargs)
            said = " ".join(p.whole for p in pieces)
            title, subtitle = args[0], args[1]
            assert title in said and all(word in said for word in subtitle.split(" ")), picture
            problems += [f"{picture}: {problem}" for problem in problems_of(pieces)]
    kinds = {picture.split(" ")[0] for picture, _, _ in captions}
    assert kinds == {"public", "discovery", "final", "goryo"} and len(captions) > 150
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(dict.fromkeys(problems[:30]))


def test_a_cut_or_crowded_caption_is_caught():
    """The measure can fail: a title too long for its line even at the smallest size, and a subtitle too long for
    the one line a note leaves it."""
    long_title = caption.caption_layout("Word " * 40, "short", "BADGE")
    assert any("is cut to" in p for p in problems_of(long_title))
    crowded = caption.caption_layout("Title", "word " * 60, note="a note")
    assert any("is cut to" in p for p in problems_of(crowded))
    assert problems_of(caption.caption_layout("Title", "A subtitle", "BADGE")) == []
