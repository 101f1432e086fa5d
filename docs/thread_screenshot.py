"""Regenerate docs/thread.png: a match played in its own thread, as a spectator in the server sees it.

    python docs/thread_screenshot.py   # needs `pip install 'simcord[preview]'` and a `chromium` on PATH

Runs the real bot against SimCord on a throwaway SQLite file: a member with Manage Server turns
`/goryo settings threads:True` on, Aiko challenges Kenji, Kenji accepts (the match opens in
"Goryō · Aiko vs Kenji"), Aiko picks her start and path in her DMs and Kenji plays two Samurai
moves. SimCord's preview serves the thread as Emi, who only watches, and headless Chromium
photographs it (no network, throwaway profile; an emoji font such as fonts-noto-color-emoji
draws the key).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import discord
import simcord
from headless import photograph  # docs/headless.py: this folder is on the path when run as a script

import rules
from bot import create_bot
from words.phrases import plan_name

SEED = 11
OUTPUT = Path(__file__).with_name("thread.png")
WINDOW = (1100, 1900)


async def play_in_a_thread(env: simcord.Env):
    """The server, its players and a match two Samurai moves into round 1: its thread and its watcher."""
    guild = env.create_guild(name="Kyoto Games")
    channel = guild.create_text_channel("goryo")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    dora = guild.add_member(env.create_user("Dora"), roles=[managers])
    aiko, kenji, emi = (guild.add_member(env.create_user(name)) for name in ("Aiko", "Kenji", "Emi"))

    saved = await dora.slash(channel, "goryo settings", threads=True)
    assert "thread of its own" in saved.response.content, saved.response.content
    await aiko.slash(channel, "goryo challenge", opponent=kenji, role="goryo")
    challenge = next(m for m in reversed(channel.history()) if m.components)
    await kenji.click(challenge, label="Accept")
    [thread] = channel.threads

    game = rules.new_game(SEED)
    start = sorted(rules.SPACES_OF_TYPE[game.first_type])[1]
    await aiko.user.slash("goryo start", space=rules.space_name(start))
    game = rules.apply(game, rules.ChooseStart(start)).state
    plan = next(rules.legal_plans(game, with_false_trail=True))
    options = {"spaces": plan_name(plan.path)}
    if plan.false_trail is not None:
        options["false_trail"] = rules.space_name(plan.false_trail)
    preview = await aiko.user.slash("goryo path", **options)
    await aiko.user.click(preview.response, label="Confirm")
    game = rules.apply(game, plan).state
    for _ in range(2):
        move = next(a for a in rules.legal_samurai_actions(game) if isinstance(a, rules.Move))
        await kenji.slash(thread, "goryo move", samurai=move.samurai.value, to=rules.space_name(move.to))
        game = rules.apply(game, move).state
    return thread, emi


async def main() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        bot = create_bot(database=Path(scratch) / "goryo.sqlite3", environ={}, env_file=None, sync="global", seed=SEED)
        async with simcord.run(bot, check_errors=False) as env:
            thread, watcher = await play_in_a_thread(env)
            width, height = WINDOW
            async with env.preview(
                thread, viewers=[watcher], layout="channel", display="fixed", width=width, height=height
            ) as preview:
                done = await photograph(preview.url, OUTPUT, width=width, height=height,
                                        profile=Path(scratch) / "profile", settle_ms=8000)
            await bot.store.close()
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return done.returncode
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
