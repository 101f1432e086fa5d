"""Fixtures every test package may use."""

from tests.postgres import postgres_server, postgres_url  # noqa: F401  (pytest finds fixtures by name)
