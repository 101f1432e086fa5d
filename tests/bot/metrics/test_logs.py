"""``GORYO_LOG_FORMAT=json``: one JSON object a line, naming the match, the server and the interaction where
there is one; the token and the database's password never in a line (issue 46)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

import rules
from bot.metrics.logs import configure_logging
from tests.bot.helpers import closed_port, run_bot

from ..helpers import Table

TOKEN = "MTIz.secret-token-never-logged"


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    kept = (list(root.handlers), root.level)
    written = io.StringIO()
    configure_logging("DEBUG", "json", [(TOKEN, "***")], stream=written)
    try:
        yield written
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in kept[0]:
            root.addHandler(handler)
        root.setLevel(kept[1])


async def test_each_line_is_a_json_object_naming_its_match_server_and_interaction(env, table: Table, json_log):
    await table.begin()
    assert table.state is not None
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    logging.getLogger("bot").warning("the token %s must not show", TOKEN)
    lines = [json.loads(line) for line in json_log.getvalue().splitlines()]
    assert lines and all({"time", "level", "logger", "message"} <= line.keys() for line in lines)
    record = await env.bot.store.active_match_in(table.channel.id)
    sent = [line for line in lines if line["message"].startswith(f"match {record.id}: sent outbox item")]
    assert sent and all(line["match"] == record.id for line in sent)
    in_channel = [line for line in sent if "interaction" in line and line.get("server") == table.guild.id]
    assert in_channel  # the accept's and the start's deliveries, within their interactions
    assert not any(TOKEN in line["message"] for line in lines)
    assert any(line["message"] == "the token *** must not show" for line in lines)


async def test_the_command_line_writes_json_lines_and_says_its_failure_plainly(tmp_path):
    status, errors = await run_bot(tmp_path, GORYO_PROXY=f"http://127.0.0.1:{closed_port()}", GORYO_LOG_FORMAT="json",
                                   GORYO_CONNECT_PATIENCE="1")
    *logged, last = errors.strip().splitlines()
    assert status == 5 and last.startswith("Cannot start: Discord cannot be reached")
    lines = [json.loads(line) for line in logged]
    assert any(line["logger"] == "bot.startup" and "Trying again" in line["message"] for line in lines)
