"""``python -m bot --check``: for hosts, where the bot lacks a permission a running match needs.

It lists each server the bot is in, and under it each channel (or thread) holding a running match where a
permission is missing: what, and what for. A match that cannot be played there (a permission it cannot do
without, or a channel the bot cannot find) makes the check fail. Then how the database answers and whether the
metrics port (``GORYO_METRICS_PORT``) can be listened on, or what a bot already listening there says.
"""

from __future__ import annotations

import socket

import aiohttp
import discord

from ..delivery import permissions
from ..settings import Settings
from ..storage import Store
from ..storage.address import redact
from ..text.faults import PERMISSION_NAMES


async def report(client: discord.Client, store: Store) -> tuple[list[str], bool]:
    """The lines to print, and whether every running match can be played where it is."""
    by_guild: dict[int | None, list[tuple[int, int]]] = {}
    for match_id, channel_id, guild_id in await store.active_match_places():
        by_guild.setdefault(guild_id, []).append((match_id, channel_id))
    lines, playable = [], True
    for guild in sorted(client.guilds, key=lambda g: g.id):
        matches = by_guild.get(guild.id, [])
        lines.append(f"{guild.name} ({guild.id}): {len(matches)} running match(es)")
        for match_id, channel_id in matches:
            channel = guild.get_channel_or_thread(channel_id)
            if channel is None:
                try:
                    fetched = await client.fetch_channel(channel_id)
                except discord.HTTPException:
                    fetched = None
                channel = fetched if isinstance(fetched, (discord.abc.GuildChannel, discord.Thread)) else None
            if channel is None:
                lines.append(f"  match {match_id} in channel {channel_id}: the bot cannot find or see that channel "
                             f"(CANNOT BE PLAYED)")
                playable = False
                continue
            needed, essential = permissions.needed_for(thread=isinstance(channel, discord.Thread))
            missing = permissions.lacking(permissions.of_channel(channel), needed)
            if not missing:
                continue
            blocked = not set(missing).isdisjoint(essential)
            playable = playable and not blocked
            lines.append(f"  match {match_id} in #{channel.name} ({channel.id}): missing "
                         f"{', '.join(_name(p) for p in missing)}{' (CANNOT BE PLAYED)' if blocked else ''}")
            lines += [f"    {_name(p)}: needed to {permissions.USED[p]}" for p in missing]
    orphans = sum(len(m) for g, m in by_guild.items() if g is not None and g not in {x.id for x in client.guilds})
    if orphans:
        lines.append(f"{orphans} running match(es) in servers the bot is no longer in (CANNOT BE PLAYED)")
        playable = False
    return lines, playable


def _name(permission: str) -> str:
    """As Discord's settings name it, in English (a host's log): view_channel -> View Channel."""
    return PERMISSION_NAMES[permission]


async def service_lines(store: Store, settings: Settings) -> list[str]:
    """How the database answers, and the metrics port: free to listen on, or answered by a running bot."""
    running = await store.running_match_count()
    waiting, _ = await store.outbox_backlog()
    answers = f"answers ({running} running match(es), {waiting} message(s) waiting to be sent)"
    lines = [f"Database {redact(settings.database)}: {answers}"]
    if settings.metrics_port is None:
        return [*lines, "Metrics: off (set GORYO_METRICS_PORT to serve them)"]
    return [*lines, await _metrics_port(settings.metrics_host, settings.metrics_port)]


async def _metrics_port(host: str, port: int) -> str:
    where = f"{host}:{port}"
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        try:
            probe.bind((host, port))
        except OSError as error:
            taken = error.errno == 98  # EADDRINUSE: perhaps the bot itself, running
            if not taken:
                return f"Metrics: cannot listen on {where} ({error.strerror}): change GORYO_METRICS_HOST or _PORT"
        else:
            return f"Metrics: {where} is free; the bot will serve /metrics and /healthz there"
    try:
        async with aiohttp.ClientSession() as session, session.get(
            f"http://{where}/healthz", timeout=aiohttp.ClientTimeout(total=5)
        ) as answer:
            said = (await answer.text()).strip()
            return f"Metrics: {where} is in use; its /healthz answers {answer.status} {said}"
    except (aiohttp.ClientError, TimeoutError):
        return f"Metrics: {where} is taken by something else: choose another GORYO_METRICS_PORT"


class CheckingClient(discord.Client):
    """Connects with the guilds intent only, reports once Discord says it is ready, and disconnects."""

    def __init__(self, store: Store, proxy: str | None = None) -> None:
        super().__init__(intents=discord.Intents(guilds=True), proxy=proxy)
        self.store = store
        self.outcome: tuple[list[str], bool] | None = None

    async def on_ready(self) -> None:
        try:
            self.outcome = await report(self, self.store)
        finally:
            await self.close()


async def run_check(token: str, store: Store, proxy: str | None = None) -> tuple[list[str], bool]:
    """Connect with ``token``, report, and disconnect."""
    client = CheckingClient(store, proxy)
    await client.start(token)
    if client.outcome is None:
        raise RuntimeError("Discord closed the connection before the bot was ready")
    return client.outcome
