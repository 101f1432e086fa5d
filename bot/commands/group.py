"""The ``/goryo`` command group: options as in section 5 of the spec, usable in servers and DMs.

Callbacks stay short: they hand their options to ``Game``; expected errors are
turned into private messages by the tree's error handler (``refusals``).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

import rules

from ..delivery.send import send_private
from ..play.game import Game
from ..text.help import HelpTopic, help_text

Colour = Literal["green", "purple", "red", "blue"]


def _game(interaction: discord.Interaction) -> Game:
    return interaction.client.game  # type: ignore[attr-defined]


async def _match_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await _game(interaction).match_choices(interaction, current)


async def _finished_match_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await _game(interaction).records.replay_choices(interaction, current)


MATCH_HELP = "Which of your matches (only needed when you play several)"


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GoryoCommands(app_commands.Group, name="goryo", description="Play Goryō, the hidden-movement game of a cat spirit and four Samurai"):
    @app_commands.command(description="Challenge a member to a match in this channel")
    @app_commands.describe(
        opponent="Who you challenge",
        role="The side you play (random by default)",
        advanced="Advanced mode: each Samurai takes at most 2 actions",
        level="When you challenge me, the bot: how well I play (normal by default)",
        assist="Deduction aid: show everyone where her path can still run, from the answers (off by default)",
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        role: Literal["goryo", "samurai", "random"] = "random",
        advanced: bool = False,
        level: Literal["easy", "normal", "hard"] = "normal",
        assist: bool = False,
    ) -> None:
        await _game(interaction).challenges.post(interaction, opponent, role, advanced, level, assist)

    @app_commands.command(description="Goryō: choose which space of the first type you break and start on")
    @app_commands.describe(space="A space of the first type drawn, like C1", match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def start(self, interaction: discord.Interaction, space: str, match: int | None = None) -> None:
        await _game(interaction).choose_start(interaction, space, match)

    @app_commands.command(description="Goryō: preview a path, then confirm it")
    @app_commands.describe(
        spaces="Your space, then 4 steps (5 with your Sprint), like C1 C2 D2 D1 E1",
        false_trail="Where to lay your False Trail (a space off your path)",
        match=MATCH_HELP,
    )
    @app_commands.autocomplete(match=_match_autocomplete)
    async def path(
        self, interaction: discord.Interaction, spaces: str, false_trail: str | None = None, match: int | None = None
    ) -> None:
        await _game(interaction).preview_plan(interaction, spaces, false_trail, match)

    @app_commands.command(description="Samurai: move one Samurai to a neighbouring space")
    @app_commands.describe(samurai="Which Samurai", to="The space to move to, like C2")
    async def move(self, interaction: discord.Interaction, samurai: Colour, to: str) -> None:
        game = _game(interaction)
        await game.samurai_action(interaction, lambda: rules.Move(rules.samurai_named(samurai), rules.parse_space(to)))

    @app_commands.command(description="Samurai: search the space a Samurai stands on")
    @app_commands.describe(samurai="Which Samurai")
    async def search(self, interaction: discord.Interaction, samurai: Colour) -> None:
        game = _game(interaction)
        await game.samurai_action(interaction, lambda: rules.Search(rules.samurai_named(samurai)))

    @app_commands.command(description="Samurai: sniff a space next to a Samurai")
    @app_commands.describe(samurai="Which Samurai", space="A neighbouring space, like C3")
    async def sniff(self, interaction: discord.Interaction, samurai: Colour, space: str) -> None:
        game = _game(interaction)
        await game.samurai_action(
            interaction, lambda: rules.Sniff(rules.samurai_named(samurai), rules.parse_space(space))
        )

    @app_commands.command(description="Samurai: end your turn; the Discovery follows")
    async def end(self, interaction: discord.Interaction) -> None:
        await _game(interaction).samurai_action(interaction, rules.EndSamuraiTurn)

    @app_commands.command(description="Post the current board")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def board(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await _game(interaction).board(interaction, match)

    @app_commands.command(description="Round, turn, spirit tokens, gong, tiles and powers (only you see it)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def status(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await _game(interaction).status(interaction, match)

    @app_commands.command(description="Concede the match")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await _game(interaction).resign(interaction, match)

    @app_commands.command(description="Win on time: your opponent let their turn time run out")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=_match_autocomplete)
    async def claim(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await interaction.client.turns.claim(interaction, match)  # type: ignore[attr-defined]

    @app_commands.command(description="Call off this channel's match, with no winner (members who manage the channel)")
    async def abort(self, interaction: discord.Interaction) -> None:
        await interaction.client.turns.abort(interaction)  # type: ignore[attr-defined]

    @app_commands.command(description="A member's matches, wins, ratings and recent results in this server")
    @app_commands.describe(member="Whose stats (yours by default)")
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await _game(interaction).records.stats(interaction, member)

    @app_commands.command(description="The best players of this server, by rating")
    @app_commands.describe(role="Which side's leaderboard (both by default)")
    async def leaderboard(self, interaction: discord.Interaction, role: Literal["goryo", "samurai"] | None = None) -> None:
        await _game(interaction).records.leaderboard(interaction, role)

    @app_commands.command(description="This channel's recent matches")
    async def history(self, interaction: discord.Interaction) -> None:
        await _game(interaction).records.history(interaction)

    @app_commands.command(description="A finished match replayed as an animated picture")
    @app_commands.describe(match="Which finished match (type to search)")
    @app_commands.autocomplete(match=_finished_match_autocomplete)
    async def replay(self, interaction: discord.Interaction, match: int) -> None:
        game = _game(interaction)
        await game.records.replay(interaction, match, game.service.clock)

    @app_commands.command(description="How to play, the commands, ratings and more, by topic (only you see it)")
    @app_commands.describe(topic="What you want to know (a short overview by default)")
    async def help(self, interaction: discord.Interaction, topic: HelpTopic | None = None) -> None:
        await send_private(interaction, help_text(topic))
