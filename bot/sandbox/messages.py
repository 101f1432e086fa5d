"""Project real discord.py messages into the small JSON shape the sandbox page draws."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from babel.dates import format_datetime, format_timedelta

_MENTION = re.compile(r"<(@!?|@&|#)(\d+)>")
_TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
# A link to a channel (or a message in it), which a Discord client draws as the channel's name.
_CHANNEL_LINK = re.compile(r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/channels/(\d+|@me)/(\d+)(/\d+)?")
# Discord's timestamp styles, in the reader's language (CLDR patterns, as Babel reads them).
_TIMESTAMP_FORMATS = {
    "t": "HH:mm",
    "T": "HH:mm:ss",
    "d": "dd/MM/y",
    "D": "d MMMM y",
    "f": "d MMMM y HH:mm",
    "F": "EEEE d MMMM y HH:mm",
}
_BUTTON_STYLES = {
    discord.ButtonStyle.primary: "primary",
    discord.ButtonStyle.secondary: "secondary",
    discord.ButtonStyle.success: "success",
    discord.ButtonStyle.danger: "danger",
    discord.ButtonStyle.link: "link",
}

AttachmentUrl = Callable[[int, int], str]  # (message id, attachment id) -> page URL


@dataclass(frozen=True, slots=True)
class Context:
    """What a message needs from around it to be drawn."""

    client: discord.Client  # channel and role names behind mentions
    people: dict[int, str]  # user id -> display name (the bot has no member intent, so no member cache)
    now: datetime  # the simulated Discord's clock, for "in 15 minutes"
    attachment_url: AttachmentUrl
    invoked: dict[int, str]  # response message id -> what the player did to cause it
    language: str = "en"  # the reading seat's Discord client's language: dates are shown in it


def project(message: discord.Message, context: Context) -> dict[str, Any]:
    """One message as the page sees it."""
    attachments = [
        {
            "filename": attachment.filename,
            "description": attachment.description or "",  # its alt text, which a screen reader reads
            "contentType": attachment.content_type or "",
            "url": context.attachment_url(message.id, attachment.id),
            "image": (attachment.content_type or "").startswith("image/"),
            "inEmbed": False,
        }
        for attachment in message.attachments
    ]
    embeds = [_embed(embed, message, context, attachments) for embed in message.embeds]
    metadata = message.interaction_metadata
    return {
        "id": str(message.id),
        "author": message.author.display_name,
        "bot": message.author.bot,
        "edited": message.edited_at is not None,
        "ephemeral": message.flags.ephemeral,
        "invokedBy": metadata.user.display_name if metadata is not None else None,
        "invokedWith": context.invoked.get(message.id),
        "content": readable(message.content, context),
        "embeds": embeds,
        "attachments": [item for item in attachments if not item["inEmbed"]],
        "rows": [_row(row) for row in message.components if isinstance(row, discord.ActionRow)],
        "unsupported": sum(not isinstance(row, discord.ActionRow) for row in message.components),
    }


def readable(text: str | None, context: Context) -> str:
    """Mentions, channel links and timestamps as a Discord client shows them, in the reader's language:
    <@123> → @Name, https://discord.com/channels/1/2 → #name, <t:…:R> → in 15 minutes."""

    client = context.client

    def name(match: re.Match[str]) -> str:
        kind, ident = match.group(1), int(match.group(2))
        if kind == "#":
            return channel_name(ident)
        if kind == "@&":
            role = next((r for guild in client.guilds if (r := guild.get_role(ident))), None)
            return "@" + (role.name if role else "unknown role")
        if ident in context.people:
            return "@" + context.people[ident]
        user = client.get_user(ident)
        return "@" + (user.display_name if user else "unknown user")

    def channel_name(ident: int) -> str:
        channel = client.get_channel(ident)
        return "#" + (getattr(channel, "name", None) or "unknown channel")

    def link(match: re.Match[str]) -> str:
        # A message link is drawn as its place and "> message": what Discord draws with an arrow and a balloon.
        place = "Direct messages" if match.group(1) == "@me" else channel_name(int(match.group(2)))
        return place + (" > message" if match.group(3) else "")

    def when(match: re.Match[str]) -> str:
        moment = datetime.fromtimestamp(int(match.group(1)), UTC)
        style = match.group(2) or "f"
        if style == "R":
            return _relative(moment - context.now, context.language)
        return format_datetime(moment, _TIMESTAMP_FORMATS[style], tzinfo=UTC, locale=context.language) + " UTC"

    text = _CHANNEL_LINK.sub(link, text or "")
    return _TIMESTAMP.sub(when, _MENTION.sub(name, text))


def _relative(delta: timedelta, language: str) -> str:
    """"in 15 minutes", "2 days ago": the nearest whole unit, in ``language``."""
    return format_timedelta(delta, add_direction=True, threshold=1, locale=language)


def _embed(
    embed: discord.Embed, message: discord.Message, context: Context, attachments: list[dict[str, Any]]
) -> dict[str, Any]:
    def image(url: str | None) -> str | None:
        if not url:
            return None
        filename = url.removeprefix("attachment://") if url.startswith("attachment://") else None
        for item, original in zip(attachments, message.attachments, strict=True):
            if item["filename"] == filename or original.url == url:
                item["inEmbed"] = True
                url_of_item: str = item["url"]
                return url_of_item
        return None  # remote images are never fetched: nothing leaves the machine

    return {
        "title": readable(embed.title, context),
        "description": readable(embed.description, context),
        "colour": f"#{embed.colour.value:06x}" if embed.colour is not None else None,
        "author": embed.author.name if embed.author else None,
        "fields": [
            {
                "name": readable(field.name, context),
                "value": readable(field.value, context),
                "inline": bool(field.inline),
            }
            for field in embed.fields
        ],
        "image": image(embed.image.url),
        "imageAlt": next((item["description"] for item in attachments
                          if embed.image.url == f"attachment://{item['filename']}"), ""),
        "thumbnail": image(embed.thumbnail.url),
        "footer": embed.footer.text if embed.footer else None,
    }


def _row(row: discord.ActionRow) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in row.children:
        if isinstance(item, discord.Button):
            out.append(
                {
                    "kind": "button",
                    "label": item.label or "",
                    "emoji": str(item.emoji) if item.emoji else "",
                    "style": _BUTTON_STYLES.get(item.style, "secondary"),
                    "customId": item.custom_id,
                    "url": item.url,
                    "disabled": item.disabled,
                }
            )
        elif isinstance(item, discord.SelectMenu) and item.type is discord.ComponentType.string_select:
            out.append(
                {
                    "kind": "select",
                    "customId": item.custom_id,
                    "placeholder": item.placeholder or "Choose…",
                    "disabled": item.disabled,
                    # A menu shows its default option as chosen, as Discord does (the False Trail picked stays shown).
                    "options": [{"label": option.label, "value": option.value, "description": option.description or "",
                                 "default": option.default}
                                for option in item.options],
                }
            )
        else:
            out.append({"kind": "unsupported", "label": type(item).__name__})
    return out
