"""Abuse: Hypothesis feeds every command option with generated strings and plays both
players' (and a bystander's) commands in random order, through SimCord and the real bot.

After every single command:
- it was answered;
- the stored match either did not change, or changed by exactly one logged action that
  was legal in the state before, by the player whose side it is, of the kind the command
  names, and the stored state is what the rules make of it;
- an answer is public only when an action was applied (or for ``/goryo board``, which
  posts the board on purpose); everything else is private;
and at the end the action log replays to the stored state and the bot raised nothing
but refusals (SimCord records every error, handled or not).

Each example runs its own bot on its own SQLite file, so examples never share state.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
import rules.playout
from bot import create_bot
from tests.bot.helpers import Table, command_for, plan_text, unexpected_errors

pytestmark = pytest.mark.long  # each example starts a bot of its own

FUZZ = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,  # the same examples every run: a red build is reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

COLOURS = [s.value for s in rules.Samurai]
SPACE_NAMES = [rules.space_name(s) for s in rules.SPACES]
SEPARATORS = [" ", ",", ", ", "-", " - ", "->", " → ", "  ", "", ";", "/"]
NASTY = [
    "", " ", "\t", "\n", "@everyone", "@here", "<@1>", "<@&2>", "<#3>", "**C2**", "`C2`", "||C2||", "~~C2~~",
    "> C2", "c2", " C 2 ", "C 2", "2C", "Z9", "A0", "G1", "C22", "C", "2", "→", "C2→C3→D3", "\u200bC2", "\uff23\uff12",
    "C2\u0301", "🐱", "null", "None", "-1", "0", "C2; DROP TABLE matches;--", "%s%s", "{0}", "\\", "'\"",
]

# Which action each command may apply; a command not listed never changes the match.
APPLIES = {
    "start": rules.ChooseStart,
    "confirm": rules.Plan,
    "move": rules.Move,
    "search": rules.Search,
    "sniff": rules.Sniff,
    "end": rules.EndSamuraiTurn,
    "resign": rules.Resign,
    "claim": rules.TimeOut,
}
PUBLIC_ON_PURPOSE = {"board"}


def plans_text() -> st.SearchStrategy[str]:
    """Plans of every length, well or badly separated, mostly of real spaces."""
    return st.builds(
        lambda spaces, sep: sep.join(spaces),
        st.lists(st.sampled_from(SPACE_NAMES) | st.sampled_from(NASTY[:20]), min_size=0, max_size=9),
        st.sampled_from(SEPARATORS),
    )


def garbage() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(NASTY),
        st.sampled_from(SPACE_NAMES),
        st.text(max_size=40),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=300),
        st.integers(1, 6000).map(lambda n: ("C2 " * n)[:6000]),  # huge, up to Discord's 6000 characters
        plans_text(),
    )


@dataclass
class Outcome:
    result: simcord.InteractionResult | None
    in_channel: bool


class Fuzzer:
    """One match and the checks above, around every command."""

    def __init__(self, env: simcord.Env, table: Table, data) -> None:
        self.env = env
        self.table = table
        self.data = data
        self.previews: list[tuple[simcord.InteractionResult, bool]] = []

    @property
    def store(self):
        return self.env.bot.store

    async def match(self):
        records = await self.store.finished_matches(self.table.channel.id) or [
            await self.store.active_match_in(self.table.channel.id)
        ]
        return records[0]

    def public(self) -> list:
        """What everyone in the channel sees (a bystander's own private answers left out)."""
        return [m for m in self.table.channel.history(viewer=self.table.carol) if not m.flags.ephemeral]

    async def command(self, name: str, actor, do) -> None:
        """Run one command and check everything the module docstring promises."""
        before = await self.match()
        public_before = len(self.public())
        outcome: Outcome = await do()
        after = await self.match()
        new_public = self.public()[public_before:]
        if outcome.result is not None:
            assert outcome.result.acknowledged, f"/{name} got no answer"

        if after.version == before.version:
            assert after.state == before.state
            if name not in PUBLIC_ON_PURPOSE:
                assert new_public == [], f"/{name} changed nothing but posted {[m.content for m in new_public]}"
                if outcome.in_channel and outcome.result is not None:
                    assert outcome.result.ephemeral, f"/{name} answered publicly: {outcome.result.response!r}"
            return
        entry, *ended = (await self.store.actions(after.id))[before.version :]
        assert after.version == before.version + 1 + len(ended)
        assert isinstance(entry.action, APPLIES[name]), f"/{name} applied {entry.action!r}"
        assert rules.is_legal(before.state, entry.action)
        reached = rules.apply(before.state, entry.action).state
        if ended:  # the Samurai had nothing legal left: their turn ended by itself
            [end] = ended
            assert end.action == rules.EndSamuraiTurn() and not rules.legal_samurai_actions(reached)
            reached = rules.apply(reached, end.action).state
        assert reached == after.state
        assert entry.actor_id == actor.id
        needed = rules.Side.GORYO if isinstance(entry.action, (rules.ChooseStart, rules.Plan)) else (
            rules.Side.SAMURAI if isinstance(entry.action, rules.SamuraiAction | rules.EndSamuraiTurn) else None
        )
        if needed is not None:
            assert before.player_side(actor.id) is needed and before.state.to_move is needed

    # --- commands, each by any actor, in the channel or in DMs ------------------------------

    def _who(self):
        return self.data.draw(st.sampled_from([self.table.goryo, self.table.samurai, self.table.carol]), label="actor")

    async def slash(self, name: str, actor, in_channel: bool, **options) -> None:
        async def do() -> Outcome:
            if in_channel:
                return Outcome(await actor.slash(self.table.channel, f"goryo {name}", **options), True)
            return Outcome(await actor.user.slash(f"goryo {name}", **options), False)

        await self.command(name, actor, do)

    async def preview(self, actor, in_channel: bool, spaces: str, false_trail: str | None) -> None:
        options = {"spaces": spaces} | ({"false_trail": false_trail} if false_trail is not None else {})

        async def do() -> Outcome:
            if in_channel:
                result = await actor.slash(self.table.channel, "goryo path", **options)
            else:
                result = await actor.user.slash("goryo path", **options)
            if result.response is not None and result.response.components:
                self.previews.append((result, in_channel))
            return Outcome(result, in_channel)

        await self.command("path", actor, do)

    async def press(self, label: str, *, newest: bool = False) -> None:
        """The Goryō presses Confirm or Cancel on one of her earlier previews (or the newest), if it has buttons.

        Only the newest preview can lock in; pressing an older one must be refused and change nothing.
        """
        live = [(r, c) for r, c in self.previews if r.response is not None and r.response.components]
        if not live:
            return
        result, in_channel = live[-1] if newest else self.data.draw(st.sampled_from(live), label="preview")
        goryo = self.table.goryo

        async def do() -> Outcome:
            clicker = goryo if in_channel else goryo.user
            return Outcome(await clicker.click(result.response, label=label), in_channel)

        await self.command("confirm" if label == "Confirm" else "cancel", goryo, do)

    async def garbage_command(self, text: st.SearchStrategy[str]) -> None:
        draw = self.data.draw
        actor = self._who()
        in_channel = draw(st.booleans(), label="in channel")
        name = draw(
            st.sampled_from(["start", "path", "move", "search", "sniff", "end", "board", "status", "claim", "help",
                             "confirm", "cancel", "challenge"]),
            label="command",
        )
        colour = draw(st.sampled_from(COLOURS), label="samurai")
        if name == "start":
            await self.slash("start", actor, in_channel, space=draw(text, label="space"))
        elif name == "path":
            trail = draw(st.none() | text, label="false_trail")
            await self.preview(actor, in_channel, draw(text | plans_text(), label="spaces"), trail)
        elif name == "move":
            await self.slash("move", actor, in_channel, samurai=colour, to=draw(text, label="to"))
        elif name == "search":
            await self.slash("search", actor, in_channel, samurai=colour)
        elif name == "sniff":
            await self.slash("sniff", actor, in_channel, samurai=colour, space=draw(text, label="space"))
        elif name == "challenge":  # while this match lasts the channel is busy: always refused, privately
            if not (await self.match()).is_active:
                return
            opponent = draw(st.sampled_from([self.table.goryo, self.table.samurai, self.table.carol]), label="opponent")
            role = draw(st.sampled_from(["goryo", "samurai", "random"]), label="role")
            await self.slash("challenge", actor, True, opponent=opponent, role=role, advanced=draw(st.booleans()))
        elif name in ("confirm", "cancel"):
            await self.press(name.capitalize())
        elif name in ("board", "status", "claim"):
            # Discord sends integers up to ±(2**53 - 1); SimCord refuses anything beyond, as Discord would.
            match = draw(st.none() | st.integers(-(2**53 - 1), 2**53 - 1), label="match")
            options = {} if match is None else {"match": match}
            await self.slash(name, actor, in_channel, **options)
        else:
            await self.slash(name, actor, in_channel)

    async def legal_move(self, rng: random.Random) -> None:
        """The player to move plays a legal action, through the commands a person would use."""
        state = (await self.match()).state
        if state.is_over:
            return
        action = rules.playout.random_action(state, rng)
        in_channel = self.data.draw(st.booleans(), label="goryo in channel")
        if isinstance(action, rules.ChooseStart):
            await self.slash("start", self.table.goryo, in_channel, space=rules.space_name(action.space))
        elif isinstance(action, rules.Plan):
            trail = rules.space_name(action.false_trail) if action.false_trail is not None else None
            await self.preview(self.table.goryo, in_channel, plan_text(action), trail)
            await self.press("Confirm", newest=True)
        else:
            name, options = command_for(action)
            await self.slash(name, self.table.samurai, True, **options)


async def fuzz_match(data, drawing, *, legal_share: float, steps: int, text: st.SearchStrategy[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        seed = data.draw(st.integers(0, 10_000), label="seed")
        bot = create_bot(database=Path(folder) / "fuzz.sqlite3", environ={}, env_file=None, sync="global", seed=seed,
                         drawing=drawing)
        try:
            async with simcord.run(bot) as env:
                table = Table(env, seed=seed)
                await table.begin()
                fuzzer = Fuzzer(env, table, data)
                rng = random.Random(seed)
                for _ in range(steps):
                    if data.draw(st.floats(0, 1), label="legal?") < legal_share:
                        await fuzzer.legal_move(rng)
                    else:
                        await fuzzer.garbage_command(text)
                record = await fuzzer.match()
                assert await env.bot.store.verify(record.id) is None
                assert await env.bot.store.replay(record.id) == record.state
                assert unexpected_errors(env) == []
        finally:
            if bot.store is not None:
                await bot.store.close()


@FUZZ
@given(st.data())
def test_generated_option_strings_are_refused_privately_and_change_nothing(drawing, data):
    # Mostly garbage, with some legal play so that every phase of a match gets its share.
    asyncio.run(fuzz_match(data, drawing, legal_share=0.3, steps=14, text=garbage()))


@FUZZ
@given(st.data())
def test_both_players_commands_in_random_order_keep_the_match_legal(drawing, data):
    # Mostly real play, interleaved with either player (or a bystander) acting out of turn.
    spaces = st.sampled_from(SPACE_NAMES)
    asyncio.run(fuzz_match(data, drawing, legal_share=0.6, steps=24, text=spaces | plans_text()))
