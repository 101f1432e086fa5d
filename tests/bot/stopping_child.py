"""The bot in a process of its own against SimCord, on a real SQLite file: the child of ``test_stopping``.

``python -m tests.bot.stopping_child first DATABASE OUT N``: Alice challenges the bot (its Samurai, easy, no
pause) and plays her start and her plan; when the deliverer starts sending the N-th narration (a moment in
the middle of a delivery, chosen so the test is the same every time), the process sends itself SIGTERM.
It stops as ``python -m bot`` does (``stop_signals``, ``GoryoBot.close``) and writes what the simulated
Discord holds to OUT (JSON).

``python -m tests.bot.stopping_child again DATABASE OUT``: the same simulated Discord is built again (the same
order gives the same ids), the bot starts on the same file and sends what was left; once all is quiet, OUT.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import simcord

import rules
from bot import create_bot
from bot.startup import stop_signals


def the_world(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("dojo")
    return channel, guild.add_member(env.create_user("alice"))


async def alice_plays(env: simcord.Env, channel: simcord.ChannelHandle, alice: simcord.MemberActor) -> None:
    bot_user = simcord.UserHandle(env, env.backend.bot_user)
    await alice.slash(channel, "goryo challenge", opponent=bot_user, role="goryo", level="easy")
    record = await env.bot.store.active_match_in(channel.id)
    state = record.state
    started = await alice.user.slash("goryo start", space=rules.space_name(rules.SPACES_OF_TYPE[state.first_type][0]))
    print("alice was told:", json.dumps(started.response.content), flush=True)
    record = await env.bot.store.active_match_in(channel.id)
    plan = next(rules.legal_plans(record.state))
    preview = await alice.user.slash("goryo path", spaces=" ".join(rules.space_name(s) for s in plan.path))
    print("alice was told:", json.dumps(preview.response.content), flush=True)
    await alice.user.click(preview.response, label="Confirm")  # the bot's Samurai hunts from here


def held(channel: simcord.ChannelHandle, alice: simcord.MemberActor) -> dict[str, Any]:
    dm = alice.user.dm_channel
    return {
        "channel": [message.content for message in channel.history()],
        "dm": [message.content for message in dm.history()] if dm is not None else [],
    }


async def main(phase: str, database: str, out: str, stop_at: int) -> int:
    bot = create_bot(database=database, environ={}, env_file=None, sync="global", seed=1, ai_pause=0)
    env = simcord.Env(bot, check_errors=False, settle_timeout=60.0)
    channel, alice = the_world(env)  # before the bot starts, so its start-up sends find the same places
    await env.start()
    stop = stop_signals()
    narrations = 0

    def checkpoint(point: str) -> None:
        nonlocal narrations
        print(point, flush=True)
        if point == "sending narration":
            narrations += 1
            if narrations == stop_at:
                os.kill(os.getpid(), signal.SIGTERM)  # handled by the loop as the send goes on

    assert bot.parts is not None
    bot.parts.deliverer.checkpoint = checkpoint
    if phase == "first":
        driving = asyncio.create_task(alice_plays(env, channel, alice))
        await stop.wait()
        await bot.close()  # as python -m bot does on SIGTERM
        driving.cancel()
        await asyncio.gather(driving, return_exceptions=True)
    else:
        await env.settle()
        await bot.close()
    await asyncio.to_thread(Path(out).write_text, json.dumps(held(channel, alice)), encoding="utf-8")
    with contextlib.suppress(Exception):  # the bot is closed already; SimCord only lets go of it
        await env.shutdown()
    print("stopped", flush=True)
    return 0


if __name__ == "__main__":
    phase, database, out, *rest = sys.argv[1:]
    sys.exit(asyncio.run(main(phase, database, out, int(rest[0]) if rest else 0)))
