"""Who hears which language: a whole match in an Italian server between an Italian and an English player.

The channel (its posts, the live board, the Discovery, their pictures' alt texts and buttons) speaks the
server's language; each player's private answers speak their own client's; the Goryō's DMs speak hers.
The users' and the server's locales are set with the ``locales_of`` fixture and
``create_guild(preferred_locale=...)``; everything else goes through the real command tree.
"""

from __future__ import annotations

import discord
import pytest
import simcord

import rules
from tests.bot.helpers import Table, _buttons, begin_in_italy, button_labels
from tests.bot.scripts import scripted_match

SEED, ACTIONS = scripted_match(rules.Termination.CAPTURED_THRICE)

# English that must never show in a public message of an Italian server, nor Italian in an English DM:
# a few stable phrases of each kind of message (buttons, the pictures' headers, narration, endings).
TELLTALE_ENGLISH = (
    "Accept", "Decline", "Withdraw", "Rematch", "Round 1 of 4", "Round 2 of 4", "Round 3 of 4", "Round 4 of 4",
    "The Samurai's turn", "actions used", "The Goryō's turn", "The Samurai win", "The Goryō wins",
    "challenges you", "Challenge accepted", "appears on", "planned her path", "moves from", "Her path was",
    "token is drawn", "Ratings:", "paw-print", "Broken:", "Sealed types", "Goryō board", "Discovery.",
)
TELLTALE_ITALIAN = (
    "Accetta", "Rifiuta", "Rivincita", " di 4", "Turno dei Samurai", "Turno del Goryō", "Vincono i Samurai",
    "Il tuo Oggetto Vincolato", "pianifica il tuo percorso", "Piano fissato", "Lo vedi solo tu",
    "tabellone segreto", "segnalino Zampa", "Rotti:",
)
# The parts of each message checked for them.
CHECKED_PARTS = ("words", "alt texts", "buttons")


def parts(message: discord.Message) -> list[str]:
    """What a reader sees of a message, among CHECKED_PARTS: its words, its pictures' alt texts, its buttons' labels."""
    seen = {
        "words": [message.content],
        "alt texts": [a.description or "" for a in message.attachments],
        "buttons": [b["label"] or "" for b in _buttons(message)],
    }
    return [text for part in CHECKED_PARTS for text in seen[part]]


def english_in(message: discord.Message) -> list[str]:
    return [word for part in parts(message) for word in TELLTALE_ENGLISH if word.lower() in part.lower()]


def italian_in(message: discord.Message) -> list[str]:
    return [word for part in parts(message) for word in TELLTALE_ITALIAN if word.lower() in part.lower()]


@pytest.mark.goryo(seed=SEED)
async def test_a_whole_match_in_an_italian_server_between_an_italian_and_an_english_player(env, locales_of):
    table = await begin_in_italy(env, locales_of)
    italian, english = table.alice, table.bob

    # A refusal goes to the one who erred alone, in their own language.
    early = await italian.slash(table.channel, "goryo end")
    assert early.ephemeral and "Non è il tuo turno" in early.response.content
    wrong = await english.slash(table.channel, "goryo end")
    assert wrong.ephemeral and "You are the Goryō in this match" in wrong.response.content

    asked_to_resign = False
    for action in ACTIONS:
        if isinstance(action, rules.EndSamuraiTurn) and not rules.legal_samurai_actions(table.state):
            table.state = rules.apply(table.state, action).state  # the turn ended by itself after the last action
        elif isinstance(action, rules.Plan):
            preview = await table.preview(action)
            # Her own preview, in her (English) language, while the channel speaks Italian.
            assert button_labels(table.goryo_dm()[-1]) == {"Confirm", "Cancel"}
            await table.confirm(preview)
            table.state = rules.apply(table.state, action).state
        else:
            await table.play(action)
            if isinstance(action, rules.Move) and not asked_to_resign:
                asked_to_resign = True
                # Private questions follow each asker's client: Italian for her, English for him.
                theirs = await italian.slash(table.channel, "goryo resign")
                assert theirs.ephemeral and button_labels(theirs.response) == {"Arrenditi", "Continua a giocare"}
                assert "Vuoi arrenderti" in theirs.response.content
                await italian.click(theirs.response, label="Continua a giocare")
                his = await english.user.slash("goryo resign")
                assert button_labels(his.response) == {"Resign", "Keep playing"}
                assert "Resign the match" in his.response.content
                await english.user.click(his.response, label="Keep playing")
    assert table.state.outcome.termination is rules.Termination.CAPTURED_THRICE and asked_to_resign

    # Everything the channel shows everyone (as a bystander sees it) is Italian, one language per message.
    public = [m for m in table.channel.history(viewer=table.carol) if m.author.bot]
    assert [m for m in public if english_in(m)] == [], [english_in(m) for m in public if english_in(m)]
    boards = [m for m in public if m.attachments and m.attachments[0].filename == "goryo-board.png"]
    headers = [m.attachments[0].description.lower() for m in boards]
    assert len(headers) >= 3 and all(" di 4" in h or "preparazione" in h for h in headers), headers
    said = "\n".join(m.content for m in public)
    assert "Sfida accettata" in said and "Il Goryō compare su" in said and "Il percorso del Goryō era" in said
    end = public[-1]
    assert "Vincono i Samurai" in end.content and "Rivincita" in button_labels(end)
    assert "Vincono i Samurai" in end.attachments[0].description

    # Her DMs are in her language: English, not a word of the catalogues' Italian.
    dms = table.goryo_dm()
    assert [m.content[:60] for m in dms if italian_in(m)] == []
    assert any("round 1 of 4" in (a.description or "").lower() for m in dms for a in m.attachments)
    assert "The Samurai win" in dms[-1].content

    # What the bot will say on its own later (reminders, time-outs) follows what is stored.
    [record] = await env.bot.store.finished_matches(table.channel.id, 1)
    assert (record.server_language, record.goryo_language) == ("it", "en")
    items = [entry.item for entry in await env.bot.store.outbox_of(record.id)]
    assert {item.language for item in items if item.route != "goryo"} == {"it"}
    assert {item.language for item in items if item.route == "goryo"} == {"en"}


@pytest.mark.goryo(seed=SEED, turn_limit=3600)
async def test_what_the_bot_says_on_its_own_speaks_the_servers_language_and_hers(env, locales_of):
    table = await begin_in_italy(env, locales_of)
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await env.advance_time(1800 + 60)  # her half-time reminder, by DM
    await table.play(next(rules.legal_plans(table.state)))
    await env.advance_time(1800 + 60)  # the Samurai's, in the channel
    [record] = await env.bot.store.active_matches()
    reminders = {e.item.route: e.item.language for e in await env.bot.store.outbox_of(record.id)
                 if e.item.kind == "reminder"}
    assert reminders == {"goryo": "en", "public": "it"}
    assert (record.server_language, record.goryo_language) == ("it", "en")

    # She switches her client to Italian: her next look at the match is enough for her DMs to follow.
    locales_of[table.goryo.id] = "it"
    status = await table.goryo.user.slash("goryo status")
    assert status.acknowledged
    assert (await env.bot.store.get_match(record.id)).goryo_language == "it"


@pytest.mark.goryo(seed=SEED, ai_pause=0)
async def test_the_bots_own_turns_speak_the_servers_language(env, locales_of):
    """Against the bot there is no interaction on its turns: the channel hears the guild's preferred language."""
    table = Table(env, guild=env.create_guild("Dojo italiano", preferred_locale="it"), seed=SEED)
    table.goryo = table.alice  # an English client
    bot = simcord.UserHandle(env, env.backend.bot_user)
    await table.alice.slash(table.channel, "goryo challenge", opponent=bot, role="goryo", level="easy")
    state = rules.new_game(SEED)
    await table.start(rules.space_name(rules.SPACES_OF_TYPE[state.first_type][0]))
    [record] = await env.bot.store.active_matches()
    await table.confirm(await table.preview(next(rules.legal_plans(record.state))))  # the bot's Samurai then hunt

    [record] = await env.bot.store.active_matches() or await env.bot.store.finished_matches(table.channel.id, 1)
    bots = [e for e in await env.bot.store.outbox_of(record.id) if e.seq > 2]  # after her plan: the bot's turn
    assert bots and {e.item.language for e in bots if e.item.route != "goryo"} == {"it"}
    assert {e.item.language for e in bots if e.item.route == "goryo"} <= {"en"}
    discovery = [m for m in table.channel.history(viewer=table.carol)
                 if m.attachments and m.attachments[0].filename == "goryo-discovery.png"]
    assert discovery and italian_in(discovery[-1]) and not english_in(discovery[-1])
    assert "round 2 of 4" in table.goryo_dm()[-1].attachments[0].description.lower()  # her next turn, in English
