"""Telling people: what each action owes (as outbox items), board pictures, the aid's numbers, sending,
and the deliverer that works off the outbox (``deliverer``, with its ``failures`` and ``indoubt`` checks)."""
