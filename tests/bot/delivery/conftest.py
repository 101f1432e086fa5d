"""The delivery tests inject crashes (``InjectedCrash``, where the process would die): those errors are expected."""

from __future__ import annotations

import pytest

from tests.bot.helpers import unexpected_errors


class InjectedCrash(RuntimeError):
    """Stands for the process dying at a given point."""


def crash_at_checkpoint(point: str, *parts) -> None:
    """Each of ``parts`` dies (raises ``InjectedCrash``) when it reaches the checkpoint named ``point``."""

    def checkpoint(name: str) -> None:
        if name == point:
            raise InjectedCrash(f"crash after {point}")

    for part in parts:
        part.checkpoint = checkpoint


@pytest.fixture
async def env(simcord_env):
    """Like the bot tests' env, but the crashes these tests inject are expected."""
    yield simcord_env
    unexpected = [
        e for e in unexpected_errors(simcord_env) if not isinstance(getattr(e, "original", e), InjectedCrash)
    ]
    if unexpected:
        raise ExceptionGroup("the bot raised unexpected errors", unexpected)
