"""Typed text becomes the options Discord would send, checked against the real bot's /goryo schema."""

from __future__ import annotations

import asyncio

import pytest

from bot import create_bot
from bot.sandbox.command_line import CommandTextError, hints, leaf_commands, parse

OPPONENT = object()  # stands for the member handle the sandbox would resolve


@pytest.fixture(scope="module")
def roots(tmp_path_factory, drawing) -> list[dict]:
    async def schema() -> list[dict]:
        database = tmp_path_factory.mktemp("typed") / "goryo.sqlite3"
        bot = create_bot(database=database, environ={}, env_file=None, sync="off", drawing=drawing)
        await bot.setup_hook()  # the group is built on the bot's store; "off": nothing is synced
        try:
            return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
        finally:
            await bot.close()

    return asyncio.run(schema())


def read(text: str, roots: list[dict]):
    return parse(text, roots, resolve_member=lambda name: OPPONENT if name == "@Kenji" else None)


def test_a_plan_keeps_its_spaces_and_options_come_in_any_order(roots):
    typed = read("/goryo path false_trail:A1 spaces:C2 C3 D3 D2 E2", roots)
    assert typed.path == "goryo path"
    assert typed.options == {"spaces": "C2 C3 D3 D2 E2", "false_trail": "A1"}


def test_names_and_choices_are_read_in_any_case(roots):
    typed = read("/GORYO Help TOPIC:Rules", roots)
    assert typed.path == "goryo help" and typed.options == {"topic": "rules"}
    # Options offered as the player types (autocomplete) are sent as typed: the bot reads them in any case.
    typed = read("/GORYO Move SAMURAI:Green to:c3", roots)
    assert typed.path == "goryo move" and typed.options == {"samurai": "Green", "to": "c3"}


def test_members_and_yes_no_options_become_typed_values(roots):
    typed = read("/goryo challenge opponent:@Kenji role:goryo advanced:yes", roots)
    assert typed.options == {"opponent": OPPONENT, "role": "goryo", "advanced": True}


@pytest.mark.parametrize(
    ("text", "explains"),
    [
        ("goryo help", "start with a slash"),
        ("/dance", "no `/dance` command"),
        ("/goryo", "needs one of"),
        ("/goryo fly", "needs one of"),
        ("/goryo move samurai:green", "also needs to:"),
        ("/goryo help topic:everything", "must be one of rules, commands"),
        ("/goryo move green C2", "options are written name:value"),
        ("/goryo challenge opponent:@Nobody", "names a member"),
        ("/goryo challenge opponent:@Kenji advanced:maybe", "true or false"),
        ("/goryo move samurai:red samurai:blue to:C2", "given twice"),
        ("/goryo move samurai: to:C2", "needs a value"),
    ],
)
def test_mistakes_say_what_to_type_instead(roots, text, explains):
    with pytest.raises(CommandTextError, match=explains):
        read(text, roots)


def test_hints_cover_every_subcommand_with_its_options(roots):
    paths = {path for path, _ in leaf_commands(roots)}
    assert {"goryo challenge", "goryo start", "goryo path", "goryo move", "goryo end", "goryo help"} <= paths
    move = next(hint for hint in hints(roots, paths) if hint.usage.startswith("/goryo move"))
    assert move.usage == "/goryo move samurai:green to:C2"  # real examples, not samurai:<samurai>
    path = next(hint for hint in hints(roots, paths) if hint.usage.startswith("/goryo path"))
    assert path.usage.startswith("/goryo path spaces:C1 C2 D2 D1 E1 [false_trail:")
    assert move.template == "/goryo move samurai: to: "
    assert hints(roots, {"goryo end"})[0].usage == "/goryo end"
    assert hints(roots, {"goryo help"})[0].usage == "/goryo help [topic:<rules|commands|ratings|assist|ai>]"


def test_italian_names_are_read_as_the_english_ones_discord_sends(sandbox):
    # The schema as the bot synced it to (simulated) Discord, translations included: Discord accepts
    # a client's localized names and sends the interaction with the English ones.
    roots = sandbox.world._command_roots()
    typed = parse("/goryo sfida avversario:@Kenji ruolo:casuale livello:facile", roots,
                  resolve_member=lambda name: OPPONENT if name == "@Kenji" else None)
    assert typed.path == "goryo challenge"
    assert typed.options == {"opponent": OPPONENT, "role": "random", "level": "easy"}
    # An Italian seat is offered the commands as its client names them.
    [path] = hints(roots, {"goryo path"}, "it")
    assert path.template.startswith("/goryo percorso ") and "percorso" not in hints(roots, {"goryo path"})[0].template
