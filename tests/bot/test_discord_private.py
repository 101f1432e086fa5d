"""The private parts of discord.py that ``bot/discord_private.py`` fences are still there, shaped as it calls them.

A discord.py upgrade that renames or reshapes one fails here, naming it, instead of silently breaking
commands' language or the in-doubt check after a restart.
"""

from __future__ import annotations

import ast
import contextvars
import inspect
from pathlib import Path

import discord
import discord.http
import discord.webhook.async_
from discord import app_commands

from bot import discord_private


def _parameters(function: object, api: str) -> list[str]:
    assert callable(function), f"discord.py {discord.__version__}: {api} is no longer callable"
    return list(inspect.signature(function).parameters)


def _takes(function: object, api: str, *names: str) -> None:
    missing = set(names) - set(_parameters(function, api))
    assert not missing, (
        f"discord.py {discord.__version__} changed {api}: it no longer takes {sorted(missing)}; "
        "bot/discord_private.py calls it with them"
    )


def test_command_tree_call_is_the_one_entry_of_every_command():
    api = "discord.app_commands.CommandTree._call"
    call = getattr(app_commands.CommandTree, "_call", None)
    assert call is not None, f"discord.py {discord.__version__} removed {api}, which ContextTree.around wraps"
    assert inspect.iscoroutinefunction(call), f"discord.py {discord.__version__}: {api} is no longer a coroutine"
    assert _parameters(call, api) == ["self", "interaction"], (
        f"discord.py {discord.__version__} changed {api}'s parameters to {_parameters(call, api)}")
    # And the tree really sends interactions through it (the bot's translator tests rely on it).
    source = inspect.getsource(app_commands.CommandTree._from_interaction)
    assert "self._call(" in source, f"discord.py {discord.__version__}: CommandTree no longer dispatches via {api}"


def test_the_webhook_adapter_reaches_an_original_response_by_token():
    api = "discord.webhook.async_.async_context"
    context = getattr(discord.webhook.async_, "async_context", None)
    assert isinstance(context, contextvars.ContextVar), f"discord.py {discord.__version__} removed {api}"
    adapter = context.get()
    _takes(getattr(adapter, "get_original_interaction_response", None),
           f"{api}.get().get_original_interaction_response",
           "application_id", "token", "session", "proxy", "proxy_auth")
    _takes(getattr(adapter, "edit_original_interaction_response", None),
           f"{api}.get().edit_original_interaction_response",
           "application_id", "token", "session", "proxy", "proxy_auth", "payload", "multipart", "files")


def test_message_parameters_are_built_as_the_edit_sends_them():
    api = "discord.http.handle_message_parameters"
    build = getattr(discord.http, "handle_message_parameters", None)
    _takes(build, api, "content", "attachments", "embeds", "view", "allowed_mentions")
    assert build is not None
    with build(content="hi", attachments=[], embeds=[], view=None,
               allowed_mentions=discord.AllowedMentions.none()) as params:
        for field in ("payload", "multipart", "files"):
            assert hasattr(params, field), f"discord.py {discord.__version__}: {api}(...) has no .{field} any more"
        assert params.payload is not None and params.payload["content"] == "hi"


def test_the_http_client_keeps_its_session_where_the_bot_reads_it():
    api = "discord.http.HTTPClient.__session (read as _HTTPClient__session)"
    client = discord.Client(intents=discord.Intents.none())
    assert hasattr(client.http, discord_private.SESSION), f"discord.py {discord.__version__} moved {api}"
    assert discord_private.http_session(client) is getattr(client.http, discord_private.SESSION)


def test_simcord_still_arms_each_timer_twice_as_the_sandbox_relies_on():
    import inspect

    import simcord
    from simcord import _runtime

    api = "simcord.Env._schedule_timer(record, callback, args, schedule_context) and _CallbackRecord.real_handle"
    hook = getattr(simcord.Env, "_schedule_timer", None)
    assert hook is not None, f"SimCord {simcord.__version__} has no {api}"
    assert list(inspect.signature(hook).parameters) == ["self", "record", "callback", "args", "schedule_context"], api
    assert "real_handle" in {field for field in getattr(_runtime._CallbackRecord, "__slots__", ())} | set(
        getattr(_runtime._CallbackRecord, "__dataclass_fields__", {})), f"SimCord {simcord.__version__} moved {api}"
    assert issubclass(discord_private.timers_wait_for_the_clock(0.2), simcord.Env)


BOT = Path(__file__).resolve().parents[2] / "bot"
UNDOCUMENTED = ("discord.http", "discord.webhook.async_", "discord.state", "discord.gateway")


def test_only_the_adapter_touches_private_names():
    """Elsewhere in the Discord layer: no ``obj._name`` but on ``self``/``cls`` (not even ``super()._name``: an
    override of a private method), and no import of an undocumented module."""
    found = []
    for path in sorted(BOT.rglob("*.py")):
        if path.name == "discord_private.py" or "storage" in path.relative_to(BOT).parts:
            continue  # storage never touches discord (tests/test_layers.py keeps it below everything that does)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(BOT.parent)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.endswith("__"):
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue
                found.append(f"{where}: {ast.unparse(node)}")
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                found += [f"{where}: imports {name}" for name in names if name.startswith(UNDOCUMENTED)]
    assert not found, "private parts of discord.py belong in bot/discord_private.py:\n" + "\n".join(found)


def test_an_interaction_keeps_its_response_where_replace_response_puts_it():
    api = f"discord.Interaction.{discord_private.RESPONSE_SLOT}"
    assert discord_private.RESPONSE_SLOT in discord.Interaction.__slots__, (
        f"discord.py {discord.__version__} no longer keeps Interaction.response in {api}; "
        "bot/discord_private.replace_response puts the timed response there"
    )
    getter = inspect.getsource(type(discord.Interaction.response).__get__)  # the cached slot property's reading
    assert "getattr" in getter and "setattr" in getter, f"discord.py {discord.__version__} changed how {api} is read"
