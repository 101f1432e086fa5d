"""The tournament commands have a help page of their own (the commands page, near Discord's 2,000 characters,
points to it), naming each of them as the reader's Discord client lists it."""

from __future__ import annotations

import pytest

from bot.records.discord_limits import most
from bot.text.help import HELP_TOPICS, help_text
from locales import speaking

SUBCOMMANDS = {
    "en": ["create", "join", "leave", "start", "cancel", "standings"],
    "it": ["crea", "iscriviti", "lascia", "avvia", "annulla", "classifica"],
}
TOURNAMENT = {"en": "tournament", "it": "torneo"}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_tournaments_topic_names_every_tournament_command_in_the_readers_language(language):
    assert "tournaments" in HELP_TOPICS
    with speaking(language):
        page, commands, overview = help_text("tournaments"), help_text("commands"), help_text(None)
    for sub in SUBCOMMANDS[language]:
        assert f"`/goryo {TOURNAMENT[language]} {sub}" in page, sub
    assert all(len(text) <= most("message.content") for text in (page, commands, overview))
    # The other pages lead to it: the overview lists the topic, the commands page names the group and the topic.
    topic = "`tournaments`" if language == "en" else "`tornei`"
    assert topic in overview and topic in commands
    assert f"`/goryo {TOURNAMENT[language]} …`" in commands


def test_the_tournaments_start_is_a_verb_in_italian_and_the_matchs_start_stays_a_noun():
    with speaking("it"):
        page, commands = help_text("tournaments"), help_text("commands")
    assert "`/goryo torneo avvia`" in page and "partenza" not in page
    assert "`/goryo partenza casella:`" in commands
