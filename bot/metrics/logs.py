"""The bot's log lines: text for a terminal, or one JSON object a line (``GORYO_LOG_FORMAT=json``) for a
log collector, carrying the match, the server and the interaction a line is about where there is one.

What a line is about is kept in context variables, set where the bot takes up an interaction
(``interaction_context``) or a match (``match_context``); asyncio copies them into the tasks started from
there, so a line logged deep in the deliverer still names its match. Secrets never reach a line: the code
that logs an address shows it redacted (``bot.storage.address.redact``), and every line, of either format,
passes ``Redacting``, which replaces whatever secret text it is given (the token, the database's password).
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, TextIO

import discord

_MATCH: ContextVar[int | None] = ContextVar("goryo_match", default=None)
_SERVER: ContextVar[int | None] = ContextVar("goryo_server", default=None)
_INTERACTION: ContextVar[int | None] = ContextVar("goryo_interaction", default=None)
TEXT_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


@contextlib.contextmanager
def interaction_context(interaction: discord.Interaction) -> Iterator[None]:
    """Lines logged while this interaction is handled name it and its server."""
    tokens = (_INTERACTION.set(interaction.id), _SERVER.set(interaction.guild_id))
    try:
        yield
    finally:
        _SERVER.reset(tokens[1])
        _INTERACTION.reset(tokens[0])


@contextlib.contextmanager
def match_context(match_id: int, server_id: int | None = None) -> Iterator[None]:
    """Lines logged while this match is worked on name it (and its server, when given)."""
    match_token = _MATCH.set(match_id)
    server_token = _SERVER.set(server_id) if server_id is not None else None
    try:
        yield
    finally:
        if server_token is not None:
            _SERVER.reset(server_token)
        _MATCH.reset(match_token)


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, and match/server/interaction when known."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, variable in (("match", _MATCH), ("server", _SERVER), ("interaction", _INTERACTION)):
            if (value := variable.get()) is not None:
                line[key] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class Redacting(logging.Filter):
    """Replaces each secret's text in a line with how it may be shown (``("the-token", "***")``)."""

    def __init__(self, secrets: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.secrets = [(secret, shown) for secret, shown in secrets if secret]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        error = logging.Formatter().formatException(record.exc_info) if record.exc_info else None
        if not any(secret in message or (error and secret in error) for secret, _ in self.secrets):
            return True
        for secret, shown in self.secrets:
            message = message.replace(secret, shown)
        record.msg, record.args = message, None
        if error is not None:  # the traceback's words too, kept as text once cleaned
            for secret, shown in self.secrets:
                error = error.replace(secret, shown)
            record.msg, record.exc_info, record.exc_text = f"{message}\n{error}", None, None
        return True


def configure_logging(level: str, form: str, secrets: Sequence[tuple[str, str]] = (),
                      stream: TextIO | None = None) -> None:
    """The root logger writes ``level`` and above to ``stream`` (stderr) as text or JSON lines, secrets removed."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(TEXT_FORMAT))
    handler.addFilter(Redacting(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
