"""Alt text for each picture, from the same view, within Discord's 1024 characters."""

from __future__ import annotations

from collections.abc import Sequence

from rules import OBJECT_AT, GoryoView, PawPrint, PublicView, Space, TileState, plan_name, space_name
from rules.layout import GONG_LAST_SPACE, SPIRIT_TOKENS
from rules.views import possible_bound

from .aid_words import aid_sentences
from .board import discarded_prints
from .deduction import DeductionAid
from .images import final_reveal
from .reach import reachable_targets
from .words import reason, round_line, turn_line, winner_line

ALT_TEXT_LIMIT = 1024


def _fit(sentences: Sequence[str]) -> str:
    """Join sentences, dropping the least important (last) ones rather than cutting a word."""
    text = ""
    for sentence in sentences:
        candidate = f"{text} {sentence}".strip()
        if len(candidate) > ALT_TEXT_LIMIT:
            break
        text = candidate
    return text[:ALT_TEXT_LIMIT]


def _spaces(spaces) -> str:
    return ", ".join(f"{space_name(s)} ({OBJECT_AT[s]})" if OBJECT_AT[s] else space_name(s) for s in spaces)


def _samurai(view: PublicView) -> str:
    return "Samurai: " + ", ".join(f"{s} on {space_name(at)}" for s, at in view.samurai_spaces) + "."


def _prints(prints: Sequence[PawPrint]) -> str:
    if not prints:
        return "No paw-prints."
    return "Paw-prints: " + ", ".join(f"{space_name(p.space)} {'yes' if p.green else 'no'}" for p in prints) + "."


def _tiles(view: PublicView) -> str:
    groups = {state: [str(t) for t, s in view.tiles if s is state] for state in TileState}
    parts = [f"{state.value} {', '.join(names)}" for state, names in groups.items() if names]
    return "Garden tiles: " + "; ".join(parts) + "."


def _tracks(view: PublicView) -> str:
    powers = [name for name, ok in (("Sprint", view.sprint_available), ("False Trail", view.false_trail_available)) if ok]
    return (
        f"Gong {view.mallet} of {GONG_LAST_SPACE}, spirit captured {view.spirits} of {SPIRIT_TOKENS}, "
        f"{view.bag_count} tokens in the bag. Goryō powers left: {', '.join(powers) or 'none'}."
    )


def _suspects(view: PublicView, to_goryo: bool) -> list[str]:
    """The garden's "?" marks in words: the types not yet ruled out as her bound object."""
    if view.bound is not None:
        return []
    names = ", ".join(str(t) for t in possible_bound(view))
    if to_goryo:
        return [f"The Samurai cannot yet rule out as your bound object: {names}."]
    return [f"Could still be her bound object: {names}."]


def _board_facts(view: PublicView, prints: Sequence[PawPrint] | None, goryo_at: Space | None,
                 to_goryo: bool = False) -> list[str]:
    """What the board shows; ``prints`` None when the caller has already described them."""
    facts = [_samurai(view)]
    if goryo_at is not None:
        facts.append(f"Goryō pawn on {_spaces([goryo_at])}.")
    if prints is not None:
        facts.append(_prints(prints))
    facts.append(f"Broken: {_spaces(view.broken) or 'none'}.")
    if view.drawn:
        facts.append(f"Sealed types: {', '.join(str(t) for t in view.drawn)}.")
    facts.append(_tracks(view))
    if view.calls:
        facts.append("This turn: " + "; ".join(
            f"{c.samurai} {c.moves} move, {c.searches} search, {c.sniffs} sniff" for c in view.calls) + ".")
    facts.append(_tiles(view))
    facts.extend(_suspects(view, to_goryo))
    return facts


def describe_public(view: PublicView, aid: DeductionAid | None = None) -> str:
    """With ``aid``, its numbers come right after the headline, as the overlay shows them."""
    head = f"Goryō board, {round_line(view).lower()}. {turn_line(view)}."
    said = aid_sentences(aid) if aid is not None else []
    return _fit([head.replace("..", "."), *said, *_board_facts(view, view.paw_prints, view.goryo_space)])


def _reveal_sentences(view: PublicView) -> list[str]:
    reveal = view.last_reveal
    if reveal is None:
        return ["No path has been revealed yet."]
    said = [(f"Round {reveal.round} revealed: the Goryō went {plan_name(reveal.path)}, "
            f"breaking the {OBJECT_AT[reveal.path[-1]]} on {space_name(reveal.path[-1])}.")]
    if len(reveal.path) == 6:
        said.append("She used her Sprint.")
    if reveal.false_trail is not None:
        said.append(f"Her False Trail was on {space_name(reveal.false_trail)}.")
    said.append(_prints(reveal.paw_prints))
    for paw in discarded_prints(reveal.paw_prints, reveal.false_trail):
        said.append(f"The yes print on {space_name(paw.space)} lay on her False Trail, so it did not count toward the gong.")
    return said


def describe_discovery(view: PublicView) -> str:
    reveal = view.last_reveal
    facts = _board_facts(view, None if reveal else view.paw_prints, reveal.path[-1] if reveal else view.goryo_space)
    return _fit(["Discovery.", *_reveal_sentences(view), *facts])


def describe_final(view: PublicView) -> str:
    outcome = view.outcome
    if outcome is None:
        return describe_public(view)
    said = [f"Match over. {winner_line(outcome)}: {reason(outcome)}."]
    if view.bound is not None:
        said.append(f"Her bound object was the {view.bound}.")
    revealed = final_reveal(view) is not None
    if revealed:
        said.extend(_reveal_sentences(view))
    said.extend(_board_facts(view, None if revealed else view.paw_prints, view.goryo_space))
    return _fit(said)


def describe_goryo(view: GoryoView) -> str:
    public = view.public
    said = [f"Your secret board, {round_line(public).lower()}. Your bound object is the {view.bound}: never break it."]
    if view.plan is not None:
        path = plan_name(view.plan.path)
        said.append(f"Your path: {path}" + (" (with Sprint)" if len(view.plan.path) == 6 else "") + ".")
        if view.plan.false_trail is not None:
            said.append(f"False Trail on {space_name(view.plan.false_trail)}.")
    plain, sprint_only = reachable_targets(view)
    if plain:
        said.append(f"Objects you can reach: {_spaces(plain)}.")
    if sprint_only:
        said.append(f"Only with the Sprint: {_spaces(sprint_only)}.")
    said.extend(_board_facts(public, public.paw_prints, public.goryo_space, to_goryo=True))
    return _fit(said)
