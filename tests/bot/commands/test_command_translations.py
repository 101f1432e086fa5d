"""The command tree in Italian: what the bot syncs carries every name and description in every catalogue's language."""

from __future__ import annotations

import re

import pytest
from discord import app_commands

import locales
from ai.levels import Level
from bot.commands.translator import CatalogueTranslator

# Discord's rule for command, option and choice names (lowercase where the script has case).
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")


def _nodes(command: dict):
    """The command and every option under it (subcommands, their options), each with its choices."""
    yield command
    for option in command.get("options") or []:
        yield from _nodes(option)


async def test_the_synced_commands_carry_the_italian_names_and_descriptions(simcord_env):
    [goryo] = simcord_env.backend.commands[None].values()
    subcommands = {o["name"]: o for o in goryo["options"]}
    challenge = subcommands["challenge"]
    assert challenge["name_localizations"]["it"] == "sfida"
    assert challenge["description_localizations"]["it"] == "Sfida un membro a una partita in questo canale"
    options = {o["name"]: o for o in challenge["options"]}
    assert options["opponent"]["name_localizations"]["it"] == "avversario"
    levels = {"facile", "normale", "difficile", "esperto"}
    assert {c["name_localizations"]["it"] for c in options["level"]["choices"]} == levels
    settings = {o["name"]: o for o in subcommands["settings"]["options"]}
    assert settings["max_level"]["name_localizations"]["it"] == "livello_max"
    assert {c["name_localizations"]["it"] for c in settings["max_level"]["choices"]} == levels
    assert subcommands["move"]["name_localizations"]["it"] == "passo"
    # Which Samurai is offered as the player types (the ones who may act: bot.play.choices), not a fixed list.
    samurai = subcommands["move"]["options"][0]
    assert samurai["autocomplete"] and "choices" not in samurai
    # A tournament is started (a verb), not the match's starting space (a noun): two names in Italian.
    assert subcommands["start"]["name_localizations"]["it"] == "partenza"
    tournament = {o["name"]: o for o in subcommands["tournament"]["options"]}
    assert tournament["start"]["name_localizations"]["it"] == "avvia"
    assert subcommands["tournament"]["name_localizations"]["it"] == "torneo"
    # English stays what Discord shows everyone else: no locale but Italian has a catalogue.
    assert set(challenge["name_localizations"]) == {"it"}


async def test_every_name_and_description_is_translated_and_every_name_is_valid_for_discord(simcord_env):
    [payload] = simcord_env.backend.commands[None].values()
    untranslated, invalid, too_long = [], [], []
    for node in _nodes(payload):
        if "it" not in node.get("name_localizations", {}):
            untranslated.append(node["name"])
        if "it" not in node.get("description_localizations", {}):
            untranslated.append(node["description"])
        names = [node["name"], *node.get("name_localizations", {}).values()]
        for choice in node.get("choices") or []:
            if "it" not in choice.get("name_localizations", {}):
                untranslated.append(choice["name"])
            names += [choice["name"], *choice.get("name_localizations", {}).values()]
        invalid += [name for name in names if not VALID_NAME.match(name) or name != name.lower()]
        too_long += [d for d in [node["description"], *node.get("description_localizations", {}).values()]
                     if len(d) > 100]
    assert not untranslated, f"no Italian for {untranslated}"
    assert not invalid, f"not valid Discord names: {invalid}"
    assert not too_long, f"descriptions over Discord's 100 characters: {too_long}"


@pytest.mark.parametrize("locale", ["en-US", "en-GB", "pt-BR"])
async def test_a_locale_without_a_catalogue_keeps_the_english(locale):
    import discord

    string = app_commands.locale_str("challenge", context="command name")
    assert await CatalogueTranslator().translate(string, discord.Locale(locale), None) is None
    assert locales.language_of(locale) == "en"


async def test_the_help_topics_offered_are_the_ones_help_knows(simcord_env):
    from bot.text.help import HELP_TOPICS

    [goryo] = simcord_env.backend.commands[None].values()
    [help_command] = [o for o in goryo["options"] if o["name"] == "help"]
    [topic] = help_command["options"]
    assert [c["value"] for c in topic["choices"]] == list(HELP_TOPICS)


async def test_both_commands_offer_every_level_of_the_bot_in_its_order(simcord_env):
    """``/goryo challenge level:`` and ``/goryo settings max_level:`` take their choices from ``ai.Level``."""
    [goryo] = simcord_env.backend.commands[None].values()
    subcommands = {o["name"]: o for o in goryo["options"]}
    offered = [
        [c["value"] for c in next(o for o in subcommands[command]["options"] if o["name"] == option)["choices"]]
        for command, option in (("challenge", "level"), ("settings", "max_level"))
    ]
    assert offered == [[level.value for level in Level]] * 2 == [["easy", "normal", "hard", "expert"]] * 2
