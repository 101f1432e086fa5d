"""The pieces every text of the bot shares: the catalogue's ``_``, mentions, links, lists, times, the game's numbers.

What the bot says is split by what it speaks about: ``challenges``, ``goryo_dms`` (the Goryō's private
messages), ``narration`` (each event), ``match`` (turns, boards, the end, resigning), ``status``,
``against_the_bot``, ``time_limits``, ``faults``, ``help``, ``league``, ``server`` (its settings), ``mine``.

Texts meant for the channel are built from public information only (events are
public when emitted; views come from ``rules.public_view``). The few functions
that take the Goryō's secrets say so in their name (``goryo_…``).

Every sentence is marked for the catalogues (``locales``) and said in the language of
the context (``with locales.speaking(…)``, set by the caller): whole sentences with
named placeholders, so a translation can put the words in its own order. Mentions,
channel links and timestamps go in as placeholders, so Discord's markup survives. Commands are
named in English in every catalogue and shown in the reader's language by ``commands.localised``.
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from locales import _ as _catalogue
from locales import pgettext
from rules import layout

from .commands import localised

ROUNDS = layout.ROUNDS
SPIRIT_TOKENS = layout.SPIRIT_TOKENS
GONG_LAST = layout.GONG_LAST_SPACE
ACTION_CUBES = layout.SAMURAI_ACTION_CUBES


def _(message: str) -> str:
    """The catalogue's sentence, with the commands it names as the reader's Discord client lists them."""
    return localised(_catalogue(message))


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def channel_link(channel_id: int) -> str:
    return f"<#{channel_id}>"


def space_names(spaces: Iterable[rules.Space]) -> str:
    return pgettext("list separator", ", ").join(rules.space_name(s) for s in spaces)


def listed(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the language spoken."""
    if len(items) <= 1:
        return "".join(items)
    separator = pgettext("list separator", ", ")
    return _("{items} and {last}").format(items=separator.join(items[:-1]), last=items[-1])


def when(moment: int) -> str:
    """A Unix time as Discord shows it to each reader in their own zone: date, time and 'in 3 hours'."""
    return f"<t:{moment}:f> (<t:{moment}:R>)"
