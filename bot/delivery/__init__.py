"""Telling people: what each action owes (as outbox items), board pictures, the aid's numbers, sending."""
