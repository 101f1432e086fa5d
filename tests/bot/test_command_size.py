"""Discord refuses to sync a command whose names, descriptions and choice values add up to more than 4,000
characters in any one language: the whole ``/goryo`` group, counted as each language's clients see it."""

from __future__ import annotations

import locales

DISCORD_LIMIT = 4000


def _size(node: dict, language: str) -> int:
    """Characters Discord counts for ``node`` and everything under it, in ``language`` (English when untranslated)."""
    def said(field: str) -> str:
        return node.get(f"{field}_localizations", {}).get(language) or node[field]

    total = len(said("name")) + len(said("description") if "description" in node else "")
    for choice in node.get("choices") or []:
        total += len(choice.get("name_localizations", {}).get(language) or choice["name"]) + len(str(choice["value"]))
    return total + sum(_size(option, language) for option in node.get("options") or [])


def sizes(payload: dict) -> dict[str, int]:
    return {language: _size(payload, language) for language in locales.LANGUAGES}


async def test_the_goryo_group_fits_discords_limit_in_every_language(simcord_env):
    [goryo] = simcord_env.backend.commands[None].values()
    counted = sizes(goryo)
    assert set(counted) >= {"en", "it"}
    assert all(size <= DISCORD_LIMIT for size in counted.values()), counted
    # The count itself: the English subcommand names alone are part of it, and Italian differs.
    assert counted["en"] > sum(len(o["name"]) for o in goryo["options"]) and counted["it"] != counted["en"]


def test_the_count_includes_choices_values_and_nested_options():
    node = {"name": "ab", "description": "cde", "name_localizations": {"it": "abcd"},
            "options": [{"name": "x", "description": "yy", "choices": [{"name": "one", "value": "v1"}]}]}
    assert sizes(node)["en"] == 2 + 3 + 1 + 2 + 3 + 2
    assert sizes(node)["it"] == 4 + 3 + 1 + 2 + 3 + 2
