"""On start-up every active match's action log is replayed against its stored row: a match
that doesn't agree is stopped (marked damaged) and its channel told — never played on."""

from __future__ import annotations

import json
import sqlite3

import pytest

import rules
from tests.bot.helpers import Table

STOPPED = "had to be stopped"


def bump_mallet(row: sqlite3.Row) -> tuple[str, tuple]:
    state = json.loads(row["state"]) | {"mallet": json.loads(row["state"])["mallet"] + 2}
    return "UPDATE matches SET state = ? WHERE id = ?", (json.dumps(state), row["id"])


def swap_bound(row: sqlite3.Row) -> tuple[str, tuple]:
    state = json.loads(row["state"])
    other = next(t for t in rules.OBJECT_TYPES if str(t) not in (state["bound"], state["first_type"]))
    return "UPDATE matches SET state = ? WHERE id = ?", (json.dumps(state | {"bound": str(other)}), row["id"])


def garble_state(row: sqlite3.Row) -> tuple[str, tuple]:
    return "UPDATE matches SET state = ? WHERE id = ?", ('{"format": 1, "phase": "nonsense"', row["id"])


def count_a_lost_action(row: sqlite3.Row) -> tuple[str, tuple]:
    return "UPDATE matches SET version = version + 1 WHERE id = ?", (row["id"],)


def stored_row(database, match_id: int) -> sqlite3.Row:
    """Read with plain SQL: a garbled state can't be loaded as a MatchRecord."""
    with sqlite3.connect(database) as db:
        db.row_factory = sqlite3.Row
        return db.execute("SELECT status, damage_reason, version FROM matches WHERE id = ?", (match_id,)).fetchone()


def tamper(database, channel_id: int, how) -> None:
    """Edit the row behind the bot's back, as a bad disk, a bad hand in the sqlite3 shell or a bug might."""
    with sqlite3.connect(database) as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT id, state FROM matches WHERE channel_id = ? AND status = 'active'",
                         (channel_id,)).fetchone()
        db.execute(*how(row))


async def two_matches(env) -> tuple[Table, Table]:
    """Two matches in one server, each a few actions in."""
    tables = []
    for channel, names in (("dojo", ("alice", "bob", "carol")), ("garden", ("dan", "eve", "fay"))):
        table = Table(env, channel_name=channel, guild=tables[0].guild if tables else None, names=names)
        await table.begin()
        await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
        await table.play(next(rules.legal_plans(table.state)))
        await table.play(rules.legal_samurai_actions(table.state)[0])
        tables.append(table)
    return tables[0], tables[1]


@pytest.mark.parametrize("how", [bump_mallet, swap_bound, garble_state, count_a_lost_action])
async def test_a_match_that_no_longer_replays_is_stopped_and_its_channel_told(env, make_bot, bot_settings, how):
    damaged, healthy = await two_matches(env)
    record = await env.bot.store.active_match_in(damaged.channel.id)
    tamper(bot_settings["database"], damaged.channel.id, how)

    await env.restart_bot(make_bot())

    stored = stored_row(bot_settings["database"], record.id)
    assert stored["status"] == "damaged" and stored["damage_reason"]
    [notice] = [m for m in damaged.channel.history() if STOPPED in m.content]
    # Public and plain: no secret, and not the technical reason (it may name the field that differs).
    assert str(damaged.state.bound) not in notice.content and stored["damage_reason"] not in notice.content
    assert notice.attachments == []
    assert [m for m in healthy.channel.history() if STOPPED in m.content] == []

    # Nothing more happens in the damaged match: its channel has no active match any more.
    refused = await damaged.samurai.slash(damaged.channel, "goryo end")
    assert refused.ephemeral and "No match is being played" in refused.response.content
    assert stored_row(bot_settings["database"], record.id)["version"] == stored["version"]
    assert not (await damaged.challenge(by=damaged.carol, opponent=damaged.alice)).ephemeral  # channel free

    # The healthy match plays on.
    ended = await healthy.play(rules.EndSamuraiTurn())
    assert "Her path was" in ended.response.content
    assert (await env.bot.store.active_match_in(healthy.channel.id)).state == healthy.state


async def test_healthy_matches_pass_the_check_on_every_restart(env, make_bot):
    first, second = await two_matches(env)
    for _ in range(2):
        await env.restart_bot(make_bot())
    for table in (first, second):
        assert [m for m in table.channel.history() if STOPPED in m.content] == []
        record = await env.bot.store.active_match_in(table.channel.id)
        assert record.status == "active" and await env.bot.store.verify(record.id) is None


async def test_a_damaged_match_is_announced_once(env, make_bot, bot_settings):
    damaged, _ = await two_matches(env)
    tamper(bot_settings["database"], damaged.channel.id, bump_mallet)
    await env.restart_bot(make_bot())
    await env.restart_bot(make_bot())  # no longer active, so no longer checked
    assert len([m for m in damaged.channel.history() if STOPPED in m.content]) == 1
