"""What each command and button does, between Discord and the action pipeline.

Commands parse their options with the rules' notation, find the match they are
about, and hand an action to ``MatchService.play``, which stores it with what it
owes to people (``announce``); the deliverer then sends that, answering the
interaction first. Anything that draws a picture acknowledges Discord before it draws.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

import discord
from discord import app_commands

import rules
from locales import N_, speaking, spoken
from rules import layout

from ..delivery import boards, permissions
from ..delivery.announce import in_their_languages, outbox_for
from ..delivery.assist import aid_words
from ..delivery.deliverer import Deliverer
from ..delivery.notices import with_turn_notices
from ..delivery.reply import Reply
from ..delivery.send import acknowledge_privately, follow_up, message_options, send_private
from ..metrics import Metrics
from ..records.outbox import OutboxEntry, OutboxItem
from ..settings import Settings
from ..storage import MatchRecord, Shards, Store
from ..text import languages, lessons, messages
from ..text import permissions as permission_words
from ..text.goryo_dms import (
    goryo_not_samurai,
    goryo_plan_cancelled,
    goryo_preview,
    goryo_preview_outdated,
    goryo_preview_replaced,
    goryo_status_secret,
)
from ..text.match import (
    board_caption,
    board_cooldown,
    end_turn_question,
    last_match_caption,
    resign_kept,
    resign_outdated,
    resign_question,
    resigned,
    turn_ended,
)
from ..text.refusal import Refusal
from ..text.status import status_text
from ..ui import builder, panel
from ..ui.buttons import end_turn_view, plan_view, resign_view
from .aiplay import AiPlayer, keep_from_the_bot
from .challenges import Challenges
from .choices import Choices
from .cooldown import Cooldown
from .service import MatchService, Played
from .threads import with_end_line


def _in_guild(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is not None


async def _take_panel_off(interaction: discord.Interaction) -> None:
    """A panel of a turn that is over: take it off its message, so that it is not clicked again."""
    if interaction.message is None:
        return
    try:
        await interaction.message.edit(view=None)
    except discord.HTTPException:
        pass  # the refusal says it all the same


class Game:
    def __init__(self, bot: discord.Client, store: Store, settings: Settings, drawing: boards.Drawing,
                 metrics: Metrics | None = None) -> None:
        metrics = metrics if metrics is not None else Metrics()
        self.bot = bot
        self.store = store
        self.settings = settings
        self.drawing = drawing
        async def notices(played: Played, items: Sequence[OutboxItem]) -> list[OutboxItem]:
            return await with_end_line(store, played, await with_turn_notices(store, played, items))

        self.service = MatchService(store, in_their_languages(keep_from_the_bot(outbox_for)), notices=notices,
                                    metrics=metrics)
        # With several processes, each delivers for the matches on its own shards' servers.
        shards = Shards.held(settings.shard_count, settings.shard_ids)
        self.deliverer = Deliverer(bot, store, lambda: self.service.clock(), drawing, shards, metrics)
        self.challenges = Challenges(bot, store, settings, self)
        self.ai = AiPlayer(bot, self, settings, metrics)  # plays the bot's seat in matches against it
        self.board_cooldown = Cooldown(settings.board_cooldown)
        self.choices = Choices(self.service)  # autocomplete: what the rules allow the caller now

    async def recover(self) -> None:
        """At start-up: end turns a crash left with nothing legal to do, forget unshown challenges, send the outbox."""
        await self.store.drop_unposted_challenges()
        for record in await self.store.active_matches():
            if record.state.phase is rules.Phase.SAMURAI_TURN:
                async with self.service.lock(record.id):
                    await self.service.end_a_finished_turn(record)
        await self.deliverer.sweep(everything=True)
        # The bot's turns a restart interrupted: each process resumes those in its own shards' servers
        # (two would only think twice: the version check lets one move in).
        shards = self.deliverer.shards
        self.ai.resume([r for r in await self.store.active_matches() if shards is None or shards.holds(r.guild_id)])

    async def _match(
        self, interaction: discord.Interaction, match_id: int | None, side: rules.Side | None = None
    ) -> MatchRecord:
        record = await self.service.match_for(
            interaction.user.id, interaction.channel_id, _in_guild(interaction), match_id, side
        )
        return await self.note_languages(interaction, record)

    async def note_languages(self, interaction: discord.Interaction, record: MatchRecord) -> MatchRecord:
        """The match as this interaction says its languages are now; stored if they changed (rarely).

        Actions store them with themselves; this covers her ``/goryo board`` from a client whose
        language changed, say, so that her next reminder is in her new language.
        """
        heard = languages.heard(interaction).applied_to(record)
        if (heard.server_language, heard.goryo_language) != (record.server_language, record.goryo_language):
            await self.store.set_languages(
                record.id, server_language=heard.server_language, goryo_language=heard.goryo_language
            )
        return heard

    async def act(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: rules.Action,
        *,
        version: int | None = None,
        receipt: str | None = None,
        unless: Callable[[MatchRecord], Awaitable[Refusal | None]] | None = None,
        preview: int | None = None,
    ) -> Played:
        """Play ``action`` for whoever interacted, then deliver what it owes, answering them first.

        ``receipt``: what the clicked message (a question with buttons) becomes once the action is stored;
        ``preview``: the plan preview a Confirm came from (see ``MatchService.play``).
        """
        played = await self.service.play(
            match_id, interaction.user.id, action, expected_version=version, unless=unless,
            heard=languages.heard(interaction), preview=preview,
        )
        await self.deliver(interaction, played.after, played.outbox, receipt)
        self.ai.wake(played.after)  # after the answer: the bot's reply never holds up theirs
        return played

    async def deliver(
        self, interaction: discord.Interaction, record: MatchRecord, entries: Sequence[OutboxEntry],
        receipt: str | None = None,
    ) -> None:
        await self.deliverer.deliver(record.id, Reply(interaction, record, entries, receipt))

    async def _play(
        self, interaction: discord.Interaction, record: MatchRecord, action: rules.Action, *, version: int | None = None
    ) -> None:
        await self.act(interaction, record.id, action, version=version)

    # --- the Goryō ---------------------------------------------------------------

    async def choose_start(self, interaction: discord.Interaction, space: str, match_id: int | None) -> None:
        record = await self._match(interaction, match_id, rules.Side.GORYO)
        await self._play(interaction, record, rules.ChooseStart(rules.parse_space(space)))

    async def preview_plan(
        self, interaction: discord.Interaction, spaces: str, false_trail: str | None, match_id: int | None
    ) -> None:
        """Check the plan and show it to her alone, with Confirm / Cancel; nothing is stored yet."""
        record = await self._match(interaction, match_id, rules.Side.GORYO)
        plan = rules.Plan(rules.parse_plan(spaces), rules.parse_space(false_trail) if false_trail else None)
        await self._preview(interaction, record, plan)

    async def _preview(self, interaction: discord.Interaction, record: MatchRecord, plan: rules.Plan) -> None:
        """A typed plan's preview and a built one's are the same: checked, drawn, with Confirm / Cancel."""
        # Same checks as the pipeline, so a preview is only offered for a plan Confirm would accept.
        MatchService.check(record, interaction.user.id, plan, None)
        await acknowledge_privately(interaction)
        board = await self.drawing.goryo_board(record.state, preview=plan, language=spoken())  # hers: she asked
        # Numbered, so that this preview replaces every earlier one: only the newest can be confirmed.
        view = plan_view(record.id, record.version, await self.store.new_preview(record.id), plan)
        await send_private(interaction, goryo_preview(plan), board=board, view=view)

    # --- her builder (bot.ui.builder): the same actions, by clicks ---------------------

    async def _builder_match(self, interaction: discord.Interaction, match_id: int, round_number: int) -> MatchRecord:
        """Her match, if this builder is hers and of her turn now; else a refusal saying why."""
        record = await self.service.load(match_id)
        if interaction.user.id != record.goryo_id:
            raise Refusal(N_("Only the Goryō of this match can use these buttons."))
        if not record.is_active:
            raise Refusal(N_("This match is over. Start a new one with `/goryo challenge`."))
        state = record.state
        if state.to_move is not rules.Side.GORYO or state.round != round_number:
            raise Refusal(N_("These choices are for a turn that is over: use the newest message."))
        return await self.note_languages(interaction, record)

    async def builder_start(self, interaction: discord.Interaction, match_id: int, space: rules.Space) -> None:
        record = await self._builder_match(interaction, match_id, 0)
        await self._play(interaction, record, rules.ChooseStart(space))

    async def builder_update(
        self, interaction: discord.Interaction, match_id: int, round_number: int,
        path: tuple[rules.Space, ...], trail: rules.Space | None,
    ) -> None:
        """One step of her path (or Back, or a False Trail): her message shows the path so far and what may follow."""
        record = await self._builder_match(interaction, match_id, round_number)
        state = record.state
        if not path or path[0] != state.goryo_space:
            assert state.goryo_space is not None  # on her turn she stands somewhere
            path = (state.goryo_space,)
        if not (builder.next_steps(state, path) or builder.is_plan(state, path)):
            raise Refusal(N_("No legal path goes that way any more: go Back and choose again."))
        if trail is not None and not builder.is_plan(state, path, trail):
            trail = None  # a False Trail the path now crosses, or one not yet placeable
        view = builder.builder_view(record.id, state, path, trail)
        await interaction.response.defer()  # an edit of her message, once its picture is drawn
        # Her own board with the path so far (and False Trail) drawn on it: hers alone, in her language.
        board = await self.drawing.goryo_board(state, preview=rules.Plan(path, trail), language=spoken())
        await interaction.edit_original_response(
            content=builder.builder_text(state, path, trail), attachments=[board.file()] if board is not None else [],
            embeds=boards.embeds_of(board), view=view,
        )

    async def builder_preview(self, interaction: discord.Interaction, match_id: int, round_number: int,
                              plan: rules.Plan) -> None:
        record = await self._builder_match(interaction, match_id, round_number)
        await self._preview(interaction, record, plan)

    async def _replaced(self, record: MatchRecord, version: int, preview: int | None) -> bool:
        """Whether a newer preview of the same turn replaced this one."""
        if not record.is_active or record.version != version:
            return False  # the pipeline's own refusals say what is wrong then
        latest = await self.store.latest_preview(record.id)
        return latest is not None and preview != latest

    async def confirm_plan(
        self, interaction: discord.Interaction, match_id: int, version: int, preview: int | None, plan: rules.Plan
    ) -> None:
        number = preview or 0  # buttons from before previews were numbered count as preview 0

        async def refused(record: MatchRecord) -> Refusal | None:
            if await self.store.preview_cancelled(match_id, version=version, preview=number):
                return Refusal(N_("You cancelled this plan, so it was not locked in. Send `/goryo path` again."))
            if await self._replaced(record, version, preview):
                return Refusal(goryo_preview_replaced())
            return None

        await self.act(interaction, match_id, plan, version=version, unless=refused, preview=number)

    async def cancel_plan(
        self, interaction: discord.Interaction, match_id: int, version: int, preview: int | None
    ) -> None:
        # A Confirm pressed at the same instant is decided one way only: either it locked the plan first
        # (and this preview never says "Cancelled"), or it is refused. In this process the match's lock
        # orders them; across processes the database does (the cancel is stored under the match's row
        # lock, and the Confirm's commit checks for it under the same lock).
        async with self.service.lock(match_id):
            record = await self.service.load(match_id)
            if interaction.user.id != record.goryo_id:
                raise Refusal(N_("Only the Goryō of this match can use these buttons."))
            if await self._replaced(record, version, preview):
                raise Refusal(goryo_preview_replaced())
            if record.version != version or not await self.store.cancel_preview(
                match_id, version=version, preview=preview or 0
            ):
                outdated = goryo_preview_outdated()
                await interaction.response.edit_message(content=outdated, view=None, attachments=[])
                return
            await interaction.response.edit_message(content=goryo_plan_cancelled(), view=None, attachments=[])

    # --- the Samurai ------------------------------------------------------------------

    async def samurai_action(self, interaction: discord.Interaction, make: Callable[[], rules.Action]) -> None:
        """``make`` builds the action from the options, raising a readable error for a bad one."""
        if not _in_guild(interaction):
            mine = await self.store.active_matches_of(interaction.user.id)
            hers = [m for m in mine if m.goryo_id == interaction.user.id]
            if hers and len(hers) == len(mine):  # the Goryō, in her DMs: what she can do now instead
                raise Refusal(goryo_not_samurai(hers[0].state if len(hers) == 1 else None))
            raise Refusal(N_("The Samurai act in the match's channel, for everyone to see: use this command there."))
        record = await self._match(interaction, None)
        await self._play(interaction, record, make())

    async def _panel_match(self, interaction: discord.Interaction, match_id: int, round_number: int) -> MatchRecord:
        """The match a panel click acts on, if the clicker leads its Samurai and its turn is on; else a refusal."""
        record = await self.service.load(match_id)
        if interaction.user.id != record.samurai_id:
            raise Refusal(N_("Only {samurai} leads the Samurai in this match: this panel is theirs to use."),
                          samurai=messages.mention(record.samurai_id))
        state = record.state
        if not record.is_active or state.phase is not rules.Phase.SAMURAI_TURN or state.round != round_number:
            await _take_panel_off(interaction)
            if not record.is_active:
                raise Refusal(N_("This match is over. Start a new one with `/goryo challenge`."))
            raise Refusal(N_("This panel belongs to the turn of round {number}, which is over. Use the newest board "
                             "in the channel."), number=round_number)
        return await self.note_languages(interaction, record)

    async def panel_action(
        self, interaction: discord.Interaction, match_id: int, round_number: int, action: rules.Action
    ) -> None:
        """A choice on the Samurai's panel: played like the slash command, checked against the match as it is now."""
        record = await self._panel_match(interaction, match_id, round_number)
        await self._panel_play(interaction, record, action)

    async def _panel_play(
        self, interaction: discord.Interaction, record: MatchRecord, action: rules.Action,
        unless: Callable[[MatchRecord], Awaitable[Refusal | None]] | None = None,
    ) -> None:
        """Refusals come before anything shows (the pipeline checks again, under the lock, for a click racing another);
        the action's words are then the answer to the click, a new message in the channel, then the live board (the
        clicked message) is posted anew below them with its panel, by its own route, and the clicked one deleted.
        """
        MatchService.check(record, interaction.user.id, action, None)
        if unless is not None and (refusal := await unless(record)) is not None:
            raise refusal
        # In the channel, for everyone: the action's words. Should another click get there first, this one's refusal
        # takes its place in the channel away (send_refusal) and is said privately.
        await interaction.response.defer(thinking=True)
        await self.act(interaction, record.id, action, unless=unless)

    async def panel_end_turn(self, interaction: discord.Interaction, match_id: int, round_number: int) -> None:
        """The panel's End turn: with actions still possible it only asks, privately; nothing ends until confirmed."""
        record = await self._panel_match(interaction, match_id, round_number)
        state = record.state
        if rules.legal_samurai_actions(state):
            unused = layout.SAMURAI_ACTION_CUBES - state.actions_used
            await send_private(interaction, end_turn_question(unused), view=end_turn_view(record.id, record.version))
            return
        await self._panel_play(interaction, record, rules.EndSamuraiTurn())

    async def confirm_end_turn(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        """End turn, confirmed: only while the match is as it was asked (else refused, nothing changed)."""
        record = await self.service.load(match_id)
        if interaction.user.id != record.samurai_id:
            raise Refusal(N_("Only {samurai} leads the Samurai in this match: this panel is theirs to use."),
                          samurai=messages.mention(record.samurai_id))
        await self.act(interaction, match_id, rules.EndSamuraiTurn(), version=version, receipt=turn_ended())

    async def panel_undo(self, interaction: discord.Interaction, match_id: int, round_number: int, key: str) -> None:
        """The panel's Undo: takes back the move it was shown for, and only that one (a doubled click is refused)."""
        record = await self._panel_match(interaction, match_id, round_number)

        async def taken_back_already(now: MatchRecord) -> Refusal | None:
            if panel.undo_key(now.state) == key or rules.undo_refusal(now.state) is not None:
                return None  # the move it names is still the last (or the rules say why not)
            return Refusal(N_("This Undo is out of date: the move it was for was already taken back, or another "
                              "action came after it. Nothing was changed; use the newest board."))

        await self._panel_play(interaction, record, rules.Undo(), unless=taken_back_already)

    # --- anyone -----------------------------------------------------------------------

    async def board(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """The board (and the round's last Discovery); in a channel whose match just ended, its final board."""
        wait = self.board_cooldown.wait(interaction.user.id, self.service.clock())
        if wait is not None:
            raise Refusal(board_cooldown(wait, self.board_cooldown.seconds))
        try:
            record = await self._match(interaction, match_id)
        except Refusal:
            if match_id is not None or not _in_guild(interaction) or interaction.channel_id is None:
                raise
            finished = next(iter(await self.store.finished_matches(interaction.channel_id, 1)), None)
            if finished is None:
                raise
            record = finished
            await interaction.response.defer(thinking=True)
            language = languages.in_channel(interaction)  # posted in the channel
            with speaking(language):
                caption = last_match_caption(record.id)
            final = await self.drawing.final_board(record.state, language=language)
            await follow_up(interaction, caption, **message_options(final))
            return
        state = record.state
        is_goryo = interaction.user.id == record.goryo_id
        if not _in_guild(interaction) and is_goryo:
            await acknowledge_privately(interaction)
            secret = await self.drawing.goryo_board(state, language=spoken())
            # Her builder with it when it is her turn: it works wherever she asked (her DMs shut, say).
            await send_private(interaction, goryo_status_secret(state), board=secret,
                               view=builder.builder_view(record.id, state))
            return
        in_its_channel = _in_guild(interaction) and interaction.channel_id == record.channel_id
        private = not in_its_channel and _in_guild(interaction)
        await interaction.response.defer(thinking=True, ephemeral=private)
        # In its channel for everyone, in the server's language; elsewhere for the asker alone, in theirs.
        language = spoken() if private else languages.in_channel(interaction)
        pictures = [await self.drawing.public_board(state, assist=record.assist, language=language)]
        discovery = await self.store.last_delivered(record.id, "discovery")
        if discovery is not None and state.to_move is not None:
            discovered = await self.store.state_at(record.id, discovery.seq)
            pictures.append(await self.drawing.discovery_board(discovered, language=language))
        with speaking(language):
            text = board_caption(record.channel_id, state.round, with_discovery=len(pictures) > 1)
        # The facts of the board now; the Discovery beside it shows the round before.
        await follow_up(interaction, text, files=[p.file() for p in pictures if p is not None],
                        embeds=boards.embeds_of(pictures[0]), allowed_mentions=discord.AllowedMentions.none())
        if is_goryo and _in_guild(interaction):
            # Her own board too, for a Goryō playing in the channel: she alone sees it.
            secret = await self.drawing.goryo_board(state, language=spoken())
            # Her builder with it when it is her turn: it works wherever she asked (her DMs shut, say).
            await send_private(interaction, goryo_status_secret(state), board=secret,
                               view=builder.builder_view(record.id, state))

    async def status(
        self, interaction: discord.Interaction, match_id: int | None,
        clock_line: Callable[[MatchRecord], Awaitable[str | None]],
    ) -> None:
        """The match's status for the asker; ``clock_line`` says its turn clock (``TurnClock.status_line``)."""
        record = await self._match(interaction, match_id)
        text = status_text(
            rules.public_view(record.state), record.goryo_id, record.samurai_id, record.channel_id,
            aid=aid_words(record.state, record.assist), assist=record.assist,
        )
        if (clock := await clock_line(record)) is not None:
            text += "\n" + clock
        if interaction.user.id == record.goryo_id:
            text += "\n" + goryo_status_secret(record.state)
        await send_private(interaction, text)

    async def resign(self, interaction: discord.Interaction, match_id: int | None) -> None:
        record = await self._match(interaction, match_id)
        side = record.player_side(interaction.user.id)
        if side is None:
            raise Refusal(N_("You are not playing this match, so there is nothing to resign."))
        # Resigning cannot be undone: ask first, privately, with buttons that survive a restart.
        text = resign_question(record.channel_id, record.player_of(side.other))
        await send_private(interaction, text, view=resign_view(record.id, record.version))

    async def confirm_resign(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        record = await self.service.load(match_id)
        side = record.player_side(interaction.user.id)
        if side is None:
            raise Refusal(N_("You are not playing this match, so there is nothing to resign."))
        if not record.is_active:
            raise Refusal(N_("This match is already over, so there is nothing to resign."))
        if record.version != version:
            raise Refusal(resign_outdated())
        # Its question becomes the receipt; the end itself is announced in the channel.
        await self.act(interaction, record.id, rules.Resign(side), version=version,
                       receipt=resigned(record.channel_id))

    async def keep_playing(self, interaction: discord.Interaction, match_id: int) -> None:
        record = await self.service.load(match_id)
        if record.player_side(interaction.user.id) is None:
            raise Refusal(N_("You are not playing this match."))
        await interaction.response.edit_message(content=resign_kept(), view=None)

    async def first_real_match(self, interaction: discord.Interaction, role: str, place: tuple[int | None, int]
                               ) -> None:
        """A lesson's last step: a match against the bot (easy) in the channel the lesson was asked for in."""
        channel = self.bot.get_channel(place[1])
        if isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
            # The click may come from DMs, whose interaction says nothing of that channel: the cache does.
            _, playable = permissions.needed_for(thread=isinstance(channel, discord.Thread))
            if missing := permissions.lacking(permissions.of_channel(channel), playable):
                raise Refusal(f"<#{channel.id}>: " + permission_words.cannot_play_here(missing))
        receipt = lessons.first_match_begun(place[1])
        await self.ai.start_match(interaction, role, False, "easy", place=place, receipt=receipt)

    async def match_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Autocomplete for ``match``: the user's active matches, named by channel and state."""
        choices = []
        for record in await self.store.active_matches_of(interaction.user.id):
            side = record.player_side(interaction.user.id)
            channel = self.bot.get_channel(record.channel_id)
            name = getattr(channel, "name", None)
            where = f"#{name}" if name is not None else f"channel {record.channel_id}"
            role = "Goryō" if side is rules.Side.GORYO else "Samurai"
            turn = "your turn" if record.state.to_move is side else "waiting"
            name = f"{record.id}: {where}, you play the {role}, round {max(record.state.round, 1)}, {turn}"
            if current.strip() and current.strip().lower() not in name.lower():
                continue
            choices.append(app_commands.Choice(name=name[:100], value=record.id))
        return choices[:25]

