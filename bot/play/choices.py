"""The legal choices offered while a player types an option: autocomplete, asked of ``rules`` alone.

Every list here is what ``rules`` says is legal for the caller now (``legal_samurai_actions``,
``legal_paths``, ``is_legal``), never a second copy of the rules: at most 25, best first, filtered
by what is typed. Labels are in the language spoken (the caller's: ``GoryoTree`` runs autocomplete in
it), like ``C2 · Urn`` / ``C2 · Urna``; values are plain notation (``C2``, ``green``, ``C1 C2 D2 D1 E1``),
so what is picked reads exactly as what a person would type.

Someone who may not act gets one line saying why (a choice whose value a command then refuses),
never an error. The Samurai side's lists depend on public facts only (their pieces, this round's
investigations, where she began the round); her plans are offered only to her.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import discord
from discord.app_commands import Choice

import rules
from rules.goryo_turn import PLAIN_LENGTH
from words.phrases import object_name, plan_name

from ..storage import MatchRecord
from ..text import choices as words
from ..text.commands import localised
from ..text.refusal import Refusal
from ..text.spaces import space_label
from .service import MatchService, waiting_for

MAX_CHOICES = 25  # Discord's limit
# What a "why not" line sends if picked: the command then refuses it with its own words.
NOTHING = "?"


def samurai_from(text: str) -> rules.Samurai:
    """``green``, ``Green``, or the name in the caller's language (``verde``); the rules refuse anything else."""
    key = text.strip().lower()
    for samurai in rules.Samurai:
        if key in (words.typed_name(samurai).lower(), words.colour_name(samurai).lower()):
            return samurai
    return rules.samurai_named(text)


_SPACE_START = re.compile(r"[a-f][1-6]?")


@dataclass(frozen=True)
class Offer:
    label: str
    value: str

    def matches(self, typed: str) -> bool:
        """What is typed begins the value (``c`` → ``C2``) or, unless it is the start of a space's name,
        a word of the label (``urn`` → ``C2 · Urn``, ``ver`` → ``Verde · su B2``)."""
        key = typed.strip().lower()
        if not key or self.value.lower().startswith(key):
            return True
        if _SPACE_START.fullmatch(key):
            return False
        return any(word.startswith(key) for word in self.label.lower().split())

    def choice(self) -> Choice[str]:
        return Choice(name=self.label[:100], value=self.value[:100])


def offered(offers: Iterable[Offer], typed: str) -> list[Choice[str]]:
    found = []
    for offer in offers:
        if offer.matches(typed):
            found.append(offer.choice())
            if len(found) == MAX_CHOICES:
                break
    return found


def why(text: str) -> list[Choice[str]]:
    """One line saying why nothing is offered (commands named as the caller's client lists them, no code marks)."""
    text = " ".join(localised(text).replace("`", "").split())
    return [Choice(name=text if len(text) <= 100 else text[:99] + "…", value=NOTHING)]


# --- the Samurai ---------------------------------------------------------------------------------

KINDS: dict[str, type] = {"move": rules.Move, "search": rules.Search, "sniff": rules.Sniff}


def samurai_offers(state: rules.GameState, kind: type) -> list[Offer]:
    """The Samurai who may take an action of ``kind`` now, the one acting first (he is mid-call)."""
    able = {a.samurai for a in rules.legal_samurai_actions(state) if isinstance(a, kind)}
    current = state.current_call.samurai if state.current_call is not None else None
    order = sorted(able, key=lambda s: (s is not current, list(rules.Samurai).index(s)))
    offers = []
    for samurai in order:
        at = rules.space_name(state.samurai_space(samurai))
        offers.append(Offer(words.samurai_label(samurai, at), samurai.value))
    return offers


def target_offers(
    state: rules.GameState, kind: type[rules.Move | rules.Sniff], samurai: rules.Samurai
) -> list[Offer]:
    """Where ``samurai`` may move (``Move``) or what he may sniff (``Sniff``) now."""
    spaces = [a.to if isinstance(a, rules.Move) else a.space
              for a in rules.legal_samurai_actions(state) if isinstance(a, kind) and a.samurai is samurai]
    return [Offer(space_label(s), rules.space_name(s)) for s in spaces]


def samurai_choices(state: rules.GameState, command: str, typed: str) -> list[Choice[str]]:
    offers = samurai_offers(state, KINDS[command])
    if not offers:
        return why(words.no_samurai_can())
    return offered(offers, typed)


def target_choices(state: rules.GameState, command: str, samurai_typed: str | None, typed: str) -> list[Choice[str]]:
    kind = KINDS[command]
    try:
        samurai = samurai_from(samurai_typed or "")
    except rules.GoryoError:
        return why(words.choose_samurai_first())
    offers = target_offers(state, kind, samurai)
    if not offers:
        return why(words.cannot_now(samurai, moving=kind is rules.Move))
    return offered(offers, typed)


# --- the Goryō -------------------------------------------------------------------------------------


def start_choices(state: rules.GameState, typed: str) -> list[Choice[str]]:
    offers = [Offer(space_label(s), rules.space_name(s))
              for s in rules.SPACES if rules.is_legal(state, rules.ChooseStart(s))]
    return offered(offers, typed)


def _typed_path(typed: str) -> tuple[tuple[rules.Space, ...], str] | None:
    """The whole spaces typed so far and the beginning of the next one (``"C1 C2 D"`` → (C1, C2), ``"D"``)."""
    words = typed.replace(",", " ").replace("→", " ").replace("-", " ").split()
    partial = ""
    if words and not typed[-1:].isspace() and len(words[-1]) < 2:
        partial = words.pop()
    try:
        return tuple(rules.parse_space(w) for w in words), partial.upper()
    except rules.GoryoError:
        return None


def _plan_label(path: tuple[rules.Space, ...]) -> str:
    target = rules.OBJECT_AT[path[-1]]
    assert target is not None  # a plan ends on an object
    label = f"{plan_name(path)} · {object_name(target)}"
    if len(path) > PLAIN_LENGTH:
        label = words.sprint_label(label)
    return label


def _notation(path: Iterable[rules.Space]) -> str:
    return " ".join(rules.space_name(s) for s in path)


def path_choices(state: rules.GameState, typed: str) -> list[Choice[str]]:
    """Whole legal plans beginning with what is typed; where more than 25 fit, the legal ways on from it."""
    parsed = _typed_path(typed)
    if parsed is None:
        return why(words.write_spaces())
    prefix, partial = parsed
    fitting = [p for p in rules.legal_paths(state)
               if p[: len(prefix)] == prefix and rules.space_name(p[len(prefix)] if len(p) > len(prefix) else p[-1])
               .startswith(partial)]
    if not fitting:
        return why(words.no_path_begins(typed))
    # Plain plans before Sprint ones (the Sprint is spent once), then in notation order.
    fitting.sort(key=lambda p: (len(p), _notation(p)))
    if len(fitting) <= MAX_CHOICES:
        return [Offer(_plan_label(p), _notation(p)).choice() for p in fitting]
    # Too many: offer the next step, going as deep as needed for a real choice.
    depth = len(prefix) + 1
    while len({p[:depth] for p in fitting}) == 1 and depth < min(len(p) for p in fitting):
        depth += 1
    counts: dict[tuple[rules.Space, ...], int] = {}
    for p in fitting:
        counts[p[:depth]] = counts.get(p[:depth], 0) + 1
    offers = []
    for step, count in sorted(counts.items(), key=lambda item: _notation(item[0])):
        label = words.plans_on(plan_name(step) + " …", count)
        offers.append(Offer(label, _notation(step) + " "))
    return [o.choice() for o in offers[:MAX_CHOICES]]


def false_trail_choices(state: rules.GameState, spaces_typed: str | None, typed: str) -> list[Choice[str]]:
    if not state.false_trail_available:
        return why(words.trail_spent())
    try:
        path = rules.parse_plan(spaces_typed or "")
    except rules.GoryoError:
        return why(words.whole_path_first())
    if not rules.is_legal(state, rules.Plan(path)):
        return why(words.whole_path_first())
    offers = [Offer(space_label(s), rules.space_name(s))
              for s in rules.SPACES if rules.is_legal(state, rules.Plan(path, s))]
    return offered(offers, typed)


# --- who is asking -------------------------------------------------------------------------------

_SAMURAI_COMMANDS = ("move", "search", "sniff")


def first_sentence(refusal: Refusal) -> str:
    text = refusal.text
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


class Choices:
    """Autocomplete for the match a command is about, for whoever is typing."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def offer(
        self, interaction: discord.Interaction, command: str, option: str, current: str
    ) -> list[Choice[str]]:
        side = rules.Side.SAMURAI if command in _SAMURAI_COMMANDS else rules.Side.GORYO
        in_guild = interaction.guild_id is not None
        if side is rules.Side.SAMURAI and not in_guild:
            return why(words.samurai_in_the_channel())
        namespace = interaction.namespace
        try:
            # The same match the command will act on (the one waiting for her start, or her plan, when one is).
            phase = {"start": rules.Phase.SETUP, "path": rules.Phase.GORYO_TURN}.get(command)
            record = await self.service.match_for(
                interaction.user.id, interaction.channel_id, in_guild, getattr(namespace, "match", None), side,
                waiting_for(phase) if phase is not None else None,
            )
        except Refusal as refusal:
            return why(first_sentence(refusal))
        if (refused := self._refusal(record, interaction.user.id, side)) is not None:
            return why(refused)
        state = record.state
        if command == "start":
            if state.phase is not rules.Phase.SETUP:
                return why(words.start_already_chosen())
            return start_choices(state, current)
        if command == "path":
            if state.phase is rules.Phase.SETUP:
                return why(words.start_first())
            if option == "false_trail":
                return false_trail_choices(state, getattr(namespace, "spaces", None), current)
            return path_choices(state, current)
        if option == "samurai":
            return samurai_choices(state, command, current)
        return target_choices(state, command, getattr(namespace, "samurai", None), current)

    @staticmethod
    def _refusal(record: MatchRecord, user_id: int, side: rules.Side) -> str | None:
        """Why this user may not take ``side``'s actions in this match now, in one line, or None."""
        if not record.is_active:
            return words.match_over()
        actor = record.player_side(user_id)
        if actor is None:
            return words.not_playing()
        if actor is not side:
            return words.wrong_role(actor)
        if record.state.to_move is not side:
            return words.not_your_turn(side)
        return None


__all__ = ["Choices", "samurai_from"]
