"""An animated GIF of a whole finished match, replayed from its action log with the live pictures.

Pure: the same initial state and actions always give the same bytes. Discord does not animate
APNG attachments, hence GIF. How the wiring (later) uses it, off the event loop:

    replay = await asyncio.to_thread(
        render.replay.replay_gif, initial_state, [logged.action for logged in log],
        max_bytes=interaction.filesize_limit,
    )
    file = discord.File(io.BytesIO(replay.gif), filename=f"goryo-match-{match_id}.gif")

Frames, in order: after each action the public board as the channel saw it; after an action
whose discovery revealed a path, that Discovery picture first; at the end the final board.
Every frame is drawn from ``rules.public_view`` by the public renderers, exactly as in live
play, so the replay shows nothing the channel was not shown at that moment (the bound object
appears only on the final board, as it did live).
"""

from __future__ import annotations

import enum
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

import rules
from locales import _
from rules.events import PathRevealed
from words.deduction import DeductionAid
from words.phrases import said_in

from . import geometry
from .errors import UndrawableView
from .images import discovery_board, final_board, public_board

# 720 px: a phone shows an attachment about 360 points wide at 2x, so this is drawn pixel for
# pixel there; the 742-px live pictures shrink to 97 %, and a word's size on a phone is the same at any width.
DEFAULT_WIDTH = 720

ACTION_MS = 1200
REVEAL_MS = 4000
FINAL_MS = 8000

# 255, not 256: the GIF writer needs one free palette index to make the pixels a frame leaves
# unchanged transparent, which keeps each frame a small delta of the one before.
FULL_COLOURS = 255

# Tried in order until the GIF fits: (share of the asked width, colours).
REDUCTIONS: tuple[tuple[float, int], ...] = ((1.0, 255), (1.0, 127), (1.0, 63), (0.85, 63), (0.7, 31), (0.55, 31))


class FrameKind(enum.Enum):
    ACTION = "action"
    REVEAL = "reveal"
    FINAL = "final"

    @property
    def duration_ms(self) -> int:
        return {FrameKind.ACTION: ACTION_MS, FrameKind.REVEAL: REVEAL_MS, FrameKind.FINAL: FINAL_MS}[self]


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    kind: FrameKind
    png: bytes  # a live picture, full size


@dataclass(frozen=True, slots=True)
class Replay:
    gif: bytes
    frames: int
    reveals: int
    width: int
    height: int
    colours: int
    key_frames_only: bool  # the per-action frames were dropped to fit the limit
    reduced: bool  # smaller or with fewer colours (or frames) than asked, to fit the limit

    @property
    def size(self) -> int:
        return len(self.gif)


class MatchInProgressError(ValueError):
    """The log does not end the match: a replay of a match still being played is refused."""

    def __init__(self) -> None:
        super().__init__(_("That match is still being played; its replay will be ready once it ends."))


class UndrawableReplayError(ValueError):
    """A frame's view is one no match can reach (render.UndrawableView): no replay, said plainly."""

    def __init__(self) -> None:
        super().__init__(_("one of its pictures cannot be drawn, as its record holds a state no match can reach."))


class ReplayTooLargeError(ValueError):
    def __init__(self, smallest: int, max_bytes: int) -> None:
        self.smallest = smallest
        super().__init__(
            _("Even the smallest replay ({smallest:.1f} MB) is over the upload limit here ({limit:.1f} MB).").format(
                smallest=smallest / 1_048_576, limit=max_bytes / 1_048_576)
        )


AidOf = Callable[[rules.PublicView], DeductionAid | None]


def replay_frames(
    initial_state: rules.GameState, actions: Iterable[rules.Action], aid: AidOf | None = None,
    language: str | None = None,
) -> tuple[ReplayFrame, ...]:
    """The live pictures of the match: one per action, one per revealed path, then the final board.

    ``aid``: for a match played with the deduction aid, the caller's function from a public view
    to the aid's numbers (``bot.delivery.assist.deduction_aid``), so the frames show it as the channel did.
    """
    views: list[tuple[rules.PublicView, bool]] = []  # after each action, and whether it revealed a path
    state = initial_state
    for action in actions:
        step = rules.apply(state, action)
        state = step.state
        views.append((rules.public_view(state), any(isinstance(event, PathRevealed) for event in step.events)))
    if not state.is_over:  # refused before drawing anything
        with said_in(language):
            raise MatchInProgressError()
    frames: list[ReplayFrame] = []
    try:
        for view, revealed in views:
            if revealed:
                frames.append(ReplayFrame(FrameKind.REVEAL, discovery_board(view, language=language)))
            frames.append(ReplayFrame(FrameKind.ACTION, public_board(view, aid(view) if aid is not None else None,
                                                                     language=language)))
        frames.append(ReplayFrame(FrameKind.FINAL, final_board(rules.public_view(state), language=language)))
    except UndrawableView as error:
        with said_in(language):
            raise UndrawableReplayError() from error
    return tuple(frames)


def encode_gif(frames: Sequence[ReplayFrame], *, width: int, colours: int = FULL_COLOURS) -> bytes:
    """The frames as one looping GIF ``width`` px wide, sharing one palette of ``colours``."""
    return _encode([_decoded(frame.png, width) for frame in frames], frames, colours)


def replay_gif(
    initial_state: rules.GameState,
    actions: Iterable[rules.Action],
    *,
    max_bytes: int,
    width: int = DEFAULT_WIDTH,
    aid: AidOf | None = None,
    language: str | None = None,
) -> Replay:
    """The whole match as a GIF of at most ``max_bytes``, reduced step by step only if it must be.

    MatchInProgressError if the match is not over; ReplayTooLargeError if nothing fits (each says
    why in ``language``, as do the frames).
    """
    frames = replay_frames(initial_state, actions, aid, language)
    reveals = sum(frame.kind is FrameKind.REVEAL for frame in frames)
    asked = [_decoded(frame.png, width) for frame in frames]  # smaller widths are scaled from these
    sizes: list[int] = []  # of every GIF tried, for the refusal
    # The last resort keeps the Discovery pictures and the final board only: the story in brief.
    for key_only, steps in ((False, REDUCTIONS), (True, REDUCTIONS[-1:])):
        chosen = [i for i, frame in enumerate(frames) if not key_only or frame.kind is not FrameKind.ACTION]
        for share, colours in steps:
            scaled_width = max(1, round(width * share))
            images = [_resized(asked[i], scaled_width) for i in chosen]
            gif = _encode(images, [frames[i] for i in chosen], colours)
            if len(gif) <= max_bytes:
                return Replay(
                    gif=gif,
                    frames=len(chosen),
                    reveals=reveals,
                    width=scaled_width,
                    height=images[0].height,
                    colours=colours,
                    key_frames_only=key_only,
                    reduced=key_only or (share, colours) != REDUCTIONS[0],
                )
            sizes.append(len(gif))
    with said_in(language):
        raise ReplayTooLargeError(min(sizes), max_bytes)


def _encode(images: Sequence[Image.Image], frames: Sequence[ReplayFrame], colours: int) -> bytes:
    palette = _shared_palette(images, frames, colours)
    # No dithering: the pictures are flat colour, and dither noise would defeat the frame deltas.
    paletted = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    out = io.BytesIO()
    paletted[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=paletted[1:],
        duration=[frame.kind.duration_ms for frame in frames],
        loop=0,
        optimize=True,
    )
    return out.getvalue()


def _decoded(png: bytes, width: int) -> Image.Image:
    return _resized(Image.open(io.BytesIO(png)).convert("RGB"), width)


def _resized(image: Image.Image, width: int) -> Image.Image:
    height = round(geometry.HEIGHT * width / geometry.WIDTH)
    if image.size == (width, height):
        return image
    # Hamming: as sharp as Lanczos on this flat artwork at these ratios, with fewer in-between
    # colours (a smaller GIF) and under half the time.
    return image.resize((width, height), Image.Resampling.HAMMING)


def _shared_palette(scaled: Sequence[Image.Image], frames: Sequence[ReplayFrame], colours: int) -> Image.Image:
    """One palette for every frame, from the first picture, the Discovery pictures and the final board.

    Those together hold every colour the match draws (the bound object appears only at the end),
    and one shared palette keeps unchanged pixels identical from frame to frame.
    """
    picked = [0, *(i for i, frame in enumerate(frames) if frame.kind is FrameKind.REVEAL), len(frames) - 1]
    picked = sorted(set(picked))
    width, height = scaled[0].size
    montage = Image.new("RGB", (width, height * len(picked)))
    for row, index in enumerate(picked):
        montage.paste(scaled[index], (0, row * height))
    # Every other pixel is plenty to find the colours, and median cut takes a quarter of the time.
    sample = montage.resize((max(1, width // 2), max(1, montage.height // 2)), Image.Resampling.NEAREST)
    return sample.quantize(colors=colours, method=Image.Quantize.MEDIANCUT)
