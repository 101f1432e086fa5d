"""The simulated Discord the sandbox plays in: one server, one table channel, two players, the real bot."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import sys
import traceback
import weakref
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
import simcord.interactions

import rules

from ..app import GoryoBot
from ..commands.refusals import EXPECTED
from . import command_line
from .messages import Context, project

# Where a seat reads and types: the table channel, its DMs with the bot, or one of the channel's threads
# ("thread-<id>", when the server plays each match in a thread of its own).
Place = str
PLACES: tuple[Place, ...] = ("channel", "dm")
THREAD_PLACE = "thread-"
# Who sits at the table: key, username, display name. People, not roles: a challenge may give either one
# either side, so each pane is labelled with the role its person has in the current match.
SEATS = (("aiko", "aiko", "Aiko"), ("kenji", "kenji", "Kenji"), ("mei", "mei", "Mei"), ("ren", "ren", "Ren"),
         ("sora", "sora", "Sora"), ("yuki", "yuki", "Yuki"), ("haru", "haru", "Haru"), ("nao", "nao", "Nao"))
# Two seats play a match; more (``--seats``, or the page's "+ Seat") try a tournament alone.
FIRST_SEATS = 2
ROLE_NAMES = {rules.Side.GORYO: "Goryō", rules.Side.SAMURAI: "Samurai"}
CHANNEL_NAME = "goryo-table"
BOT_NAME = "Goryō"
# The role a seat's "Manage Server" switch gives it, so server settings (threads, turn limits) can be tried.
MANAGER_ROLE = "Server manager"


# Discord clients' languages the page lets each seat switch between (the bot has catalogues for these).
LANGUAGES = {"en": "en-US", "it": "it"}
# Each simulated Discord's seats' client languages: SimCord sends every interaction as "en-US", and an
# interaction's payload is the one place a Discord client says its language, so it is adjusted there.
_LOCALES: weakref.WeakKeyDictionary[Any, dict[int, str]] = weakref.WeakKeyDictionary()
_OURS: set[object] = set()  # the payload builders made here (SimCord's own may be wrapped by others since)


def _speak_each_seats_language() -> None:
    """Once per process: interactions carry their user's chosen client language (the sandbox's only change
    to what SimCord sends; everything else goes through the real command tree and components)."""
    build = simcord.interactions.base_payload
    if build in _OURS:
        return

    def with_locale(backend: Any, **fields: Any) -> Any:
        record, payload = build(backend, **fields)
        chosen = _LOCALES.get(backend, {}).get(fields["user_id"])
        if chosen is not None:
            payload["locale"] = chosen
        return record, payload

    _OURS.add(with_locale)
    simcord.interactions.base_payload = with_locale


class SandboxError(Exception):
    """Something the person at the browser should read: what went wrong and what to do."""


@dataclass(slots=True)
class Player:
    key: str
    member: simcord.MemberActor

    @property
    def name(self) -> str:
        return self.member.user.global_name or self.member.name


@dataclass(slots=True)
class Outcome:
    """What one browser action led to, in words for the page."""

    notices: list[str] = field(default_factory=list)
    refused: bool = False  # the bot answered with a refusal: nothing changed, so the page keeps the typed text


@dataclass(frozen=True, slots=True)
class Seating:
    """The server, its table channel and the seats, made before the simulated Discord's clock is moved on."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    players: dict[str, Player]
    standing: dict[str, simcord.UserHandle]  # the users of the seats not taken yet, in ``SEATS`` order

    @classmethod
    def made(cls, env: simcord.Env, seats: int = FIRST_SEATS) -> Seating:
        """Made first, in the same order and at SimCord's fixed starting date every time, so each gets the same
        id at every start: a seat is the same user on the same ``--database`` after a restart (its matches,
        its lesson to resume), and the table the same channel. ``seats``: how many of ``SEATS`` sit down; the
        users of the others are made now too (a user is not a member until seated), so that a seat taken later
        by "+ Seat" is the same user at every start as well, whatever ``seats`` was."""
        if not FIRST_SEATS <= seats <= len(SEATS):
            raise SandboxError(f"The sandbox seats {FIRST_SEATS} to {len(SEATS)} players, not {seats}.")
        guild = env.create_guild("Goryō sandbox")
        channel = guild.create_text_channel(CHANNEL_NAME, topic="A Goryō match, played against yourself")
        users = {key: env.create_user(username, global_name=display) for key, username, display in SEATS}
        players = {key: Player(key, guild.add_member(users.pop(key))) for key, _, _ in SEATS[:seats]}
        return cls(guild, channel, players, users)


class SandboxWorld:
    """Owns the SimCord env and serialises every action on it: SimCord runs one operation at a time."""

    def __init__(self, env: simcord.Env, bot: GoryoBot, seating: Seating) -> None:
        self.env = env
        self.bot = bot
        self.guild = seating.guild
        self.channel = seating.channel
        self.players = seating.players
        self._standing = seating.standing
        self._lock = asyncio.Lock()
        self._invoked: dict[int, str] = {}  # response message id -> the command text that caused it
        self._error_cursor = env.error_cursor
        self._bot_errors: deque[str] = deque(maxlen=5)  # the latest, shown on the page
        self._manager_role: int | None = None
        self._watchers: set[asyncio.Event] = set()
        # Counts the changes so far: the page marks a pane busy until it has drawn the change that answered it.
        self.change = 0
        self._seen_transcript = 0
        # Every gateway event (a message sent, edited or deleted, a thread opened) wakes the page's live feed.
        env.backend.subscribers.append(self._gateway_event)
        _speak_each_seats_language()
        _LOCALES[env.backend] = {}

    # ----------------------------------------------------------------- changes

    def _gateway_event(self, _event: str, _payload: Any) -> None:
        self._changed()

    def _changed(self) -> None:
        self.change += 1
        self._seen_transcript = len(self.env.backend.transcript)
        for watcher in self._watchers:
            watcher.set()

    async def changes(self) -> AsyncIterator[None]:
        """Yields at once, then whenever something anyone could see may have changed (for the live feed)."""
        watcher = asyncio.Event()
        watcher.set()
        self._watchers.add(watcher)
        try:
            while True:
                await watcher.wait()
                watcher.clear()
                yield
        finally:
            self._watchers.discard(watcher)

    @classmethod
    async def open(cls, env: simcord.Env, bot: GoryoBot, seating: Seating) -> SandboxWorld:
        """Name the bot at the seated table (the bot synced its commands itself while starting)."""
        if bot.user is not None and bot.user.name != BOT_NAME:
            await bot.user.edit(username=BOT_NAME)
        return cls(env, bot, seating)

    def _seat_next(self) -> Player:
        key = next(iter(self._standing))  # its user was made with the first seats: the same id at every start
        player = Player(key, self.guild.add_member(self._standing.pop(key)))
        self.players[key] = player
        return player

    async def add_seat(self) -> Player:
        """One more member at the table (a tournament wants three or more), up to the sandbox's eight."""
        if len(self.players) >= len(SEATS):
            raise SandboxError(f"The sandbox seats at most {len(SEATS)} players.")
        async with self._turn():
            player = self._seat_next()
        self._changed()
        return player

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """One browser request at a time (SimCord runs one operation at a time), on SimCord's clock."""
        async with self._lock:
            try:
                with self.env.time_context():
                    yield
            finally:
                # Private replies reach Discord over HTTP alone (no gateway event): any request counts.
                if len(self.env.backend.transcript) != self._seen_transcript:
                    self._changed()

    async def pass_time(self, seconds: float) -> None:
        """Move the simulated clock on, running whatever the bot scheduled (lapsing challenges, reminders)."""
        async with self._turn():
            try:
                await self.env.advance_time(seconds)
            except TimeoutError:
                traceback.print_exc(file=sys.stderr)  # the bot's timers ran long; the clock moved as far as it got

    async def follow_the_wall_clock(self, tick: float) -> None:
        """SimCord's clock only moves when told; move it as real time passes, so "in 15 minutes" means it."""
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            await asyncio.sleep(tick)
            now = loop.time()
            await self.pass_time(now - last)
            last = now

    # ------------------------------------------------------------------ reads

    def player(self, key: str) -> Player:
        try:
            return self.players[key]
        except KeyError:
            raise SandboxError(f"There is no player `{key}`; choose one of {', '.join(self.players)}.") from None

    def _actor(self, player: Player, place: Place) -> simcord.MemberActor | simcord.UserHandle:
        return player.member.user if place == "dm" else player.member

    def _threads(self) -> list[simcord.ChannelHandle]:
        return sorted(self.channel.threads, key=lambda thread: thread.id)

    def _channel(self, player: Player, place: Place) -> simcord.ChannelHandle:
        if place == "channel":
            return self.channel
        if place == "dm":
            return player.member.user.dm_channel
        if place.startswith(THREAD_PLACE):
            for thread in self._threads():
                if place == f"{THREAD_PLACE}{thread.id}":
                    return thread
            raise SandboxError("That thread is gone.")
        raise SandboxError(f"Unknown place `{place}`: use channel, dm or a thread.")

    def _places(self) -> list[Place]:
        return ["channel", *(f"{THREAD_PLACE}{thread.id}" for thread in self._threads()), "dm"]

    def _history(self, player: Player, place: Place) -> list[discord.Message]:
        return self._channel(player, place).history(viewer=self._actor(player, place))

    def _command_roots(self) -> list[dict[str, Any]]:
        """The commands as the bot synced them to Discord, their names in every language included."""
        synced = self.env.backend.commands
        slash = [command for scope in (None, self.guild.id) for (_, kind), command in synced.get(scope, {}).items()
                 if kind == discord.AppCommandType.chat_input.value]
        return slash

    def _people(self) -> dict[int, str]:
        return {player.member.id: player.name for player in self.players.values()}

    async def _roles(self) -> dict[str, str | None]:
        """Each player's side in the table's current match; None for both when no match is on."""
        store = self.bot.store
        roles: dict[str, str | None] = {key: None for key in self.players}
        if store is None:
            return roles
        for channel in (self.channel, *self._threads()):
            record = await store.active_match_in(channel.id)
            for key, player in self.players.items():
                side = record.player_side(player.member.id) if record is not None else None
                if side is not None and roles[key] is None:
                    roles[key] = ROLE_NAMES[side]
        return roles

    def _available(self, player: Player, place: Place) -> set[str]:
        if place == "dm":
            return set(player.member.user.available_commands())
        return set(player.member.available_commands(self._channel(player, place)))

    def _title(self, player: Player, place: Place) -> str:
        if place == "channel":
            return f"#{CHANNEL_NAME}"
        if place == "dm":
            return f"{BOT_NAME} (direct messages)"
        return self._channel(player, place).name or "thread"

    def is_manager(self, key: str) -> bool:
        member = self.env.backend.get_member(self.guild.id, self.player(key).member.id)
        return self._manager_role is not None and self._manager_role in member.role_ids

    async def view(self, key: str, attachment_url: Callable[[Place, int, int], str]) -> dict[str, Any]:
        """Everything one player can see: the table channel, its threads (with their ephemeral replies), their DMs.

        No lock: it reads the simulated Discord as it stands, so the page sees the bot's work while it happens.
        """
        with self.env.time_context():
            player = self.player(key)
            if not self._lock.locked():
                # From background work: nothing else answered for them. (While a command or click runs, its
                # errors are its own: it reads them to tell a refusal from a failure.)
                self._report(self._take_errors())
            roots = self._command_roots()
            roles = await self._roles()
            language = LANGUAGES[self.language(key)]
            places = {}
            for place in self._places():
                context = Context(
                    self.bot, self._people(), self.env.now(), functools.partial(attachment_url, place), self._invoked,
                    self.language(key),
                )
                hints = command_line.hints(roots, self._available(player, place), language)
                places[place] = {
                    "title": self._title(player, place),
                    "kind": "thread" if place.startswith(THREAD_PLACE) else place,
                    "messages": [project(message, context) for message in self._history(player, place)],
                    "commands": [dataclasses.asdict(hint) for hint in hints],
                }
            return {
                "you": key,
                "botErrors": list(self._bot_errors),
                "players": [{"key": p.key, "name": p.name, "role": roles[p.key], "language": self.language(p.key),
                             "manager": self.is_manager(p.key)}
                            for p in self.players.values()],
                "places": places,
            }

    async def attachment(self, key: str, place: Place, message_id: int, attachment_id: int) -> tuple[str, str, bytes]:
        """(filename, content type, bytes) of an attachment this player can see."""
        with self.env.time_context():
            player = self.player(key)
            message = self._find(player, place, message_id)
            attachment = next((item for item in message.attachments if item.id == attachment_id), None)
            if attachment is None:
                raise SandboxError("That attachment does not exist.")
            # Read from the simulated CDN directly: no request through the bot's HTTP client while it works.
            data = self.env.backend.cdn.get(attachment.url)
            if data is None:
                raise SandboxError("That attachment is gone.")
            return attachment.filename, attachment.content_type or "application/octet-stream", data

    def _find(self, player: Player, place: Place, message_id: int) -> discord.Message:
        for message in self._history(player, place):
            if message.id == message_id:
                return message
        raise SandboxError("That message is gone, or this player cannot see it.")

    # ---------------------------------------------------------------- actions

    async def run_command(self, key: str, place: Place, text: str) -> Outcome:
        """Type a slash command as this player, in the table channel or in their DM with the bot."""
        async with self._turn():
            player = self.player(key)
            channel = self._channel(player, place)
            allowed = self._available(player, place)
            roots = [root for root in self._command_roots() if any(path.split()[0] == root["name"] for path in allowed)]
            try:
                typed = command_line.parse(text, roots, resolve_member=self._member_named)
            except command_line.CommandTextError as error:
                raise SandboxError(str(error)) from None
            if typed.path not in allowed:
                raise SandboxError(f"`/{typed.path}` cannot be used here.")
            if place == "dm":
                result = await self._dispatch(player.member.user.slash(typed.path, **typed.options))
            else:
                result = await self._dispatch(player.member.slash(channel, typed.path, **typed.options))
            return self._outcome(result, f"used {text.strip()}")

    async def press(
        self, key: str, place: Place, message_id: int, custom_id: str, values: list[str] | None = None
    ) -> Outcome:
        """Press a button (or pick from a menu) on a message this player can see."""
        async with self._turn():
            player = self.player(key)
            message = self._find(player, place, message_id)
            actor = self._actor(player, place)
            if values is None:
                result = await self._dispatch(actor.click(message, custom_id=custom_id))
                label = _button_label(message, custom_id)
                return self._outcome(result, f"pressed “{label}”" if label else "pressed a button")
            result = await self._dispatch(actor.select(message, values, custom_id=custom_id))
            return self._outcome(result, f"chose “{', '.join(_option_labels(message, custom_id, values))}”")

    def language(self, key: str) -> str:
        chosen = _LOCALES.get(self.env.backend, {}).get(self.player(key).member.id, LANGUAGES["en"])
        return next(short for short, locale in LANGUAGES.items() if locale == chosen)

    async def set_language(self, key: str, language: str) -> None:
        """This seat's Discord client speaks ``language`` from now on (what the bot says to them alone follows)."""
        if language not in LANGUAGES:
            raise SandboxError(f"The sandbox speaks {' or '.join(LANGUAGES)}, not `{language}`.")
        async with self._turn():
            _LOCALES.setdefault(self.env.backend, {})[self.player(key).member.id] = LANGUAGES[language]
        self._changed()

    async def set_manager(self, key: str, on: bool) -> None:
        """Give this seat the Manage Server permission (a role with it), or take it away."""
        async with self._turn():
            member = self.player(key).member
            if self._manager_role is None:
                role = self.guild.create_role(MANAGER_ROLE, permissions=discord.Permissions(manage_guild=True))
                self._manager_role = role.id
            if on:
                self.env.backend.add_member_role(self.guild.id, member.id, self._manager_role)
            else:
                self.env.backend.remove_member_role(self.guild.id, member.id, self._manager_role)
        self._changed()

    async def autocomplete(self, key: str, place: Place, text: str) -> list[dict[str, str]]:
        """The choices the bot offers for the option being typed at the end of ``text``, as Discord would ask."""
        async with self._turn():
            player = self.player(key)
            allowed = self._available(player, place)
            typed = command_line.focus(text, self._command_roots())
            if typed is None or typed.path not in allowed:
                return []
            if place == "dm":
                operation = player.member.user.autocomplete(typed.path, typed.option, typed.value, **typed.filled)
            else:
                operation = player.member.autocomplete(
                    self._channel(player, place), typed.path, typed.option, typed.value, **typed.filled)
            try:
                choices = await operation
            except (simcord.SetupError, simcord.BackendError):
                return []
            self._take_errors()  # an autocomplete that failed offers nothing, as on Discord
            return [{"name": str(c["name"]), "value": str(c["value"])} for c in choices]

    def _member_named(self, text: str) -> simcord.MemberActor | simcord.UserHandle | None:
        """`@Kenji`, `kenji` or a raw mention `<@123>`; `@Goryō` (or `@bot`) is the bot, to play against it."""
        wanted = text.strip().removeprefix("@").strip().lower()
        me = self.env.backend.bot_user
        named = wanted in {BOT_NAME.lower(), "goryo", "bot", me.name.lower()}
        if named or text.strip() in {f"<@{me.id}>", f"<@!{me.id}>"}:
            return simcord.UserHandle(self.env, me)
        for player in self.players.values():
            member = player.member
            if wanted in {player.name.lower(), member.name.lower(), player.key} or text.strip() in {
                member.mention,
                f"<@!{member.id}>",
            }:
                return member
        return None

    async def _dispatch(self, operation: Awaitable[simcord.InteractionResult]) -> simcord.InteractionResult:
        try:
            return await operation
        except (simcord.SetupError, simcord.BackendError) as error:
            raise SandboxError(f"Discord would refuse that: {error}") from None
        except TimeoutError:
            raise SandboxError("The bot is still busy with that after a long wait; try again in a moment.") from None

    def _outcome(self, result: simcord.InteractionResult, deed: str) -> Outcome:
        """Remember what caused the replies (the page shows it above them) and report trouble in words."""
        told = [response.id for response in [result.response, *result.followups]
                if response is not None and response.id not in self._invoked]
        for message_id in told:
            self._invoked[message_id] = deed
        if told:
            self._changed()  # the page may have drawn these replies already, without what caused them
        # SimCord records every exception, including the refusals the bot's error handler turns into
        # private replies; only an interaction left unanswered means the bot really failed.
        errors = self._take_errors()
        outcome = Outcome()
        outcome.refused = result.acknowledged and any(
            isinstance(getattr(error, "original", error), EXPECTED) for error in errors
        )
        if not result.acknowledged:
            self._report(errors)
            cause = f" It raised {type(errors[-1]).__name__}: {errors[-1]}" if errors else ""
            outcome.notices.append(f"The bot did not answer (Discord would say “This interaction failed”).{cause}")
        return outcome

    def _take_errors(self) -> tuple[BaseException, ...]:
        errors = self.env.errors_since(self._error_cursor)
        self._error_cursor = self.env.error_cursor
        return errors

    def _report(self, errors: tuple[BaseException, ...]) -> None:
        """Unhandled bot errors: the full traceback on the terminal, one line on the page."""
        for error in errors:
            traceback.print_exception(error, file=sys.stderr)
            self._bot_errors.append(f"The bot raised {type(error).__name__}: {error}")


def _option_labels(message: discord.Message, custom_id: str, values: list[str]) -> list[str]:
    """What the menu showed for the values picked (its options' labels), as the player saw them."""
    for row in message.components:
        for item in getattr(row, "children", ()):
            if isinstance(item, discord.SelectMenu) and item.custom_id == custom_id:
                labels = {option.value: option.label for option in item.options}
                return [labels.get(value, value) for value in values]
    return values


def _button_label(message: discord.Message, custom_id: str) -> str | None:
    for row in message.components:
        for item in getattr(row, "children", ()):
            if isinstance(item, discord.Button) and item.custom_id == custom_id:
                return item.label
    return None
