"""Words reach the right person in their language (issue 34): the bot's own Samurai turn is never narrated to the
human as "your turn", and each player's DMs and notices speak the language that player last used with the bot."""

from __future__ import annotations

import dataclasses

import pytest

import rules
from bot.delivery.announce import in_their_languages, outbox_for
from bot.records.played import Played
from tests.bot.delivery.helpers import dms, to_the_samurai_turn
from tests.bot.helpers import Table, challenge_the_bot, current, keep_acting


@pytest.mark.goryo(ai_pause=0)
async def test_the_bots_last_possible_action_is_never_your_turn_to_the_human_goryo(env, table: Table):
    await challenge_the_bot(table, env, role="goryo", level="easy")
    record = await current(env, table)
    assert record.ai_side is rules.Side.SAMURAI
    # Her turn's state, with the bot's Samurai about to take the last action of their turn.
    state = rules.new_game(7)
    state = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    state = rules.apply(state, rules.Plan(next(rules.legal_paths(state)))).state
    while state.actions_used < 5:
        state = rules.apply(state, keep_acting(state)).state
    last = rules.legal_samurai_actions(state)[0]
    step = rules.apply(state, last)
    assert not rules.legal_samurai_actions(step.state)
    before = dataclasses.replace(record, state=state, server_language="en")
    after = dataclasses.replace(before, state=step.state)
    said = {}
    for language in ("en", "it"):
        played = Played(dataclasses.replace(before, server_language=language),
                        dataclasses.replace(after, server_language=language), record.samurai_id, last, step.events)
        said[language] = next(i.text for i in in_their_languages(outbox_for)(played) if i.kind == "narration")
    assert "That was my Samurai's last possible action: their turn is over" in said["en"]
    assert "your" not in said["en"].lower()
    assert "Era l'ultima azione possibile dei miei Samurai: il loro turno è finito" in said["it"]
    assert "tua" not in said["it"] and "tuo" not in said["it"]
    # A person's Samurai are still spoken to: it is their player who reads it.
    person = Played(dataclasses.replace(before, ai_side=None), dataclasses.replace(after, ai_side=None),
                    record.samurai_id, last, step.events)
    assert "That was your last possible action" in next(
        i.text for i in in_their_languages(outbox_for)(person) if i.kind == "narration")


async def test_a_samurai_who_switched_to_italian_gets_his_turn_notice_by_dm_in_italian(env, table: Table,
                                                                                      locales_of):
    chosen = await table.bob.user.slash("goryo notify", mode="dm")  # chosen in English
    assert "by DM with a link" in chosen.response.content
    locales_of[table.bob.id] = "it"  # his client is Italian now; he uses the bot once, for anything
    helped = await table.bob.slash(table.channel, "goryo help")
    assert "Goryō" in helped.response.content and "Inizia una partita" in helped.response.content
    await to_the_samurai_turn(table)
    notice = dms(table.bob)[-1]
    assert notice.content.startswith("Tocca a te, Samurai: il Goryō ha pianificato il suo percorso per il round 1")
    # Back to English: the next notice is English again.
    locales_of[table.bob.id] = "en-US"
    await table.bob.slash(table.channel, "goryo status")
    await table.play(rules.EndSamuraiTurn())
    await table.play(next(rules.legal_plans(table.state)))
    assert dms(table.bob)[-1].content.startswith("Your turn, Samurai: the Goryō has planned her path for round 2")


async def test_the_goryos_turn_dms_speak_the_language_she_last_used_anywhere(env, table: Table, locales_of):
    await to_the_samurai_turn(table)
    assert table.goryo_dm()[-1].content.startswith("Locked in")
    locales_of[table.alice.id] = "it"
    await table.alice.user.slash("goryo help")  # in her DMs, about nothing in particular
    await table.play(rules.EndSamuraiTurn())
    her_turn = table.goryo_dm()[-1].content
    assert her_turn.startswith("Round 2 di 4 in ") and "pianifica il tuo percorso" in her_turn
