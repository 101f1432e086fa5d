"""Issue 44: ``/goryo replay match: as:review``, privately, a page per round, kept once computed."""

from __future__ import annotations

import dataclasses
import io
from datetime import UTC, datetime

import pytest
from PIL import Image

import rules
from ai.review import review, review_from_json, review_to_json
from tests.bot.helpers import begin_in_italy, italy_seed, resign

from ..helpers import Table

SEED = italy_seed()  # the Italian server's match (begin_in_italy)


def buttons(message) -> dict[str, bool]:
    """A message's buttons: label → disabled."""
    message = getattr(message, "message", message)
    return {child.label: child.disabled for row in message.components for child in getattr(row, "children", [row])}


async def two_rounds(table: Table) -> None:
    """Two Samurai turns, the first with an investigation and a move taken back; then the Samurai resign."""
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    await table.play(rules.Search(rules.Samurai.RED))
    move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
    await table.play(move)
    await table.play(rules.Undo())
    await table.play(rules.Sniff(rules.Samurai.RED, rules.NEIGHBOURS[table.state.samurai_space(rules.Samurai.RED)][0]))
    await table.play(rules.EndSamuraiTurn())
    await table.play(next(rules.legal_plans(table.state)))
    await table.play(rules.Search(rules.Samurai.BLUE))
    await resign(table, table.bob)


async def test_the_review_pages_through_the_rounds_privately_with_the_numbers_of_the_match(env, table: Table):
    await table.begin()
    await two_rounds(table)
    initial = await env.bot.store.initial_state(1)
    expected = review(initial, [logged.action for logged in await env.bot.store.actions(1)])
    assert [len(t.steps) for t in expected.turns] == [4, 1]

    result = await table.carol.slash(table.channel, "goryo replay", match=1, **{"as": "review"})
    assert result.ephemeral
    overview = result.response.content
    assert overview.startswith("**Review of match 1**")
    first, second = expected.turns
    assert (f"Round 1: {first.at_discovery} of her {first.total} possible paths left after 4 actions."
            in overview)
    [chart] = result.response.attachments
    assert chart.filename == "goryo-review-1.png" and "log scale" in chart.description
    assert f"round 1: from {first.total} to {first.at_discovery}" in chart.description
    with Image.open(io.BytesIO(await chart.read())) as picture:
        assert picture.format == "PNG" and picture.size == (760, 380)
    assert buttons(result.response) == {"◀ Previous round": True, "Next round ▶": False}
    assert not [m for m in table.channel.history(viewer=table.alice) if "Review of match" in m.content]

    await table.carol.click(result.response, label="Next round ▶")  # the private message turns its page
    message = [m for m in table.channel.history(viewer=table.carol) if "round 1**" in m.content][-1]
    assert message.id == result.response.id
    text = message.content
    assert text.startswith(f"**Match 1, round 1**: she could choose among {first.total} paths.")
    lines = text.splitlines()
    search = first.steps[0]
    assert lines[1].startswith(f"1. The Red Samurai searches: {search.after} of her {first.total} possible paths left")
    assert lines[3].startswith("3. A move taken back:")
    assert "**Discovery**: her path was" in lines[-1] and f"{first.at_discovery} of her possible paths" in lines[-1]
    assert buttons(message) == {"◀ Previous round": False, "Next round ▶": False}

    await table.carol.click(message, label="Next round ▶")
    message = [m for m in table.channel.history(viewer=table.carol) if "round 2**" in m.content][-1]
    assert message.content.splitlines()[-1] == "The match ended before this turn's Discovery."
    assert buttons(message) == {"◀ Previous round": False, "Next round ▶": True}
    assert second.her_path is None and second.more_likely is None
    assert review_from_json(await env.bot.store.saved_review(1)) == expected  # kept once computed


async def test_a_review_once_computed_is_read_back_not_computed_again(env, table: Table):
    await table.begin()
    await two_rounds(table)
    initial = await env.bot.store.initial_state(1)
    made = review(initial, [logged.action for logged in await env.bot.store.actions(1)])
    marked = dataclasses.replace(made, turns=(dataclasses.replace(made.turns[0], total=999), *made.turns[1:]))
    # Kept before it is asked for, changed by hand so that it can be told from one computed afresh.
    await env.bot.store.save_review(1, review_to_json(marked), now=datetime.now(UTC))
    result = await table.carol.slash(table.channel, "goryo replay", match=1, **{"as": "review"})
    assert "of her 999 possible paths" in result.response.content


async def test_the_review_of_a_match_in_progress_is_refused_privately(env, table: Table):
    await table.begin()
    refused = await table.carol.slash(table.channel, "goryo replay", match=1, **{"as": "review"})
    assert refused.ephemeral and not refused.response.attachments
    assert refused.response.content == "Match 1 is still being played; its review will be ready once it ends."
    assert await env.bot.store.saved_review(1) is None


@pytest.mark.goryo(seed=SEED)
async def test_the_review_speaks_the_readers_language(env, locales_of):
    table = await begin_in_italy(env, locales_of)  # alice (Italian) is the Samurai
    refused = await table.alice.slash(table.channel, "goryo replay", match=1, **{"as": "review"})
    assert refused.response.content == ("La partita 1 è ancora in corso: la sua analisi sarà pronta quando "
                                        "sarà finita.")
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    await table.play(rules.Search(rules.Samurai.GREEN))
    await table.play(rules.EndSamuraiTurn())
    asked = await table.goryo.slash(table.channel, "goryo resign")
    await table.goryo.click(asked.response, label="Resign")

    result = await table.alice.slash(table.channel, "goryo replay", match=1, **{"as": "review"})
    assert result.response.content.startswith("**Analisi della partita 1**")
    assert buttons(result.response) == {"◀ Round precedente": True, "Round successivo ▶": False}
    [chart] = result.response.attachments
    assert chart.description.startswith("Un grafico dei suoi percorsi possibili nella partita 1")
    await table.alice.click(result.response, label="Round successivo ▶")
    message = [m for m in table.channel.history(viewer=table.alice) if "round 1**" in m.content][-1]
    assert message.content.startswith("**Partita 1, round 1**: poteva scegliere tra")
    assert "1. Il Samurai Verde fa una Ricerca: restano" in message.content
    english = await table.bob.slash(table.channel, "goryo replay", match=1, **{"as": "review"})
    assert english.response.content.startswith("**Review of match 1**")  # the same review, in his language
