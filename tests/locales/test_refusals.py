"""Every refusal can be said in Italian: the rules' reasons (reached by playing) and the bot's own.

The rules engine writes English and keeps each reason's template and values; the bot says them in the
language spoken (``bot.text.reasons.say``), and a ``Refusal`` is composed when it is read.
"""

import ast
import dataclasses
import random
import re
from pathlib import Path

import pytest

import rules
from bot.commands.refusals import refusal_text
from bot.text.commands import NAME
from bot.text.match_refusals import wrong_turn
from bot.text.reasons import say
from bot.text.refusal import Refusal
from locales import N_, Nn_, catalogues, speaking, translate
from rules import SPACES, Reason, Samurai, Side
from rules.goryo_turn import target_refusal
from tests.rules.builders import HELMET, PURPLE, RED, URN, fresh, place, plan, play, sq, started

PROJECT = Path(__file__).parents[2]


# --- every reason the rules can give -------------------------------------------------------------


def _attempts(state: rules.GameState, rng: random.Random):
    """Actions of every kind, most of them illegal here."""
    yield rules.ChooseStart(rng.choice(SPACES))
    yield rules.ChooseStart(rules.Space(99))
    yield from (rules.EndSamuraiTurn(), rules.Undo(), rules.TimeOut(Side.GORYO), rules.TimeOut(Side.SAMURAI))
    for samurai in Samurai:
        yield rules.Search(samurai)
        for space in rng.sample(SPACES, 12):
            yield rules.Move(samurai, space)
            yield rules.Sniff(samurai, space)
    here = state.goryo_space if state.goryo_space is not None else rng.choice(SPACES)
    for _ in range(20):
        path = [here if rng.random() < 0.8 else rng.choice(SPACES)]
        while len(path) < rng.choice((1, 2, 5, 5, 6, 6, 7)):
            path.append(rng.choice(rules.NEIGHBOURS[path[-1]]) if rng.random() < 0.9 else rng.choice(SPACES))
        yield rules.Plan(tuple(path), rng.choice((None, rng.choice(SPACES))))
    for path in rng.sample(legal := list(rules.legal_paths(state)), min(3, len(legal))):
        yield rules.Plan(path, path[1])
        yield from (rules.Plan((*path[:-1], other)) for other in rules.NEIGHBOURS[path[-2]])  # other targets


def _reasons_met_in_play(seeds) -> list[Reason]:
    """Random matches played to the end, trying illegal actions at every step."""
    met: list[Reason] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new_game(seed, advanced=seed % 2 == 1)
        while True:
            for action in _attempts(state, rng):
                if (reason := rules.refusal(state, action)) is not None:
                    met.append(reason)
            if state.is_over:
                break
            if state.phase is rules.Phase.GORYO_TURN:
                spent = dataclasses.replace(state, false_trail_available=False)
                met.append(rules.refusal(spent, rules.Plan(next(rules.legal_paths(state)), rules.Space(35))))
                met.extend(filter(None, (target_refusal(state, s) for s in rules.OBJECT_SPACES)))
                action = rng.choice(list(rules.legal_plans(state, with_false_trail=True)))
            elif state.phase is rules.Phase.SETUP:
                action = rules.ChooseStart(rng.choice(rules.SPACES_OF_TYPE[state.first_type]))
            else:
                legal = rules.legal_samurai_actions(state)
                action = rng.choice(legal) if legal and rng.random() < 0.93 else rules.EndSamuraiTurn()
            state = rules.apply(state, action).state
    for parse in (lambda: rules.parse_space("G7"), lambda: rules.parse_space(" "), lambda: rules.parse_plan(""),
                  lambda: rules.samurai_named("banana")):
        with pytest.raises(rules.GoryoError) as raised:
            parse()
        met.append(raised.value.reason)
    return met


@pytest.fixture(scope="module")
def met() -> list[Reason]:
    return _reasons_met_in_play(range(3))


def _templates(reason: Reason):
    yield reason.template
    for value in reason.values.values():
        if isinstance(value, Reason):
            yield from _templates(value)


def test_play_meets_every_reason_the_rules_mark_and_nothing_unmarked(met):
    assert all(isinstance(r, Reason) for r in met)
    marked = {m.id for m in catalogues.extract() if any(path.startswith("rules/") for path, _ in m.locations)}
    reached = {t for r in met for t in _templates(r)}
    assert reached - marked == set(), "a reason the rules give is not marked with N_"
    assert marked - reached == set(), "a marked reason was never met: extend _attempts"


def test_every_reason_met_is_said_in_italian_whole_with_its_spaces(met):
    by_template = {r.template: r for r in met}
    with speaking("it"):
        for reason in by_template.values():
            italian = say(reason)
            assert italian != reason and "{" not in italian and not italian[:1].islower(), reason
            for value in reason.values.values():
                if isinstance(value, str) and value in {rules.space_name(s) for s in SPACES}:
                    assert value in italian, (reason, italian)
    assert say(next(iter(by_template.values()))) in by_template.values()  # English outside: the rules' own words


# --- a few refusals from real illegal actions, word for word --------------------------------------


def _italian_refusal(state, action) -> str:
    with pytest.raises(rules.IllegalActionError) as raised:
        rules.apply(state, action)
    with speaking("it"):
        return refusal_text(raised.value)


def _samurai_turn():
    return play(started(bound=URN, first=HELMET, start="A1"), plan("A1 B1 C1 C2 C3", "E1"))[0]


def test_a_wall_in_italian():
    state = place(_samurai_turn(), red="B4")
    assert _italian_refusal(state, rules.Move(RED, sq("B3"))) == (
        "Il Samurai Rosso su B4 non può raggiungere B3 con un solo Passo. Un muro separa B4 da B3: "
        "si cambia Stanza solo attraverso un Ponte (il più vicino è A3–A4)."
    )


def test_an_unknown_space_in_italian():
    with pytest.raises(rules.InvalidNotationError) as raised:
        rules.parse_space(" g7 ")
    with speaking("it"):
        assert refusal_text(raised.value) == "'g7' non è una casella: scrivi una colonna A–F e una riga 1–6, come C2."


def test_not_your_turn_in_italian():
    state = _samurai_turn()
    assert _italian_refusal(state, plan("C3 D3 E3 E2 E1")) == "Non è il tuo turno di pianificare un percorso."
    with speaking("it"):
        assert wrong_turn(Side.GORYO, state).text == (
            "Non è il tuo turno: i Samurai sono a caccia. Ti scriverò quando toccherà a te."
        )


def test_a_spent_sprint_in_italian():
    state = dataclasses.replace(started(bound=URN, first=HELMET, start="A1"), sprint_available=False)
    assert _italian_refusal(state, plan("A1 B1 C1 C2 D2 D3")) == (
        "Caselle nel tuo percorso: 6. Ne servono esattamente 5 (la tua casella e 4 passi): hai già usato il tuo Scatto."
    )


def test_a_samurai_and_an_object_are_named_in_italian():
    state = play(_samurai_turn(), rules.Search(PURPLE))[0]
    assert _italian_refusal(state, rules.Search(PURPLE)) == "Il Samurai Viola ha già fatto una Ricerca in questo turno."
    assert _italian_refusal(fresh(bound=URN, first=HELMET), rules.ChooseStart(sq("B2"))) == (
        "Parti da un oggetto di tipo Elmo, il primo tipo pescato: A1, F2, E4, C6."
    )


# --- the bot's own refusals -------------------------------------------------------------------------


def test_a_refusal_is_said_in_the_language_spoken_when_it_is_read():
    refusal = Refusal(N_("Only {challenger} can withdraw this challenge."), challenger="<@7>")
    assert str(refusal) == refusal.text == "Only <@7> can withdraw this challenge."
    with speaking("it"):
        assert str(refusal) == "Solo <@7> può ritirare questa sfida."
    carrying = Refusal(rules.refusal(rules.new_game(1), rules.ChooseStart(rules.Space(99))))
    with speaking("it"):
        assert carrying.text == "Questa casella non è sul tabellone del palazzo: colonne A–F, righe 1–6."


def test_a_counted_refusal_agrees_with_its_number_in_italian():
    seconds = Nn_("You asked for a replay a moment ago: you can ask again in {count} second.",
                  "You asked for a replay a moment ago: you can ask again in {count} seconds.")
    assert Refusal(seconds, count=1).text.endswith("in 1 second.")
    with speaking("it"):
        assert Refusal(seconds, count=1).text.endswith("tra 1 secondo.")
        assert Refusal(seconds, count=4).text.endswith("tra 4 secondi.")


def test_a_refusal_names_commands_as_the_readers_client_lists_them():
    refusal = Refusal(N_("This match is over. Start a new one with `/goryo challenge`."))
    with speaking("it"):
        challenge = translate("challenge", "it", NAME)
        assert refusal.text == f"Questa partita è finita. Iniziane una nuova con `/goryo {challenge}`."


def test_the_refusals_catalogue_keeps_code_spans_as_written():
    """Names in `code` stay English in the catalogue: ``bot.text.commands`` shows them as each reader's client does."""
    spans = re.compile(r"`[^`\n]+`")
    checked = 0
    for path in catalogues.catalogue_paths():
        for message in catalogues.read(path):
            mine = any(f.startswith(("bot/commands/", "bot/play/", "bot/delivery/", "rules/"))
                       for f, _ in message.locations)
            if message.id and mine:
                sources = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for i, string in enumerate(strings):
                    assert sorted(spans.findall(string)) == sorted(spans.findall(sources[min(i, 1)])), message.id
                    checked += 1
    assert checked > 80


def _calls(folder: str, name: str):
    for path in sorted((PROJECT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name and node.args:
                yield path.relative_to(PROJECT), node


@pytest.mark.parametrize(("folder", "name"), [("bot", "Refusal"), ("rules", "Reason")])
def test_no_refusal_is_written_unmarked(folder, name):
    """``Refusal("…")`` would reach players in English only: its words must be marked (``N_``/``Nn_``)."""
    unmarked = [f"{path}:{node.lineno}" for path, node in _calls(folder, name)
                if isinstance(node.args[0], (ast.Constant, ast.JoinedStr))]
    assert unmarked == []
    assert any(True for _ in _calls(folder, name))  # the scan does find the calls
