"""When something goes wrong: a message Discord would not take, a channel that refuses the bot, a damaged match."""

from __future__ import annotations

from locales import N_, ngettext

from .messages import _, channel_link, listed


def delivery_failed() -> str:
    return _(
        "That counted, but Discord would not take one of my messages just now, so not everything was shown yet. "
        "I will keep trying to send it. `/goryo board` shows the board again; `/goryo status` says whose turn it is."
    )


# Discord's names for the permissions a match's channel needs (as its server settings show them).
PERMISSION_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
    "embed_links": N_("Embed Links"),
    "read_message_history": N_("Read Message History"),
    "create_public_threads": N_("Create Public Threads"),
    "manage_threads": N_("Manage Threads"),
}


def channel_refuses(channel_id: int, permissions: list[str]) -> str:
    """Told to the players when the match's channel refuses the bot's messages (``permissions``: what it lacks)."""
    names = listed([f"**{_(PERMISSION_NAMES[p])}**" for p in permissions])
    return ngettext(
        "I can't post in {channel}: Discord refuses me there, as I lack the {permissions} permission. "
        "Ask a moderator to grant it to me in that channel. The match goes on, and what it owes the channel "
        "waits: I keep trying, and post it there, in order, as soon as I can.",
        "I can't post in {channel}: Discord refuses me there, as I lack the {permissions} permissions. "
        "Ask a moderator to grant them to me in that channel. The match goes on, and what it owes the channel "
        "waits: I keep trying, and post it there, in order, as soon as I can.",
        len(permissions),
    ).format(channel=channel_link(channel_id), permissions=names)


def restarting() -> str:
    """Told to whoever acts while the bot is stopping (a restart, most likely): nothing was done."""
    return _("I am restarting just now, so I did nothing with that. Try again in a minute.")


def match_damaged(match_id: int) -> str:
    return _(
        "Match {match} in this channel had to be stopped: its saved record no longer agrees with its history of "
        "moves, and I will not guess which one is right. Nothing more can be played in it; the channel is free "
        "for a new `/goryo challenge`."
    ).format(match=match_id)
