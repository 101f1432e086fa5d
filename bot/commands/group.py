"""The ``/goryo`` command group: options as in section 5 of the spec, usable in servers and DMs.

Callbacks stay short: they hand their options to the side of the match they are about (``bot.play``);
expected errors are turned into private messages by the tree's error handler (``refusals``).

Every name, description and choice is a ``locale_str`` (names with ``context="command name"``, written out so
the extractor sees it), translated
for each Discord locale by ``translator.CatalogueTranslator`` when the commands are synced.
Option names are the Python parameters' names in English, renamed for other languages.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import cast

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

import rules
from ai.levels import Level

from ..delivery.send import send_private
from ..play.challenges import Challenges
from ..play.choices import Choices, samurai_from
from ..play.goryo_side import GoryoSide
from ..play.resigning import Resigning
from ..play.samurai_side import SamuraiSide
from ..play.service import Clock
from ..play.timekeeping import TurnClock
from ..play.viewing import Viewing
from ..records.league.seasons import Season
from ..records.matches import Role
from ..text.help import HelpTopic, help_text
from .league import Records, ReplayKind

MATCH_HELP = locale_str("Which of your matches (only needed when you play several)")
SIDES = [
    Choice(name=locale_str("goryo", context="command name"), value="goryo"),
    Choice(name=locale_str("samurai", context="command name"), value="samurai"),
]
# The bot's levels as the commands offer them (``/goryo challenge level:``, ``/goryo settings max_level:``):
# each level's name written once, in the order of ``ai.Level``.
LEVEL_NAMES: dict[Level, locale_str] = {
    Level.EASY: locale_str("easy", context="command name"),
    Level.NORMAL: locale_str("normal", context="command name"),
    Level.HARD: locale_str("hard", context="command name"),
    Level.EXPERT: locale_str("expert", context="command name"),
}
LEVELS: list[Choice[str]] = [Choice(name=LEVEL_NAMES[level], value=level.value) for level in Level]
HELP_TOPICS: list[Choice[str]] = [
    Choice(name=locale_str("rules", context="command name"), value="rules"),
    Choice(name=locale_str("commands", context="command name"), value="commands"),
    Choice(name=locale_str("ratings", context="command name"), value="ratings"),
    Choice(name=locale_str("assist", context="command name"), value="assist"),
    Choice(name=locale_str("ai", context="command name"), value="ai"),
    Choice(name=locale_str("tournaments", context="command name"), value="tournaments"),
]

REPLAY_AS_HELP = locale_str("An animation (the default), a review of the Samurai's hunt, or the record as text")
# each kind's name written once, in the order of ``ReplayKind``.
REPLAY_KIND_NAMES: dict[ReplayKind, locale_str] = {
    ReplayKind.ANIMATION: locale_str("animation", context="command name"),
    ReplayKind.REVIEW: locale_str("review", context="command name"),
    ReplayKind.RECORD: locale_str("record", context="command name"),
}
REPLAY_KINDS: list[Choice[str]] = [Choice(name=REPLAY_KIND_NAMES[kind], value=kind.value) for kind in ReplayKind]


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GoryoCommands(
    app_commands.Group,
    name=locale_str("goryo", context="command name"),
    description=locale_str("Play Goryō, the hidden-movement game of a cat spirit and four Samurai"),
):
    """The group, acting on the parts ``setup_hook`` built and handed in."""

    def __init__(self, *, challenges: Challenges, goryo: GoryoSide, samurai: SamuraiSide, viewing: Viewing,
                 resigning: Resigning, choices: Choices, turns: TurnClock, records: Records, clock: Clock,
                 newcomer: Callable[[int], Awaitable[bool]]) -> None:
        super().__init__()
        self.newcomer = newcomer  # whether a member has neither begun a lesson nor finished a match
        self.challenges = challenges
        self.goryo = goryo
        self.samurai = samurai
        self.viewing = viewing
        self.resigning = resigning
        self.choices = choices
        self.turns = turns
        self.records = records
        self.clock = clock

    # Autocompletes: methods, so that discord.py hands them the group (``self``) as it does the commands.
    async def _match_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.viewing.match_choices(interaction, current)

    async def _finished_match_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.records.replay_choices(interaction, current)

    async def _legal(
        self, interaction: discord.Interaction, command: str, option: str, current: str
    ) -> list[Choice[str]]:
        """What the rules allow the caller now for ``option`` of ``command`` (``bot.play.choices``)."""
        return await self.choices.offer(interaction, command, option, current)

    async def _start_space(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "start", "space", current)

    async def _path_spaces(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "path", "spaces", current)

    async def _path_false_trail(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "path", "false_trail", current)

    async def _move_samurai(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "move", "samurai", current)

    async def _move_to(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "move", "to", current)

    async def _search_samurai(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "search", "samurai", current)

    async def _sniff_samurai(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "sniff", "samurai", current)

    async def _sniff_space(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._legal(interaction, "sniff", "space", current)

    @app_commands.command(name=locale_str("challenge", context="command name"),
                          description=locale_str("Challenge a member to a match in this channel"))
    @app_commands.rename(
        opponent=locale_str("opponent", context="command name"),
        role=locale_str("role", context="command name"),
        advanced=locale_str("advanced", context="command name"),
        level=locale_str("level", context="command name"),
        assist=locale_str("assist", context="command name"),
    )
    @app_commands.describe(
        opponent=locale_str("Who you challenge"),
        role=locale_str("The side you play (random by default)"),
        advanced=locale_str("Advanced mode: each Samurai takes at most 2 actions"),
        level=locale_str("When you challenge me, the bot: how well I play (normal by default)"),
        assist=locale_str(
            "Deduction aid: show everyone where her path can still run, from the answers (off by default)"
        ),
    )
    @app_commands.choices(
        role=[*SIDES, Choice(name=locale_str("random", context="command name"), value=Role.RANDOM.value)],
        level=LEVELS,
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        role: str = Role.RANDOM.value,
        advanced: bool = False,
        level: str = Level.NORMAL.value,
        assist: bool = False,
    ) -> None:
        # One of the choices' values each: a Role and a Level.
        await self.challenges.post(interaction, opponent, Role(role), advanced, Level(level), assist)

    @app_commands.command(name=locale_str("start", context="command name"),
                          description=locale_str("Goryō: choose which space of the first type you break and start on"))
    @app_commands.rename(space=locale_str("space", context="command name"),
                         match=locale_str("match", context="command name"))
    @app_commands.describe(space=locale_str("A space of the first type drawn, like C1"), match=MATCH_HELP)
    @app_commands.autocomplete(space=_start_space)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def start(self, interaction: discord.Interaction, space: str, match: int | None = None) -> None:
        await self.goryo.choose_start(interaction, space, match)

    @app_commands.command(name=locale_str("path", context="command name"),
                          description=locale_str("Goryō: preview a path, then confirm it"))
    @app_commands.rename(
        spaces=locale_str("spaces", context="command name"),
        false_trail=locale_str("false_trail", context="command name"),
        match=locale_str("match", context="command name"),
    )
    @app_commands.describe(
        spaces=locale_str("Your space, then 4 steps (5 with your Sprint), like C1 C2 D2 D1 E1"),
        false_trail=locale_str("Where to lay your False Trail (a space off your path)"),
        match=MATCH_HELP,
    )
    @app_commands.autocomplete(spaces=_path_spaces, false_trail=_path_false_trail)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def path(
        self, interaction: discord.Interaction, spaces: str, false_trail: str | None = None, match: int | None = None
    ) -> None:
        await self.goryo.preview_plan(interaction, spaces, false_trail, match)

    @app_commands.command(name=locale_str("move", context="command name"),
                          description=locale_str("Samurai: move one Samurai to a neighbouring space"))
    @app_commands.rename(samurai=locale_str("samurai", context="command name"),
                         to=locale_str("to", context="command name"))
    @app_commands.describe(samurai=locale_str("Which Samurai, like green"),
                           to=locale_str("The space to move to, like C2"))
    @app_commands.autocomplete(samurai=_move_samurai, to=_move_to)
    async def move(self, interaction: discord.Interaction, samurai: str, to: str) -> None:
        await self.samurai.samurai_action(interaction, lambda: rules.Move(samurai_from(samurai), rules.parse_space(to)))

    @app_commands.command(name=locale_str("search", context="command name"),
                          description=locale_str("Samurai: search the space a Samurai stands on"))
    @app_commands.rename(samurai=locale_str("samurai", context="command name"))
    @app_commands.describe(samurai=locale_str("Which Samurai, like green"))
    @app_commands.autocomplete(samurai=_search_samurai)
    async def search(self, interaction: discord.Interaction, samurai: str) -> None:
        await self.samurai.samurai_action(interaction, lambda: rules.Search(samurai_from(samurai)))

    @app_commands.command(name=locale_str("sniff", context="command name"),
                          description=locale_str("Samurai: sniff a space next to a Samurai"))
    @app_commands.rename(samurai=locale_str("samurai", context="command name"),
                         space=locale_str("space", context="command name"))
    @app_commands.describe(samurai=locale_str("Which Samurai, like green"),
                           space=locale_str("A neighbouring space, like C3"))
    @app_commands.autocomplete(samurai=_sniff_samurai, space=_sniff_space)
    async def sniff(self, interaction: discord.Interaction, samurai: str, space: str) -> None:
        await self.samurai.samurai_action(
            interaction, lambda: rules.Sniff(samurai_from(samurai), rules.parse_space(space)))

    @app_commands.command(name=locale_str("end", context="command name"),
                          description=locale_str("Samurai: end your turn; the Discovery follows"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.samurai.samurai_action(interaction, rules.EndSamuraiTurn)

    @app_commands.command(name=locale_str("undo", context="command name"),
                          description=locale_str("Samurai: take back your last move, while it revealed nothing"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.samurai.samurai_action(interaction, rules.Undo)

    @app_commands.command(name=locale_str("board", context="command name"),
                          description=locale_str("Post the current board"))
    @app_commands.rename(match=locale_str("match", context="command name"),
                         text=locale_str("text", context="command name"))
    @app_commands.describe(match=MATCH_HELP, text=locale_str("True: the whole board in words, for you alone"))
    @app_commands.autocomplete(match=_match_autocomplete)
    async def board(self, interaction: discord.Interaction, match: int | None = None, text: bool = False) -> None:
        if text:
            await self.viewing.board_in_words(interaction, match)
        else:
            await self.viewing.board(interaction, match)

    @app_commands.command(name=locale_str("status", context="command name"),
                          description=locale_str(
                              "Round, turn, spirit tokens, gong, tiles and powers (only you see it)"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def status(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self.viewing.status(interaction, match, self.turns.status_line)

    @app_commands.command(name=locale_str("resign", context="command name"),
                          description=locale_str("Concede the match"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self.resigning.resign(interaction, match)

    @app_commands.command(name=locale_str("claim", context="command name"),
                          description=locale_str("Win on time: your opponent let their turn time run out"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def claim(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self.turns.claim(interaction, match)

    @app_commands.command(
        name=locale_str("abort", context="command name"),
        description=locale_str("Call off this channel's match, with no winner (members who manage the channel)"),
    )
    async def abort(self, interaction: discord.Interaction) -> None:
        await self.turns.abort(interaction)

    @app_commands.command(name=locale_str("stats", context="command name"),
                          description=locale_str("A member's matches, wins, ratings and recent results in this server"))
    @app_commands.rename(member=locale_str("member", context="command name"))
    @app_commands.describe(member=locale_str("Whose stats (yours by default)"))
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await self.records.stats(interaction, member)

    @app_commands.command(name=locale_str("leaderboard", context="command name"),
                          description=locale_str("The best players of this server, by rating"))
    @app_commands.rename(role=locale_str("role", context="command name"),
                         season=locale_str("season", context="command name"))
    @app_commands.describe(role=locale_str("Which side's leaderboard (both by default)"),
                           season=locale_str("All time (default), this month or last month"))
    @app_commands.choices(role=SIDES, season=[
        Choice(name=locale_str("all_time", context="command name"), value="all_time"),
        Choice(name=locale_str("this_month", context="command name"), value="this_month"),
        Choice(name=locale_str("last_month", context="command name"), value="last_month"),
    ])
    async def leaderboard(self, interaction: discord.Interaction, role: str | None = None,
                          season: str = "all_time") -> None:
        await self.records.leaderboard(interaction, role, Season(season))

    @app_commands.command(name=locale_str("history", context="command name"),
                          description=locale_str("This channel's recent matches"))
    async def history(self, interaction: discord.Interaction) -> None:
        await self.records.history(interaction)

    @app_commands.command(name=locale_str("replay", context="command name"),
                          description=locale_str("A finished match replayed as an animated picture"))
    @app_commands.rename(match=locale_str("match", context="command name"),
                         as_=locale_str("as", context="command name"))
    @app_commands.describe(match=locale_str("Which finished match (type to search)"),
                           as_=REPLAY_AS_HELP)
    @app_commands.choices(as_=REPLAY_KINDS)
    @app_commands.autocomplete(match=_finished_match_autocomplete)
    async def replay(self, interaction: discord.Interaction, match: int, as_: str = ReplayKind.ANIMATION.value) -> None:
        await self.records.replay(interaction, match, self.clock, ReplayKind(as_))  # one of the choices' values

    @app_commands.command(name=locale_str("help", context="command name"),
                          description=locale_str(
                              "How to play, the commands, ratings and more, by topic (only you see it)"))
    @app_commands.rename(topic=locale_str("topic", context="command name"))
    @app_commands.describe(topic=locale_str("What you want to know (a short overview by default)"))
    @app_commands.choices(topic=HELP_TOPICS)
    async def help(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        newcomer = topic is None and await self.newcomer(interaction.user.id)
        # topic: one of HELP_TOPICS' values
        await send_private(interaction, help_text(cast("HelpTopic | None", topic), newcomer=newcomer))
