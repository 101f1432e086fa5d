"""Discord's documented limits on what a bot may send, each with the page of Discord's API documentation
(the discord-api-docs repository) that states it. Data only: the bot sizes its messages by it, and the
tests check every request the bot sends against it.

A number here is Discord's, never ours: to change one, cite the page that changed.
"""

from __future__ import annotations

from dataclasses import dataclass

MESSAGE = "developers/resources/message.mdx"
COMPONENTS = "developers/components/reference.mdx"
COMMANDS = "developers/interactions/application-commands.mdx"
RESPONDING = "developers/interactions/receiving-and-responding.mdx"
CHANNEL = "developers/resources/channel.mdx"


@dataclass(frozen=True, slots=True)
class Limit:
    name: str
    most: int
    source: str  # the documentation page, and the section the number is in
    what: str


LIMITS: dict[str, Limit] = {limit.name: limit for limit in (
    Limit("message.content", 2000, f"{MESSAGE} (Create Message: content)", "characters of a message's content"),
    Limit("message.embeds", 10, f"{MESSAGE} (Create Message: embeds)", "embeds on one message"),
    Limit("embed.title", 256, f"{MESSAGE} (Embed Limits)", "characters of an embed's title"),
    Limit("embed.description", 4096, f"{MESSAGE} (Embed Limits)", "characters of an embed's description"),
    Limit("embed.fields", 25, f"{MESSAGE} (Embed Limits)", "fields on one embed"),
    Limit("embed.field.name", 256, f"{MESSAGE} (Embed Limits)", "characters of a field's name"),
    Limit("embed.field.value", 1024, f"{MESSAGE} (Embed Limits)", "characters of a field's value"),
    Limit("embed.footer.text", 2048, f"{MESSAGE} (Embed Limits)", "characters of an embed's footer"),
    Limit("embed.author.name", 256, f"{MESSAGE} (Embed Limits)", "characters of an embed's author name"),
    Limit("embeds.total", 6000, f"{MESSAGE} (Embed Limits)",
          "characters of titles, descriptions, field names and values, footers and author names, all embeds together"),
    Limit("attachment.description", 1024, f"{MESSAGE} (Attachment Object: description)", "characters of alt text"),
    Limit("components.rows", 5, f"{COMPONENTS} (Legacy Message Component Behavior)", "action rows on one message"),
    Limit("row.buttons", 5, f"{COMPONENTS} (Action Row)", "buttons in one action row"),
    Limit("row.selects", 1, f"{COMPONENTS} (Action Row)", "select menus in one action row (and then no button)"),
    Limit("component.custom_id", 100, f"{COMPONENTS} (Anatomy of a Component: custom_id)",
          "characters of a custom id"),
    Limit("button.label", 80, f"{COMPONENTS} (Button)", "characters of a button's label"),
    Limit("button.url", 512, f"{COMPONENTS} (Button)", "characters of a link button's url"),
    Limit("components_v2.total", 40, f"{COMPONENTS} (overview: IS_COMPONENTS_V2)",
          "components, nested ones counted, on a Components V2 message"),
    # Not in discord-api-docs: Discord's client and libraries (JDA's TextDisplay documentation) enforce it.
    Limit("components_v2.text", 4000, "JDA TextDisplay documentation (no number on Discord's own Text Display page)",
          "characters of all text displays of a Components V2 message together"),
    Limit("select.options", 25, f"{COMPONENTS} (String Select)", "options of a select menu"),
    Limit("select.placeholder", 150, f"{COMPONENTS} (String Select)", "characters of a select's placeholder"),
    Limit("select.option.label", 100, f"{COMPONENTS} (Select Option Structure)", "characters of an option's label"),
    Limit("select.option.value", 100, f"{COMPONENTS} (Select Option Structure)", "characters of an option's value"),
    Limit("select.option.description", 100, f"{COMPONENTS} (Select Option Structure)",
          "characters of an option's description"),
    Limit("autocomplete.choices", 25, f"{RESPONDING} (Interaction Response Object: Autocomplete)",
          "choices in one autocomplete answer"),
    Limit("choice.name", 100, f"{COMMANDS} (Application Command Option Choice Structure)",
          "characters of a choice's name (autocomplete's too)"),
    Limit("choice.value", 100, f"{COMMANDS} (Application Command Option Choice Structure)",
          "characters of a string choice's value"),
    Limit("thread.name", 100, f"{CHANNEL} (Start Thread from Message / without Message: name)",
          "characters of a thread's name"),
    Limit("command.name", 32, f"{COMMANDS} (Application Command Object)", "characters of a command or option name"),
    Limit("command.description", 100, f"{COMMANDS} (Application Command Object)",
          "characters of a command or option description"),
    Limit("command.options", 25, f"{COMMANDS} (Application Command Object)", "options (or subcommands) under one node"),
    Limit("command.choices", 25, f"{COMMANDS} (Application Command Option Structure)", "choices of one option"),
    Limit("command.total", 8000, f"{COMMANDS} (Slash Commands: the 8000 characters note)",
          "characters of names, descriptions and values of a command and all under it, the longest translation of "
          "each field counted"),
)}

# Not a length: the only values Discord takes for a thread's auto_archive_duration, in minutes.
THREAD_ARCHIVE_MINUTES = frozenset({60, 1440, 4320, 10080})
THREAD_ARCHIVE_SOURCE = f"{CHANNEL} (Thread Metadata Object: auto_archive_duration)"

# Not a length either: after DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, a followup that edits the loading message
# works only "for backwards compatibility" and "is deprecated"; Edit Original Interaction Response is the way.
DEPRECATED_FOLLOWUP_SOURCE = f"{RESPONDING} (Create Followup Message)"


def most(name: str) -> int:
    return LIMITS[name].most
