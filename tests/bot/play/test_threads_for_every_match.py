"""One rule for threads: with ``/goryo settings threads:True`` every match starts in a thread of its own, against
the bot and from a lesson's "Play a real match" too; the channel hears one line with the thread's link."""

from __future__ import annotations

import pytest
import simcord

import rules
from bot.text import lessons as script
from tests.bot.helpers import admin
from tests.bot.play.helpers import follow_step, press_in_lesson

from ..helpers import Table

pytestmark = pytest.mark.goryo(ai_pause=0)

START = {"en": "play in <#{thread}>: open it to watch.", "it": "giocano in <#{thread}>: aprilo per guardare."}


async def threads_on(env, table: Table, language: str = "en") -> None:
    saved = await admin(env, table).slash(table.channel, "goryo settings", threads=True)
    assert saved.ephemeral and not saved.response.content.startswith("No")


def new_thread(table: Table, before: set[int]):
    [thread] = [t for t in table.channel.threads if t.id not in before]
    return thread


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_match_against_the_bot_starts_in_a_thread_of_its_own(env, locales_of, language):
    table = Table(env, guild=env.create_guild(preferred_locale="it") if language == "it" else None)
    await threads_on(env, table)
    me = simcord.UserHandle(env, env.backend.bot_user)
    before = {t.id for t in table.channel.threads}
    answered = await table.alice.slash(table.channel, "goryo challenge", opponent=me, role="samurai", level="easy")
    thread = new_thread(table, before)
    record = await env.bot.store.active_match_in(thread.id)
    assert record is not None and record.ai_side is rules.Side.GORYO and record.samurai_id == table.alice.id
    assert await env.bot.store.active_match_in(table.channel.id) is None  # the channel stays free
    assert START[language].format(thread=thread.id) in answered.response.content  # the answer is the line
    assert [m for m in table.channel.history() if f"<#{thread.id}>" in m.content]
    # Its messages are in the thread: the start, and the bot's first move as the Goryō, then the Samurai's turn.
    assert any(f"<@{table.alice.id}>" in m.content and m.attachments for m in thread.history())
    assert (await env.bot.store.get_match(record.id)).state.phase is rules.Phase.SAMURAI_TURN
    # Another match against the bot may start in the same channel at once, in a thread of its own too.
    again = await table.bob.slash(table.channel, "goryo challenge", opponent=me, role="goryo", level="easy")
    assert not again.ephemeral and len(table.channel.threads) == 2


async def test_a_lessons_real_match_starts_in_a_thread_of_its_own(env, table: Table):
    await threads_on(env, table)
    learner = table.alice
    lesson = script.LESSONS[rules.Side.SAMURAI]
    await learner.slash(table.channel, "goryo learn", role="samurai")
    for step in range(len(lesson.steps) - 1):
        await follow_step(learner.user, lesson, step)
    before = {t.id for t in table.channel.threads}
    await press_in_lesson(learner.user, "real")
    thread = new_thread(table, before)
    record = await env.bot.store.active_match_in(thread.id)
    assert record is not None and record.ai_side is not None and record.player_side(learner.id) is rules.Side.SAMURAI
    assert await env.bot.store.active_match_in(table.channel.id) is None
    assert [m for m in table.channel.history() if f"<#{thread.id}>" in m.content]
