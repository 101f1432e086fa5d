"""No message the bot sends may ping @everyone, @here or a role; it pings players only where it means to.

A whole match is played, with refusals quoting what was typed (``@everyone``, ``@here``, a role's and a
bystander's mention) along the way. Then every message SimCord's Discord holds from the bot is checked
for the mention policy it was sent with and whom it actually pinged, and every request the bot made is
checked for the ``allowed_mentions`` it carried.
"""

from __future__ import annotations

import pytest

import rules
from tests.bot.helpers import Table
from tests.bot.scripts import scripted_match

ENDING = rules.Termination.EXORCISED
SEED, ACTIONS = scripted_match(ENDING)


def sent_payloads(value):
    """Every message body in a request's JSON (an interaction callback nests it under ``data``)."""
    if isinstance(value, dict):
        if "content" in value or "embeds" in value:
            yield value
        for inner in value.values():
            yield from sent_payloads(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from sent_payloads(inner)


@pytest.mark.goryo(seed=SEED)
async def test_nothing_the_bot_sends_pings_everyone_here_or_a_role(env):
    table = Table(env, seed=SEED)
    role = table.guild.create_role("hunters")
    quoted = ["@everyone", "@here", f"<@&{role.id}>", table.carol.mention]
    await table.begin()
    refusals = []
    for action in ACTIONS:
        if table.state.phase is rules.Phase.SAMURAI_TURN and not refusals:
            for typed in quoted:
                result = await table.samurai.slash(table.channel, "goryo move", samurai="green", to=typed)
                refusals.append(result.response)
            result = await table.goryo.user.slash("goryo path", spaces=" ".join(quoted))  # in her DMs
            refusals.append(result.response)
        await table.play(action)
    assert table.state.is_over and table.state.outcome.termination is ENDING
    # Quoted back as typed (the rules cut a long value at 20 characters, so a role's mention comes back cut).
    assert [refusal.content.split(" is not a space")[0] for refusal in refusals] == [
        "'@everyone'", "'@here'", f"'<@&{str(role.id)[:17]}'", f"'<@{str(table.carol.id)[:18]}'", "'@everyone'"]

    players = {table.alice.id, table.bob.id}
    bot_id = env.backend.bot_user.id
    messages = [m for channel in env.backend.messages.values() for m in channel.values() if m.author_id == bot_id]
    assert len(messages) > len(ACTIONS)
    for message in messages:
        policy = message.allowed_mentions
        assert not policy.everyone and policy.roles == frozenset(), message.content
        assert policy.users is not None and policy.users <= players, message.content
        assert not message.mention_everyone and not message.ping_role_ids, message.content
        assert set(message.ping_user_ids) <= players, message.content
    # The pings it means: the challenge to Bob, his turns (he leads the Samurai), and the end to both.
    pinged = [set(m.ping_user_ids) for m in messages]
    assert {table.bob.id} in pinged and players in pinged

    bodies = [body for request in env.http_requests for body in sent_payloads(request.json)]
    assert bodies
    for body in bodies:
        allowed = body.get("allowed_mentions")
        assert allowed is not None and allowed["parse"] == [], body
        assert {int(u) for u in allowed.get("users", [])} <= players and not allowed.get("roles"), body
