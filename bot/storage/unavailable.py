"""The one error a backend raises when its database cannot be opened, and how its line is made."""

from __future__ import annotations

import os

from .address import redact, scrub


class StoreUnavailable(RuntimeError):
    """The database cannot be opened: one line saying which (redacted) and why, fit to show an admin."""


def unavailable(database: str | os.PathLike[str], error: Exception) -> StoreUnavailable:
    """``error`` (the driver's) as StoreUnavailable: the address redacted, the driver's words scrubbed of it."""
    # The driver's words say why; they pass through scrub since a driver may quote the URL.
    reason = scrub(f"{type(error).__name__}: {error}".strip().removesuffix(":"), database).splitlines()[0]
    return StoreUnavailable(f"cannot open the database {redact(database)} ({reason})")
