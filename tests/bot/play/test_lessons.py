"""``/goryo learn`` (issue 36): a guided first match against the bot, followed by clicks in the learner's DMs.

The tests follow a lesson as a learner would, reading each step's wanted move from the script and making it
with the step's own controls (the match's panel and path builder, addressed to the lesson).
"""

from __future__ import annotations

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

import rules
from bot.play.lessons import step_question
from bot.text import lessons as script
from bot.ui.panel import action_value
from locales import _, speaking
from tests.bot.helpers import Table, deny_the_bot, seen_by
from tests.bot.play.helpers import follow_step, latest_lesson_step, lesson_controls, pick_in_lesson, press_in_lesson

LIMIT = 400


def _dm(user, message_id: int) -> object:
    """The learner's DM ``message_id`` as it stands now."""
    return next(m for m in user.dm_channel.history() if m.id == message_id)


def _lesson_messages(user) -> list:
    return [m for m in user.dm_channel.history() if m.content.startswith(("**Lesson**", "**Lezione**"))]


@pytest.mark.parametrize("role", list(rules.Side))
@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_whole_lesson_followed_step_by_step(table: Table, locales_of, role: rules.Side, language: str):
    learner = table.alice
    if language == "it":
        locales_of[learner.id] = "it"
    lesson = script.LESSONS[role]
    answered = await learner.slash(table.channel, "goryo learn", role=role.value)
    assert answered.ephemeral  # nothing in the shared channel
    for step in range(len(lesson.steps) - 1):
        await follow_step(learner.user, lesson, step)
        stored = await table.env.bot.store.lesson(learner.id)
        assert stored.step == step + 1, f"step {step} was not taken"
    shown = _lesson_messages(learner.user)
    assert len(shown) == len(lesson.steps)  # one message a step, each within the limit
    assert all(len(m.content) <= LIMIT for m in shown), max(len(m.content) for m in shown)
    head = "**Lezione**" if language == "it" else "**Lesson**"
    assert shown[-1].content.startswith(f"{head} · ")
    assert "goryo:learn:b" in str([c.custom_id for c in lesson_controls(shown[-1]).values()])
    # The last step: a first real match in one click, in the channel the lesson was asked for in.
    result = await press_in_lesson(learner.user, "real")
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record is not None and record.ai_side is not None and record.ai_level == "easy"
    assert record.player_side(learner.id) == role
    assert f"<#{table.channel.id}>" in result.response.message.content


async def test_a_lesson_is_not_a_match(table: Table):
    """Not rated, counted or listed, and the channel stays free for a match."""
    await table.alice.slash(table.channel, "goryo learn", role="samurai")
    await follow_step(table.alice.user, script.SAMURAI, 0)
    assert await table.env.bot.store.active_matches_of(table.alice.id) == []
    games = await table.alice.slash(table.channel, "goryo games")
    assert "no match" in games.response.content.lower()
    await table.begin()  # the channel's match is free to begin
    assert await table.env.bot.store.active_match_in(table.channel.id) is not None


async def test_a_wrong_choice_is_explained_and_the_step_asked_again(table: Table):
    learner = table.alice.user
    await learner.slash("goryo learn", role="samurai")
    await pick_in_lesson(learner, "move", action_value(rules.Move(rules.Samurai.GREEN, rules.parse_space("C2"))))
    explained = learner.dm_channel.history()[-1]
    assert "allowed, but this lesson sends Green to A2" in explained.content
    stored = await table.env.bot.store.lesson(table.alice.id)
    assert stored.step == 0  # the script never leaves its position
    options = [o.value for o in lesson_controls(latest_lesson_step(learner))["move"].options]
    assert "green:A2" in options and "green:C2" in options  # the same step, its controls as they were
    await follow_step(learner, script.SAMURAI, 0)
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 1


async def test_a_wrong_step_of_her_path_is_explained_and_the_builder_reset(table: Table):
    learner = table.alice.user
    await learner.slash("goryo learn", role="goryo")
    await follow_step(learner, script.GORYO, 0)
    await pick_in_lesson(learner, "step", "A1")  # legal, not the lesson's
    assert "heads for the north bridge" in learner.dm_channel.history()[-1].content
    builder = latest_lesson_step(learner)
    assert "B1" in builder.content and "A1" not in builder.content.split("\n")[-1]
    await pick_in_lesson(learner, "step", "C1")  # on the lesson's way: shown in place
    assert "B1 → C1" in latest_lesson_step(learner).content
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 1


async def test_a_step_left_by_starting_over_loses_its_controls_and_is_refused_if_pressed(table: Table):
    """Beginning the lesson again takes the old step's controls away; pressed anyway (the taking away failed, or a
    client not yet updated), a control of a step left is refused privately, the lesson untouched (issue 42)."""
    learner = table.alice.user
    await learner.slash("goryo learn", role="samurai")
    await follow_step(learner, script.SAMURAI, 0)
    old = latest_lesson_step(learner)  # step 2's panel: Green, on A2, may sniff A1
    await learner.slash("goryo learn")
    table.env.inject_error("PATCH", f"/channels/{learner.dm_channel.id}/messages/{old.id}")  # the old copy stays
    await learner.click(learner.dm_channel.history()[-1], label="Start over")
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 0
    sniff = rules.Sniff(rules.Samurai.GREEN, rules.parse_space("A1"))
    refused = await learner.select(old, [action_value(sniff)], custom_id=lesson_controls(old)["sniff"].custom_id)
    assert refused.response.content.startswith("That control is from a lesson step you have left")
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 0


async def test_leave_and_resume_after_a_restart(env, make_bot, table: Table):
    learner = table.alice.user
    await table.alice.slash(table.channel, "goryo learn", role="goryo")
    for step in range(3):
        await follow_step(learner, script.GORYO, step)
    await env.restart_bot(make_bot())
    offer = await table.alice.slash(table.channel, "goryo learn")
    assert offer.ephemeral and "step 4 of" in offer.response.content
    await table.alice.click(offer.response, label="Resume")
    assert latest_lesson_step(learner).content.startswith("**Lesson** · step 4 of")
    for step in range(3, len(script.GORYO.steps) - 1):
        await follow_step(learner, script.GORYO, step)
    assert (await env.bot.store.lesson(table.alice.id)).step == len(script.GORYO.steps) - 1


async def test_others_see_nothing_and_the_samurai_learner_sees_only_public_pictures(table: Table):
    await table.alice.slash(table.channel, "goryo learn", role="samurai")
    for step in range(len(script.SAMURAI.steps) - 1):
        await follow_step(table.alice.user, script.SAMURAI, step)
    assert await seen_by(table.bob, table.channel) == []
    # Before the Discovery, every picture the Samurai learner got is the public board of its position.
    drawing = table.env.bot.drawing
    shown = _lesson_messages(table.alice.user)
    discovery = next(i for i, s in enumerate(script.SAMURAI.steps) if s.board is script.Board.DISCOVERY)
    from bot.play.lessons import position
    for index, message in enumerate(shown[:discovery]):
        expected = await drawing.public_board(position(script.SAMURAI, index).state, language="en")
        assert [await a.read() for a in message.attachments] == [expected.png]


async def test_newcomers_are_pointed_to_the_lesson_first(table: Table):
    helped = await table.carol.slash(table.channel, "goryo help")
    assert helped.response.content.startswith("New to Goryō? `/goryo learn`")
    challenged = await table.challenge()  # alice has never finished a match nor begun a lesson
    [note] = [f for f in challenged.followups if "/goryo learn" in f.content]
    assert note.ephemeral
    await table.answer("Decline")
    await table.alice.user.slash("goryo learn")
    again = await table.challenge()
    assert not [f for f in again.followups if "/goryo learn" in f.content]  # she knows of it now


async def test_the_real_match_refused_in_a_busy_channel_leaves_the_button_working(table: Table):
    learner = table.alice
    await learner.slash(table.channel, "goryo learn", role="samurai")
    for step in range(len(script.SAMURAI.steps) - 1):
        await follow_step(learner.user, script.SAMURAI, step)
    await table.challenge(by=table.bob, opponent=table.carol)
    await table.answer("Accept", by=table.carol)  # the channel's match: bob and carol
    refused = await press_in_lesson(learner.user, "real")
    assert "one match per channel" in refused.response.content
    assert (await table.env.bot.store.lesson(learner.id)).step == len(script.SAMURAI.steps) - 1
    await table.bob.slash(table.channel, "goryo resign")
    await table.bob.click(table.channel.history(viewer=table.bob)[-1], label="Resign")
    await press_in_lesson(learner.user, "real")
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record is not None and record.player_side(learner.id) is rules.Side.SAMURAI
    assert (await table.env.bot.store.lesson(learner.id)).step == len(script.SAMURAI.steps)


async def test_a_lesson_begun_in_dms_ends_by_saying_how_to_start_a_match(table: Table):
    learner = table.alice.user
    answered = await learner.slash("goryo learn", role="samurai")
    assert answered.response.content.startswith("**Lesson** · step 1 of")  # in DMs: the lesson is the answer
    for step in range(len(script.SAMURAI.steps) - 1):
        await follow_step(learner, script.SAMURAI, step)
    last = latest_lesson_step(learner)
    assert "type `/goryo challenge` in a server" in last.content
    assert set(lesson_controls(last)) == {"learn:goryo"}  # no match to start from here; the other side's lesson
    await press_in_lesson(learner, "learn:goryo")
    assert latest_lesson_step(learner).content.startswith("**Lesson** · step 1 of 12\n**You are the Goryō**")


async def test_undo_and_end_turn_are_explained_not_played(table: Table):
    """The panel's Undo and End turn are legal in a Samurai turn, and not the lesson's: explained, position kept."""
    learner = table.alice.user
    await learner.slash("goryo learn", role="samurai")
    await follow_step(learner, script.SAMURAI, 0)  # Green → A2: a move Undo could take back
    await press_in_lesson(learner, "undo:1greenA2")
    assert "this lesson sniffs A1" in learner.dm_channel.history()[-1].content
    await press_in_lesson(learner, "end")
    assert "this lesson sniffs A1" in learner.dm_channel.history()[-1].content
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 1
    await follow_step(learner, script.SAMURAI, 1)
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 2


async def test_the_real_match_is_refused_where_the_bot_cannot_play_and_the_button_stays(table: Table):
    """The last step's button, pressed in DMs, checks the bot's permissions in the lesson's channel from what the
    bot holds: without Attach Files no match starts there, the learner is told why, and the step stays."""
    learner = table.alice
    await learner.slash(table.channel, "goryo learn", role="samurai")
    for step in range(len(script.SAMURAI.steps) - 1):
        await follow_step(learner.user, script.SAMURAI, step)
    deny_the_bot(table.env, table.channel.id, "attach_files")
    await table.env.settle()
    refused = await press_in_lesson(learner.user, "real")
    assert "No match can be played here" in refused.response.content and "Attach Files" in refused.response.content
    assert await table.env.bot.store.active_match_in(table.channel.id) is None
    assert (await table.env.bot.store.lesson(learner.id)).step == len(script.SAMURAI.steps) - 1


# --- issue 42: a lesson's controls act only on the step and the lesson they were shown for --------------------


def _enabled_lesson_messages(user) -> list[int]:
    """The learner's DMs that carry lesson controls a click would reach (a step, an offer to resume)."""
    return [m.id for m in user.dm_channel.history() if any(not c.disabled for c in lesson_controls(m).values())]


async def _to_the_last_step(learner, role: rules.Side) -> None:
    lesson = script.LESSONS[role]
    for step in range(len(lesson.steps) - 1):
        await follow_step(learner, lesson, step)


async def _lesson_to_its_last_step(table: Table, locales_of, role: rules.Side, language: str):
    """Alice, in ``language``, asks for a lesson in the table channel and follows it to its last step."""
    learner = table.alice
    if language == "it":
        locales_of[learner.id] = "it"
    await learner.slash(table.channel, "goryo learn", role=role.value)
    await _to_the_last_step(learner.user, role)
    return learner


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_finished_lessons_real_match_button_does_not_touch_the_next_lesson(table: Table, locales_of,
                                                                                   language: str):
    """The attack of issue 42: the first lesson's "Play a real match" pressed after a second lesson began and took
    a step. Its controls went when the second began; pressed anyway, it is refused, privately: no match starts and
    the second lesson stays where it stands."""
    learner = await _lesson_to_its_last_step(table, locales_of, rules.Side.GORYO, language)
    first_last = latest_lesson_step(learner.user)
    assert "real" in lesson_controls(first_last)
    table.env.inject_error("PATCH", f"/channels/{learner.user.dm_channel.id}/messages/{first_last.id}")
    await learner.slash(table.channel, "goryo learn", role="samurai")
    await follow_step(learner.user, script.SAMURAI, 0)
    refused = await learner.user.click(first_last, custom_id=lesson_controls(first_last)["real"].custom_id)
    stale = ("Questo comando è di un passo della lezione che hai lasciato" if language == "it"
             else "That control is from a lesson step you have left")
    assert refused.response.content.startswith(stale)
    assert await table.env.bot.store.active_match_in(table.channel.id) is None
    stored = await table.env.bot.store.lesson(learner.id)
    assert (stored.role, stored.step) == (rules.Side.SAMURAI, 1)
    await follow_step(learner.user, script.SAMURAI, 1)  # the new lesson goes on
    assert (await table.env.bot.store.lesson(learner.id)).step == 2


async def test_a_finished_lessons_buttons_go_when_another_lesson_begins(table: Table):
    learner = table.alice
    await learner.slash(table.channel, "goryo learn", role="samurai")
    await _to_the_last_step(learner.user, rules.Side.SAMURAI)
    first_last = latest_lesson_step(learner.user)
    await learner.slash(table.channel, "goryo learn", role="goryo")
    assert lesson_controls(_dm(learner.user, first_last.id)) == {}
    assert _enabled_lesson_messages(learner.user) == [latest_lesson_step(learner.user).id]


@pytest.mark.parametrize("language", ["en", "it"])
async def test_resume_moves_the_step_and_the_offer_is_answered(table: Table, locales_of, language: str):
    learner = table.alice.user
    if language == "it":
        locales_of[table.alice.id] = "it"
    await learner.slash("goryo learn", role="samurai")
    await follow_step(learner, script.SAMURAI, 0)
    await follow_step(learner, script.SAMURAI, 1)
    before = latest_lesson_step(learner)
    offer = await learner.slash("goryo learn")
    await learner.click(offer.response, label="Riprendi" if language == "it" else "Resume")
    moved = latest_lesson_step(learner)
    assert moved.id != before.id and _lesson_messages(learner)[-1].id == moved.id
    assert _enabled_lesson_messages(learner) == [moved.id]  # the old copy and the offer carry nothing now
    assert _dm(learner, offer.response.id).components == []
    await follow_step(learner, script.SAMURAI, 2)
    assert (await table.env.bot.store.lesson(table.alice.id)).step == 3


async def test_an_offer_left_behind_by_the_lesson_is_refused(table: Table):
    """An offer to resume answers for the step it named: once the lesson moved on in its own message, the
    offer's Resume and Start over are refused, privately, and the lesson is untouched."""
    learner = table.alice.user
    await learner.slash("goryo learn", role="samurai")
    await follow_step(learner, script.SAMURAI, 0)
    offer = (await learner.slash("goryo learn")).response
    await follow_step(learner, script.SAMURAI, 1)  # in the step's own message, not through the offer
    for label in ("Resume", "Start over"):
        refused = await learner.click(_dm(learner, offer.id), label=label)
        assert refused.response.content.startswith("That control is from a lesson step you have left")
        stored = await table.env.bot.store.lesson(table.alice.id)
        assert (stored.role, stored.step) == (rules.Side.SAMURAI, 2)


async def test_at_every_moment_one_message_carries_the_lessons_controls(table: Table):
    """A whole lesson with a wrong choice, a Resume and an offer along the way: after every click and command,
    at most one message in the learner's DMs carries controls that act (a step's board or builder, or the
    offer to resume while it is answered), and steps passed carry none."""
    learner = table.alice.user
    lesson = script.GORYO
    await learner.slash("goryo learn", role="goryo")
    seen: list[list[int]] = [_enabled_lesson_messages(learner)]
    for step in range(len(lesson.steps) - 1):
        if step in (2, 6):
            if step == 2:  # a legal step that is not the lesson's: explained, the builder reset
                wanted = rules.space_name(lesson.steps[2].wants.path[3])
                offered = lesson_controls(latest_lesson_step(learner))["step"].options
                other = next(o.value for o in offered if o.value != wanted)
                await pick_in_lesson(learner, "step", other)
            else:
                await press_in_lesson(learner, "cancel")  # explained too
            seen.append(_enabled_lesson_messages(learner))
            offer = await learner.slash("goryo learn")
            seen.append(_enabled_lesson_messages(learner)[:-1])  # the step's message, the offer beside it
            await learner.click(offer.response, label="Resume")
            seen.append(_enabled_lesson_messages(learner))
        await follow_step(learner, lesson, step)
        seen.append(_enabled_lesson_messages(learner))
    assert all(len(ids) == 1 for ids in seen), seen
    assert len({ids[0] for ids in seen}) >= len(lesson.steps)  # each step (and each Resume) moved them on


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("denied", ["view_channel", "send_messages"])
async def test_the_real_match_starts_only_where_the_learner_can_still_see_and_write(
        table: Table, locales_of, language: str, denied: str):
    learner = await _lesson_to_its_last_step(table, locales_of, rules.Side.SAMURAI, language)
    table.env.backend.set_overwrite(table.channel.id, Overwrite(
        learner.id, OverwriteType.MEMBER, deny=discord.Permissions(**{denied: True}).value))
    await table.env.settle()
    refused = await press_in_lesson(learner.user, "real")
    said = ("Non puoi più vedere #" if language == "it" else "You can no longer see or write in #")
    assert refused.response.content.startswith(said.rstrip("#")), refused.response.content
    assert f"<#{table.channel.id}>" in refused.response.content
    assert await table.env.bot.store.active_match_in(table.channel.id) is None
    assert (await table.env.bot.store.lesson(learner.id)).step == len(script.SAMURAI.steps) - 1
    table.env.backend.set_overwrite(table.channel.id, Overwrite(learner.id, OverwriteType.MEMBER))
    await table.env.settle()
    await press_in_lesson(learner.user, "real")  # allowed again: the step's button still works
    record = await table.env.bot.store.active_match_in(table.channel.id)
    assert record is not None and record.player_side(learner.id) is rules.Side.SAMURAI


# --- issue 42: the step's question sits right above its controls ------------------------------------------------


@pytest.mark.parametrize("role", list(rules.Side))
@pytest.mark.parametrize("language", ["en", "it"])
async def test_each_steps_question_is_the_line_right_above_its_controls(table: Table, locales_of, role: rules.Side,
                                                                         language: str):
    """Under a step's picture, its embed's footer (Discord draws it last, right above the message's menus and
    buttons) asks what to pick or press now, as a match's line under its board; a step without a picture ends its
    words with it. The question is not also left at the top of a tall message."""
    lesson = script.LESSONS[role]
    learner = await _lesson_to_its_last_step(table, locales_of, role, language)
    shown = _lesson_messages(learner.user)
    assert len(shown) == len(lesson.steps)
    with speaking(language):
        questions = [step_question(lesson, n) for n in range(len(lesson.steps))]
    for step, (message, question) in enumerate(zip(shown, questions, strict=True)):
        assert question and "**" not in question, (step, question)
        if lesson.steps[step].board is script.Board.NONE:
            assert not message.embeds and message.content.endswith(f"\n**{question}**"), (step, message.content)
        else:
            [embed] = message.embeds
            assert embed.image.url and embed.footer.text == question, (step, embed.footer.text)
            assert question not in message.content, (step, message.content)
    if language == "it":
        assert questions[0].startswith(("In Parti da… scegli B1", "Attiva il Verde: in Passo…"))


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_goryo_lesson_shows_her_own_board_and_the_discovery_at_its_own_step(table: Table, locales_of,
                                                                                      language: str):
    """Her DM board keeps one key and one wording in every step (her own board, "your" bound object), and the
    board after the Discovery comes with the step that explains the Discovery, not one step early."""
    learner = await _lesson_to_its_last_step(table, locales_of, rules.Side.GORYO, language)
    shown = _lesson_messages(learner.user)
    with speaking(language):
        key, yours, theirs = _("Key"), _("Your bound object"), (_("Her bound object"), _("Could be her bound object"))
        round_name, first_round = _("Round"), _("{round} of {rounds}").format(round=1, rounds=4)
    pictured = [(step, {f.name: f.value for f in m.embeds[0].fields}) for step, m in enumerate(shown) if m.embeds]
    assert len(pictured) >= 9
    assert {facts[key] for _, facts in pictured} == {board_facts_key(language)}  # one key throughout
    assert all(yours in facts and not set(theirs) & set(facts) for _, facts in pictured)
    discovery = next(i for i, s in enumerate(script.GORYO.steps) if s.says.startswith("**The Discovery.**"))
    before = [facts[round_name] for step, facts in pictured if step < discovery]
    assert set(before) == {first_round}, before  # nothing after the Discovery is shown before its step
    assert dict(pictured)[discovery][round_name] != first_round  # the Discovery's own step shows its outcome
    assert "Discovery" not in str([a.filename for m in shown for a in m.attachments])  # no public Discovery picture


def board_facts_key(language: str) -> str:
    from words.facts import goryo_key
    with speaking(language):
        return goryo_key()


async def test_the_real_match_is_refused_once_the_learner_has_left_the_server(table: Table):
    learner = await _lesson_to_its_last_step(table, {}, rules.Side.SAMURAI, "en")
    table.env.backend.remove_member(table.channel.guild.id, learner.id)
    await table.env.settle()
    refused = await press_in_lesson(learner.user, "real")
    assert refused.response.content.startswith("You are no longer a member of the server of"), refused.response
    assert await table.env.bot.store.active_match_in(table.channel.id) is None
