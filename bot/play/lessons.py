"""``/goryo learn``: a guided first match against the bot, in the learner's DMs (issue 36).

The lesson (``bot.text.lessons``) is a script over the rules engine: its position at a step is the
seed with the earlier steps' moves applied, and the store keeps only the step reached, so a lesson is
left and resumed at will and survives a restart. Each click on a lesson's control (the match's own
panel and builder, addressed to the lesson by ``bot.ui.lesson``) is read as in a match and judged
against the position as it stands now:

- illegal (a control left from an earlier position): refused with the rules' reason, as in a match;
- legal, and the lesson's move: played, the bot's scripted moves follow, and the next step is posted;
- legal but another: explained, and the step asked again from the same position (its controls reset).

A lesson is not a match: nothing of it is rated, counted, listed or replayed, and it holds no channel.
Everything is private to the learner and in their language; in a server, ``/goryo learn`` answers
privately and the lesson goes to their DMs.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import re
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import discord

import rules

from ..delivery.boards import Board, Drawing
from ..delivery.send import follow_up, message_options, send_private
from ..records.lessons import LessonRecord
from ..storage import Store
from ..text import lessons as script
from ..text.refusal import Refusal
from ..ui import builder, panel
from ..ui import lesson as controls
from ..ui.lesson import Press

log = logging.getLogger(__name__)

RealMatch = Callable[[discord.Interaction, rules.Side, tuple[int | None, int]], Awaitable[None]]



# --- reading a click ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Built:
    """A click on the path builder: her path and False Trail as they would be after it."""

    path: tuple[rules.Space, ...]
    trail: rules.Space | None


@dataclass(frozen=True)
class Own:
    """A click on one of the lesson's own buttons (Continue, Confirm, Cancel); None: an id no lesson makes."""

    what: Press | None


Click = rules.Action | Built | script.Preview | Own


def read_click(inner: str, value: str) -> Click:
    """What a control means, read with the match controls' own ids (``bot.ui.panel``, ``bot.ui.builder``)."""
    full = "goryo:" + inner
    if found := re.fullmatch(panel.SELECT_ID, full):
        return panel.action_from(panel.Pick(found["kind"]), value)
    if re.fullmatch(panel.END_ID, full):
        return rules.EndSamuraiTurn()
    if re.fullmatch(panel.UNDO_ID, full):
        return rules.Undo()
    if found := re.fullmatch(builder.SELECT_ID, full):
        path, trail = builder.decode(found["path"]), builder.trail_from(found["trail"])
        if found["what"] == builder.Menu.START:
            return rules.ChooseStart(rules.parse_space(value))
        if found["what"] == builder.Menu.STEP:
            return Built((*path, rules.parse_space(value)), trail)
        return Built(path, builder.trail_from(value))
    if found := re.fullmatch(builder.BUTTON_ID, full):
        path, trail = builder.decode(found["path"]), builder.trail_from(found["trail"])
        if found["what"] == builder.Press.PREVIEW:
            return script.Preview(rules.Plan(path, trail))
        shorter = path[:-1]
        return Built(shorter, trail if trail is not None and trail not in shorter else None)
    return Own(controls.pressed(inner)[0])


# --- the position ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    state: rules.GameState
    path: tuple[rules.Space, ...] | None  # where her builder stands at this step (None: not building)
    trail: rules.Space | None


def position(lesson: script.Lesson, step: int) -> Position:
    """The lesson at ``step``: its seed with every earlier step's moves and the bot's replies played."""
    state = lesson.start_state()
    path: tuple[rules.Space, ...] | None = None
    trail = None
    for done in lesson.steps[:step]:
        wants = done.wants
        if isinstance(wants, script.Choose):
            state = rules.apply(state, wants.action).state
        elif isinstance(wants, script.Confirm):
            state = rules.apply(state, wants.plan).state
        elif isinstance(wants, script.Build):
            path, trail = wants.path, wants.trail
        for action in done.then:
            state = rules.apply(state, action).state
    now = lesson.steps[step].wants if step < len(lesson.steps) else None
    if isinstance(now, (script.Build, script.Preview)) and state.goryo_space is not None:
        path = path or (state.goryo_space,)
    else:
        path, trail = None, None
    return Position(state, path, trail)


class Outcome(enum.Enum):
    PLAY = "play"
    STAY = "stay"
    OTHER = "other"


@dataclass(frozen=True)
class Verdict:
    """``play``: the step's move, the lesson moves on; ``stay``: a step of her path along the lesson's, shown in
    place; ``other``: a legal move that is not the lesson's, explained."""

    kind: Outcome
    built: Built | None = None


def judge(lesson: script.Lesson, step: int, clicked: Click) -> Verdict:
    """The verdict on ``clicked`` at ``step``; raises a refusal (the rules' reason) if the move is illegal now."""
    at = position(lesson, step)
    wants = lesson.steps[step].wants
    if not isinstance(clicked, (Built, script.Preview, Own)):  # a rules action: her start, a Samurai's action
        refused = rules.refusal(at.state, clicked)
        if refused is not None:
            raise Refusal(refused)
        return Verdict(Outcome.PLAY if isinstance(wants, script.Choose) and wants.action == clicked else Outcome.OTHER)
    if isinstance(clicked, Built):
        _check_built(at.state, clicked)
        if not isinstance(wants, script.Build):
            return Verdict(Outcome.OTHER)
        on_the_way = clicked.path == wants.path[: len(clicked.path)] and clicked.trail in (None, wants.trail)
        if not on_the_way or (clicked.trail is not None and clicked.path != wants.path):
            return Verdict(Outcome.OTHER)
        done = clicked.path == wants.path and clicked.trail == wants.trail
        return Verdict(Outcome.PLAY if done else Outcome.STAY, clicked)
    if isinstance(clicked, script.Preview):
        refused = rules.refusal(at.state, clicked.plan)
        if refused is not None:
            raise Refusal(refused)
        previewed = isinstance(wants, script.Preview) and wants.plan == clicked.plan
        return Verdict(Outcome.PLAY if previewed else Outcome.OTHER)
    if clicked.what in (Press.CONFIRM, Press.CANCEL):
        if not isinstance(wants, script.Confirm):
            raise script.step_behind()
        return Verdict(Outcome.PLAY if clicked.what is Press.CONFIRM else Outcome.OTHER)
    raise script.step_behind()


def _check_built(state: rules.GameState, built: Built) -> None:
    if state.phase is not rules.Phase.GORYO_TURN:
        raise script.step_behind()
    if not any(p[: len(built.path)] == built.path for p in rules.legal_paths(state)):
        raise script.no_path_from_here()
    if built.trail is not None and not rules.is_legal(state, rules.Plan(built.path, built.trail)):
        reason = rules.refusal(state, rules.Plan(built.path, built.trail))
        raise Refusal(reason) if reason is not None else script.no_path_from_here()


# --- what a step shows ----------------------------------------------------------------------------------


def step_text(lesson: script.Lesson, step: int, built: Built | None = None, *, place_known: bool = True,
              question: bool = False) -> str:
    """The step's words: where the learner is, what the step teaches, and her path so far when she builds.

    ``question``: the step's question (``step_question``) ends the words, the line right above its controls,
    when no picture carries it under itself. ``place_known``: the lesson was asked for in a server, where its
    last step can start a real match.
    """
    text = script.step_words(lesson, step)
    at = position(lesson, step)
    if at.path is not None:
        path, trail = (built.path, built.trail) if built is not None else (at.path, at.trail)
        text += "\n" + builder.builder_text(at.state, path, trail)
    if question:
        text += "\n**" + step_question(lesson, step, place_known=place_known) + "**"
    return text


def step_question(lesson: script.Lesson, step: int, *, place_known: bool = True) -> str:
    """What to pick or press now, in plain words: under the step's picture (its embed's footer), right above its
    menus or buttons, as a match's line under its board (issue 42)."""
    return script.step_asks(lesson, step, place_known=place_known)


def shows_a_picture(lesson: script.Lesson, step: int) -> bool:
    return lesson.steps[step].board is not script.Board.NONE


def step_view(lesson: script.Lesson, step: int, built: Built | None = None, *, place_known: bool = True
              ) -> discord.ui.View | None:
    """The step's controls: the match's own, addressed to the lesson, or the lesson's buttons."""
    at = position(lesson, step)
    wants = lesson.steps[step].wants
    if isinstance(wants, script.Choose) and isinstance(wants.action, rules.ChooseStart):
        return controls.readdressed(builder.builder_view(0, at.state), step)
    if isinstance(wants, script.Choose):
        return controls.readdressed(panel.panel_view(0, at.state), step)
    if isinstance(wants, (script.Build, script.Preview)):
        path, trail = (built.path, built.trail) if built is not None else (at.path, at.trail)
        return controls.readdressed(builder.builder_view(0, at.state, path, trail), step)
    if isinstance(wants, script.Confirm):
        return controls.confirm_view(step)
    if isinstance(wants, script.Continue):
        return controls.continue_view(step)
    choices = [(controls.inner(Press.LEARN, lesson.role.other), script.learn_the_other_side(),
                discord.ButtonStyle.secondary)]
    if place_known:
        choices.insert(0, (Press.REAL, script.play_a_real_match(), discord.ButtonStyle.success))
    return controls.buttons(step, *choices)


class Lessons:
    """The lessons of every learner, on the store, drawing with the bot's drawing processes."""

    def __init__(self, store: Store, drawing: Drawing, clock: Callable[[], datetime], real_match: RealMatch) -> None:
        self.store = store
        self.drawing = drawing
        self.clock = clock
        self.real_match = real_match  # starts a first match against the bot (easy) where the lesson was asked for
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def _now(self) -> datetime:
        return self.clock()

    async def _picture(self, lesson: script.Lesson, step: int) -> Board | None:
        kind = lesson.steps[step].board
        at = position(lesson, step)
        wants = lesson.steps[step].wants
        if kind is script.Board.NONE:
            return None
        if kind is script.Board.DISCOVERY:
            return await self.drawing.discovery_board(at.state)
        if kind is script.Board.PREVIEW and isinstance(wants, script.Confirm):
            return await self.drawing.goryo_board(at.state, preview=wants.plan)
        if lesson.role is rules.Side.GORYO:
            return await self.drawing.goryo_board(at.state)
        return await self.drawing.public_board(at.state)  # the Samurai's: nothing hidden in it

    async def _message(self, record: LessonRecord) -> tuple[str, dict[str, Any]]:
        """The step's words, and its picture (the step's question under it) and controls as a send's options."""
        lesson = script.LESSONS[record.role]
        place_known = record.channel_id is not None
        picture = await self._picture(lesson, record.step)
        if picture is not None:
            picture = replace(picture, glance=step_question(lesson, record.step, place_known=place_known))
        text = step_text(lesson, record.step, place_known=place_known, question=picture is None)
        view = step_view(lesson, record.step, place_known=place_known)
        return text, message_options(picture, view)

    # --- /goryo learn ---------------------------------------------------------------------------------

    async def learn(self, interaction: discord.Interaction, role: rules.Side | None) -> None:
        """Begin a lesson, or offer to resume the one under way (or start over)."""
        user_id = interaction.user.id
        held = await self.store.lesson(user_id)
        if held is not None and 0 < held.step < len(script.LESSONS[held.role].steps) - 1:
            lesson = script.LESSONS[held.role]
            again = role or held.role
            text = script.resume_or_start_over(held.role, held.step, len(lesson.steps))
            # Both act on this lesson at this step only: once it moves on or is begun again, they are refused.
            view = controls.buttons(
                held.step, (controls.inner(Press.RESUME, held.role), script.resume(), discord.ButtonStyle.primary),
                (controls.inner(Press.OVER, held.role, again), script.start_over(), discord.ButtonStyle.secondary))
            await send_private(interaction, text, view=view)
            return
        await self._begin(interaction, role or rules.Side.GORYO)

    async def _begin(self, interaction: discord.Interaction, role: rules.Side) -> None:
        place: tuple[int | None, int | None] = (interaction.guild_id, interaction.channel_id)
        if interaction.guild_id is None:
            place = (None, None)
        held = await self.store.lesson(interaction.user.id)
        if place == (None, None) and held is not None:
            place = (held.guild_id, held.channel_id)  # begun again in DMs: the server it was first asked in
        record = LessonRecord(interaction.user.id, role, 0, *place)
        await self.store.save_lesson(record, now=self._now())
        # The lesson left behind: its step's controls go as this one's first step is shown.
        await self._show(interaction, replace(record, message_id=held.message_id if held is not None else None))

    async def _show(self, interaction: discord.Interaction, record: LessonRecord) -> None:
        """The lesson's current step, in the learner's DMs; in a server, a private note says where it went.

        The step moves: the message that showed it before (``record.message_id``) loses its controls, and only
        the new one's act on the lesson.
        """
        if interaction.guild_id is None and not interaction.response.is_done():
            await interaction.response.defer(thinking=interaction.type is not discord.InteractionType.component)
        elif not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        text, options = await self._message(record)
        if interaction.guild_id is None:
            sent = await follow_up(interaction, text, **options)
        else:
            try:
                sent = await interaction.user.send(text, **options)
            except discord.Forbidden:
                await follow_up(interaction, script.no_dm(), ephemeral=True)
                return
            await follow_up(interaction, script.waiting_in_dms(sent.jump_url), ephemeral=True)
        await self._shown(record, sent)

    async def _shown(self, record: LessonRecord, sent: discord.Message) -> None:
        """``sent`` shows ``record``'s step now; the message that showed the lesson before loses its controls."""
        await self.store.lesson_shown(record.user_id, record.role, record.step, sent.id)
        if record.message_id is None or record.message_id == sent.id:
            return
        channel = sent.channel  # the learner's DMs, where every step is shown
        if isinstance(channel, discord.GroupChannel):
            return
        try:
            await channel.get_partial_message(record.message_id).edit(view=None)
        except discord.HTTPException as error:
            # Its controls are refused anyway (they are not the step's message's): this only tidies.
            log.info("lesson of %d: could not take the controls off message %d: %s", record.user_id,
                     record.message_id, error)

    # --- clicks -----------------------------------------------------------------------------------------

    async def click(self, interaction: discord.Interaction, step: int, inner: str, value: str) -> None:
        async with self._locks[interaction.user.id]:
            await self._click(interaction, step, inner, value)

    async def _click(self, interaction: discord.Interaction, shown_at: int, inner: str, value: str) -> None:
        held = await self.store.lesson(interaction.user.id)
        if held is None:
            raise script.no_lesson()
        press, sides = controls.pressed(inner)
        if press is Press.RESUME or (press is Press.OVER and sides):  # resume, or start over
            _check_offer(held, shown_at, sides)
            await interaction.response.edit_message(view=None)  # answered: nothing left to press on it
            if press is Press.OVER:
                await self._begin(interaction, _side_named(sides[-1]))
            else:
                await self._show(interaction, held)
            return
        _check_shown(held, shown_at, interaction.message)
        if press is Press.LEARN:
            await self._begin(interaction, _side_named(sides[0] if sides else ""))
            return
        lesson = script.LESSONS[held.role]
        if held.step >= len(lesson.steps):
            raise script.no_lesson()
        if press is Press.REAL:
            if held.channel_id is None:
                raise script.no_lesson()
            # First the match (it may be refused: that channel is busy), then the lesson is over.
            await self.real_match(interaction, held.role, (held.guild_id, held.channel_id))
            await self.store.advance_lesson(held.user_id, held.role, from_step=held.step, to_step=len(lesson.steps),
                                            now=self._now())
            return
        clicked = read_click(inner, value)
        if isinstance(clicked, Own) and clicked.what is Press.GO:
            continues = isinstance(lesson.steps[held.step].wants, script.Continue)
            verdict = Verdict(Outcome.PLAY if continues else Outcome.OTHER)
        else:
            verdict = judge(lesson, held.step, clicked)
        # Edited in place, its picture and the question under it stay as they are.
        question = not shows_a_picture(lesson, held.step)
        if verdict.kind is Outcome.STAY:
            await interaction.response.edit_message(
                content=step_text(lesson, held.step, verdict.built, question=question),
                view=step_view(lesson, held.step, verdict.built))
        elif verdict.kind is Outcome.OTHER:
            # The step's own message (any other is refused above): its controls go back to where the step stands.
            await interaction.response.edit_message(content=step_text(lesson, held.step, question=question),
                                                    view=step_view(lesson, held.step))
            await follow_up(interaction, script.not_this_lessons(lesson, held.step))
        else:
            await self._advance(interaction, held, lesson)

    async def _advance(self, interaction: discord.Interaction, held: LessonRecord, lesson: script.Lesson) -> None:
        moved = await self.store.advance_lesson(held.user_id, held.role, from_step=held.step, to_step=held.step + 1,
                                                now=self._now())
        if not moved:
            raise script.step_behind()
        await interaction.response.edit_message(view=None)  # its step is done: nothing left to press there
        record = LessonRecord(held.user_id, held.role, held.step + 1, held.guild_id, held.channel_id)
        text, options = await self._message(record)
        await self._shown(record, await follow_up(interaction, text, **options))


def _check_shown(held: LessonRecord, shown_at: int, message: discord.Message | None) -> None:
    """Refuse a control that is not on the message showing the learner's lesson now (issue 42): a step passed,
    a copy a Resume moved on from, a lesson left for another. A lesson from before the message was noted: by
    its step."""
    if held.message_id is not None:
        if message is None or message.id != held.message_id:
            raise Refusal(script.STALE)
    elif shown_at != held.step:
        raise Refusal(script.STALE)


def _check_offer(held: LessonRecord, shown_at: int, sides: list[str]) -> None:
    """The offer to resume or start over acts on the lesson it named, at the step it named, only."""
    offered_role = sides[0] if sides else held.role.value  # an offer made before it named its lesson
    if offered_role != held.role.value or (shown_at != held.step and sides):
        raise Refusal(script.STALE)


def _side_named(word: str) -> rules.Side:
    """The side a lesson's button names (its custom_id holds the side's word); any other word is a stale control."""
    try:
        return rules.Side(word)
    except ValueError:
        raise Refusal(script.STALE) from None
