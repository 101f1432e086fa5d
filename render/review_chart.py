"""The review's chart: her possible paths before and after each Samurai action, round by round, on a log scale,
with the Discoveries' captures and seals marked; and its alt text. Drawn from public counts the caller passes.

    png = render.review_chart.chart(PathsChart((ChartRound(1, (50, 50, 31, 10), captures=1, sealed=1), …)))
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from locales import _, ngettext, speaking

from . import theme

WIDTH, HEIGHT = 760, 380
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 54, 74  # the plot's margins: axis labels left, title above, legend below
TICKS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
LINE = (150, 190, 255)
CAPTURE = theme.NO
SEAL = theme.GOLD


@dataclass(frozen=True, slots=True)
class ChartRound:
    """One Samurai turn: her consistent paths as it began and after each action; what its Discovery did."""

    round: int
    counts: tuple[int, ...]  # the first before any action, then one after each action
    captures: int = 0  # spirit tokens flipped at its Discovery
    sealed: int = 0  # object types sealed at its Discovery


@dataclass(frozen=True, slots=True)
class PathsChart:
    rounds: tuple[ChartRound, ...]


def _y(count: int, top_count: int) -> float:
    """A count's height on the log scale (0 is drawn as 1: no path left is the floor)."""
    span = math.log10(max(top_count, 2))
    share = math.log10(max(count, 1)) / span
    return TOP + (1 - share) * (HEIGHT - TOP - BOTTOM)


def chart(data: PathsChart, *, language: str = "en") -> bytes:
    with speaking(language):
        return _draw(data)


def _draw(data: PathsChart) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.NIGHT)
    pen = ImageDraw.Draw(image)
    pen.text((LEFT, 14), _("Her possible paths, before and after each action (log scale)"), font=theme.fitting_font(
        _("Her possible paths, before and after each action (log scale)"), WIDTH - LEFT - RIGHT, 18, bold=True),
        fill=theme.TEXT)
    top_count = max((c for r in data.rounds for c in r.counts), default=1)
    ticks = [t for t in TICKS if t <= max(top_count, 2)]
    if ticks[-1] < top_count:
        ticks.append(top_count)
    small = theme.font(12)
    for tick in ticks:
        y = _y(tick, top_count)
        pen.line((LEFT, y, WIDTH - RIGHT, y), fill=theme.NIGHT_LIGHT)
        pen.text((LEFT - 8, y), str(tick), font=small, fill=theme.TEXT_DIM, anchor="rm")
    points = sum(len(r.counts) for r in data.rounds)
    step = (WIDTH - LEFT - RIGHT) / max(points, 2)
    x = LEFT + step / 2
    for turn in data.rounds:
        first = x - step / 2
        pen.line((first, TOP, first, HEIGHT - BOTTOM), fill=theme.PANEL_EDGE)
        pen.text((first + 4, HEIGHT - BOTTOM + 6), _("Round {number}").format(number=turn.round), font=small,
                 fill=theme.TEXT_DIM)
        coords = []
        for count in turn.counts:
            coords.append((x, _y(count, top_count)))
            x += step
        if len(coords) > 1:
            pen.line(coords, fill=LINE, width=3)
        for cx, cy in coords:
            pen.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=LINE, outline=theme.NIGHT)
        end_x, end_y = coords[-1]
        _discovery_marks(pen, end_x, end_y, turn)
    _legend(pen)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _discovery_marks(pen: ImageDraw.ImageDraw, x: float, y: float, turn: ChartRound) -> None:
    """A red cross per capture above the round's last point, a gold square per seal below it."""
    for i in range(turn.captures):
        cy = y - 14 - 14 * i
        pen.line((x - 5, cy - 5, x + 5, cy + 5), fill=CAPTURE, width=3)
        pen.line((x - 5, cy + 5, x + 5, cy - 5), fill=CAPTURE, width=3)
    for i in range(turn.sealed):
        cy = y + 14 + 14 * i
        pen.rectangle((x - 4, cy - 4, x + 4, cy + 4), fill=SEAL, outline=theme.NIGHT)


def _legend(pen: ImageDraw.ImageDraw) -> None:
    small = theme.font(13)
    y = HEIGHT - 26
    x = float(LEFT)
    pen.ellipse((x - 4, y - 4, x + 4, y + 4), fill=LINE)
    x += 10
    label = _("paths still possible")
    pen.text((x, y), label, font=small, fill=theme.TEXT, anchor="lm")
    x += small.getlength(label) + 24
    pen.line((x - 5, y - 5, x + 5, y + 5), fill=CAPTURE, width=3)
    pen.line((x - 5, y + 5, x + 5, y - 5), fill=CAPTURE, width=3)
    x += 10
    label = _("her spirit captured")
    pen.text((x, y), label, font=small, fill=theme.TEXT, anchor="lm")
    x += small.getlength(label) + 24
    pen.rectangle((x - 4, y - 4, x + 4, y + 4), fill=SEAL)
    x += 10
    pen.text((x, y), _("an object type sealed"), font=small, fill=theme.TEXT, anchor="lm")


def describe_chart(data: PathsChart, match_id: int, *, language: str = "en") -> str:
    """The chart's alt text: what it shows, round by round, in words."""
    with speaking(language):
        parts = []
        for turn in data.rounds:
            part = _("round {number}: from {first} to {last}").format(
                number=turn.round, first=turn.counts[0], last=turn.counts[-1])
            if turn.captures:
                part += ", " + ngettext("{count} capture", "{count} captures", turn.captures).format(
                    count=turn.captures)
            if turn.sealed:
                part += ", " + ngettext("{count} type sealed", "{count} types sealed", turn.sealed).format(
                    count=turn.sealed)
            parts.append(part)
        return _("A chart of her possible paths in match {match}, after each Samurai action, on a log scale; "
                 "{rounds}.").format(match=match_id, rounds="; ".join(parts) if parts else _("no Samurai turn"))
