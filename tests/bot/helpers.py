"""A table of players in a SimCord guild, driving the real bot through slash commands and buttons.

The table keeps a shadow of the match built with ``rules`` from the same seed, so
tests can pick legal (or deliberately illegal) moves and check what the bot says. Below it, by subject, the acts
the tests of several folders share (a test module never imports another: tests/test_checks_config.py).
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

import discord
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

import rules
import rules.playout
from bot.ui.panel import action_value
from tests.bot.scripts import scripted_match


def plan_text(plan: rules.Plan) -> str:
    return " ".join(rules.space_name(s) for s in plan.path)


def command_for(action: rules.Action) -> tuple[str, dict[str, str]]:
    """The ``/goryo`` subcommand and options a player types for ``action`` (a plan is then confirmed)."""
    if isinstance(action, rules.ChooseStart):
        return "start", {"space": rules.space_name(action.space)}
    if isinstance(action, rules.Plan):
        options = {"spaces": plan_text(action)}
        if action.false_trail is not None:
            options["false_trail"] = rules.space_name(action.false_trail)
        return "path", options
    if isinstance(action, rules.Move):
        return "move", {"samurai": action.samurai.value, "to": rules.space_name(action.to)}
    if isinstance(action, rules.Search):
        return "search", {"samurai": action.samurai.value}
    if isinstance(action, rules.Sniff):
        return "sniff", {"samurai": action.samurai.value, "space": rules.space_name(action.space)}
    if isinstance(action, rules.EndSamuraiTurn):
        return "end", {}
    if isinstance(action, rules.Undo):
        return "undo", {}
    raise TypeError(f"no command plays {action!r}")


@dataclass
class Table:
    env: simcord.Env
    channel_name: str = "dojo"
    guild: simcord.GuildHandle | None = None
    names: tuple[str, str, str] = ("alice", "bob", "carol")
    seed: int | str = 1
    state: rules.GameState | None = None
    goryo: simcord.MemberActor | None = field(default=None)
    samurai: simcord.MemberActor | None = field(default=None)

    def __post_init__(self) -> None:
        if self.guild is None:
            self.guild = self.env.create_guild()
        self.channel = self.guild.create_text_channel(self.channel_name)
        self.alice, self.bob, self.carol = (self.guild.add_member(self.env.create_user(n)) for n in self.names)

    # --- challenge ---------------------------------------------------------------

    async def challenge(self, by=None, opponent=None, **options) -> simcord.InteractionResult:
        by = by or self.alice
        opponent = opponent or self.bob
        return await by.slash(self.channel, "goryo challenge", opponent=opponent, **options)

    def challenge_message(self) -> discord.Message:
        for message in reversed(self.channel.history()):
            if any("goryo:challenge:" in (c.get("custom_id") or "") for c in _buttons(message)):
                return message
        raise AssertionError("no open challenge in the channel")

    async def answer(self, label: str, by=None) -> simcord.InteractionResult:
        return await (by or self.bob).click(self.challenge_message(), label=label)

    async def begin(self, *, advanced: bool = False, seed: int | str | None = None, assist: bool = False) -> None:
        """Alice challenges Bob as the Goryō; Bob accepts. The shadow state starts from the same seed."""
        await self.challenge(role="goryo", advanced=advanced, **({"assist": True} if assist else {}))
        result = await self.answer("Accept")
        assert result.acknowledged
        self.goryo, self.samurai = self.alice, self.bob
        self.state = rules.new_game(self.seed if seed is None else seed, advanced=advanced)

    # --- playing ---------------------------------------------------------------------

    def goryo_dm(self) -> list[discord.Message]:
        return self.goryo.user.dm_channel.history()

    async def start(self, space: str, *, in_channel: bool = False) -> simcord.InteractionResult:
        if in_channel:
            result = await self.goryo.slash(self.channel, "goryo start", space=space)
        else:
            result = await self.goryo.user.slash("goryo start", space=space)
        return result

    async def preview(self, plan: rules.Plan, *, in_channel: bool = False, actor=None) -> simcord.InteractionResult:
        options = {"spaces": plan_text(plan)}
        if plan.false_trail is not None:
            options["false_trail"] = rules.space_name(plan.false_trail)
        actor = actor or self.goryo
        if in_channel:
            return await actor.slash(self.channel, "goryo path", **options)
        return await actor.user.slash("goryo path", **options)

    async def confirm(self, preview: simcord.InteractionResult, *,
                      in_channel: bool = False) -> simcord.InteractionResult:
        clicker = self.goryo if in_channel else self.goryo.user
        return await clicker.click(preview.response, label="Confirm")

    async def samurai_act(self, action: rules.Action, actor=None) -> simcord.InteractionResult:
        name, options = command_for(action)
        return await (actor or self.samurai).slash(self.channel, f"goryo {name}", **options)

    async def play(self, action: rules.Action, *, in_channel: bool = False) -> simcord.InteractionResult:
        """Play a legal action as the right player and advance the shadow state."""
        if isinstance(action, rules.ChooseStart):
            result = await self.start(rules.space_name(action.space), in_channel=in_channel)
        elif isinstance(action, rules.Plan):
            preview = await self.preview(action, in_channel=in_channel)
            result = await self.confirm(preview, in_channel=in_channel)
        elif isinstance(action, rules.EndSamuraiTurn) and not rules.legal_samurai_actions(self.state):
            # Nothing legal was left: the bot ended the turn by itself after the last action.
            discovery = [m for m in self.channel.history() if "Her path was" in m.content][-1]
            assert discovery.content.startswith("The Samurai have no action left")
            result = EndedByItself(discovery)
        else:
            result = await self.samurai_act(action)
        self.state = rules.apply(self.state, action).state
        return result


@dataclass
class EndedByItself:
    """Stands for the result of ``/goryo end`` when the turn ended without it: its Discovery message."""

    response: discord.Message
    ephemeral: bool = False
    followups: tuple = ()


async def paired_table(env: simcord.Env, name: str) -> Table:
    """One of two matches with the same public history and different secret plans (``name`` "first" or
    "second"; the second with a False Trail): what the Samurai see must not tell them apart."""
    table = Table(env, channel_name=name, names=(f"{name}-g", f"{name}-s", f"{name}-w"))
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    paths = sorted(rules.legal_paths(table.state))
    if name == "first":
        await table.play(rules.Plan(paths[0]))
    else:
        await table.play(rules.Plan(paths[-1], next(s for s in rules.SPACES if s not in paths[-1])))
    return table


def keep_acting(state: rules.GameState) -> rules.SamuraiAction:
    """A legal action of the Samurai acting now while he can (else the first legal one), so a turn runs to its
    6th action."""
    legal = rules.legal_samurai_actions(state)
    current = state.current_call.samurai if state.current_call else None
    return next((a for a in legal if a.samurai is current), legal[0])


def live_board(table: Table) -> discord.Message:
    """The live board of the current Samurai turn: the ping's message, then the board posted below each action's
    words (the one before it taken away)."""
    return [m for m in table.channel.history()
            if "planned her path" in m.content or m.content.startswith("The board in")][-1]


def _buttons(message: discord.Message) -> list[dict]:
    found = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            found.append({"custom_id": getattr(child, "custom_id", None), "label": getattr(child, "label", None)})
    return found


def controls(message, prefix: str) -> list:
    """The message's controls whose id starts with ``prefix`` and that can still be used."""
    return [child for row in message.components for child in getattr(row, "children", [row])
            if (getattr(child, "custom_id", None) or "").startswith(prefix) and not getattr(child, "disabled", False)]


def carrying(messages, prefix: str) -> list:
    """The messages among ``messages`` that carry usable controls whose id starts with ``prefix``."""
    return [m for m in messages if controls(m, prefix)]


def unexpected_errors(env: simcord.Env) -> list[BaseException]:
    """What the bot raised, minus refusals (expected errors the tree answers privately); acknowledges all."""
    from bot.text.refusal import Refusal

    return [
        error for error in env.errors
        if not isinstance(getattr(error, "original", error), (Refusal, rules.GoryoError))
    ]


async def seen_by(viewer: simcord.MemberActor, channel: simcord.ChannelHandle) -> list[tuple]:
    """Everything ``viewer`` can see from the bot, in the channel and in their DMs: texts, buttons, image bytes."""
    seen = []
    for message in channel.history(viewer=viewer) + viewer.user.dm_channel.history():
        files = [(a.filename, a.description, await a.read()) for a in message.attachments]
        buttons = [(b["custom_id"], b["label"]) for b in _buttons(message)]
        seen.append((message.channel.id == channel.id, message.content, files, buttons,
                     [e.to_dict() for e in message.embeds]))
    return seen


# --- A match's moments: resigning, its end message, what the players were told ------------------------------------


async def resign(table: Table, player) -> None:
    """``player`` concedes the match in the channel (confirmed)."""
    asked = await player.slash(table.channel, "goryo resign")
    await player.click(asked.response, label="Resign")


def end_message(table: Table):
    return [m for m in table.channel.history() if "bound object was" in m.content][-1]


REFUSES = "can't post in"  # the notice's words, in English


def said(messages, words: str) -> list:
    return [m for m in messages if words in m.content]


def answers(result) -> list:
    return [m for m in (result.response, *result.followups) if m is not None]


# --- A server's settings: a member with Manage Server, threads for matches, the bot's permissions taken away ------


def admin(env, table: Table, name: str = "dora"):
    managers = table.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(env.create_user(name), roles=[managers])


async def threads_on(env, table: Table) -> None:
    saved = await admin(env, table).slash(table.channel, "goryo settings", threads=True)
    assert saved.ephemeral and "each match is played in a thread of its own" in saved.response.content


def deny_the_bot(env, channel_id: int, *names: str) -> None:
    """A moderator's overwrite on the channel denies the bot each of the permissions ``names``."""
    denied = discord.Permissions(**dict.fromkeys(names, True)).value
    env.backend.set_overwrite(channel_id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, deny=denied))


# --- A match against the bot itself -------------------------------------------------------------------------------


def the_bot(env) -> simcord.UserHandle:
    return simcord.UserHandle(env, env.backend.bot_user)


async def challenge_the_bot(table: Table, env, **options) -> simcord.InteractionResult:
    return await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), **options)


async def current(env, table: Table):
    record = await env.bot.store.active_match_in(table.channel.id)
    if record is None:
        [record] = await env.bot.store.finished_matches(table.channel.id, 1)
    return record


# --- The Samurai's panel on the live board ------------------------------------------------------------------------


KINDS = {"move": rules.Move, "sniff": rules.Sniff, "search": rules.Search}


async def samurai_turn(table: Table, plan: rules.Plan | None = None) -> None:
    await table.begin()
    await samurai_turn_begun(table, plan)


async def italian_samurai_turn(env, samurai_locale: dict | None = None) -> tuple[Table, object]:
    """A match in an Italian server, accepted in Italian, at its first Samurai turn; and its live board.
    With ``samurai_locale`` (the ``locales_of`` fixture), the Samurai player's own client is Italian too."""
    table = Table(env, guild=env.create_guild("Dojo italiano", preferred_locale="it"))
    if samurai_locale is not None:
        samurai_locale[table.bob.id] = "it"
    await table.challenge(role="goryo")
    await table.bob.click(table.challenge_message(), label="Accetta")
    table.goryo, table.samurai = table.alice, table.bob
    table.state = rules.new_game(table.seed)
    await samurai_turn_begun(table)
    return table, next(m for m in reversed(table.channel.history()) if panel_items(m))


async def samurai_turn_begun(table: Table, plan: rules.Plan | None = None) -> None:
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(plan or next(rules.legal_plans(table.state)))


def panel_items(message) -> dict:
    """The panel's components by kind (move, sniff, search, end), as Discord holds them."""
    found = {}
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            if custom_id.startswith("goryo:panel:"):
                found[custom_id.split(":")[4]] = child
    return found


async def choose_on_panel(table: Table, action: rules.Action, actor=None):
    """Play ``action`` from the live board's panel, as the Samurai player (or ``actor``)."""
    board = live_board(table)
    panel = panel_items(board)
    if isinstance(action, rules.EndSamuraiTurn):
        asked = await (actor or table.samurai).click(board, custom_id=panel["end"].custom_id)
        if not rules.legal_samurai_actions(table.state) or not asked.ephemeral or "End the turn" not in str(
                asked.response.content):
            return asked
        # Actions are left: End turn only asked, privately; confirmed here.
        return await (actor or table.samurai).click(asked.response, label="End turn")
    kind = next(k for k, t in KINDS.items() if isinstance(action, t))
    return await (actor or table.samurai).select(board, [action_value(action)], custom_id=panel[kind].custom_id)


# --- An Italian server's match ------------------------------------------------------------------------------------


def button_labels(message) -> set[str]:
    """A message's button labels (a SimCord response is read as the message it is)."""
    return {b["label"] for b in _buttons(getattr(message, "message", message))}


def italy_seed() -> int:
    """The seed of ``begin_in_italy``'s match (the env's too): the first whose scripted match the Samurai win by three
    captures."""
    return scripted_match(rules.Termination.CAPTURED_THRICE)[0]


async def begin_in_italy(env, locales_of) -> Table:
    """A match in an Italian server: bob (English client) challenges alice (Italian client) as the Goryō;
    she accepts."""
    table = Table(env, guild=env.create_guild("Dojo italiano", preferred_locale="it"), seed=italy_seed())
    locales_of[table.alice.id] = "it"  # bob and carol keep Discord's default, en-US
    await table.challenge(by=table.bob, opponent=table.alice, role="goryo")
    # The English player's challenge is the channel's: its buttons speak the server's Italian.
    assert button_labels(table.challenge_message()) == {"Accetta", "Rifiuta", "Ritira"}
    await table.alice.click(table.challenge_message(), label="Accetta")
    table.goryo, table.samurai = table.bob, table.alice
    table.state = rules.new_game(table.seed)
    return table


# --- Tournaments --------------------------------------------------------------------------------------------------


WORDS = {
    "en": {"join": "Join", "resign": "Resign", "already": "already signed up", "started": "has started",
           "winner": "wins the tournament", "final": "final standings", "round": "round {n} of {total}",
           "needs": "Manage Server", "in_another": "another tournament", "place": "Autumn cup: place 1 of 6",
           "tournaments": "Tournaments"},
    "it": {"join": "Partecipa", "resign": "Arrenditi", "already": "Sei già iscritto", "started": "è iniziato",
           "winner": "vince il torneo", "final": "classifica finale", "round": "turno {n} di {total}",
           "needs": "Gestire il server", "in_another": "altro torneo", "place": "Autumn cup: 1° posto su 6",
           "tournaments": "Tornei"},
}


@dataclass
class Cup:
    env: object
    guild: object
    channel: object
    admin: object
    players: list
    words: dict[str, str]

    @property
    def store(self):
        return self.env.bot.store

    def signup_message(self) -> discord.Message:
        return next(m for m in self.channel.history() if any(
            "goryo:tournament:" in (c.get("custom_id") or "") for row in m.components
            for c in row.to_dict().get("components", [])))

    def member(self, user_id: int):
        return next(p for p in [*self.players, self.admin] if p.id == user_id)

    def thread(self, thread_id: int):
        return next(t for t in self.channel.threads if t.id == thread_id)


def open_cup(env, locales_of, language: str, count: int) -> Cup:
    guild = env.create_guild("Cups", preferred_locale="it" if language == "it" else "en-US")
    channel = guild.create_text_channel("cups")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("host"), roles=[managers])
    players = [guild.add_member(env.create_user(f"p{n}")) for n in range(1, count + 1)]
    if language == "it":
        for member in [admin, *players]:
            locales_of[member.id] = "it"
    return Cup(env, guild, channel, admin, players, WORDS[language])


async def sign_up(cup: Cup, format: str, **options) -> int:
    refused = await cup.players[0].slash(cup.channel, "goryo tournament create", name="Autumn cup", format=format)
    assert refused.ephemeral and cup.words["needs"] in refused.response.content  # no Manage Server: nothing made
    made = await cup.admin.slash(cup.channel, "goryo tournament create", name="Autumn cup", format=format, **options)
    assert not made.ephemeral
    [tournament] = await cup.store.tournaments_in(cup.guild.id)
    for player in cup.players:
        joined = await player.click(cup.signup_message(), label=cup.words["join"])
        assert joined.ephemeral
    again = await cup.players[0].click(cup.signup_message(), label=cup.words["join"])
    assert again.ephemeral and cup.words["already"] in again.response.content
    listed = cup.signup_message().content  # kept current by editing
    assert all(f"<@{p.id}>" in listed for p in cup.players)
    return tournament.id


# --- The bot as its own process (``python -m bot``) ---------------------------------------------------------------


REPO = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GoryoT.not-a-real-token-at-all-0000000000"
PATIENCE = "3"  # seconds: pauses of 1 s and 2 s, then it gives up
HANG_GUARD_SECONDS = 120  # a hung start-up must not wedge the suite; not a measured time


async def run_bot(tmp_path: Path, *prefix: str, **settings: str) -> tuple[int, str]:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("GORYO_")}
    environ.update(DISCORD_TOKEN=TOKEN, GORYO_DATABASE=str(tmp_path / "goryo.sqlite3"),
                   GORYO_CONNECT_PATIENCE=PATIENCE, PYTHONPATH=str(REPO))
    environ.update(settings)
    process = await asyncio.create_subprocess_exec(
        *prefix, sys.executable, "-m", "bot", cwd=tmp_path, env=environ,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    _, errors = await asyncio.wait_for(process.communicate(), HANG_GUARD_SECONDS)
    assert process.returncode is not None
    return process.returncode, errors.decode()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
