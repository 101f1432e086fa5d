"""Discord refuses to sync a command whose names, descriptions and choice values add up to more than 8,000
characters, counting for each field its longest translation (the default included): application-commands.mdx.
The sync request of every test is checked by the request check (tests/discord_rules.py); this measures the
``/goryo`` group as synced and checks the count itself."""

from __future__ import annotations

from bot.commands.league import ReplayKind
from bot.records.discord_limits import most
from tests.discord_rules import Rules, command_size

SUBCOMMAND_GROUP = 2  # an option's type: application-commands.mdx


async def test_the_goryo_group_fits_discords_limit_counting_its_longest_translations(simcord_env):
    [goryo] = simcord_env.backend.commands[None].values()
    size = command_size(goryo)
    assert size <= most("command.total"), size
    # Each field counted once, at its longest: more than the English alone, less than every language added up.
    english = command_size(_only_default(goryo))
    assert english < size < 2 * english


def _only_default(node: dict) -> dict:
    return {key: [_only_default(o) for o in value] if key in ("options", "choices") else value
            for key, value in node.items() if not key.endswith("_localizations")}


def test_the_count_takes_the_longest_translation_of_each_field():
    node = {"name": "ab", "description": "cdefg", "name_localizations": {"it": "abcd"},
            "description_localizations": {"it": "c"},
            "options": [{"name": "x", "description": "yy", "choices": [
                {"name": "one", "name_localizations": {"it": "uno!"}, "value": "v1"}]}]}
    assert command_size(node) == 4 + 5 + 1 + 2 + 4 + 2


def test_a_command_over_8000_characters_is_caught_at_sync():
    options = [{"name": f"o{n}", "description": "d" * 100, "type": 3,
                "description_localizations": {"it": "i" * 100}} for n in range(25)]
    group = {"name": "big", "description": "x", "options": [
        {"name": f"s{n}", "description": "y" * 100, "type": 1, "options": options} for n in range(4)]}
    found = Rules().check("PUT", "/applications/1/commands", [group])
    assert any("8000" in finding and "application-commands.mdx" in finding for finding in found), found
    assert not Rules().check("PUT", "/applications/1/commands", [{**group, "options": group["options"][:2]}])


async def test_the_goryo_group_holds_24_of_discords_25_subcommands(simcord_env):
    [goryo] = simcord_env.backend.commands[None].values()
    names = [option["name"] for option in goryo["options"]]
    # 23 subcommands and one subcommand group (issue 43's tournament, its six inside it): one place left.
    assert len(names) == 24 and len(names) <= most("command.options") == 25
    groups = [option for option in goryo["options"] if option["type"] == SUBCOMMAND_GROUP]
    assert [group["name"] for group in groups] == ["tournament"] and len(groups[0]["options"]) == 6
    assert "hint" in names and "replay" in names  # issue 44's hint is a subcommand; the replay gained an option
    [replay] = [option for option in goryo["options"] if option["name"] == "replay"]
    kinds = [choice["value"] for choice in replay["options"][1]["choices"]]
    assert kinds == list(ReplayKind) == ["animation", "review", "record"]  # the choices are the enum's own words
