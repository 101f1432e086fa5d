"""A table of players in a SimCord guild, driving the real bot through slash commands and buttons.

The table keeps a shadow of the match built with ``rules`` from the same seed, so
tests can pick legal (or deliberately illegal) moves and check what the bot says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import discord
import simcord

import rules


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
