"""What players are told about the bot's permissions where a match is played: what it lacks, what that costs,
and who can grant it. Said in the reader's language; permissions by the names Discord's settings show."""

from __future__ import annotations

from locales import N_, ngettext

from .faults import PERMISSION_NAMES
from .messages import _, channel_link, listed

# What a missing permission costs a match that can still be played.
EFFECTS = {
    "embed_links": N_("the board's facts and its key come as plain text"),
    "read_message_history": N_("after an outage I cannot check what I already posted, so a message may come twice"),
    "manage_threads": N_("I cannot archive a finished match's thread"),
    "send_messages": N_("I cannot post in this channel itself, only in the match's thread"),
}


def names(permissions: list[str]) -> str:
    return listed([f"**{_(PERMISSION_NAMES[p])}**" for p in permissions])


def who_grants(count: int) -> str:
    return ngettext(
        "A member with **Manage Roles** here (or the server's owner) can grant it in the channel's settings, "
        "under Permissions.",
        "A member with **Manage Roles** here (or the server's owner) can grant them in the channel's settings, "
        "under Permissions.",
        count,
    )


def cannot_play_here(permissions: list[str]) -> str:
    """A challenge refused (made or accepted): the bot lacks what a match cannot be played without."""
    return ngettext(
        "No match can be played here: I lack the {permissions} permission in this channel.",
        "No match can be played here: I lack the {permissions} permissions in this channel.",
        len(permissions),
    ).format(permissions=names(permissions)) + " " + who_grants(len(permissions))


def missing_here(permissions: list[str]) -> str:
    """A challenge made or accepted where the bot lacks a permission the match can do without: what it costs."""
    costs = listed([_(EFFECTS[p]) for p in permissions if p in EFFECTS])
    return ngettext(
        "The match can be played here, but I lack the {permissions} permission in this channel: {costs}.",
        "The match can be played here, but I lack the {permissions} permissions in this channel: {costs}.",
        len(permissions),
    ).format(permissions=names(permissions), costs=costs) + " " + who_grants(len(permissions))


def changed_under_match(channel_id: int, permissions: list[str], *, playable: bool) -> str:
    """Told to a match's players when its channel's permissions change under it."""
    if not playable:
        text = ngettext(
            "The permissions of {channel} changed: I lack the {permissions} permission there, so your match "
            "there cannot go on until it is given back. What it owes the channel waits, and comes in order then.",
            "The permissions of {channel} changed: I lack the {permissions} permissions there, so your match "
            "there cannot go on until they are given back. What it owes the channel waits, and comes in order then.",
            len(permissions),
        )
    else:
        text = ngettext(
            "The permissions of {channel} changed: I lack the {permissions} permission there. Your match goes on.",
            "The permissions of {channel} changed: I lack the {permissions} permissions there. Your match goes on.",
            len(permissions),
        )
    said = text.format(channel=channel_link(channel_id), permissions=names(permissions))
    return f"{said} {who_grants(len(permissions))}"


def given_back_under_match(channel_id: int) -> str:
    """Told to a match's players once the bot has again every permission it uses in the match's channel."""
    return _("I have every permission I use in {channel} again: your match there goes on as before.").format(
        channel=channel_link(channel_id))
