"""``GORYO_METRICS_PORT``: Prometheus's text format scraped from the real bot during a match, and ``/healthz``
(issue 46). The bot plays against SimCord; the port is a real one on 127.0.0.1 (0: any free one)."""

from __future__ import annotations

import pytest
import simcord
from prometheus_client.parser import text_string_to_metric_families

import rules
from bot.delivery.deliverer import RETRY_FIRST
from tests.bot.metrics.helpers import get

from ..helpers import Table

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


async def scrape(port: int) -> Samples:
    status, text = await get(port, "/metrics")
    assert status == 200, text
    return {(sample.name, frozenset(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str) -> float:
    return sum(count for (named, _), count in samples.items() if named == name)


def moved(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


@pytest.mark.goryo(metrics_port=0)
async def test_the_counters_move_as_the_match_does(env, table: Table):
    endpoint = env.bot.endpoint
    assert endpoint is not None and endpoint.host == "127.0.0.1" and endpoint.port
    port = endpoint.port
    at_rest = await scrape(port)
    assert value(at_rest, "goryo_matches_running") == 0 and value(at_rest, "goryo_shards_held") == 1

    await table.begin()  # a challenge and its Accept
    began = await scrape(port)
    assert moved(at_rest, began, "goryo_interactions_total", command="goryo challenge", outcome="ok") == 1
    assert moved(at_rest, began, "goryo_interactions_total", command="goryo:challenge", outcome="ok") == 1
    assert value(began, "goryo_matches_running") == 1
    assert moved(at_rest, began, "goryo_first_response_seconds_count") == 2  # each answered, once
    assert moved(at_rest, began, "goryo_pictures_drawn_seconds_count") >= 1  # the opening board

    assert table.state is not None
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])
    refused = await table.samurai_act(start, actor=table.samurai)  # not hers to play: refused privately
    assert refused.ephemeral
    await table.play(start)
    plan = next(rules.legal_plans(table.state))
    await table.play(plan)
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    await table.play(move)
    played = await scrape(port)
    assert moved(began, played, "goryo_interactions_total", command="goryo start", outcome="refused") == 1
    assert moved(began, played, "goryo_interactions_total", command="goryo start", outcome="ok") == 1
    for kind in ("ChooseStart", "Plan", "Move"):
        assert moved(began, played, "goryo_actions_applied_total", kind=kind) == 1
    interactions = total(played, "goryo_interactions_total") - total(began, "goryo_interactions_total")
    assert moved(began, played, "goryo_first_response_seconds_count") == interactions == 5
    assert moved(began, played, "goryo_pictures_drawn_seconds_count") > moved(at_rest, began,
                                                                              "goryo_pictures_drawn_seconds_count")
    assert value(played, "goryo_outbox_length") == 0 and value(played, "goryo_outbox_oldest_age_seconds") == 0
    assert value(played, "goryo_sends_failed_total", status="500") == 0


@pytest.mark.goryo(metrics_port=0)
async def test_healthz_answers_200_while_connected_and_the_database_answers(env):
    assert env.bot.endpoint is not None
    assert await get(env.bot.endpoint.port, "/healthz") == (200, "ok\n")


async def test_no_port_no_metrics(env):
    assert env.bot.settings.metrics_port is None and env.bot.endpoint is None


@pytest.mark.goryo(metrics_port=0, ai_pause=0)
async def test_the_bots_thinking_is_timed_by_level(env, table: Table):
    port = env.bot.endpoint.port
    before = await scrape(port)
    bot_user = simcord.UserHandle(env, env.backend.bot_user)
    await table.alice.slash(table.channel, "goryo challenge", opponent=bot_user, role="samurai", level="normal")
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record is not None and record.ai_level == "normal"
    after = await scrape(port)
    assert moved(before, after, "goryo_ai_thinking_seconds_count", level="normal") >= 2  # her start, her plan
    assert moved(before, after, "goryo_ai_thinking_seconds_count", level="easy") == 0


@pytest.mark.goryo(metrics_port=0)
async def test_a_failed_send_shows_in_the_outbox_until_its_retry(env, table: Table):
    port = env.bot.endpoint.port
    await table.begin()
    assert table.state is not None
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    before = await scrape(port)
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=500)  # the move's new board
    await table.play(next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move)))
    failed = await scrape(port)
    assert moved(before, failed, "goryo_sends_failed_total", status="500") == 1
    assert value(failed, "goryo_outbox_length") == 1
    await env.advance_time(RETRY_FIRST / 2)
    assert value(await scrape(port), "goryo_outbox_oldest_age_seconds") >= RETRY_FIRST / 2  # it waits, and ages
    await env.advance_time(RETRY_FIRST / 2 + 1)
    retried = await scrape(port)
    assert value(retried, "goryo_outbox_length") == 0 and value(retried, "goryo_outbox_oldest_age_seconds") == 0
    assert moved(failed, retried, "goryo_sends_failed_total", status="500") == 0
