"""The Discord permissions the bot uses, why, and which of them a match cannot be played without.

The invite link's permission integer is computed from ``USED`` (``python -m bot --invite-url``), never written by
hand; the challenge check, the notices when a channel's permissions change and ``python -m bot --check`` all read
the same lists. Discord's permission names: developers/topics/permissions.mdx.
"""

from __future__ import annotations

import discord

# discord.Permissions' name -> what the bot does with it (said to hosts by --check and the README).
USED: dict[str, str] = {
    "view_channel": "see the match's channel, and the messages in it",
    "send_messages": "post the turns, boards and results in the match's channel",
    "embed_links": "show the board's facts, its key and the next action's line with the picture (without it the facts "
                   "come as text)",
    "attach_files": "post the board's picture",
    "read_message_history": "after a lost connection, find whether a message was posted before posting it again",
    "create_public_threads": "open a thread for each match, when a server turns threads on",
    "send_messages_in_threads": "play in that thread",
    "manage_threads": "archive a finished match's thread an hour after its end",
}

# Without these a match cannot be played there: nothing reaches the channel, or not the board.
PLAYABLE = ("view_channel", "send_messages", "attach_files")
PLAYABLE_IN_THREAD = ("view_channel", "send_messages_in_threads", "attach_files")
# All the bot uses in a match's channel, or in its thread; opening one needs more of its parent.
IN_CHANNEL = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")
IN_THREAD = ("view_channel", "send_messages_in_threads", "embed_links", "attach_files", "read_message_history")
TO_OPEN_THREADS = (*IN_CHANNEL, "create_public_threads", "send_messages_in_threads", "manage_threads")

SCOPES = ("bot", "applications.commands")


def invite_permissions() -> discord.Permissions:
    return discord.Permissions(**dict.fromkeys(USED, True))


def invite_url(application_id: int) -> str:
    """The link a server's admin opens to add the bot, asking for every permission it may use."""
    return discord.utils.oauth_url(application_id, permissions=invite_permissions(), scopes=SCOPES)


def lacking(granted: discord.Permissions, needed: tuple[str, ...]) -> list[str]:
    """The names among ``needed`` that ``granted`` leaves out, in ``needed``'s order."""
    return [name for name in needed if not getattr(granted, name)]


def needed_for(*, thread: bool, opening: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(all the bot uses, those a match cannot do without) where a match is played: a channel, a thread of it, or a
    channel whose matches open threads (``opening``: its own permissions, which its threads inherit)."""
    if opening:
        return TO_OPEN_THREADS, ("view_channel", "create_public_threads", "send_messages_in_threads", "attach_files")
    return (IN_THREAD, PLAYABLE_IN_THREAD) if thread else (IN_CHANNEL, PLAYABLE)


def of_channel(channel: discord.abc.GuildChannel | discord.Thread) -> discord.Permissions:
    """The bot's permissions in ``channel``, as its cache says."""
    return channel.permissions_for(channel.guild.me)
