"""What players and servers chose for themselves: how a player hears that their turn has begun (issue 23).

Records and SQL shared by both backends (``?`` parameters, ``ON CONFLICT`` upserts, which SQLite and
PostgreSQL both speak); ``Store`` exposes them as methods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

NoticeMode = Literal["mention", "dm", "off"]
NOTICE_MODES: tuple[NoticeMode, ...] = ("mention", "dm", "off")


@dataclass(frozen=True)
class TurnNotice:
    """How a player is told their turn has begun: a mention in the channel (the default), a DM, or nothing.

    ``language``: theirs when they chose (a DM speaks it); the Goryō's turn DMs are hers in every mode.
    """

    mode: NoticeMode = "mention"
    language: str = "en"


SET_NOTICE = (
    "INSERT INTO turn_notices (user_id, mode, language, changed_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, language = excluded.language,"
    " changed_at = excluded.changed_at"
)
GET_NOTICE = "SELECT mode, language FROM turn_notices WHERE user_id = ?"


def notice_from_row(row: Any) -> TurnNotice:
    return TurnNotice() if row is None else TurnNotice(row["mode"], row["language"])
