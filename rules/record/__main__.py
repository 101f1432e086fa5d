"""``python -m rules.record FILE``: check a match's record by replaying it through the rules.

Prints who won and how, or the first line the rules refuse and why (exit status 1). The only part of the
record's code that reads a file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..pieces import Outcome, Side, Termination
from . import RecordError, check

HOW = {
    Termination.CAPTURED_THRICE: "the Samurai caught her three times",
    Termination.EXORCISED: "all but one object tile were broken, so she was exorcised",
    Termination.NO_LEGAL_PLAN: "she had no legal plan left",
    Termination.SURVIVED_FOUR_ROUNDS: "she lasted the four rounds",
    Termination.RESIGNED: "the other side resigned",
    Termination.TIMED_OUT: "the other side let its time run out",
    Termination.ABORTED: "the match was called off",
}


def result_sentence(outcome: Outcome) -> str:
    if outcome.winner is None:
        return f"No winner: {HOW[outcome.termination]}."
    who = "The Samurai win" if outcome.winner is Side.SAMURAI else "The Goryō wins"
    return f"{who}: {HOW[outcome.termination]}."


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m rules.record FILE", file=sys.stderr)
        return 2
    path = Path(argv[0])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{path}: can't be read: {error}", file=sys.stderr)
        return 2
    try:
        final = check(text)
    except RecordError as error:
        print(f"{path}: {error}")
        return 1
    assert final.outcome is not None  # check refuses a match that has not ended
    print(result_sentence(final.outcome))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
