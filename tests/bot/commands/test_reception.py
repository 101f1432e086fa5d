"""Once the bot is stopping it takes no new interaction: the player is told privately, in their language, that
it is restarting and nothing was done (issue 46); what was already in hand is answered."""

from __future__ import annotations

import pytest

import rules

from ..helpers import Table


@pytest.mark.parametrize("locale, words", [
    ("en-US", "I am restarting just now, so I did nothing with that. Try again in a minute."),
    ("it", "Mi sto riavviando proprio ora, quindi non ho fatto nulla. Riprova tra un minuto."),
])
async def test_a_command_while_stopping_is_turned_away_and_changes_nothing(env, table: Table, locales_of, locale,
                                                                           words):
    await table.begin()
    before = await env.bot.store.active_match_in(table.channel.id)
    locales_of[table.alice.id] = locale
    env.bot.reception.close()  # what a SIGTERM does first
    assert table.state is not None
    turned_away = await table.start(rules.space_name(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    assert turned_away.response.content == words
    after = await env.bot.store.active_match_in(table.channel.id)
    assert after is not None and before is not None and after.version == before.version


async def test_a_click_while_stopping_is_turned_away_privately(env, table: Table):
    await table.challenge(role="goryo")
    env.bot.reception.close()
    pressed = await table.answer("Accept")
    assert pressed.ephemeral and "restarting" in pressed.response.content
    assert await env.bot.store.active_match_in(table.channel.id) is None  # the challenge was not taken up
