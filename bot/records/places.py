"""Where a private message of hers with controls (a plan preview, her path builder in a channel) was shown, so
that its controls can be taken off once they can act no more."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .outbox import Carrier


@dataclass(frozen=True)
class PrivatePlace:
    """Her message: in her DMs (``in_dm``) it is edited in the DM channel at any time; in a server it is
    ephemeral, reached only through the interaction that answered with it (``carrier``), for 15 minutes."""

    message_id: int
    in_dm: bool
    carrier: Carrier

    def payload(self) -> str:
        return json.dumps({"message_id": self.message_id, "in_dm": self.in_dm, "carrier": self.carrier.payload()},
                          separators=(",", ":"))

    @classmethod
    def from_payload(cls, payload: str | None) -> PrivatePlace | None:
        if payload is None:
            return None
        data = json.loads(payload)
        carrier = Carrier.from_payload(data["carrier"])
        assert carrier is not None  # always written with one
        return cls(int(data["message_id"]), bool(data["in_dm"]), carrier)
