"""The four pictures the bot posts, each a pure function of a view and a language.

Each takes ``language`` (a code from ``locales.LANGUAGES``; None: the language being spoken) and
draws inside ``speaking(language)``: a picture is drawn in one of the bot's drawing processes, where
the caller's context does not reach, so the bot names it.
The ``…_picture`` functions compose the same pictures unencoded, in the language being spoken.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeAlias, TypeVar

from PIL import Image

from locales import _
from rules import SPACES_OF_TYPE, GoryoView, ObjectType, Phase, PublicView, Reveal, space_name
from rules.views import discarded_prints
from words.aid import aid_caption
from words.deduction import DeductionAid
from words.phrases import (
    object_name,
    plan_name,
    round_line,
    said_in,
    sentence,
    short_reason,
    turn_badge,
    turn_line,
    winner_line,
)

from . import board, caption, overlay
from .errors import UndrawableView, check_goryo, check_public
from .theme import GOLD, TEXT

View = TypeVar("View")
Options = ParamSpec("Options")
# A function drawing a view, with its options (aid, language, preview…), into PNG bytes.
Drawing: TypeAlias = Callable[Concatenate[View, Options], bytes]

# The bot draws in worker threads; Pillow's FreeType faces and the lazily built
# sprite caches are shared, so one picture is drawn at a time.
_DRAWING = threading.Lock()


def one_at_a_time(check: Callable[[View], None]) -> Callable[[Drawing[View, Options]], Drawing[View, Options]]:
    """One picture at a time, of a view ``check`` accepts; whatever else goes wrong drawing it is
    an UndrawableView too, so the caller has one error to turn into words."""

    def wrap(draw: Drawing[View, Options]) -> Drawing[View, Options]:
        @functools.wraps(draw)
        def locked(view: View, /, *args: Options.args, **kwargs: Options.kwargs) -> bytes:
            check(view)
            with _DRAWING:
                try:
                    return draw(view, *args, **kwargs)
                except Exception as error:
                    raise UndrawableView(f"drawing failed: {type(error).__name__}: {error}") from error

        return locked

    return wrap



def _public_image(view: PublicView, aid: DeductionAid | None = None) -> Image.Image:
    image = board.canvas()
    if aid is not None:  # beneath everything that moves, so no piece, print or seal is hidden
        overlay.draw_heat(image, aid)
        overlay.draw_endings(image, aid)
    if view.phase is Phase.SETUP:  # the revealed first type: where she may begin
        board.draw_targets(image, SPACES_OF_TYPE[view.first_type])
    board.draw_public_pieces(image, view, view.paw_prints)
    return image


@one_at_a_time(check_public)
def public_board(view: PublicView, aid: DeductionAid | None = None, language: str | None = None) -> bytes:
    """The live board; with ``aid`` (public counts from the caller) the deduction overlay too."""
    with said_in(language):
        return board.to_png(public_picture(view, aid))


def public_picture(view: PublicView, aid: DeductionAid | None = None) -> Image.Image:
    image = _public_image(view, aid)
    caption.draw_caption(image, round_line(view), turn_line(view), turn_badge(view),
                       note=aid_caption(aid) if aid is not None else "", note_colour=overlay.HEAT_TEXT)
    return image


def discovery_extras(reveal: Reveal) -> list[str]:
    """What the discovery's subtitle adds after the path: the Sprint, the False Trail."""
    extras = []
    if len(reveal.path) == 6:
        extras.append(_("Sprint used"))
    if reveal.false_trail is not None:
        if discarded_prints(reveal.paw_prints, reveal.false_trail):
            extras.append(_("False Trail on {space} (its print not counted)")
                          .format(space=space_name(reveal.false_trail)))
        else:
            extras.append(_("False Trail on {space}").format(space=space_name(reveal.false_trail)))
    return extras


@one_at_a_time(check_public)
def discovery_board(view: PublicView, language: str | None = None) -> bytes:
    with said_in(language):
        return board.to_png(discovery_picture(view))


def discovery_picture(view: PublicView) -> Image.Image:
    reveal = view.last_reveal
    if reveal is None:  # nothing discovered yet: the plain board, said plainly
        image = _public_image(view)
        caption.draw_caption(image, round_line(view), _("No path has been revealed yet."))
        return image
    image = board.canvas()
    board.draw_broken(image, view.broken)
    board.draw_seals(image, view.sealed)
    board.draw_path_lines(image, reveal.path)
    board.draw_paw_prints(image, reveal.paw_prints, reveal.false_trail)
    board.draw_goryo(image, reveal.path[-1])
    board.draw_plan_cubes(image, reveal.path, reveal.false_trail, reveal.path[-1])
    board.draw_samurai(image, view)
    extras = discovery_extras(reveal)
    subtitle = plan_name(reveal.path) + ("  ·  " + ", ".join(extras) if extras else "")
    caption.draw_caption(image, _("Discovery · round {number}").format(number=reveal.round), subtitle,
                       _("PATH REVEALED"))
    return image


@one_at_a_time(check_public)
def final_board(view: PublicView, language: str | None = None) -> bytes:
    with said_in(language):
        return board.to_png(final_picture(view))


def final_picture(view: PublicView) -> Image.Image:
    image = board.canvas()
    board.draw_broken(image, view.broken)
    board.draw_seals(image, view.sealed)
    if view.bound is not None:
        board.draw_bound(image, view.bound)
    reveal = view.final_reveal
    outcome = view.outcome
    if reveal is not None:
        board.draw_path_lines(image, reveal.path)
        board.draw_paw_prints(image, reveal.paw_prints, reveal.false_trail)
        board.draw_goryo(image, view.goryo_space)
        board.draw_plan_cubes(image, reveal.path, reveal.false_trail, view.goryo_space)
    else:
        board.draw_paw_prints(image, view.paw_prints)
        board.draw_goryo(image, view.goryo_space)
    board.draw_samurai(image, view)
    if outcome is None:  # not over yet: caption it as the live board
        caption.draw_caption(image, round_line(view), turn_line(view))
    else:
        badge = bound_badge(view.bound) if view.bound is not None else ""
        caption.draw_caption(image, winner_line(outcome), sentence(short_reason(outcome)), badge, view.bound,
                           title_colour=GOLD)
    return image


def bound_badge(bound: ObjectType) -> str:
    # Translators: the caption's corner, beside the object's picture: her bound object.
    return _("Bound: {object}").format(object=object_name(bound))


@one_at_a_time(check_goryo)
def goryo_board(view: GoryoView, language: str | None = None) -> bytes:
    with said_in(language):
        return board.to_png(goryo_picture(view))


def goryo_picture(view: GoryoView) -> Image.Image:
    public = view.public
    image = board.canvas()
    if public.phase is Phase.SETUP:
        board.draw_targets(image, SPACES_OF_TYPE[public.first_type])
    else:
        plain, sprint_only = view.reachable_targets
        board.draw_targets(image, plain)
        board.draw_targets(image, sprint_only, solid=False)
    board.draw_bound(image, view.bound)
    board.draw_marks(image, public.broken, public.sealed)
    if view.plan is not None:
        board.draw_path_lines(image, view.plan.path)
    board.draw_paw_prints(image, public.paw_prints)
    board.draw_goryo(image, public.goryo_space)
    if view.plan is not None:
        board.draw_plan_cubes(image, view.plan.path, view.plan.false_trail, public.goryo_space)
    board.draw_samurai(image, public)
    title = _("Your secret board")
    if public.outcome is not None:
        # At the end her board is captioned like the final board: the outcome's words need the title's line too.
        title, subtitle = winner_line(public.outcome), sentence(short_reason(public.outcome))
    elif public.phase is Phase.GORYO_TURN:
        subtitle = (_("Your path: preview, confirm to lock it in") if view.plan is not None
                    else _("Plan your path: 4 steps to an intact object"))
    elif public.phase is Phase.SETUP:
        subtitle = _("Choose which {object} to break first").format(object=object_name(public.first_type))
    else:
        subtitle = _("The Samurai are hunting you")
    if public.outcome is None:
        # The round leads the subtitle: beside her bound object's badge the title's line has room for the title
        # alone. (At the end the outcome's words need both lines.)
        # Translators: the subtitle of her secret board: the round ("Round 2 of 4"), then what she does now.
        subtitle = _("{round} · {what}").format(round=round_line(public), what=subtitle)
    caption.draw_caption(image, title, subtitle, bound_badge(view.bound), view.bound,
                         title_colour=TEXT if public.outcome is None else GOLD)
    return image
