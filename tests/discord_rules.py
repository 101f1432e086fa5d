"""Every request the bot sends, checked against Discord's documented limits (bot.discord_limits).

SimCord accepts more than Discord does; this is the part of Discord it leaves out. ``Rules.check`` sees each
request as SimCord's router receives it (method, path, JSON body) and returns what Discord would refuse, or
what it documents as deprecated, each naming the limit and its documentation page.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bot.records.discord_limits import (
    DEPRECATED_FOLLOWUP_SOURCE,
    LIMITS,
    THREAD_ARCHIVE_MINUTES,
    THREAD_ARCHIVE_SOURCE,
)

# Interaction callback types (receiving-and-responding.mdx, Interaction Callback Type).
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 7, 8, 9
IS_COMPONENTS_V2 = 1 << 15
BUTTON, STRING_SELECT, TEXT_DISPLAY = 2, 3, 10
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def over(name: str, size: int, where: str) -> Iterator[str]:
    limit = LIMITS[name]
    if size > limit.most:
        yield f"{where}: {size} > {limit.most} {limit.what} ({limit.source})"


def text(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def check_message(body: dict[str, Any], where: str) -> Iterator[str]:
    yield from over("message.content", text(body.get("content")), f"{where} content")
    embeds = body.get("embeds") or []
    yield from over("message.embeds", len(embeds), f"{where} embeds")
    total = 0
    for n, embed in enumerate(embeds):
        at = f"{where} embed {n}"
        fields = embed.get("fields") or []
        sizes = {"embed.title": text(embed.get("title")), "embed.description": text(embed.get("description")),
                 "embed.footer.text": text((embed.get("footer") or {}).get("text")),
                 "embed.author.name": text((embed.get("author") or {}).get("name"))}
        for name, size in sizes.items():
            yield from over(name, size, f"{at} {name.split('.', 1)[1]}")
        yield from over("embed.fields", len(fields), f"{at} fields")
        for field in fields:
            yield from over("embed.field.name", text(field.get("name")), f"{at} field name")
            yield from over("embed.field.value", text(field.get("value")), f"{at} field value")
        total += sum(sizes.values()) + sum(text(f.get("name")) + text(f.get("value")) for f in fields)
    yield from over("embeds.total", total, f"{where} embeds together")
    for attachment in body.get("attachments") or []:
        yield from over("attachment.description", text(attachment.get("description")), f"{where} attachment")
    yield from check_components(body.get("components") or [], int(body.get("flags") or 0), where)


def nested(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from nested(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield component["accessory"]


def check_components(rows: list[dict[str, Any]], flags: int, where: str) -> Iterator[str]:
    everything = list(nested(rows))
    if flags & IS_COMPONENTS_V2:
        yield from over("components_v2.total", len(everything), f"{where} components")
        said = sum(text(c.get("content")) for c in everything if c.get("type") == TEXT_DISPLAY)
        yield from over("components_v2.text", said, f"{where} text displays")
    else:
        yield from over("components.rows", len(rows), f"{where} rows")
        for row in rows:
            children = row.get("components") or []
            buttons = sum(1 for c in children if c.get("type") == BUTTON)
            selects = len(children) - buttons
            yield from over("row.buttons", buttons, f"{where} row")
            yield from over("row.selects", selects + (1 if selects and buttons else 0), f"{where} row")
    for component in everything:
        yield from over("component.custom_id", text(component.get("custom_id")), f"{where} custom_id")
        if component.get("type") == BUTTON:
            yield from over("button.label", text(component.get("label")), f"{where} button label")
            yield from over("button.url", text(component.get("url")), f"{where} button url")
        if "options" in component:  # a string select
            options = component["options"] or []
            yield from over("select.options", len(options), f"{where} select")
            yield from over("select.placeholder", text(component.get("placeholder")), f"{where} select placeholder")
            for option in options:
                for part in ("label", "value", "description"):
                    yield from over(f"select.option.{part}", text(option.get(part)), f"{where} option {part}")


def check_thread(body: dict[str, Any], where: str) -> Iterator[str]:
    yield from over("thread.name", text(body.get("name")), f"{where} name")
    minutes = body.get("auto_archive_duration")
    if minutes is not None and minutes not in THREAD_ARCHIVE_MINUTES:
        allowed = sorted(THREAD_ARCHIVE_MINUTES)
        yield f"{where} auto_archive_duration {minutes} not one of {allowed} ({THREAD_ARCHIVE_SOURCE})"


def longest(node: dict[str, Any], field: str) -> int:
    """The longest of a field and its translations: what Discord counts towards a command's size."""
    said = [str(node[field])] if node.get(field) is not None else []
    said += [str(v) for v in (node.get(f"{field}_localizations") or {}).values()]
    return max(map(len, said), default=0)


def command_size(node: dict[str, Any]) -> int:
    total = longest(node, "name") + longest(node, "description")
    for choice in node.get("choices") or []:
        total += longest(choice, "name") + len(str(choice.get("value", "")))
    return total + sum(command_size(option) for option in node.get("options") or [])


def check_command_node(node: dict[str, Any], where: str) -> Iterator[str]:
    at = f"{where} {node.get('name')}"
    for said in [node.get("name") or "", *(node.get("name_localizations") or {}).values()]:
        yield from over("command.name", len(said), f"{at} name")
    for said in [node.get("description") or "", *(node.get("description_localizations") or {}).values()]:
        yield from over("command.description", len(said), f"{at} description")
    options = node.get("options") or []
    yield from over("command.options", len(options), f"{at} options")
    choices = node.get("choices") or []
    yield from over("command.choices", len(choices), f"{at} choices")
    for choice in choices:
        for said in [choice.get("name") or "", *(choice.get("name_localizations") or {}).values()]:
            yield from over("choice.name", len(said), f"{at} choice name")
        if isinstance(choice.get("value"), str):
            yield from over("choice.value", len(choice["value"]), f"{at} choice value")
    for option in options:
        yield from check_command_node(option, where)


def check_command(command: dict[str, Any], where: str) -> Iterator[str]:
    yield from check_command_node(command, where)
    yield from over("command.total", command_size(command), f"{where} /{command.get('name')} in all")


class Rules:
    """One test's checker: it keeps, per interaction token, whether the answer is still Discord's loading message."""

    def __init__(self) -> None:
        self.loading: set[str] = set()
        self.violations: list[str] = []

    def check(self, method: str, path: str, body: Any) -> list[str]:
        found = list(self._check(method, path.rstrip("/").split("/")[1:], body))
        self.violations += found
        return found

    def _check(self, method: str, parts: list[str], body: Any) -> Iterator[str]:
        where = f"{method} /{'/'.join(parts)}"
        payload = body if isinstance(body, dict) else {}
        if parts[:1] == ["interactions"] and parts[-1:] == ["callback"]:
            kind, data = payload.get("type"), payload.get("data") or {}
            if kind == DEFERRED_CHANNEL_MESSAGE:
                self.loading.add(parts[2])
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                yield from check_message(data, where)
            if kind == AUTOCOMPLETE_RESULT:
                choices = data.get("choices") or []
                yield from over("autocomplete.choices", len(choices), f"{where} choices")
                for choice in choices:
                    yield from over("choice.name", text(choice.get("name")), f"{where} choice name")
                    yield from over("choice.value", text(choice.get("value")), f"{where} choice value")
            if kind == MODAL:
                yield from check_components(data.get("components") or [], 0, where)
        elif parts[:1] == ["webhooks"] and len(parts) >= 3:
            token = parts[2]
            if method == "POST" and len(parts) == 3 and token in self.loading:
                self.loading.discard(token)  # one finding per interaction: Discord edited the loading message
                yield (f"{where}: a followup finishing a deferred answer; deprecated, edit the original response "
                       f"instead ({DEPRECATED_FOLLOWUP_SOURCE})")
            if method in ("PATCH", "DELETE") and parts[-1] == "@original":
                self.loading.discard(token)
            if method in ("POST", "PATCH"):
                yield from check_message(payload, where)
        elif parts[:1] == ["channels"]:
            if parts[-1] == "threads" and method == "POST":
                yield from check_thread(payload, where)
                if "message" in payload:  # a forum post: its first message
                    yield from check_message(payload["message"], where)
            elif (parts[-1] == "messages" and method == "POST") or (len(parts) == 4 and parts[2] == "messages" \
                    and method == "PATCH"):
                yield from check_message(payload, where)
            elif len(parts) == 2 and method == "PATCH":
                yield from check_thread(payload, where)
        elif parts[:1] == ["applications"] and parts[-1] == "commands" and method in ("PUT", "POST"):
            for command in body if isinstance(body, list) else [payload]:
                yield from check_command(command, where)
        elif parts[:1] == ["applications"] and "commands" in parts and method == "PATCH":
            yield from check_command(payload, where)
