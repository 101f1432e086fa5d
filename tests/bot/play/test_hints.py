"""Issue 44: ``/goryo hint`` and the Hint button, through SimCord: where hints are allowed, what they say, and
that each is noted in the match's history and record."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import rules
from bot.play.thinking import Thinking
from bot.text import lessons as script
from rules.record import parse_record
from tests.bot.helpers import Table, begin_in_italy, challenge_the_bot, current, italy_seed, live_board, resign
from tests.bot.play.helpers import follow_step
from words.phrases import plan_name

SEED = italy_seed()  # the Italian server's match (begin_in_italy)

PLAN = re.compile(r"the path ((?:[A-F][1-6](?: → )?)+)")


@pytest.fixture(scope="module")
def thinking() -> Iterator[Thinking]:
    """One set of thinking processes for these tests: a bot left to start its own spawns them anew each test."""
    shared = Thinking(1)
    yield shared
    shared.close()


@pytest.fixture
def simcord_bot(make_bot, thinking):
    return make_bot(thinking=thinking)


def buttons(message) -> list[str]:
    message = getattr(message, "message", message)
    return [getattr(child, "label", None) for row in message.components for child in getattr(row, "children", [row])]


def suggested_plan(text: str) -> tuple[rules.Space, ...]:
    return rules.parse_plan(PLAN.search(text)[1])


async def test_hints_with_the_deduction_aid_for_each_side_noted_in_the_record(env, table: Table):
    await table.begin(assist=True)  # both players accepted the aid: hints are allowed
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))

    hers = await table.goryo.user.slash("goryo hint")
    said = hers.response.content
    assert said.startswith("**Hint** (the hard level's choice): the path ")
    assert "legal paths, the hard level's search judges this one the hardest to catch." in said
    path = suggested_plan(said)
    assert any(plan.path == path for plan in rules.legal_plans(table.state))
    assert [h.version for h in await env.bot.store.hints(1)] == [1]

    await table.play(next(rules.legal_plans(table.state)))
    board = live_board(table)
    assert "Hint" in buttons(board)
    refused = await table.goryo.slash(table.channel, "goryo hint")
    assert refused.ephemeral and refused.response.content == (
        "It is not your turn: a hint is for the player whose turn it is.")

    await table.samurai.click(board, label="Hint")
    message = [m for m in table.channel.history(viewer=table.samurai) if m.content.startswith("**Hint**")][-1]
    assert message.flags.ephemeral and not [
        m for m in table.channel.history(viewer=table.goryo) if m.content.startswith("**Hint**")]
    [_, samurai_hint] = await env.bot.store.hints(1)
    assert samurai_hint.side is rules.Side.SAMURAI and samurai_hint.version == 2
    assert rules.is_legal(table.state, samurai_hint.action)
    assert "possible paths" in message.content or "hard level's search" in message.content

    await table.play(rules.EndSamuraiTurn())
    ended = [m for m in table.channel.history() if m.id == board.id]
    assert not ended or "Hint" not in buttons(ended[0])  # a control that can no longer act is taken away
    assert len(await env.bot.store.hints(1)) == 2

    await resign(table, table.samurai)
    result = await table.carol.slash(table.channel, "goryo replay", match=1, **{"as": "record"})
    text = (await result.response.attachments[0].read()).decode("utf-8")
    lines = text.splitlines()
    hint_line = next(i for i, line in enumerate(lines) if line.startswith("; hint for the Goryō: "))
    assert lines[hint_line + 1] == "; round 1"  # noted before her plan, where she asked
    assert any(line.startswith("; hint for the Samurai: ") for line in lines)
    assert len(parse_record(text).actions) == len(await env.bot.store.actions(1))  # comments change nothing


async def test_no_hints_between_two_players_without_the_aid(env, table: Table):
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    refused = await table.goryo.user.slash("goryo hint")
    assert refused.response.content.startswith("Hints are for matches against the bot and matches played with the "
                                               "deduction aid")
    await table.play(next(rules.legal_plans(table.state)))
    assert "Hint" not in buttons(live_board(table))
    watcher = await table.carol.slash(table.channel, "goryo hint")
    assert watcher.ephemeral and watcher.response.content == "Only the match's two players may ask for a hint."
    assert await env.bot.store.hints(1) == []


@pytest.mark.goryo(ai_pause=0)
async def test_a_hint_against_the_bot_in_her_builder(env, table: Table):
    await challenge_the_bot(table, env, role="goryo", level="easy")
    table.goryo = table.alice
    setup = table.goryo_dm()[-1]
    assert "Hint" in buttons(setup)  # her builder, at the start already
    await table.alice.user.click(setup, label="Hint")
    said = [m for m in table.goryo_dm() if m.content.startswith("**Hint**")][-1].content
    record = await current(env, table)
    space = rules.parse_space(re.search(r"start on ([A-F][1-6])", said)[1])
    assert rules.is_legal(record.state, rules.ChooseStart(space))
    assert "spaces you may start on, the hard level judges this one the safest." in said


@pytest.mark.goryo(seed=SEED)
async def test_a_hint_in_italian(env, locales_of):
    table = await begin_in_italy(env, locales_of)  # no aid: refused, each in their own language
    refused = await table.alice.slash(table.channel, "goryo hint")  # alice's client speaks Italian
    assert refused.ephemeral and refused.response.content.startswith("I consigli valgono nelle partite contro il bot")
    english = await table.bob.user.slash("goryo hint")
    assert english.response.content.startswith("Hints are for matches against the bot")


@pytest.mark.goryo(seed=SEED, ai_pause=0)
async def test_a_hint_in_italian_against_the_bot(env, locales_of):
    table = Table(env, guild=env.create_guild("Dojo italiano", preferred_locale="it"), seed=SEED)
    locales_of[table.alice.id] = "it"
    await challenge_the_bot(table, env, role="goryo", level="easy")
    table.goryo = table.alice
    asked = await table.alice.user.slash("goryo hint")
    said = asked.response.content
    assert said.startswith("**Consiglio** (la scelta del livello difficile): parti da ")
    assert "il livello difficile giudica questa la più sicura." in said


@pytest.mark.parametrize("language", ["en", "it"])
async def test_in_a_lesson_the_hint_is_the_move_its_step_teaches(table: Table, locales_of, language: str):
    learner = table.alice
    if language == "it":
        locales_of[learner.id] = "it"
    await learner.slash(table.channel, "goryo learn", role="goryo")
    first = await learner.user.slash("goryo hint")
    head = "**Consiglio** (il passo di questa lezione)" if language == "it" else "**Hint** (this lesson's step)"
    wanted = script.GORYO.steps[0].wants
    assert first.response.content.startswith(f"{head}: ")
    assert rules.space_name(wanted.action.space) in first.response.content.splitlines()[0]
    await follow_step(learner.user, script.GORYO, 0)
    second = await learner.user.slash("goryo hint")
    assert plan_name(script.GORYO.steps[1].wants.path) in second.response.content
    assert await table.env.bot.store.active_matches_of(learner.id) == []  # still a lesson, no match made


async def test_a_hint_button_kept_from_a_turn_that_is_over_is_refused(env, table: Table):
    """Taking the Hint off the Samurai's board fails (Discord refused the edit), so that message still shows it
    once her turn is over: pressed then, it is refused privately and nothing is thought or noted."""
    await table.begin(assist=True)
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    board = live_board(table)
    assert "Hint" in buttons(board)
    env.inject_error("*", f"/channels/{table.channel.id}/messages/{board.id}", status=500, times=None)
    await table.play(rules.EndSamuraiTurn())  # the Goryō's turn now, a round on
    kept = next(m for m in table.channel.history() if m.id == board.id)
    assert "Hint" in buttons(kept)  # the old button, still there

    refused = await table.samurai.click(kept, label="Hint")
    assert refused.ephemeral and refused.response.content == (
        "This Hint button belongs to a turn that is over: use the newest board or builder.")
    assert await env.bot.store.hints(1) == []
    assert not [m for m in table.channel.history(viewer=table.samurai) if m.content.startswith("**Hint**")]
