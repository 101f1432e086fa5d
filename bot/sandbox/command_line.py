"""Read a slash command typed as text ("/goryo move samurai:green to:C3") against the synced command schema.

The browser has no Discord client to build option values, so the sandbox accepts what a
player would type and turns it into the typed options Discord itself would send.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from discord import AppCommandOptionType as OptionType

_NESTING_TYPES = (OptionType.subcommand.value, OptionType.subcommand_group.value)
_TRUE_WORDS = {"true", "yes", "y", "on", "1"}
_FALSE_WORDS = {"false", "no", "n", "off", "0"}


class CommandTextError(ValueError):
    """The typed text is not a command this player can send; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class TypedCommand:
    path: str  # e.g. "goryo move", as SimCord's slash() expects
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CommandHint:
    usage: str  # "/goryo move samurai:<green|purple|red|blue> to:<space>"
    template: str  # "/goryo move samurai: to:" — what the composer is filled with
    description: str
    options: list[str]  # "to: The space to move to, like C2"


def names(node: dict[str, Any]) -> set[str]:
    """A command's, option's or choice's name and its translations (lowercase): Discord accepts them all."""
    return {node["name"].lower(), *(name.lower() for name in (node.get("name_localizations") or {}).values())}


def _shown(node: dict[str, Any], locale: str | None) -> str:
    """The name a client in ``locale`` shows (``sfida`` in Italian), else the English one."""
    return str((node.get("name_localizations") or {}).get(locale or "", node["name"]))


def _named(nodes: list[dict[str, Any]], word: str | None) -> dict[str, Any] | None:
    return next((node for node in nodes if word is not None and word.lower() in names(node)), None)


def leaf_commands(roots: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every invocable command as ("goryo move", its schema), in declaration order."""
    for root in roots:
        yield from _leaves(root, [root["name"]])


def _leaves(node: dict[str, Any], path: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    children = [option for option in node.get("options") or [] if option.get("type") in _NESTING_TYPES]
    if not children:
        yield " ".join(path), node
        return
    for child in children:
        yield from _leaves(child, [*path, child["name"]])


def hints(roots: list[dict[str, Any]], allowed: set[str], locale: str | None = None) -> list[CommandHint]:
    """Usage lines for the commands in `allowed` (paths like "goryo board"), named as a ``locale`` client shows them."""
    out = []
    for path, leaf in _shown_leaves(roots, locale):
        if path[0] not in allowed:
            continue
        options = sorted(leaf.get("options") or [], key=lambda option: not option.get("required"))
        usage = " ".join(_usage(option, locale) for option in options)
        template = " ".join(f"{_shown(option, locale)}:" for option in options if option.get("required"))
        described = _described(leaf, locale)
        out.append(
            CommandHint(
                usage=f"/{path[1]} {usage}".rstrip(),
                template=f"/{path[1]} {template}".rstrip() + (" " if template else ""),
                description=described,
                options=[f"{_shown(option, locale)}: {_described(option, locale)}" for option in options],
            )
        )
    return out


def _described(node: dict[str, Any], locale: str | None) -> str:
    return str((node.get("description_localizations") or {}).get(locale or "", node.get("description", "")))


Leaf = tuple[tuple[str, str], dict[str, Any]]


def _shown_leaves(roots: list[dict[str, Any]], locale: str | None) -> Iterator[Leaf]:
    """Every leaf as ((its English path, its path as shown in ``locale``), its schema)."""
    def walk(node: dict[str, Any], path: list[str], shown: list[str]) -> Iterator[Leaf]:
        children = [option for option in node.get("options") or [] if option.get("type") in _NESTING_TYPES]
        if not children:
            yield (" ".join(path), " ".join(shown)), node
            return
        for child in children:
            yield from walk(child, [*path, child["name"]], [*shown, _shown(child, locale)])

    for root in roots:
        yield from walk(root, [root["name"]], [_shown(root, locale)])


def _usage(option: dict[str, Any], locale: str | None = None) -> str:
    name = _shown(option, locale)
    if option.get("choices"):
        shape = "|".join(_shown(choice, locale) for choice in option["choices"])
    elif option["type"] == OptionType.boolean.value:
        shape = "true|false"
    elif option["type"] in (OptionType.user.value, OptionType.mentionable.value):
        shape = "@member"
    elif example := _EXAMPLE.search(option.get("description", "")):
        # A real example (``to:C2``), as the option's own description gives it, rather than ``to:<to>``.
        text = f"{name}:{example['example']}"
        return text if option.get("required") else f"[{text}]"
    else:
        shape = name.replace("_", " ")
    text = f"{name}:<{shape}>"
    return text if option.get("required") else f"[{text}]"


_EXAMPLE = re.compile(r"\blike (?P<example>[A-Za-z0-9 ]+?)\)?$")


def parse(
    text: str,
    roots: list[dict[str, Any]],
    *,
    resolve_member: Callable[[str], Any | None],
) -> TypedCommand:
    """Turn typed text into a command path and typed options, or raise CommandTextError."""
    text = text.strip()
    if not text.startswith("/"):
        raise CommandTextError("Commands start with a slash, for example `/goryo help`.")
    words = text[1:].split()
    if not words:
        raise CommandTextError("Type a command after the slash, for example `/goryo help`.")
    node = _named(roots, words[0])
    if node is None:
        known = ", ".join(f"/{root['name']}" for root in roots) or "none"
        raise CommandTextError(f"There is no `/{words[0]}` command here. Commands: {known}.")
    path = [node["name"]]
    consumed = 1
    while children := [o for o in node.get("options") or [] if o.get("type") in _NESTING_TYPES]:
        match = _named(children, words[consumed] if consumed < len(words) else None)
        if match is None:
            names = ", ".join(child["name"] for child in children)
            raise CommandTextError(f"`/{' '.join(path)}` needs one of: {names}.")
        node, consumed = match, consumed + 1
        path.append(node["name"])
    remainder = text[1:].split(None, consumed)[consumed:] if consumed < len(words) else []
    options = _read_options(" ".join(path), node, remainder[0] if remainder else "", resolve_member)
    return TypedCommand(path=" ".join(path), options=options)


def _read_options(
    path: str, leaf: dict[str, Any], text: str, resolve_member: Callable[[str], Any | None]
) -> dict[str, Any]:
    declared = {name: option for option in leaf.get("options") or [] for name in names(option)}
    usage = " ".join(_usage(option) for option in leaf.get("options") or [])
    matches = (
        list(re.finditer(r"(?<!\S)(" + "|".join(map(re.escape, declared)) + r"):", text, re.IGNORECASE))
        if declared
        else []
    )
    leading = text[: matches[0].start()] if matches else text
    if leading.strip():
        hint = f" Usage: `/{path} {usage}`" if usage else f" `/{path}` takes no options."
        raise CommandTextError(f"I could not read `{leading.strip()}`: options are written name:value.{hint}")
    values: dict[str, Any] = {}
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        option = declared[match.group(1).lower()]
        raw = text[match.end() : end].strip()
        if option["name"] in values:
            raise CommandTextError(f"`{option['name']}:` is given twice.")
        if not raw:
            raise CommandTextError(f"`{option['name']}:` needs a value. Usage: `/{path} {usage}`")
        values[option["name"]] = _convert(option, raw, resolve_member)
    missing = [o["name"] for o in leaf.get("options") or [] if o.get("required") and o["name"] not in values]
    if missing:
        needed = " ".join(f"{name}:" for name in missing)
        raise CommandTextError(f"`/{path}` also needs {needed}  Usage: `/{path} {usage}`")
    return values


def _convert(option: dict[str, Any], raw: str, resolve_member: Callable[[str], Any | None]) -> Any:
    kind = option["type"]
    name = option["name"]
    if option.get("choices"):
        for choice in option["choices"]:
            if raw.lower() == str(choice["value"]).lower() or raw.lower() in names(choice):
                return choice["value"]
        allowed = ", ".join(str(choice["value"]) for choice in option["choices"])
        raise CommandTextError(f"`{name}:` must be one of {allowed} (not `{raw}`).")
    if kind == OptionType.string.value:
        return raw
    if kind == OptionType.boolean.value:
        if raw.lower() in _TRUE_WORDS:
            return True
        if raw.lower() in _FALSE_WORDS:
            return False
        raise CommandTextError(f"`{name}:` is true or false (not `{raw}`).")
    if kind == OptionType.integer.value:
        try:
            return int(raw)
        except ValueError:
            raise CommandTextError(f"`{name}:` is a whole number (not `{raw}`).") from None
    if kind == OptionType.number.value:
        try:
            return float(raw)
        except ValueError:
            raise CommandTextError(f"`{name}:` is a number (not `{raw}`).") from None
    if kind in (OptionType.user.value, OptionType.mentionable.value):
        member = resolve_member(raw)
        if member is None:
            raise CommandTextError(
                f"`{name}:` names a member of this server, for example `@Kenji`, or `@Goryō` to play against the bot."
            )
        return member
    raise CommandTextError(f"The sandbox cannot fill `{name}:` options of this kind from typed text.")


@dataclass(frozen=True, slots=True)
class Focus:
    """An option being typed, as Discord asks the bot for its choices: the command, the option, what is typed so far."""

    path: str
    option: str
    value: str
    filled: dict[str, Any]  # the other options typed, for choices that depend on them (``to:`` on ``samurai:``)


def focus(text: str, roots: list[dict[str, Any]]) -> Focus | None:
    """The autocomplete option typed last in ``text`` (``/goryo move samurai:green to:C``), or None."""
    words = text.lstrip()[1:].split() if text.lstrip().startswith("/") else []
    if not words:
        return None
    node = _named(roots, words[0])
    path, consumed = [], 1
    if node is None:
        return None
    path.append(node["name"])
    while children := [o for o in node.get("options") or [] if o.get("type") in _NESTING_TYPES]:
        node = _named(children, words[consumed] if consumed < len(words) else None)
        if node is None:
            return None
        consumed += 1
        path.append(node["name"])
    declared = {name: option for option in node.get("options") or [] for name in names(option)}
    rest = text.lstrip()[1:].split(None, consumed)[consumed:] if consumed < len(words) else []
    rest_text = rest[0] if rest else ""
    if not declared:
        return None
    found = list(re.finditer(r"(?<!\S)(" + "|".join(map(re.escape, declared)) + r"):", rest_text, re.IGNORECASE))
    if not found:
        return None
    values = {}
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(rest_text)
        values[declared[match.group(1).lower()]["name"]] = rest_text[match.end() : end]
    last = declared[found[-1].group(1).lower()]
    if not last.get("autocomplete"):
        return None
    filled: dict[str, Any] = {}
    for name, raw in values.items():
        option = next(o for o in declared.values() if o["name"] == name)
        if name == last["name"] or not raw.strip():
            continue
        if option["type"] == OptionType.integer.value:
            try:
                filled[name] = int(raw.strip())
            except ValueError:
                continue
        elif option["type"] == OptionType.string.value:
            filled[name] = raw.strip()
    return Focus(" ".join(path), last["name"], values[last["name"]].lstrip(), filled)

