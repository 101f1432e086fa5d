"""Regenerate docs/sandbox.png and docs/sandbox-phone.png: a sandbox match in progress, on a computer and a phone.

    python docs/sandbox_screenshot.py   # needs the test extra (Playwright) and Debian's chromium

Plays into round 1 through the sandbox's own page API with moves the rules engine picks, leaving the
Samurai's turn open so the live board's click panel shows, then photographs the page with Playwright
driving Chromium: at 1366 × 768 as Aiko, the Goryō (the table channel and her DMs side by side), and at
360 × 780 as Kenji, the Samurai. The emoji are drawn with the font the sandbox ships.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import aiohttp
from playwright.async_api import async_playwright

import rules
from bot.sandbox import Sandbox
from words.phrases import plan_name

SEED = 11
# (file, seat, width, height)
SHOTS = (("sandbox.png", "aiko", 1366, 768), ("sandbox-phone.png", "kenji", 360, 780))
CHROMIUM = "/usr/bin/chromium"


async def play_into_round_one(session: aiohttp.ClientSession, base: str, key: str) -> None:
    async def post(path: str, body: dict) -> None:
        async with session.post(base + path, json=body, headers={"X-Sandbox-Key": key}) as response:
            answer = await response.json()
            assert answer["ok"], (body, answer)

    async def command(who: str, place: str, text: str) -> None:
        await post("/api/command", {"as": who, "place": place, "text": text})

    async def press(who: str, place: str, label: str) -> None:
        async with session.get(f"{base}/api/state?as={who}", headers={"X-Sandbox-Key": key}) as response:
            messages = (await response.json())["places"][place]["messages"]
        for message in reversed(messages):
            for item in (item for row in message["rows"] for item in row):
                if item["label"] == label and not item["disabled"]:
                    return await post(
                        "/api/press",
                        {"as": who, "place": place, "message": message["id"], "customId": item["customId"]},
                    )
        raise AssertionError(f"no {label} button")

    game = rules.new_game(SEED)
    await command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo")
    await press("kenji", "channel", "Accept")
    start = sorted(rules.SPACES_OF_TYPE[game.first_type])[1]
    await command("aiko", "dm", f"/goryo start space:{rules.space_name(start)}")
    game = rules.apply(game, rules.ChooseStart(start)).state
    plan = next(rules.legal_plans(game, with_false_trail=True))
    trail = f" false_trail:{rules.space_name(plan.false_trail)}" if plan.false_trail is not None else ""
    await command("aiko", "dm", f"/goryo path spaces:{plan_name(plan.path)}{trail}")
    await press("aiko", "dm", "Confirm")
    game = rules.apply(game, plan).state
    for kind in (rules.Move, rules.Sniff):
        action = next(a for a in rules.legal_samurai_actions(game) if isinstance(a, kind))
        words = {"samurai": action.samurai.value}
        if isinstance(action, rules.Move):
            words["to"] = rules.space_name(action.to)
        if isinstance(action, rules.Sniff):
            words["space"] = rules.space_name(action.space)
        options = " ".join(f"{name}:{value}" for name, value in words.items())
        await command("kenji", "channel", f"/goryo {kind.__name__.lower()} {options}")
        game = rules.apply(game, action).state
    # No /goryo end: the turn stays open, so the board under the channel keeps its menus and End turn.


async def main() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        async with Sandbox(database=Path(scratch) / "goryo.sqlite3", seed=SEED) as sandbox:
            base, key = sandbox.url.split("/?key=")
            async with aiohttp.ClientSession() as session:
                await play_into_round_one(session, base, key)
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=CHROMIUM)
                for filename, seat, width, height in SHOTS:
                    page = await browser.new_page(viewport={"width": width, "height": height})
                    await page.goto(f"{sandbox.url}&as={seat}")
                    await page.wait_for_selector("article.message select")
                    await page.wait_for_function("() => [...document.images].every((img) => img.complete)")
                    await page.evaluate("document.fonts.ready")
                    await page.screenshot(path=Path(__file__).with_name(filename))
                    print(f"wrote docs/{filename}")
                await browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
