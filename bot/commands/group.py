"""The ``/goryo`` command group: options as in section 5 of the spec, usable in servers and DMs.

Callbacks stay short: they hand their options to ``Game``; expected errors are
turned into private messages by the tree's error handler (``refusals``).

Every name, description and choice is a ``locale_str`` (names with ``context="command name"``, written out so the extractor sees it), translated
for each Discord locale by ``translator.CatalogueTranslator`` when the commands are synced.
Option names are the Python parameters' names in English, renamed for other languages.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

import rules

from ..delivery.send import send_private
from ..play.choices import samurai_from
from ..play.game import Game
from ..text.help import HelpTopic, help_text


def _game(interaction: discord.Interaction) -> Game:
    return interaction.client.game  # type: ignore[attr-defined]


async def _match_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await _game(interaction).match_choices(interaction, current)


async def _finished_match_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await _game(interaction).records.replay_choices(interaction, current)


def _legal(command: str, option: str):
    """Autocomplete offering what the rules allow the caller now for ``option`` of ``command`` (``bot.play.choices``)."""

    async def offer(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _game(interaction).choices.offer(interaction, command, option, current)

    return offer


MATCH_HELP = locale_str("Which of your matches (only needed when you play several)")
SIDES = [
    Choice(name=locale_str("goryo", context="command name"), value="goryo"),
    Choice(name=locale_str("samurai", context="command name"), value="samurai"),
]
HELP_TOPICS: list[Choice[str]] = [
    Choice(name=locale_str("rules", context="command name"), value="rules"),
    Choice(name=locale_str("commands", context="command name"), value="commands"),
    Choice(name=locale_str("ratings", context="command name"), value="ratings"),
    Choice(name=locale_str("assist", context="command name"), value="assist"),
    Choice(name=locale_str("ai", context="command name"), value="ai"),
]


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GoryoCommands(
    app_commands.Group,
    name=locale_str("goryo", context="command name"),
    description=locale_str("Play Goryō, the hidden-movement game of a cat spirit and four Samurai"),
):
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
        assist=locale_str("Deduction aid: show everyone where her path can still run, from the answers (off by default)"),
    )
    @app_commands.choices(
        role=[*SIDES, Choice(name=locale_str("random", context="command name"), value="random")],
        level=[
            Choice(name=locale_str("easy", context="command name"), value="easy"),
            Choice(name=locale_str("normal", context="command name"), value="normal"),
            Choice(name=locale_str("hard", context="command name"), value="hard"),
        ],
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        role: str = "random",
        advanced: bool = False,
        level: str = "normal",
        assist: bool = False,
    ) -> None:
        await _game(interaction).challenges.post(interaction, opponent, role, advanced, level, assist)

    @app_commands.command(name=locale_str("start", context="command name"),
                          description=locale_str("Goryō: choose which space of the first type you break and start on"))
    @app_commands.rename(space=locale_str("space", context="command name"), match=locale_str("match", context="command name"))
    @app_commands.describe(space=locale_str("A space of the first type drawn, like C1"), match=MATCH_HELP)
    @app_commands.autocomplete(space=_legal("start", "space"), match=_match_autocomplete)
    async def start(self, interaction: discord.Interaction, space: str, match: int | None = None) -> None:
        await _game(interaction).choose_start(interaction, space, match)

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
    @app_commands.autocomplete(
        spaces=_legal("path", "spaces"), false_trail=_legal("path", "false_trail"), match=_match_autocomplete
    )
    async def path(
        self, interaction: discord.Interaction, spaces: str, false_trail: str | None = None, match: int | None = None
    ) -> None:
        await _game(interaction).preview_plan(interaction, spaces, false_trail, match)

    @app_commands.command(name=locale_str("move", context="command name"),
                          description=locale_str("Samurai: move one Samurai to a neighbouring space"))
    @app_commands.rename(samurai=locale_str("samurai", context="command name"), to=locale_str("to", context="command name"))
    @app_commands.describe(samurai=locale_str("Which Samurai, like green"), to=locale_str("The space to move to, like C2"))
    @app_commands.autocomplete(samurai=_legal("move", "samurai"), to=_legal("move", "to"))
    async def move(self, interaction: discord.Interaction, samurai: str, to: str) -> None:
        game = _game(interaction)
        await game.samurai_action(interaction, lambda: rules.Move(samurai_from(samurai), rules.parse_space(to)))

    @app_commands.command(name=locale_str("search", context="command name"),
                          description=locale_str("Samurai: search the space a Samurai stands on"))
    @app_commands.rename(samurai=locale_str("samurai", context="command name"))
    @app_commands.describe(samurai=locale_str("Which Samurai, like green"))
    @app_commands.autocomplete(samurai=_legal("search", "samurai"))
    async def search(self, interaction: discord.Interaction, samurai: str) -> None:
        game = _game(interaction)
        await game.samurai_action(interaction, lambda: rules.Search(samurai_from(samurai)))

    @app_commands.command(name=locale_str("sniff", context="command name"),
                          description=locale_str("Samurai: sniff a space next to a Samurai"))
    @app_commands.rename(samurai=locale_str("samurai", context="command name"), space=locale_str("space", context="command name"))
    @app_commands.describe(samurai=locale_str("Which Samurai, like green"), space=locale_str("A neighbouring space, like C3"))
    @app_commands.autocomplete(samurai=_legal("sniff", "samurai"), space=_legal("sniff", "space"))
    async def sniff(self, interaction: discord.Interaction, samurai: str, space: str) -> None:
        game = _game(interaction)
        await game.samurai_action(interaction, lambda: rules.Sniff(samurai_from(samurai), rules.parse_space(space)))

    @app_commands.command(name=locale_str("end", context="command name"),
                          description=locale_str("Samurai: end your turn; the Discovery follows"))
    async def end(self, interaction: discord.Interaction) -> None:
        await _game(interaction).samurai_action(interaction, rules.EndSamuraiTurn)

    @app_commands.command(name=locale_str("board", context="command name"), description=locale_str("Post the current board"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def board(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await _game(interaction).board(interaction, match)

    @app_commands.command(name=locale_str("status", context="command name"),
                          description=locale_str("Round, turn, spirit tokens, gong, tiles and powers (only you see it)"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def status(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await _game(interaction).status(interaction, match)

    @app_commands.command(name=locale_str("resign", context="command name"), description=locale_str("Concede the match"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await _game(interaction).resign(interaction, match)

    @app_commands.command(name=locale_str("claim", context="command name"),
                          description=locale_str("Win on time: your opponent let their turn time run out"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def claim(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await interaction.client.turns.claim(interaction, match)  # type: ignore[attr-defined]

    @app_commands.command(
        name=locale_str("abort", context="command name"),
        description=locale_str("Call off this channel's match, with no winner (members who manage the channel)"),
    )
    async def abort(self, interaction: discord.Interaction) -> None:
        await interaction.client.turns.abort(interaction)  # type: ignore[attr-defined]

    @app_commands.command(name=locale_str("stats", context="command name"),
                          description=locale_str("A member's matches, wins, ratings and recent results in this server"))
    @app_commands.rename(member=locale_str("member", context="command name"))
    @app_commands.describe(member=locale_str("Whose stats (yours by default)"))
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await _game(interaction).records.stats(interaction, member)

    @app_commands.command(name=locale_str("leaderboard", context="command name"),
                          description=locale_str("The best players of this server, by rating"))
    @app_commands.rename(role=locale_str("role", context="command name"))
    @app_commands.describe(role=locale_str("Which side's leaderboard (both by default)"))
    @app_commands.choices(role=SIDES)
    async def leaderboard(self, interaction: discord.Interaction, role: str | None = None) -> None:
        await _game(interaction).records.leaderboard(interaction, role)

    @app_commands.command(name=locale_str("history", context="command name"), description=locale_str("This channel's recent matches"))
    async def history(self, interaction: discord.Interaction) -> None:
        await _game(interaction).records.history(interaction)

    @app_commands.command(name=locale_str("replay", context="command name"),
                          description=locale_str("A finished match replayed as an animated picture"))
    @app_commands.rename(match=locale_str("match", context="command name"))
    @app_commands.describe(match=locale_str("Which finished match (type to search)"))
    @app_commands.autocomplete(match=_finished_match_autocomplete)
    async def replay(self, interaction: discord.Interaction, match: int) -> None:
        game = _game(interaction)
        await game.records.replay(interaction, match, game.service.clock)

    @app_commands.command(name=locale_str("help", context="command name"),
                          description=locale_str("How to play, the commands, ratings and more, by topic (only you see it)"))
    @app_commands.rename(topic=locale_str("topic", context="command name"))
    @app_commands.describe(topic=locale_str("What you want to know (a short overview by default)"))
    @app_commands.choices(topic=HELP_TOPICS)
    async def help(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        chosen: HelpTopic | None = topic  # type: ignore[assignment]  # one of HELP_TOPICS' values
        await send_private(interaction, help_text(chosen))
