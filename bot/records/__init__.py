"""The outbox: what committed actions owe to people (``items``), and the deliverer that sends it."""

from .items import ROUTES, Carrier, OutboxEntry, OutboxItem

__all__ = ["ROUTES", "Carrier", "OutboxEntry", "OutboxItem"]
