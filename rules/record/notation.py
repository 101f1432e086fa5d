"""One action as the line a player types, and back: ``green:B2``, ``sniff red:C3``, ``A1 A2 B2 C2 C3``.

The words follow the slash commands (``/goryo move samurai:green to:B2`` is ``green:B2``), so a record reads
like what was played. Parsing is forgiving about case and spacing, strict about meaning. Its refusals are
English only: records are checked on the command line, never by the bot.
"""

from __future__ import annotations

import re

from ..actions import Abort, Action, ChooseStart, EndSamuraiTurn, Move, Plan, Resign, Search, Sniff, TimeOut, Undo
from ..errors import InvalidNotationError
from ..palace import parse_space, space_name
from ..sides import Samurai, Side

FALSE_TRAIL = "false_trail"
_LOOKS_LIKE_A_SPACE = re.compile(r"^[a-z][0-9]+$")  # a plan's first word; anything else is an unknown action
_WORDS: dict[str, Action] = {"end": EndSamuraiTurn(), "undo": Undo(), "abort": Abort()}
_SIDED: dict[str, type[Resign | TimeOut]] = {"resign": Resign, "timeout": TimeOut}


def action_line(action: Action) -> str:
    """The notation of ``action``, the inverse of ``parse_action``."""
    if isinstance(action, ChooseStart):
        return f"start {space_name(action.space)}"
    if isinstance(action, Plan):
        path = " ".join(space_name(s) for s in action.path)
        return path if action.false_trail is None else f"{path} {FALSE_TRAIL}:{space_name(action.false_trail)}"
    if isinstance(action, Move):
        return f"{action.samurai.value}:{space_name(action.to)}"
    if isinstance(action, Search):
        return f"search {action.samurai.value}"
    if isinstance(action, Sniff):
        return f"sniff {action.samurai.value}:{space_name(action.space)}"
    if isinstance(action, EndSamuraiTurn):
        return "end"
    if isinstance(action, Undo):
        return "undo"
    if isinstance(action, Resign):
        return f"resign {action.side.value}"
    if isinstance(action, TimeOut):
        return f"timeout {action.side.value}"
    if isinstance(action, Abort):
        return "abort"
    raise TypeError(f"not an action: {action!r}")


def parse_action(text: str) -> Action:
    """The action a line names; InvalidNotationError saying what is wrong otherwise."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidNotationError("The line names no action.")
    head, rest = words[0], words[1:]
    if head in _WORDS and not rest:
        return _WORDS[head]
    if head in _SIDED and len(rest) == 1:
        return _SIDED[head](_side(rest[0]))
    if head == "start" and len(rest) == 1:
        return ChooseStart(parse_space(rest[0]))
    if head == "search" and len(rest) == 1:
        return Search(_samurai(rest[0]))
    if head == "sniff" and len(rest) == 1 and ":" in rest[0]:
        colour, space = rest[0].split(":", 1)
        return Sniff(_samurai(colour), parse_space(space))
    if len(words) == 1 and ":" in head:
        colour, space = head.split(":", 1)
        return Move(_samurai(colour), parse_space(space))
    if len(words) >= 2 and _LOOKS_LIKE_A_SPACE.match(head) and all(":" not in w for w in words[:-1]):
        return _plan(words)
    raise InvalidNotationError(
        f"{text.strip()[:40]!r} is not an action: write, for example, green:B2, search green, sniff red:C3, "
        "end, undo, or a plan like A1 A2 B2 C2 C3."
    )


def _plan(words: list[str]) -> Plan:
    false_trail = None
    if ":" in words[-1]:
        key, space = words[-1].split(":", 1)
        if key != FALSE_TRAIL:
            raise InvalidNotationError(
                f"{words[-1][:20]!r} is not part of a plan: only false_trail:<space> may follow its spaces."
            )
        false_trail = parse_space(space)
        words = words[:-1]
    return Plan(tuple(parse_space(w) for w in words), false_trail)


def _samurai(text: str) -> Samurai:
    try:
        return Samurai(text)
    except ValueError:
        colours = ", ".join(s.value for s in Samurai)
        raise InvalidNotationError(f"{text[:20]!r} is not a Samurai: choose {colours}.") from None


def _side(text: str) -> Side:
    try:
        return Side(text)
    except ValueError:
        raise InvalidNotationError(f"{text[:20]!r} is not a side: write goryo or samurai.") from None
