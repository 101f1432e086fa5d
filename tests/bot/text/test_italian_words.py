"""What the bot narrates, announces and helps with, said in Italian (issue 14).

The same functions as in English, inside ``locales.speaking("it")``: whole sentences with the
rulebook's terms, the right article for each object, plural forms for counts, and Discord's
markup (mentions, bold, timestamps, command names in backticks) kept as it was.
"""

from __future__ import annotations

import re

import pytest
from discord import app_commands

from bot.commands.group import GoryoCommands
from bot.text.challenges import challenge_text
from bot.text.commands import NAME, localised
from bot.text.goryo_dms import goryo_setup, goryo_turn
from bot.text.help import HELP_TOPICS, help_text
from bot.text.match import aid_turn_start, board_cooldown
from bot.text.narration import narrate, narrate_event
from bot.text.time_limits import claim_too_early, turn_reminder, turn_time
from locales import catalogues, speaking, translate
from rules import Side, Sniff
from rules.events import (
    BagEmpty,
    DrawCause,
    Investigated,
    PawPrintsCounted,
    SamuraiMoved,
    SamuraiTurnEnded,
    SpiritCaptured,
    TokenDrawn,
)
from rules.pieces import InvestigationKind
from tests.rules.builders import (
    FAN,
    GREEN,
    HELMET,
    PURPLE,
    RED,
    SCROLL,
    URN,
    discover,
    fresh,
    place,
    plan,
    play,
    sq,
    started,
)

DISCORD_LIMIT = 2000
# Discord's markup in a text: mentions, channel links, timestamps, bold, code spans.
MARKUP = re.compile(r"<@\d+>|<#\d+>|<t:\d+:[a-zA-Z]>|\*\*|`")


def test_a_discovery_is_narrated_in_italian():
    state = started(bound=URN, first=HELMET, start="A1", bag=(FAN, SCROLL))
    state, _ = play(state, plan("A1 B1 C1 C2 C3"))
    _, events = discover(place(state, green="A1", purple="C1", red="C3"),
                         Sniff(GREEN, sq("B1")), Sniff(PURPLE, sq("C2")))
    with speaking("it"):
        lines = narrate(events).splitlines()
    assert lines[0] == "I Samurai chiudono il turno dopo 2 azioni. Rivelazione!"
    assert lines[1] == "Il percorso del Goryō era A1 → B1 → C1 → C2 → C3."
    assert lines[2] == "Il Goryō rompe lo Specchio su C3: la tessera Specchio viene girata sul lato Rotto."
    assert lines[3] == (
        "Contano 2 segnalini Zampa verdi: la Mazza da Gong avanza dallo spazio 0 al 2, raggiungendo 1 icona Sacchetto."
    )
    assert lines[4] == (
        "Il Samurai Rosso si trova sul Bersaglio e cattura lo Spirito del Goryō: 1 segnalino Spirito girato (1 su 3)."
    )
    assert lines[5] == (
        "La Mazza da Gong ha raggiunto un'icona Sacchetto: dal sacchetto esce un Ventaglio, quindi ogni oggetto "
        "Ventaglio ancora integro viene Sigillato (F1, B3, A4, E6)."
    )
    assert lines[6].startswith("Lo Spirito del Goryō è stato catturato: dal sacchetto esce una Pergamena")
    assert lines[-1] == "Inizia il round 2 di 4: il Goryō sta pianificando il suo percorso."


@pytest.mark.parametrize(("event", "english", "italian"), [
    (SamuraiTurnEnded(1), "The Samurai end their turn after 1 action. Discovery!",
     "I Samurai chiudono il turno dopo 1 azione. Rivelazione!"),
    (SamuraiTurnEnded(3), "The Samurai end their turn after 3 actions. Discovery!",
     "I Samurai chiudono il turno dopo 3 azioni. Rivelazione!"),
    (SpiritCaptured((GREEN,), 1, 2),
     "The Green Samurai stands on her target and captures her spirit: 1 spirit token flipped (2 of 3).",
     "Il Samurai Verde si trova sul Bersaglio e cattura lo Spirito del Goryō: 1 segnalino Spirito girato (2 su 3)."),
    (SpiritCaptured((GREEN, PURPLE, RED), 2, 3),
     ("The Green Samurai, the Purple Samurai and the Red Samurai stand on her target and capture her spirit: "
     "2 spirit tokens flipped (3 of 3)."),
     ("Il Samurai Verde, il Samurai Viola e il Samurai Rosso si trovano sul Bersaglio e catturano lo Spirito del "
     "Goryō: 2 segnalini Spirito girati (3 su 3).")),
    (PawPrintsCounted(1, 1, 4, 5, 0),
     "1 green paw-print counts (1 on her False Trail does not): the gong's mallet moves from 4 to 5.",
     "Conta 1 segnalino Zampa verde (1 sulla Falsa Pista non conta): la Mazza da Gong avanza dallo spazio 4 al 5."),
    (PawPrintsCounted(0, 2, 3, 3, 0),
     "0 green paw-prints count (2 on her False Trail do not): the gong's mallet stays on 3.",
     "Contano 0 segnalini Zampa verdi (2 sulla Falsa Pista non contano): la Mazza da Gong resta sullo spazio 3."),
    (PawPrintsCounted(4, 0, 2, 6, 2),
     "4 green paw-prints count: the gong's mallet moves from 2 to 6, reaching 2 bag icons.",
     "Contano 4 segnalini Zampa verdi: la Mazza da Gong avanza dallo spazio 2 al 6, raggiungendo 2 icone Sacchetto."),
    (SamuraiMoved(RED, sq("B4"), sq("B5")), "The Red Samurai moves from B4 to B5.",
     "Il Samurai Rosso si sposta da B4 a B5."),
    (Investigated(PURPLE, InvestigationKind.SEARCH, sq("C2"), True),
     "The Purple Samurai searches C2: **yes**, the Goryō's trail passes there (green paw-print).",
     "Il Samurai Viola fa una Ricerca su C2: **sì**, il percorso del Goryō passa di lì (segnalino Zampa verde)."),
    (Investigated(GREEN, InvestigationKind.SNIFF, sq("D3"), False),
     "The Green Samurai sniffs D3: **no**, no trail there (red paw-print).",
     "Il Samurai Verde usa il Segugio su D3: **no**, di lì non passa (segnalino Zampa rosso)."),
    (TokenDrawn(URN, (), DrawCause.BAG_ICON),
     "The mallet reached a bag icon: an Urn token is drawn from the bag, so every intact Urn is sealed.",
     ("La Mazza da Gong ha raggiunto un'icona Sacchetto: dal sacchetto esce un'Urna, quindi ogni oggetto Urna "
     "ancora integro viene Sigillato.")),
    (BagEmpty(DrawCause.SPIRIT_CAPTURED), "Her spirit was captured: a token should be drawn, but the bag is empty.",
     "Lo Spirito del Goryō è stato catturato: andrebbe pescato un segnalino, ma il sacchetto è vuoto."),
])
def test_each_event_in_both_languages_with_its_plural(event, english, italian):
    assert narrate_event(event) == english
    with speaking("it"):
        assert narrate_event(event) == italian


def test_the_goryos_setup_names_her_objects_with_their_articles():
    state = started(bound=URN, first=HELMET, start="A1")
    with speaking("it"):
        setup = goryo_setup(fresh(URN, HELMET), 42)
        turn = goryo_turn(state, 42)
    assert setup.splitlines()[0] == (
        "Sei il Goryō in <#42>. Il tuo Oggetto Vincolato è l'Urna: non rompere mai un'Urna, e tienilo segreto."
    )
    assert setup.splitlines()[1].startswith("Il primo oggetto pescato è l'Elmo. Scegli quale Elmo rompere")
    assert turn.splitlines()[0] == (
        "Round 1 di 4 in <#42>: pianifica il tuo percorso. Sei su A1; il tuo Oggetto Vincolato è l'Urna."
    )
    assert turn.splitlines()[-1] == "Poteri rimasti: Scatto, Falsa Pista."


def test_a_challenge_keeps_its_mentions_and_timestamp_in_italian():
    with speaking("it"):
        text = challenge_text(1, 2, "samurai", advanced=True, expires_at=1_700_000_000, assist=False)
    assert text == (
        "<@2>, <@1> ti sfida a una partita di Goryō: <@1> gioca come Samurai e <@2> come Goryō. "
        "Modalità avanzata: ogni Samurai compie al massimo 2 azioni.\n"
        "Accetta o rifiuta qui sotto; la sfida scade <t:1700000000:R>."
    )


def test_counts_and_sides_take_their_own_sentences():
    with speaking("it"):
        assert aid_turn_start(1).startswith("Aiuto alla deduzione: in questo round al Goryō resta 1 percorso")
        assert aid_turn_start(17).startswith(
            "Aiuto alla deduzione: in questo round al Goryō restano 17 percorsi")
        assert turn_time(Side.SAMURAI, 1_700_000_000, up=False) == (
            "Tempo del turno: i Samurai hanno tempo fino al <t:1700000000:f> (<t:1700000000:R>)."
        )
        assert "in <#9> tocca al Goryō" in turn_reminder(Side.GORYO, 1, 2, 9, 1_700_000_000)
        assert board_cooldown(0.2, 10).startswith("Hai chiesto il tabellone un attimo fa: puoi chiederlo "
                                                            "di nuovo tra 1 secondo")
    assert board_cooldown(4.6, 10).startswith(
        "You asked for the board a moment ago: you can ask again in 5 seconds")


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("topic", [None, *HELP_TOPICS])
def test_every_help_topic_fits_one_discord_message(language, topic):
    with speaking(language):
        text = help_text(topic)
    assert 0 < len(text) <= DISCORD_LIMIT


def test_the_help_is_in_italian_in_italian():
    english = {topic: help_text(topic) for topic in (None, *HELP_TOPICS)}
    with speaking("it"):
        italian = {topic: help_text(topic) for topic in (None, *HELP_TOPICS)}
    assert all(italian[topic] != english[topic] for topic in english)
    assert "**I Samurai vincono**" in italian["rules"] and "Falsa Pista" in italian["rules"]
    assert "**Punteggi.**" in italian["ratings"] and "1500 ± 350" in italian["ratings"]
    # The rulebook's terms, not the English ones.
    for text in italian.values():
        assert not re.search(r"\b(Sprint|False Trail|Discovery|Samurai win|the bot)\b", text), text


def _bot_entries():
    """This project's bot texts (bot/text, bot/records) in every catalogue, as (catalogue, english, translated)."""
    for path in catalogues.catalogue_paths():
        for message in catalogues.read(path):
            if message.id and any(file.startswith(("bot/text/", "bot/records/")) for file, _ in message.locations):
                sources = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                yield from ((path.name, sources[min(i, len(sources) - 1)], s) for i, s in enumerate(strings))


def test_discord_markup_survives_translation():
    entries = list(_bot_entries())
    assert len(entries) > 150
    for name, english, translated in entries:
        assert sorted(MARKUP.findall(translated)) == sorted(MARKUP.findall(english)), f"{name}: {english!r}"
        assert translated.count("\n") == english.count("\n"), f"{name}: {english!r}"


def _named(text: str) -> list[tuple[str | None, list[str]]]:
    """(command, options) for each `/goryo …` code span of a text; (None, [option]) for a lone `option:` span."""
    named = []
    for code in re.findall(r"`([^`\n]+)`", text):
        if code.startswith("/goryo"):
            words = code.split(" ")
            command = words[1] if len(words) > 1 and re.fullmatch(r"[a-z_]+", words[1]) else None
            named.append((command, re.findall(r"(?<![\w@<])([a-z_]+):", " ".join(words[2:]))))
        elif option := re.match(r"([a-z_]+):", code):
            named.append((None, [option.group(1)]))
    return named


async def test_every_command_named_in_the_texts_is_in_the_command_tree(simcord_env):
    goryo = simcord_env.bot.tree.get_command("goryo")
    assert isinstance(goryo, GoryoCommands)
    tree = {command.name: ({p.display_name for p in command.parameters} if not isinstance(command, app_commands.Group)
                           else {p.display_name for sub in command.commands for p in sub.parameters})
            for command in goryo.commands}
    all_options = set().union(*tree.values())
    texts = [english for _, english, _ in _bot_entries()]
    named = [pair for text in texts for pair in _named(text)]
    assert len(named) > 40
    for command, options in named:
        assert command is None or command in tree, command
        assert set(options) <= (tree[command] if command else all_options), (command, options)
    topics = {choice.name for choice in goryo.get_command("help").parameters[0].choices}
    assert set(HELP_TOPICS) == topics


def test_commands_are_named_as_the_readers_client_lists_them():
    def name(word):
        return translate(word, "it", NAME)

    text = "Send `/goryo path spaces: [false_trail:]`, then `/goryo end`; add `match:`; topics: `rules`. `1500 ± 350`"
    assert localised(text) == text  # English: as written
    with speaking("it"):
        assert localised(text) == (
            f"Send `/goryo {name('path')} {name('spaces')}: [{name('false_trail')}:]`, then `/goryo {name('end')}`; "
            f"add `{name('match')}:`; topics: `{name('rules')}`. `1500 ± 350`"
        )
        assert localised("`/goryo challenge opponent:@<the bot> [level:]`") == (
            f"`/goryo {name('challenge')} {name('opponent')}:@<the bot> [{name('level')}:]`"
        )
        assert f"`/goryo {name('claim')}`" in claim_too_early(Side.GORYO, 1_700_000_000)
