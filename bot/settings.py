"""The bot's settings: environment variables, with a ``.env`` file as fallback.

Every setting is documented in ``.env.example``. The environment wins over the
file, so a deployment can override one value without editing it.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .storage import OPENERS
from .storage.address import is_url, redact, scheme_of

SYNC_MODES = ("global", "guild", "off")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
DURATION_FORMS = "a positive number of seconds, or with a unit: 900, 15m, 24h, 2d"


class SettingsError(ValueError):
    """A setting that cannot be used, with the variable's name in the message."""


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    database: Path | str = Path("goryo.sqlite3")  # a SQLite file, or a postgresql:// URL (kept as text)
    dev_guild: int | None = None
    sync: str = "global"  # "global" | "guild" | "off"
    seed: int | str | None = None
    challenge_timeout: float = 900.0  # seconds an unanswered challenge stays open
    turn_limit: float = 24 * 3600.0  # seconds a player may take over one turn
    board_cooldown: float = 10.0  # seconds between two /goryo board of one user
    ai_pause: float = 2.0  # seconds between its Samurai's actions, thinking included, so people can follow
    log_level: str = "INFO"
    shard_count: int | None = None  # Discord shards in all; None: one unsharded connection
    shard_ids: tuple[int, ...] | None = None  # the shards this process holds; None: all of them
    log_format: str = "text"  # "text" | "json": one JSON object a line
    metrics_port: int | None = None  # None: no metrics and no /healthz
    metrics_host: str = "127.0.0.1"  # loopback unless the host says otherwise
    proxy: str | None = None  # an http:// proxy for all of Discord's traffic
    connect_patience: float = 300.0  # seconds an unreachable Discord is tried again at start-up

    def __repr__(self) -> str:  # settings end up in tracebacks and test reports: no token, no password
        shown = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        shown.update(token=self.token and "***", database=redact(self.database),
                     proxy=self.proxy and redact(self.proxy))
        return f"Settings({', '.join(f'{name}={value!r}' for name, value in shown.items())})"

    def replace(self, **changes: Any) -> Settings:
        settings = dataclasses.replace(self, **changes)
        settings.check()
        return settings

    def check(self) -> None:
        if self.sync not in SYNC_MODES:
            raise SettingsError(f"GORYO_SYNC must be one of {', '.join(SYNC_MODES)}, not {self.sync!r}")
        if self.sync == "guild" and self.dev_guild is None:
            raise SettingsError("GORYO_SYNC=guild needs GORYO_DEV_GUILD, the id of the server to sync to")
        if self.dev_guild is not None and self.dev_guild <= 0:
            raise SettingsError(f"GORYO_DEV_GUILD must be a server id (a positive number), not {str(self.dev_guild)!r}")
        limits = (("GORYO_CHALLENGE_TIMEOUT", self.challenge_timeout), ("GORYO_TURN_LIMIT", self.turn_limit))
        for name, seconds in limits:
            if not (math.isfinite(seconds) and seconds > 0):
                raise SettingsError(f"{name} must be {DURATION_FORMS}, not {seconds:g} seconds")
        if self.log_level not in LOG_LEVELS:
            raise SettingsError(f"GORYO_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {self.log_level!r}")
        if self.shard_count is not None and self.shard_count < 1:
            raise SettingsError(f"GORYO_SHARD_COUNT must be a positive number of shards, not {self.shard_count}")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise SettingsError("GORYO_SHARD_IDS needs GORYO_SHARD_COUNT, the number of shards in all")
            wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if wrong or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise SettingsError(
                    f"GORYO_SHARD_IDS must name different shards from 0 to {self.shard_count - 1},"
                    f" not {','.join(map(str, self.shard_ids)) or 'none'}"
                )
            shared = is_url(self.database)  # a database server, not a file
            if len(self.shard_ids) < self.shard_count and not shared:
                raise SettingsError(
                    "GORYO_SHARD_IDS leaves shards to other processes, which must share GORYO_DATABASE: "
                    "set it to a postgresql:// URL (a SQLite file belongs to one process)"
                )
        if scheme_of(self.database) not in OPENERS:  # a URL never becomes a SQLite file's name
            raise SettingsError(
                "GORYO_DATABASE must be a SQLite file or a URL starting with "
                f"{' or '.join(f'{scheme}://' for scheme in OPENERS if scheme)}, not {redact(self.database)!r}"
            )
        if not (math.isfinite(self.board_cooldown) and self.board_cooldown >= 0):
            raise SettingsError(f"GORYO_BOARD_COOLDOWN must be 0 (off) or {DURATION_FORMS}, "
                                f"not {self.board_cooldown:g} seconds")
        if self.log_format not in LOG_FORMATS:
            raise SettingsError(f"GORYO_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {self.log_format!r}")
        if self.metrics_port is not None and not 0 <= self.metrics_port <= 65535:
            raise SettingsError(
                f"GORYO_METRICS_PORT must be a port number up to 65535 (0: any free one), not {self.metrics_port}"
            )
        if not self.metrics_host.strip():
            raise SettingsError("GORYO_METRICS_HOST must be an address to listen on, like 127.0.0.1 or 0.0.0.0")
        if self.proxy is not None and not self.proxy.startswith(("http://", "https://")):
            raise SettingsError(f"GORYO_PROXY must be an http:// URL of a proxy, not {self.proxy!r}")
        if not (math.isfinite(self.connect_patience) and self.connect_patience > 0):
            raise SettingsError(f"GORYO_CONNECT_PATIENCE must be {DURATION_FORMS}, "
                                f"not {self.connect_patience:g} seconds")
        if not (math.isfinite(self.ai_pause) and 0 <= self.ai_pause <= 60):
            raise SettingsError(
                f"GORYO_AI_PAUSE must be 0 (no pause) or a number of seconds up to 60, not {self.ai_pause:g}"
            )


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines and ``#`` comments skipped, matching quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key] = value
    return values


def _seconds(name: str, text: str) -> float:
    """``900``, ``900s``, ``15m``, ``24h`` or ``2d`` → seconds."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    given = text
    text = text.strip().lower()
    factor = units.get(text[-1:])
    number = text[:-1] if factor else text
    try:
        seconds = float(number) * (factor or 1)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise SettingsError(f"{name} must be {DURATION_FORMS}, not {given!r}")
    return seconds


def _pause(text: str | None) -> float:
    """``GORYO_AI_PAUSE``: seconds from 0 to 60 (``2`` or ``2s``)."""
    if text is None:
        return Settings.ai_pause
    try:
        seconds = float(text.strip().lower().removesuffix("s"))
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and 0 <= seconds <= 60):
        raise SettingsError(f"GORYO_AI_PAUSE must be 0 (no pause) or a number of seconds up to 60, not {text!r}")
    return seconds


def _seed(text: str) -> int | str:
    # An integer seed is the same one rules.playout and the tests use.
    try:
        return int(text)
    except ValueError:
        return text


def _whole(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {text!r}") from None


def _shard_ids(text: str) -> tuple[int, ...]:
    """``0-3``, ``4,5,6`` or ``0-1,8`` → the shard numbers."""
    ids: list[int] = []
    try:
        for part in text.replace(" ", "").split(","):
            first, _, last = part.partition("-")
            ids.extend(range(int(first), int(last or first) + 1))
    except ValueError:
        raise SettingsError(f"GORYO_SHARD_IDS must be shard numbers like 0-3 or 0,1,2, not {text!r}") from None
    return tuple(ids)


def _database(text: str | None) -> Path | str:
    if text is None:
        return Settings.database
    # A Path would fold the URL's "//"; the store tells the two apart by the scheme.
    return text if is_url(text) else Path(text)


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | str | None = ".env") -> Settings:
    values = read_env_file(Path(env_file)) if env_file is not None else {}
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    dev_guild_text = get("GORYO_DEV_GUILD")
    try:
        dev_guild = int(dev_guild_text) if dev_guild_text else None
    except ValueError:
        raise SettingsError(f"GORYO_DEV_GUILD must be a server id (a number), not {dev_guild_text!r}") from None
    default_sync = "guild" if dev_guild is not None else "global"
    # Checked here, as typed, so that the complaint quotes what the admin wrote.
    sync_text = get("GORYO_SYNC") or default_sync
    if sync_text.lower() not in SYNC_MODES:
        raise SettingsError(f"GORYO_SYNC must be one of {', '.join(SYNC_MODES)}, not {sync_text!r}")
    log_text = get("GORYO_LOG_LEVEL") or "INFO"
    if log_text.upper() not in LOG_LEVELS:
        raise SettingsError(f"GORYO_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {log_text!r}")
    format_text = get("GORYO_LOG_FORMAT") or "text"
    if format_text.lower() not in LOG_FORMATS:
        raise SettingsError(f"GORYO_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {format_text!r}")
    port_text = get("GORYO_METRICS_PORT")
    settings = Settings(
        token=get("DISCORD_TOKEN"),
        database=_database(get("GORYO_DATABASE")),
        dev_guild=dev_guild,
        sync=sync_text.lower(),
        seed=_seed(seed_text) if (seed_text := get("GORYO_SEED")) else None,
        challenge_timeout=_seconds("GORYO_CHALLENGE_TIMEOUT", get("GORYO_CHALLENGE_TIMEOUT") or "900"),
        turn_limit=_seconds("GORYO_TURN_LIMIT", get("GORYO_TURN_LIMIT") or "24h"),
        board_cooldown=_seconds("GORYO_BOARD_COOLDOWN", get("GORYO_BOARD_COOLDOWN") or "10"),
        log_level=log_text.upper(),
        ai_pause=_pause(get("GORYO_AI_PAUSE")),
        shard_count=_whole("GORYO_SHARD_COUNT", count_text) if (count_text := get("GORYO_SHARD_COUNT")) else None,
        shard_ids=_shard_ids(ids_text) if (ids_text := get("GORYO_SHARD_IDS")) else None,
        log_format=format_text.lower(),
        metrics_port=_whole("GORYO_METRICS_PORT", port_text) if port_text else None,
        metrics_host=get("GORYO_METRICS_HOST") or Settings.metrics_host,
        proxy=get("GORYO_PROXY"),
        connect_patience=_seconds("GORYO_CONNECT_PATIENCE", get("GORYO_CONNECT_PATIENCE") or "5m"),
    )
    settings.check()
    return settings
