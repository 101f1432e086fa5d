"""The request check (tests/discord_rules.py) refuses what Discord's documentation refuses, and lets through
what it allows: each limit of bot.discord_limits just over and just at its number."""

from __future__ import annotations

import pytest

from bot.records.discord_limits import LIMITS, most
from tests.discord_rules import Rules

MESSAGE = "/channels/1/messages"


def button(label="ok", custom_id="c"):
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(options=1, placeholder="p", label="l"):
    return {"type": 3, "custom_id": "s", "placeholder": placeholder,
            "options": [{"label": label, "value": str(n)} for n in range(options)]}


def embed(**fields):
    return {"embeds": [fields]}


# name of the limit -> a message body built with a size n
MESSAGES = {
    "message.content": lambda n: {"content": "x" * n},
    "message.embeds": lambda n: {"embeds": [{"title": "t"}] * n},
    "embed.title": lambda n: embed(title="x" * n),
    "embed.description": lambda n: embed(description="x" * n),
    "embed.fields": lambda n: embed(fields=[{"name": "n", "value": "v"}] * n),
    "embed.field.name": lambda n: embed(fields=[{"name": "x" * n, "value": "v"}]),
    "embed.field.value": lambda n: embed(fields=[{"name": "n", "value": "x" * n}]),
    "embed.footer.text": lambda n: embed(footer={"text": "x" * n}),
    "embed.author.name": lambda n: embed(author={"name": "x" * n}),
    "embeds.total": lambda n: {"embeds": [{"description": "x" * (n - 4000)}, {"description": "y" * 4000}]},
    "attachment.description": lambda n: {"attachments": [{"id": 0, "filename": "a.png", "description": "x" * n}]},
    "components.rows": lambda n: {"components": [{"type": 1, "components": [button()]}] * n},
    "row.buttons": lambda n: {"components": [{"type": 1, "components": [button(custom_id=str(i)) for i in range(n)]}]},
    "component.custom_id": lambda n: {"components": [{"type": 1, "components": [button(custom_id="x" * n)]}]},
    "button.label": lambda n: {"components": [{"type": 1, "components": [button(label="x" * n)]}]},
    "select.options": lambda n: {"components": [{"type": 1, "components": [select(options=n)]}]},
    "select.placeholder": lambda n: {"components": [{"type": 1, "components": [select(placeholder="x" * n)]}]},
    "select.option.label": lambda n: {"components": [{"type": 1, "components": [select(label="x" * n)]}]},
    "components_v2.total": lambda n: {"flags": 1 << 15, "components": [{"type": 10, "content": "t"}] * n},
    "components_v2.text": lambda n: {"flags": 1 << 15, "components": [{"type": 10, "content": "x" * (n // 2)},
                                                                      {"type": 10, "content": "y" * (n - n // 2)}]},
}


@pytest.mark.parametrize("name", sorted(MESSAGES))
@pytest.mark.parametrize("route", ["POST /channels/1/messages", "PATCH /channels/1/messages/2",
                                   "PATCH /webhooks/1/tok/messages/@original", "POST /webhooks/1/tok"])
def test_each_message_limit_is_caught_just_over_it_and_not_at_it(name, route):
    method, path = route.split()
    limit = LIMITS[name]
    over = Rules().check(method, path, MESSAGES[name](limit.most + 1))
    assert over and all(f"> {limit.most}" in finding and limit.source in finding for finding in over), over
    assert Rules().check(method, path, MESSAGES[name](limit.most)) == []


def test_an_interaction_answer_is_checked_like_a_message():
    path = "/interactions/9/tok/callback"
    assert Rules().check("POST", path, {"type": 4, "data": {"content": "x" * 2001}})
    assert Rules().check("POST", path, {"type": 7, "data": {"content": "x" * 2001}})
    assert not Rules().check("POST", path, {"type": 4, "data": {"content": "x" * 2000}})


def test_autocomplete_choices_are_counted_and_measured():
    path = "/interactions/9/tok/callback"
    choices = [{"name": str(n), "value": str(n)} for n in range(25)]
    assert not Rules().check("POST", path, {"type": 8, "data": {"choices": choices}})
    assert Rules().check("POST", path, {"type": 8, "data": {"choices": [*choices, {"name": "x", "value": "x"}]}})
    assert Rules().check("POST", path, {"type": 8, "data": {"choices": [{"name": "x" * 101, "value": "v"}]}})
    assert Rules().check("POST", path, {"type": 8, "data": {"choices": [{"name": "n", "value": "x" * 101}]}})


def test_thread_names_and_archive_durations():
    for path in ("/channels/1/threads", "/channels/1/messages/2/threads"):
        assert not Rules().check("POST", path, {"name": "x" * 100, "auto_archive_duration": 10080})
        assert Rules().check("POST", path, {"name": "x" * 101})
        assert Rules().check("POST", path, {"name": "t", "auto_archive_duration": 30})
    assert Rules().check("PATCH", "/channels/1", {"name": "x" * 101})


def test_command_names_descriptions_options_and_choices():
    sync = "/applications/1/commands"
    ok = {"name": "x" * 32, "description": "d" * 100, "options": [
        {"name": f"o{n}", "description": "d", "type": 3, "choices": [{"name": "c", "value": str(i)} for i in range(25)]}
        for n in range(25)]}
    assert not Rules().check("PUT", sync, [ok])
    assert Rules().check("PUT", sync, [{**ok, "name": "x" * 33}])
    assert Rules().check("PUT", sync, [{**ok, "name_localizations": {"it": "x" * 33}}])
    assert Rules().check("PUT", sync, [{**ok, "description": "d" * 101}])
    assert Rules().check("PUT", sync, [{**ok, "options": ok["options"] * 2}])
    too_many = {**ok["options"][0], "choices": [{"name": "c", "value": str(i)} for i in range(26)]}
    assert Rules().check("PUT", sync, [{**ok, "options": [too_many]}])


def test_a_deferred_answer_finished_by_a_followup_is_flagged_and_an_edit_is_not():
    rules = Rules()
    assert not rules.check("POST", "/interactions/9/tok/callback", {"type": 5})
    found = rules.check("POST", "/webhooks/1/tok", {"content": "done"})
    assert found and "deprecated" in found[0] and "receiving-and-responding.mdx" in found[0]
    assert not rules.check("POST", "/webhooks/1/tok", {"content": "a second message is a real followup"})
    edited = Rules()
    edited.check("POST", "/interactions/9/tok/callback", {"type": 5})
    assert not edited.check("PATCH", "/webhooks/1/tok/messages/@original", {"content": "done"})
    assert not edited.check("POST", "/webhooks/1/tok", {"content": "then a followup"})
    updated = Rules()  # a deferred update (6) has no loading message: its followups are new messages
    updated.check("POST", "/interactions/9/tok/callback", {"type": 6})
    assert not updated.check("POST", "/webhooks/1/tok", {"content": "new"})


def test_every_limit_names_its_documentation_page():
    assert all(limit.source and limit.most > 0 for limit in LIMITS.values())
    assert most("message.content") == 2000 and most("command.total") == 8000 and most("embeds.total") == 6000
