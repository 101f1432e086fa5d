"""Alt text for each picture, from the same view, within Discord's 1024 characters.

Each ``describe_…`` takes ``language`` like the picture it goes with (None: the language being
spoken), and speaks it throughout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from locales import N_, _
from rules import (
    GoryoView,
    Outcome,
    PawPrint,
    PublicView,
    SamuraiCall,
    Space,
    TileState,
    object_on,
    space_name,
)
from rules.layout import GONG_LAST_SPACE, SPIRIT_TOKENS
from rules.views import discarded_prints, possible_bound

from .aid import aid_sentences
from .deduction import DeductionAid
from .phrases import (
    named_spaces,
    object_name,
    plan_name,
    reason,
    round_line,
    said_in,
    samurai_colour,
    the_object,
    turn_line,
    winner_line,
)

ALT_TEXT_LIMIT = 1024

# The garden tiles in one state, as the alt text lists them: "intact Helmet, Fan".
TILES_IN_STATE = {TileState.INTACT: N_("intact {objects}"), TileState.BROKEN: N_("broken {objects}"),
                  TileState.SEALED: N_("sealed {objects}")}


def _fit(sentences: Sequence[str]) -> str:
    """Join sentences, dropping the least important (last) ones rather than cutting a word."""
    text = ""
    for sentence in sentences:
        candidate = f"{text} {sentence}".strip()
        if len(candidate) > ALT_TEXT_LIMIT:
            break
        text = candidate
    return text[:ALT_TEXT_LIMIT]


def _list(words: Iterable[str]) -> str:
    return ", ".join(words)


def _samurai(view: PublicView) -> str:
    # Translators: where one Samurai stands, in the list of all four: "green on B1".
    where = _list(_("{colour} on {space}").format(colour=samurai_colour(s).lower(), space=space_name(at))
                  for s, at in view.samurai_spaces)
    return _("Samurai: {where}.").format(where=where)


def _prints(prints: Sequence[PawPrint]) -> str:
    if not prints:
        return _("No paw-prints.")
    # Translators: each paw-print's space and its answer: "C2 yes, E2 no".
    listed = _list((_("{space} yes") if p.green else _("{space} no")).format(space=space_name(p.space)) for p in prints)
    return _("Paw-prints: {prints}.").format(prints=listed)


def _tiles(view: PublicView) -> str:
    groups = {state: [object_name(t) for t, s in view.tiles if s is state] for state in TileState}
    parts = [_(TILES_IN_STATE[state]).format(objects=_list(names)) for state, names in groups.items() if names]
    return _("Garden tiles: {groups}.").format(groups="; ".join(parts))


def _tracks(view: PublicView) -> str:
    powers = [name for name, ok in ((_("Sprint"), view.sprint_available),
                                    (_("False Trail"), view.false_trail_available)) if ok]
    return _("Gong {mallet} of {last}, spirit captured {spirits} of {tokens}, {bag} tokens in the bag. "
             "Goryō powers left: {powers}.").format(
        mallet=view.mallet, last=GONG_LAST_SPACE, spirits=view.spirits, tokens=SPIRIT_TOKENS, bag=view.bag_count,
        powers=_list(powers) or _("none"))


def _suspects(view: PublicView, to_goryo: bool) -> list[str]:
    """The garden's "?" marks in words: the types not yet ruled out as her bound object."""
    if view.bound is not None:
        return []
    names = _list(object_name(t) for t in possible_bound(view))
    if to_goryo:
        return [_("The Samurai cannot yet rule out as your bound object: {objects}.").format(objects=names)]
    return [_("Could still be her bound object: {objects}.").format(objects=names)]


def _call(call: SamuraiCall) -> str:
    return _("{colour} {moves} move, {searches} search, {sniffs} sniff").format(
        colour=samurai_colour(call.samurai).lower(), moves=call.moves, searches=call.searches, sniffs=call.sniffs)


def _board_facts(view: PublicView, prints: Sequence[PawPrint] | None, goryo_at: Space | None,
                 to_goryo: bool = False, then: Sequence[str] = ()) -> list[str]:
    """What the board shows; ``prints`` None when the caller has already described them. Where the pieces stand
    and the answers come first, then ``then``: so however long the rest, the alt text never drops them."""
    facts = [_samurai(view)]
    if goryo_at is not None:
        facts.append(_("Goryō pawn on {space}.").format(space=named_spaces([goryo_at])))
    if prints is not None:
        facts.append(_prints(prints))
    facts.extend(then)
    facts.append(_("Broken: {spaces}.").format(spaces=named_spaces(view.broken) or _("none")))
    if view.drawn:
        facts.append(_("Sealed types: {objects}.").format(objects=_list(object_name(t) for t in view.drawn)))
    facts.append(_tracks(view))
    if view.calls:
        facts.append(_("This turn: {calls}.").format(calls="; ".join(_call(c) for c in view.calls)))
    facts.append(_tiles(view))
    facts.extend(_suspects(view, to_goryo))
    return facts


def describe_public(view: PublicView, aid: DeductionAid | None = None, language: str | None = None) -> str:
    """With ``aid``, its numbers come right after the pieces and the answers."""
    with said_in(language):
        head = _("Goryō board, {round}. {turn}.").format(round=round_line(view).lower(), turn=turn_line(view))
        said = aid_sentences(aid) if aid is not None else []
        return _fit([head.replace("..", "."), *_board_facts(view, view.paw_prints, view.goryo_space, then=said)])


def _reveal_sentences(view: PublicView) -> list[str]:
    reveal = view.last_reveal
    if reveal is None:
        return [_("No path has been revealed yet.")]
    target = reveal.path[-1]
    said = [_("Round {number} revealed: the Goryō went {path}, breaking {object} on {space}.").format(
        number=reveal.round, path=plan_name(reveal.path), object=the_object(object_on(target)),
        space=space_name(target))]
    if len(reveal.path) == 6:
        said.append(_("She used her Sprint."))
    if reveal.false_trail is not None:
        said.append(_("Her False Trail was on {space}.").format(space=space_name(reveal.false_trail)))
    said.append(_prints(reveal.paw_prints))
    for paw in discarded_prints(reveal.paw_prints, reveal.false_trail):
        said.append(_("The yes print on {space} lay on her False Trail, so it did not count toward the gong.").format(
            space=space_name(paw.space)))
    return said


def describe_discovery(view: PublicView, language: str | None = None) -> str:
    with said_in(language):
        reveal = view.last_reveal
        facts = _board_facts(view, None if reveal else view.paw_prints,
                             reveal.path[-1] if reveal else view.goryo_space)
        return _fit([_("Discovery."), *_reveal_sentences(view), *facts])


def _final_sentences(view: PublicView, outcome: Outcome) -> list[str]:
    said = [_("Match over. {winner}: {reason}.").format(winner=winner_line(outcome), reason=reason(outcome))]
    if view.bound is not None:
        said.append(_("Her bound object was {object}.").format(object=the_object(view.bound)))
    revealed = view.final_reveal is not None
    if revealed:
        said.extend(_reveal_sentences(view))
    said.extend(_board_facts(view, None if revealed else view.paw_prints, view.goryo_space))
    return said


def describe_final(view: PublicView, language: str | None = None) -> str:
    outcome = view.outcome
    if outcome is None:
        return describe_public(view, language=language)
    with said_in(language):
        return _fit(_final_sentences(view, outcome))


def describe_replay(match_id: int, final: PublicView, *, key_frames_only: bool = False,
                    language: str | None = None) -> str:
    """A match's replay (an animation): what it shows, then how it ends, as the final board's alt text says it."""
    with said_in(language):
        if key_frames_only:  # the per-action frames were dropped for the upload limit
            head = _("Replay of match {match}, round by round: the public board at each Discovery, ending on the "
                     "final board.").format(match=match_id)
        else:
            head = _("Replay of match {match}, round by round: the public board after each action, ending on the "
                     "final board.").format(match=match_id)
        ending = _final_sentences(final, final.outcome) if final.outcome is not None else []
        return _fit([head, *ending])


def describe_goryo(view: GoryoView, language: str | None = None) -> str:
    with said_in(language):
        public = view.public
        head = _("Your secret board, {round}. Your bound object is {object}: never break it.").format(
            round=round_line(public).lower(), object=the_object(view.bound))
        said: list[str] = []
        if view.plan is not None:
            path = plan_name(view.plan.path)
            with_sprint = len(view.plan.path) == 6
            said.append((_("Your path: {path} (with Sprint).") if with_sprint else _("Your path: {path}.")).format(
                path=path))
            if view.plan.false_trail is not None:
                said.append(_("False Trail on {space}.").format(space=space_name(view.plan.false_trail)))
        plain, sprint_only = view.reachable_targets
        if plain:
            said.append(_("Objects you can reach: {spaces}.").format(spaces=named_spaces(plain)))
        if sprint_only:
            said.append(_("Only with the Sprint: {spaces}.").format(spaces=named_spaces(sprint_only)))
        return _fit([head, *_board_facts(public, public.paw_prints, public.goryo_space, to_goryo=True, then=said)])
