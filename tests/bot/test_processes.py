"""Several bot processes on one PostgreSQL: one truth, whichever process a command reaches.

SimCord runs one bot per environment, with real shard routing (a guild's events go to
the shard that holds it, DM interactions to shard 0), and can swap the bot for another
(``env.restart_bot``). So: the DM-shard test hands the environment from the process that
holds the guild's shard to the one that holds shard 0 and back, all on one database; the
concurrency tests run two processes' own pipelines (each with its own connection pool,
its own locks and its own deliverer) side by side against one database.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
from datetime import timedelta

import discord
import pytest

import rules
from bot.delivery.announce import outbox_for
from bot.errors import Refusal
from bot.play.game import Game
from bot.play.service import MatchService, Played
from bot.play.timekeeping import TurnClock
from bot.storage import open_store

from .helpers import Table

LIMIT = 600.0


@pytest.fixture
def bot_settings(postgres_url) -> dict:
    # The process that holds shard 1 of 2, where the table's guild lives.
    return {
        "database": postgres_url, "environ": {}, "env_file": None, "sync": "global", "seed": 1,
        "shard_count": 2, "shard_ids": (1,), "turn_limit": LIMIT,
    }


@pytest.fixture
def table(env) -> Table:
    return Table(env, guild=env.create_guild(shard_id=1))


async def test_dm_commands_reach_a_match_whose_channel_lives_on_another_processes_shard(env, table, make_bot):
    await table.begin()
    assert isinstance(env.bot, discord.AutoShardedClient) and env.bot.shard_ids == [1]
    guild_process = env.bot
    # Discord sends DM interactions to shard 0, which this process does not hold: it never sees them.
    first_space = rules.space_name(rules.SPACES_OF_TYPE[table.state.first_type][0])
    unseen = await table.goryo.user.slash("goryo start", space=first_space)
    assert not unseen.acknowledged
    assert (await guild_process.store.active_match_in(table.channel.id)).version == 0

    # Her DM commands come to shard 0, which another process holds: it has never seen the
    # guild (no gateway events of shard 1), yet it finds the match in the shared database,
    # and reaches the channel by REST.
    dm_process = make_bot(shard_ids=(0,))
    await env.restart_bot(dm_process)
    assert dm_process.get_guild(table.guild.id) is None
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])
    await table.play(start)
    plan = next(rules.legal_plans(table.state))
    await table.play(plan)
    record = await dm_process.store.active_match_in(table.channel.id)
    assert record.version == 2 and record.state == table.state
    ping = table.channel.history()[-1]
    assert table.samurai.mention in ping.content and ping.author.id == dm_process.user.id
    assert any("planned" in m.content.lower() or "path" in m.content.lower() for m in table.goryo_dm())

    # Back on the guild's process, the Samurai play on from what the other process stored.
    guild_again = make_bot()
    await env.restart_bot(guild_again)
    search = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Search))
    result = await table.play(search)
    assert result.acknowledged
    record = await guild_again.store.active_match_in(table.channel.id)
    assert record.version == 3 and await guild_again.store.verify(record.id) is None
    assert guild_process is not guild_again


async def two_processes(postgres_url):
    """Two processes' stores and pipelines on one database (each its own pool and locks)."""
    stores = [await open_store(postgres_url), await open_store(postgres_url)]
    return stores, [MatchService(store, outbox_for) for store in stores]


async def test_two_processes_hammering_one_match_apply_every_action_once(postgres_url, caplog):
    caplog.set_level(logging.INFO, logger="bot.play.service")
    (first, second), services = await two_processes(postgres_url)
    try:
        now = discord.utils.utcnow()
        challenge = await first.create_challenge(
            guild_id=1, channel_id=2, challenger_id=GORYO, opponent_id=SAMURAI, challenger_role="goryo",
            advanced=False, now=now,
        )
        record = await first.start_match(
            challenge_id=challenge.id, goryo_id=GORYO, samurai_id=SAMURAI, state=rules.new_game(3), now=now
        )
        refused: list[str] = []

        async def hammer(service: MatchService, seed: int) -> list[Played]:
            """One process's players: act on whatever state they last saw, as fast as they can."""
            rng = random.Random(seed)
            played = []
            for _ in range(ROUNDS):
                seen = await service.store.get_match(record.id)
                if not seen.is_active:
                    break
                action, actor = choose(seen.state, rng)
                try:
                    played.append(await service.play(record.id, actor, action))
                except Refusal as refusal:
                    refused.append(refusal.text)
            return played

        by_process = await asyncio.gather(*(hammer(service, seed) for seed, service in enumerate(services)))
        played = [p for each in by_process for p in each]
        assert all(by_process), "both processes applied actions"
        # The processes really raced: a commit found the match moved on and the action was checked again.
        assert "another process acted first" in caplog.text
        assert not [text for text in refused if "moved on" in text]  # no action lost to a race
        versions = [p.after.version for p in played]
        assert len(set(versions)) == len(versions)  # no version applied twice
        logged = await second.actions(record.id)
        for p in played:
            assert logged[p.after.version - 1].action == p.action
        # Whatever else is in the log is a turn the bot ended by itself after a played action.
        assert all(a.action == rules.EndSamuraiTurn() for a in logged if a.seq not in set(versions))
        final = await second.get_match(record.id)
        assert final.version == len(logged) and await first.verify(record.id) is None
        assert await first.replay(record.id) == final.state
        # Each applied action queued its outbox once, with its own version.
        queued = sorted(e.id for p in played for e in p.outbox)
        assert queued and queued == sorted(e.id for e in await first.outbox_of(record.id) if e.seq in set(versions))
    finally:
        await first.close()
        await second.close()


GORYO, SAMURAI = 11, 22
ROUNDS = 40


def choose(state: rules.GameState, rng: random.Random) -> tuple[rules.Action, int]:
    if state.phase is rules.Phase.SETUP:
        return rules.ChooseStart(rng.choice(rules.SPACES_OF_TYPE[state.first_type])), GORYO
    if state.to_move is rules.Side.GORYO:
        return rng.choice(list(itertools.islice(rules.legal_plans(state), 12))), GORYO
    # Nothing legal left: the bot ends that turn by itself, but a player may press End first.
    return rng.choice(rules.legal_samurai_actions(state) or [rules.EndSamuraiTurn()]), SAMURAI


def reminders(messages: list[discord.Message]) -> list[discord.Message]:
    return [m for m in messages if "half the turn time is gone" in m.content]


async def test_a_reminder_due_while_two_processes_run_is_sent_once(env, table, postgres_url):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    # The second process: its own store, game, deliverer and turn clock, on the same database
    # (and, SimCord running one bot, the first one's Discord client).
    store = await open_store(postgres_url)
    try:
        game = Game(env.bot, store, env.bot.settings)
        clocks = [env.bot.turns, TurnClock(env.bot, store, game, env.bot.settings)]
        later = env.now() + timedelta(seconds=LIMIT * 0.75)
        for clock in clocks:
            clock.service.clock = lambda: later
        sent = await asyncio.gather(*(clock.sweep() for clock in clocks))
        assert sorted(sent) == [0, 1]
        await env.settle()
        assert len(reminders(table.goryo_dm())) == 1
        assert [await clock.sweep() for clock in clocks] == [0, 0]
    finally:
        await store.close()
