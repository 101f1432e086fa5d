"""A match as plain text anyone can keep, share and check, in the manner of chess's PGN.

    text = rules.record.format_record(initial, actions, {"Event": "Match 12"})
    final = rules.record.check(text)   # the state it replays to; RecordError names the first bad line

Header tags first (``[Mode "basic"]``), then every action in order, one a line, in the notation players
type (``rules.record.notation``); ``;`` starts a comment. The setup tags (``Bound``, ``FirstType``,
``Bag``: the bag's whole order) make the match replayable without its seed. Pure: no file is read here
(``python -m rules.record FILE`` reads one). The format is documented in docs/record-format.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..actions import Action, Plan
from ..errors import GoryoError, IllegalActionError
from ..events import Investigated
from ..game import apply
from ..palace import OBJECT_TYPES, ObjectType
from ..pieces import Outcome
from ..state import GameState
from .notation import action_line, parse_action

__all__ = ["RULES_VERSION", "Line", "Record", "RecordError", "check", "format_record", "parse_record", "replay"]

RULES_VERSION = "1"  # the rules these records replay through; a deliberate rule change makes it "2"
TAG_ORDER = ("Event", "Site", "Channel", "Date", "Goryo", "Samurai", "Level", "Mode", "Aid", "Result",
             "Termination", "Rules", "Bound", "FirstType", "Bag")
COMPUTED_TAGS = frozenset({"Mode", "Result", "Termination", "Rules", "Bound", "FirstType", "Bag"})
MODES = {"basic": False, "advanced": True}
UNFINISHED = "*"
NO_WINNER = "none"

_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_ESCAPED = re.compile(r"\\(.)")


class RecordError(GoryoError):
    """A record that cannot be read or replayed; ``line`` is its 1-based line (None for the header as a whole)."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True)
class Line:
    number: int  # 1-based, as an editor counts
    text: str  # the action as written, without its comment
    action: Action


@dataclass(frozen=True, slots=True)
class Record:
    tags: tuple[tuple[str, str], ...]  # in the order written
    initial: GameState
    lines: tuple[Line, ...]

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(line.action for line in self.lines)

    def tag(self, name: str) -> str | None:
        return next((value for key, value in self.tags if key == name), None)


# --- writing ---------------------------------------------------------------------------------------


def result_tag(outcome: Outcome | None) -> str:
    if outcome is None:
        return UNFINISHED
    return NO_WINNER if outcome.winner is None else outcome.winner.value


def format_record(initial: GameState, actions: Sequence[Action], tags: Mapping[str, str] | None = None,
                  notes: Mapping[int, Sequence[str]] | None = None) -> str:
    """The record of ``actions`` played from ``initial`` (a match's setup, before its start is chosen).

    ``tags`` are the descriptive ones (Event, Site, players, …); the setup, mode, result and rules tags are
    computed here. ``notes[i]`` are comment lines written before action ``i`` (``len(actions)``: after the
    last), such as a hint asked for. Actions must be legal (IllegalActionError otherwise).
    """
    if initial != GameState(advanced=initial.advanced, bound=initial.bound, first_type=initial.first_type,
                            bag=initial.bag):
        raise ValueError("a record starts from a match's setup")
    notes = notes or {}
    body: list[str] = []
    state = initial
    for index, action in enumerate(actions):
        body.extend(f"; {note}" for note in notes.get(index, ()))
        if isinstance(action, Plan):
            body.append(f"; round {state.round}")
        state, events = apply(state, action)
        answer = next((e.answer for e in events if isinstance(e, Investigated)), None)
        line = action_line(action)
        body.append(line if answer is None else f"{line} ; {'yes' if answer else 'no'}")
    body.extend(f"; {note}" for note in notes.get(len(actions), ()))
    computed = {
        "Mode": "advanced" if initial.advanced else "basic",
        "Result": result_tag(state.outcome),
        "Termination": "" if state.outcome is None else state.outcome.termination.value,
        "Rules": RULES_VERSION,
        "Bound": initial.bound.value,
        "FirstType": initial.first_type.value,
        "Bag": " ".join(t.value for t in initial.bag),
    }
    given = {key: value for key, value in (tags or {}).items() if key not in COMPUTED_TAGS}
    merged = {**given, **computed}
    ordered = [key for key in TAG_ORDER if key in merged] + [key for key in merged if key not in TAG_ORDER]
    header = [f'[{key} "{_escaped(merged[key])}"]' for key in ordered]
    return "\n".join([*header, "", *body]) + "\n"


def _escaped(value: str) -> str:
    one_line = " ".join(str(value).split())  # a name with a line break must not break the header
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


# --- reading ---------------------------------------------------------------------------------------


def parse_record(text: str) -> Record:
    """The record ``text`` holds: its tags, its setup and its actions (not yet replayed; see ``replay``)."""
    tags: list[tuple[str, str]] = []
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split(";", 1)[0].strip()
        if not content:
            continue
        if content.startswith("["):
            if lines:
                raise RecordError(number, "a header tag after the first action: tags come first.")
            match = _TAG.match(content)
            if match is None:
                raise RecordError(number, f'{content[:40]!r} is not a tag: write [Name "value"].')
            tags.append((match[1], _ESCAPED.sub(r"\1", match[2])))
            continue
        try:
            action = parse_action(content)
        except GoryoError as error:
            raise RecordError(number, str(error)) from None
        lines.append(Line(number, content, action))
    return Record(tuple(tags), _setup(dict(tags)), tuple(lines))


def _setup(tags: Mapping[str, str]) -> GameState:
    missing = [name for name in ("Mode", "Bound", "FirstType", "Bag") if name not in tags]
    if missing:
        raise RecordError(None, "the header lacks the tag(s) " + ", ".join(missing) + ", which set the match up.")
    if tags["Mode"] not in MODES:
        raise RecordError(None, f"Mode is {tags['Mode']!r}: write basic or advanced.")
    if tags.get("Rules", RULES_VERSION) != RULES_VERSION:
        raise RecordError(None, f"the record follows rules {tags['Rules']!r}; this program plays rules "
                                f"{RULES_VERSION!r}.")
    bound, first = _object(tags["Bound"], "Bound"), _object(tags["FirstType"], "FirstType")
    bag = tuple(_object(name, "Bag") for name in tags["Bag"].split())
    if sorted(t.value for t in (bound, first, *bag)) != sorted(t.value for t in OBJECT_TYPES):
        raise RecordError(None, "Bound, FirstType and Bag together must name each of the 8 object types once.")
    return GameState(advanced=MODES[tags["Mode"]], bound=bound, first_type=first, bag=bag)


def _object(name: str, tag: str) -> ObjectType:
    try:
        return ObjectType(name.strip().capitalize())
    except ValueError:
        known = ", ".join(t.value for t in OBJECT_TYPES)
        raise RecordError(None, f"{tag} names {name!r}, which is not an object type ({known}).") from None


def states(record: Record) -> Iterator[GameState]:
    """The state after each line, in order; RecordError at the first line the rules refuse, saying why."""
    state = record.initial
    for line in record.lines:
        try:
            state = apply(state, line.action).state
        except IllegalActionError as error:
            raise RecordError(line.number, f"{line.text}: {error}") from None
        yield state


def replay(record: Record) -> GameState:
    """The state the record's actions reach."""
    final = record.initial
    for reached in states(record):
        final = reached  # the last one is the answer
    return final


def check(text: str) -> GameState:
    """The finished match ``text`` records, checked: each line legal, the match over, its Result as written."""
    record = parse_record(text)
    final = replay(record)
    last = record.lines[-1].number if record.lines else None
    if final.outcome is None:
        raise RecordError(last, f"the record ends before the match does (round {final.round}, "
                                f"{final.to_move.title if final.to_move else 'nobody'} to play).")
    written = record.tag("Result")
    if written is not None and written != result_tag(final.outcome):
        raise RecordError(None, f"the Result tag says {written!r} but the actions give {result_tag(final.outcome)!r}.")
    return final

