"""What ``/goryo settings`` says: a server's settings, who set each and when (issue 23).

Said in the reader's language; setting names in code spans are shown as the reader's client lists them.
"""

from __future__ import annotations

from datetime import datetime

from ai.levels import Level
from locales import ngettext

from .against_the_bot import ai_level_name
from .messages import _, mention, when


def duration(seconds: float) -> str:
    """A turn limit in words: whole hours, else minutes."""
    if seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return ngettext("{count} hour", "{count} hours", hours).format(count=hours)
    minutes = max(1, round(seconds / 60))
    return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)


def _by(who: int, at: datetime) -> str:
    return _("set by {member} on {moment}").format(member=mention(who), moment=when(int(at.timestamp())))


def settings_text(
    turn_limit: float, assist: bool, *, turn_limit_set: tuple[int, datetime] | None,
    assist_set: tuple[int, datetime] | None, saved: bool = False, threads: bool = False,
    threads_set: tuple[int, datetime] | None = None, max_level: Level | None = None,
    max_level_set: tuple[int, datetime] | None = None,
) -> str:
    """The server's settings now; ``*_set``: who changed it and when, None for the bot's default."""
    default = _("the bot's default")
    limit = _("`turn_limit`: {duration} per turn").format(duration=duration(turn_limit))
    limit += f" ({_by(*turn_limit_set) if turn_limit_set else default})."
    aid = (_("`assist`: matches may show the deduction aid") if assist
           else _("`assist`: matches may not show the deduction aid"))
    aid += f" ({_by(*assist_set) if assist_set else default})."
    thread = (_("`threads`: each match is played in a thread of its own") if threads
              else _("`threads`: matches are played in the channel itself"))
    thread += f" ({_by(*threads_set) if threads_set else default})."
    cap = (_("`max_level`: members may challenge me at any level") if max_level in (None, Level.EXPERT)
           else _("`max_level`: members may challenge me up to the **{level}** level").format(
               level=ai_level_name(max_level)))
    cap += f" ({_by(*max_level_set) if max_level_set else default})."
    head = _("Saved. This server's settings are now:") if saved else _("This server's settings:")
    tail = _("A change applies to matches that start after it; matches already running keep theirs. "
             "Members with Manage Server change them with `/goryo settings turn_limit:` (hours), "
             "`assist:`, `threads:` or `max_level:`.")
    return "\n".join([head, f"- {limit}", f"- {aid}", f"- {thread}", f"- {cap}", tail])
