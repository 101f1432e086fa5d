"""Several bot processes on one PostgreSQL: one truth, whichever process a command reaches.

SimCord runs one bot per environment, with real shard routing (a guild's events go to
the shard that holds it, DM interactions to shard 0), and can swap the bot for another
(``env.restart_bot``). So: the DM-shard test hands the environment from the process that
holds the guild's shard to the one that holds shard 0, and keeps the guild's process
running beside it (its own pool and deliverer, listening for nudges) on one database; the
concurrency tests run two processes' own pipelines (each with its own connection pool,
its own locks and its own deliverer) side by side against one database.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from datetime import timedelta

import asyncpg
import discord
import pytest

import rules
from bot.app import Parts, build
from bot.delivery.announce import outbox_for
from bot.play.service import MatchService, Played
from bot.storage import open_store
from bot.text.refusal import Refusal
from tests.bot.helpers import Table

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


async def until(done, what: str, env=None) -> None:
    """Wait in real time for another connection's work (a NOTIFY round trip, a dropped connection coming
    back), letting SimCord settle meanwhile if there is one; fail, saying what, if it never happens."""
    give_up = time.monotonic() + 20.0
    while time.monotonic() < give_up:
        if env is not None:
            await env.settle()
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


async def guild_process(env, postgres_url) -> Parts:
    """The process holding shard 1 (the table's guild) beside the one SimCord runs: its own pool and
    deliverer on the same database, listening for nudges; it reaches Discord by the one client SimCord
    runs, as a real process reaches any channel by REST."""
    store = await open_store(postgres_url)
    parts = build(env.bot, store, env.bot.settings.replace(shard_ids=(1,)), env.bot.drawing, None,
                  holder="guild process")
    await parts.deliverer.listen()
    return parts


async def test_her_dm_commands_are_answered_by_shard_0_and_the_rest_sent_by_the_guilds_process(
    env, table, make_bot, postgres_url
):
    await table.begin()
    assert isinstance(env.bot, discord.AutoShardedClient) and env.bot.shard_ids == [1]
    # Discord sends DM interactions to shard 0, which this process does not hold: it never sees them.
    first_space = rules.space_name(rules.SPACES_OF_TYPE[table.state.first_type][0])
    unseen = await table.goryo.user.slash("goryo start", space=first_space)
    assert not unseen.acknowledged

    # Her DM commands come to shard 0, which another process holds: it has never seen the guild
    # (no gateway events of shard 1), yet it finds the match in the shared database.
    first = env.bot
    dm_process = make_bot(shard_ids=(0,))
    await env.restart_bot(dm_process)
    first.parts.deliverer.stop()
    await first.store.close()  # its client is detached from SimCord now: the guild's process is rebuilt below
    assert dm_process.get_guild(table.guild.id) is None
    guild = await guild_process(env, postgres_url)
    sent = {"dm": [], "guild": []}
    for deliverer, name in ((dm_process.parts.deliverer, "dm"), (guild.deliverer, "guild")):
        deliverer.checkpoint = lambda step, name=name: sent[name].append(step) if step.startswith("delivered") else None
    try:
        # Shard 0's process answers her interaction; the narration goes to the channel from the guild's process.
        assert (await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))).acknowledged
        # (and takes her builder off the message before: an edit, none of the interaction's answer)
        await until(lambda: "delivered narration" in sent["guild"], "the guild's process sends the narration", env)
        assert sent == {"dm": ["delivered goryo-turn"], "guild": ["delivered builder-off", "delivered narration"]}
        plan = next(rules.legal_plans(table.state))
        await table.play(plan)
        await until(lambda: "delivered ping" in sent["guild"], "the guild's process pings the Samurai", env)
        assert sent == {"dm": ["delivered goryo-turn", "delivered receipt"],
                        "guild": ["delivered builder-off", "delivered narration", "delivered builder-off",
                                  "delivered ping"]}
        ping = table.channel.history()[-1]
        assert table.samurai.mention in ping.content

        # The Samurai end their turn in the channel (shard 1, the guild's process): the Discovery owes
        # her a DM. Shard 0's process leaves it, though it holds every DM interaction; the guild's sends it once.
        record = await guild.service.store.active_match_in(table.channel.id)
        await guild.service.play(record.id, table.samurai.id, rules.EndSamuraiTurn())
        assert await dm_process.parts.deliverer.sweep(everything=True) == 0
        waiting = {e.item.kind for e in await guild.service.store.pending_outbox(record.id)}
        assert waiting == {"live", "discovery", "goryo-turn"}  # "live": the turn's board loses its panel
        assert await guild.deliverer.sweep(everything=True) == 3
        assert not await guild.service.store.pending_outbox(record.id)
        assert [await d.sweep(everything=True) for d in (guild.deliverer, dm_process.parts.deliverer)] == [0, 0]

        # And the other way round: a match on a server of shard 0 is left by the guild's process.
        other = Table(env, guild=env.create_guild(shard_id=0), channel_name="shrine")
        challenge = await guild.service.store.create_challenge(
            guild_id=other.guild.id, channel_id=other.channel.id, challenger_id=other.alice.id,
            opponent_id=other.bob.id, challenger_role="goryo", advanced=False, now=env.now(),
        )
        state = rules.new_game(5)
        second = await guild.service.store.start_match(
            challenge_id=challenge.id, goryo_id=other.alice.id, samurai_id=other.bob.id, state=state, now=env.now()
        )
        await guild.service.play(second.id, other.alice.id,
                                 rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0]))
        assert await guild.deliverer.sweep(everything=True) == 0
        # her DM, the channel's narration, and her builder taken off (an edit: nothing is said)
        assert await dm_process.parts.deliverer.sweep(everything=True) == 3
        assert len(other.channel.history()) == 1 and len(other.alice.user.dm_channel.history()) == 1
        her_turns = [m for m in table.goryo_dm() if "Round 2" in m.content or "round 2" in m.content]
        assert len(her_turns) == 1, [m.content[:60] for m in table.goryo_dm()]
        assert sum("Her path was" in m.content for m in table.channel.history()) == 1
        record = await guild.service.store.get_match(record.id)
        assert record.version == 3 and await guild.service.store.verify(record.id) is None
    finally:
        guild.deliverer.stop()
        await guild.service.store.close()


async def two_processes(postgres_url):
    """Two processes' stores and pipelines on one database (each its own pool and locks)."""
    stores = [await open_store(postgres_url), await open_store(postgres_url)]
    return stores, [MatchService(store, outbox_for) for store in stores]


async def started_match(store):
    """One match between GORYO and SAMURAI in channel 2, started from a challenge as the bot does."""
    now = discord.utils.utcnow()
    challenge = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=GORYO, opponent_id=SAMURAI, challenger_role="goryo",
        advanced=False, now=now,
    )
    return await store.start_match(
        challenge_id=challenge.id, goryo_id=GORYO, samurai_id=SAMURAI, state=rules.new_game(3), now=now
    )


async def test_two_processes_hammering_one_match_apply_every_action_once(postgres_url, caplog):
    caplog.set_level(logging.INFO, logger="bot.play.service")
    (first, second), services = await two_processes(postgres_url)
    try:
        record = await started_match(first)
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
        parts = build(env.bot, store, env.bot.settings, env.bot.drawing, None, holder="second process")
        clocks = [env.bot.parts.turns, parts.turns]
        later = env.now() + timedelta(seconds=LIMIT * 0.75)
        for clock in clocks:
            clock.clock = lambda: later
        sent = await asyncio.gather(*(clock.sweep() for clock in clocks))
        assert sorted(sent) == [0, 1]
        await env.settle()
        assert len(reminders(table.goryo_dm())) == 1
        assert [await clock.sweep() for clock in clocks] == [0, 0]
    finally:
        await store.close()


async def test_a_cancel_on_one_process_and_a_confirm_on_another_are_decided_one_way(postgres_url):
    """The Goryō's Cancel and Confirm of one preview reach two processes at once: either the plan is
    locked in and the Cancel notes nothing, or the Cancel is stored and the Confirm refused; never both."""
    (first, second), (service, _) = await two_processes(postgres_url)
    try:
        record = await started_match(first)
        start = rules.ChooseStart(rules.SPACES_OF_TYPE[record.state.first_type][0])
        record = (await service.play(record.id, GORYO, start)).after
        plan = next(rules.legal_plans(record.state))
        preview = await first.new_preview(record.id)
        landed = []

        async def refused(current: object) -> Refusal | None:
            """The first process's Confirm, as GoryoSide.confirm_plan checks it; the Cancel lands on the other
            process right after the check passed, before the commit: the worst moment."""
            if await first.preview_cancelled(record.id, version=record.version, preview=preview):
                return Refusal("You cancelled this plan.")
            if not landed:
                landed.append(await second.cancel_preview(record.id, version=record.version, preview=preview))
            return None

        with pytest.raises(Refusal, match="cancelled"):
            await service.play(record.id, GORYO, plan, expected_version=record.version, unless=refused, preview=preview)
        assert landed == [True] and (await second.get_match(record.id)).version == record.version

        # The other way: the Confirm of a newer preview commits first, and then its Cancel notes nothing.
        preview = await second.new_preview(record.id)
        played = await service.play(record.id, GORYO, plan, expected_version=record.version, preview=preview)
        assert played.after.version == record.version + 1
        assert not await second.cancel_preview(record.id, version=record.version, preview=preview)
        assert not await first.preview_cancelled(record.id, version=record.version, preview=preview)
    finally:
        await first.close()
        await second.close()


async def test_a_lost_listen_connection_is_reopened_and_says_nudges_were_missed(postgres_url, caplog):
    (listening, nudging), _ = await two_processes(postgres_url)
    heard, missed = [], []
    try:
        await listening.listen_outbox(lambda match, guild: heard.append((match, guild)),
                                      missed=lambda: missed.append(1))
        await nudging.nudge_outbox(4, 9)
        await until(lambda: heard == [(4, 9)], "the first nudge is heard")

        # The server drops the connection that holds the LISTEN (a restart, a failover, an idle timeout).
        admin = await asyncpg.connect(postgres_url)
        try:
            dropped = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND query LIKE 'LISTEN%'"
            )
        finally:
            await admin.close()
        assert dropped == 1
        await until(lambda: missed, "the listener is reopened and reports what it may have missed")
        assert missed == [1] and "LISTEN connection was lost" in caplog.text

        await nudging.nudge_outbox(5, None)
        await until(lambda: len(heard) == 2, "a nudge after the reopening is heard")
        assert heard == [(4, 9), (5, None)]
    finally:
        await listening.close()
        await nudging.close()
