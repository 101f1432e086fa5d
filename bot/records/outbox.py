"""What a committed action owes to people, as rows stored in the action's own transaction.

An ``OutboxItem`` says who is told (its route), in what words, and which picture
goes with it. The picture is named, not stored: it is a pure function of the
match's state at the item's ``seq`` (the match version the action produced), so
the deliverer draws it when it sends, after a restart too.

Routes: ``public`` is a new message in the match's channel, ``goryo`` is the
Goryō's DM (her secrets may go only there), ``live`` is the one board message of
the current Samurai turn, posted anew after each action (the previous one deleted), ``samurai`` is the
Samurai player's DM (a turn notice they asked for; public words only), and ``tournament`` is a new message in a
tournament's channel (a round's announcement, its reminder, the standings: items of the tournament, not of a
match, ``TournamentPost``; they ping ``pings`` only). A ``public`` item with a ``channel`` goes to that channel
instead of the match's: the channel a match's thread was opened from, told that the match started and how it ended.
An item marked ``answer`` is the reply
to whoever acted, when their interaction can still take it. Buttons are named too
(``buttons=Buttons.REMATCH``) and built by the deliverer for the item's match.

Each item has one ``language`` (``locales``): its text was composed in it, and its picture,
alt text and buttons are drawn in it at delivery, so one message never mixes two.

A match's end message may also carry facts the store adds as it commits the end (``rating_changes``,
``unrated``): numbers and ids, put in words by the deliverer in the item's language.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from rules import Side

from .league.ratings import Rating, RatingChange


# Stored as their words (the outbox table's CHECK lists the routes), so an item queued before an upgrade is read back.
class Route(StrEnum):
    PUBLIC = "public"
    GORYO = "goryo"
    LIVE = "live"
    SAMURAI = "samurai"
    TOURNAMENT = "tournament"  # a tournament's post (issue 43), not a match's


class Picture(StrEnum):
    PUBLIC = "public"
    DISCOVERY = "discovery"
    FINAL = "final"
    GORYO = "goryo"
    STANDINGS = "standings"  # a tournament's table, drawn from the words stored with it


class Buttons(StrEnum):
    """The controls an item carries (``bot.ui.buttons.NAMED_VIEWS`` builds them)."""

    REMATCH = "rematch"
    PANEL = "panel"
    BUILDER = "builder"
    PANEL_HINT = "panel+hint"  # the same where the match allows hints (issue 44): with a Hint button
    BUILDER_HINT = "builder+hint"


SECRET_PICTURES = (Picture.GORYO,)


@dataclass(frozen=True)
class Table:
    """A tournament's standings as the picture draws them: words made when the round was decided, in the item's
    language (a picture drawn again after a restart is the same picture)."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    alt: str  # the picture's description, for a screen reader


@dataclass(frozen=True)
class OutboxItem:
    kind: str  # what it is, for the log and for finding it again: "discovery", "ping", "end", ...
    route: Route
    text: str
    picture: Picture | None = None
    answer: bool = False
    buttons: Buttons | None = None
    language: str = "en"
    channel: int | None = None  # a public line for this channel rather than the match's (its thread's parent)
    rating_changes: tuple[RatingChange, ...] = ()  # what the match this item ends did to its players' ratings
    unrated: bool = False  # the match it ends was given up too early to be rated
    pings: tuple[int, ...] = ()  # a tournament post: the members it mentions and may ping (nobody else)
    table: Table | None = None  # the standings picture's words (picture "standings")

    def __post_init__(self) -> None:
        # Each word as its member (a ValueError names any other), so that ``is`` compares them wherever read.
        object.__setattr__(self, "route", Route(self.route))
        if self.picture is not None:
            object.__setattr__(self, "picture", Picture(self.picture))
        if self.buttons is not None:
            object.__setattr__(self, "buttons", Buttons(self.buttons))
        if (self.picture is Picture.STANDINGS) != (self.table is not None):
            raise ValueError("the standings picture, and only it, is drawn from a table")
        if (self.route is Route.TOURNAMENT) != (self.picture in (None, Picture.STANDINGS)) and self.picture is not None:
            raise ValueError("a tournament post draws its standings only; a match's item draws no standings")
        if self.channel is not None and self.route is not Route.PUBLIC:
            raise ValueError("only public words go to another channel")
        # The one rule that keeps secrets out of the channel, checked where every item is made.
        if self.route is not Route.GORYO and self.picture in SECRET_PICTURES:
            raise ValueError("the Goryō's own board may only go to her")

    def payload(self) -> str:
        data: dict[str, Any] = {"text": self.text, "picture": self.picture, "answer": self.answer}
        if self.buttons is not None:
            data["buttons"] = self.buttons
        if self.language != "en":  # an item stored before languages existed is English
            data["language"] = self.language
        if self.channel is not None:
            data["channel"] = self.channel
        if self.rating_changes:
            data["ratings"] = [_change_data(change) for change in self.rating_changes]
        if self.unrated:
            data["unrated"] = True
        if self.pings:
            data["pings"] = list(self.pings)
        if self.table is not None:
            data["table"] = dataclasses.asdict(self.table)
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_row(cls, kind: str, route: str, payload: str) -> OutboxItem:
        data = json.loads(payload)
        # The route (and picture and buttons) as stored: __post_init__ refuses any other.
        return cls(kind, Route(route), data["text"], data.get("picture"), bool(data.get("answer")),
                   data.get("buttons"), data.get("language", "en"), data.get("channel"),
                   tuple(_change_of(change) for change in data.get("ratings", ())), bool(data.get("unrated")),
                   tuple(data.get("pings", ())), _table_of(data.get("table")))


def _table_of(data: dict[str, Any] | None) -> Table | None:
    if data is None:
        return None
    return Table(data["title"], tuple(data["headers"]), tuple(tuple(row) for row in data["rows"]), data["alt"])


def _change_data(change: RatingChange) -> list[Any]:
    before, after = change.before, change.after
    return [change.user_id, change.role.value, [before.mu, before.sigma, before.matches, before.wins],
            [after.mu, after.sigma, after.matches, after.wins]]


def _change_of(data: list[Any]) -> RatingChange:
    user_id, role, before, after = data
    return RatingChange(user_id, Side(role), Rating(*before), Rating(*after))


@dataclass(frozen=True)
class Carrier:
    """The interaction an item was sent as the answer to: enough to find that answer again.

    Its token lets the bot read and edit the interaction's original response for 15
    minutes (``expires_at``); ``channel_id`` and ``source_id`` (the clicked message an
    answer replaces, if any) let it look there later; messages answering the interaction
    have ids above ``interaction_id``.
    """

    application_id: int
    token: str
    expires_at: datetime
    interaction_id: int
    channel_id: int | None
    source_id: int | None = None

    def payload(self) -> str:
        data = dataclasses.asdict(self)
        data["expires_at"] = self.expires_at.isoformat()
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_payload(cls, payload: str | None) -> Carrier | None:
        if payload is None:
            return None
        data = json.loads(payload)
        data["expires_at"] = datetime.fromisoformat(data["expires_at"])
        return cls(**data)


@dataclass(frozen=True)
class OutboxEntry:
    """A stored item: where it stands in delivery."""

    id: int
    match_id: int
    seq: int
    item: OutboxItem
    status: str  # "pending" | "done" | "failed"
    attempts: int
    message_id: int | None
    # When its latest send began, if one did: it may have reached Discord before a crash.
    attempted_at: datetime | None = None
    carrier: Carrier | None = None  # the interaction that was to carry it, if any
    refused: bool = False  # the match's channel refused it (a permission missing), and the players were told

    @property
    def nonce(self) -> str:
        # Discord drops a second message with the same nonce (enforce_nonce) for a few minutes:
        # a resend after a crash between "sent" and "marked done" is not posted twice.
        return f"goryo-outbox-{self.id}"


@dataclass(frozen=True)
class TournamentPost:
    """A stored item of a tournament (route ``tournament``): where it stands in delivery."""

    id: int
    tournament_id: int
    round: int  # the round it speaks of (0: before the first)
    item: OutboxItem
    status: str  # "pending" | "done" | "failed"
    attempts: int
    message_id: int | None
    next_attempt_at: datetime  # not tried before then (a refused post's next try, or one held back behind it)
    attempted_at: datetime | None = None

    @property
    def nonce(self) -> str:
        return f"goryo-outbox-{self.id}"  # one id space with the matches' items


def panel_off() -> OutboxItem:
    """The turn's board redrawn without a picture: it keeps its picture and loses the Samurai's panel (turn over)."""
    return OutboxItem("live", Route.LIVE, "")


def is_panel_off(item: OutboxItem) -> bool:
    return item.route is Route.LIVE and item.picture is None


def builder_off() -> OutboxItem:
    """Her turn to choose is over (her start or plan is in, or the match ended): her builder loses its menus."""
    return OutboxItem("builder-off", Route.GORYO, "")


def is_builder_off(item: OutboxItem) -> bool:
    return item.kind == "builder-off"
