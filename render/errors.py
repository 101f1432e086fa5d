"""The one error a picture raises: its view is one no match can reach, so it cannot be drawn truly.

``UndrawableView`` carries its reason as a plain string, so it crosses back from the bot's
drawing processes intact; the bot then announces in words alone (``bot.delivery.boards``).
The checks are cheap (a few microseconds) and run before anything is drawn: a gong past its last
space or a fifth round would otherwise be drawn as a picture that lies.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules import SPACES, GoryoView, ObjectType, PublicView, Samurai
from rules.layout import (
    GONG_LAST_SPACE,
    MAX_SAMURAI_CALLED,
    MOVES_PER_SAMURAI,
    ROUNDS,
    SAMURAI_ACTION_CUBES,
    SEARCHES_PER_SAMURAI,
    SNIFFS_PER_SAMURAI,
    SPIRIT_TOKENS,
)

_SPACES = frozenset(SPACES)
MAX_PATH = 6  # the start, four steps and the Sprint's extra one


class UndrawableView(ValueError):
    """A view that no match can reach; its message says which fact is impossible."""


def check_public(view: PublicView) -> None:
    problems = list(_public_problems(view))
    if problems:
        raise UndrawableView("; ".join(problems))


def check_goryo(view: GoryoView) -> None:
    problems = list(_public_problems(view.public))
    if not isinstance(view.bound, ObjectType):
        problems.append(f"her bound object is {view.bound!r}")
    if view.plan is not None:
        problems += _path_problems("her plan", view.plan.path, view.plan.false_trail)
    problems += _space_problems("a legal target", view.legal_targets)
    if problems:
        raise UndrawableView("; ".join(problems))


def _space_problems(what: str, spaces: Iterable[object]) -> list[str]:
    return [f"{what} is on space {space!r}, not on the palace" for space in spaces if space not in _SPACES]


def _path_problems(what: str, path: tuple[object, ...], false_trail: object) -> list[str]:
    problems = _space_problems(what, (*path, *(() if false_trail is None else (false_trail,))))
    if not 1 <= len(path) <= MAX_PATH:
        problems.append(f"{what} has {len(path)} spaces")
    return problems


def _within(what: str, value: object, low: int, high: int) -> list[str]:
    if not isinstance(value, int) or not low <= value <= high:
        return [f"{what} is {value!r}, not {low} to {high}"]
    return []


def _public_problems(view: PublicView) -> Iterable[str]:
    yield from _within("the round", view.round, 0, ROUNDS)
    yield from _within("the gong's mallet", view.mallet, 0, GONG_LAST_SPACE)
    yield from _within("the spirits captured", view.spirits, 0, SPIRIT_TOKENS)
    yield from _within("the bag", view.bag_count, 0, len(ObjectType))
    yield from _space_problems("her pawn", () if view.goryo_space is None else (view.goryo_space,))
    samurai = [s for s, _ in view.samurai_spaces]
    if len(set(samurai)) != len(samurai) or not set(samurai) <= set(Samurai):
        yield f"the Samurai on the palace are {samurai!r}"
    yield from _space_problems("a Samurai", (space for _, space in view.samurai_spaces))
    yield from _space_problems("a broken object", view.broken)
    yield from _space_problems("a seal", view.sealed)
    yield from _space_problems("a paw-print", (paw.space for paw in view.paw_prints))
    types = [t for t, _ in view.tiles]
    if len(set(types)) != len(types) or len(types) != len(ObjectType):
        yield f"the garden holds {len(types)} tiles"
    called = [call.samurai for call in view.calls]
    if len(set(called)) != len(called) or len(called) > MAX_SAMURAI_CALLED:
        yield f"the Samurai called this turn are {called!r}"
    for call in view.calls:
        yield from _within(f"{call.samurai.value}'s moves", call.moves, 0, MOVES_PER_SAMURAI)
        yield from _within(f"{call.samurai.value}'s searches", call.searches, 0, SEARCHES_PER_SAMURAI)
        yield from _within(f"{call.samurai.value}'s sniffs", call.sniffs, 0, SNIFFS_PER_SAMURAI)
    yield from _within("the actions used", view.actions_used, 0, SAMURAI_ACTION_CUBES)
    if view.last_reveal is not None:
        reveal = view.last_reveal
        yield from _path_problems("the revealed path", reveal.path, reveal.false_trail)
        yield from _space_problems("a revealed paw-print", (paw.space for paw in reveal.paw_prints))
