"""The players of ``bench_load.py``: N matches opened in N channels through SimCord, then one random legal action
at a time in each, through the commands a person would use (autocomplete included)."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field

import simcord

import rules
import rules.playout
from tests.bot.helpers import command_for


@dataclass
class Seat:
    table_channel: simcord.ChannelHandle
    goryo: simcord.MemberActor
    samurai: simcord.MemberActor
    match_id: int = 0
    rng: random.Random = field(default_factory=random.Random)
    in_channel: bool = False  # her commands in the channel: this process does not hold shard 0, where DMs go


class _Kept(dict[str, bytes]):
    """The simulated CDN's store, keeping nothing: an upload is read (as Discord would), then let go."""

    def __setitem__(self, key: str, value: bytes) -> None:
        pass


class _Logged(list[object]):
    """The simulator's request log and transcript, keeping nothing."""

    def append(self, item: object) -> None:
        pass


def keep_no_uploads(env: simcord.Env) -> None:
    """The simulated Discord keeps none of the traffic: uploaded images, request log, transcript.

    Real Discord keeps uploads on its own servers, not in the bot's process; SimCord keeps every PNG
    (about 50 KB each) in memory until told otherwise, which would make the peak measure the simulator,
    not the bot: with 1,000 matches, about 90 MB of pictures within one pass over them. Nothing here
    reads them back. (These are SimCord internals: fine for a benchmark, never for a test.)
    """
    env.backend.cdn._blobs = _Kept()
    env.backend.http_requests = _Logged()
    env.backend.transcript = _Logged()


async def open_matches(
    env: simcord.Env, count: int, seed: int, shard: int | None = None, threads: bool = False
) -> list[Seat]:
    seats: list[Seat] = []
    guild = None
    for index in range(count):
        if index % 400 == 0:  # Discord allows 500 channels per server
            where = {} if shard is None else {"shard_id": shard}  # a server on this process's own shard
            guild = env.create_guild(name=f"server {index // 400}", **where)
            if threads:  # each match in a thread of its own (issue 23), as /goryo settings threads:True sets it
                await env.bot.store.change_server_setting(guild.id, "threads", "on", by=0,
                                                          now=env.bot.parts.service.clock())
        channel = guild.create_text_channel(f"dojo-{index}")
        goryo = guild.add_member(env.create_user(f"goryo{index}"))
        samurai = guild.add_member(env.create_user(f"samurai{index}"))
        posted = await goryo.slash(channel, "goryo challenge", opponent=samurai, role="goryo")
        accepted = await samurai.click(posted.response, label="Accept")
        assert accepted.acknowledged
        if threads:
            [channel] = channel.threads  # the match is played there
        record = await env.bot.store.active_match_in(channel.id)
        assert record.goryo_id == goryo.id, "two processes' simulated channels share an id"
        seats.append(Seat(channel, goryo, samurai, record.id, random.Random(seed * 100_003 + index), bool(shard)))
        if (index + 1) % 200 == 0:
            print(f"  … {index + 1} matches open", file=sys.stderr, flush=True)
    return seats


async def act(env: simcord.Env, seat: Seat) -> bool:
    """One random legal action in this seat's match; False once the match is over."""
    record = await env.bot.store.get_match(seat.match_id)
    state = record.state
    if state.is_over:
        return False
    action = rules.playout.random_action(state, seat.rng)
    channel, goryo, samurai = seat.table_channel, seat.goryo, seat.samurai
    her = goryo if seat.in_channel else goryo.user
    where = (channel,) if seat.in_channel else ()
    if isinstance(action, rules.ChooseStart):
        await her.autocomplete(*where, "goryo start", "space", "", match=seat.match_id)  # as she types (issue 22)
        await her.slash(*where, "goryo start", space=rules.space_name(action.space), match=seat.match_id)
    elif isinstance(action, rules.Plan):
        await her.autocomplete(*where, "goryo path", "spaces", "", match=seat.match_id)
        preview = await her.slash(*where, "goryo path", **command_for(action)[1], match=seat.match_id)
        await her.click(preview.response, label="Confirm")
    else:
        name, options = command_for(action)
        if isinstance(action, (rules.Move, rules.Sniff)):
            option = "to" if isinstance(action, rules.Move) else "space"
            await samurai.autocomplete(channel, f"goryo {name}", option, "", samurai=options["samurai"])
        await samurai.slash(channel, f"goryo {name}", **options)
    return True
