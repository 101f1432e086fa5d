"""Regenerate docs/lesson-goryo.png and docs/lesson-samurai.png: a lesson of ``/goryo learn`` in the sandbox.

    python docs/lesson_screenshot.py   # needs the sandbox extra and a `chromium` on PATH

Aiko asks for a lesson in the table channel and follows it in her DMs by clicks alone, through the
sandbox's own page API, each step's move read from the lesson's script; the picture is taken a few
steps before its end, so the DM pane shows the lesson's latest steps, their pictures and controls.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

import aiohttp
from headless import photograph  # docs/headless.py: this folder is on the path when run as a script

import rules
from bot.sandbox import Sandbox
from bot.text import lessons as script
from bot.ui.panel import action_value

HERE = Path(__file__).parent
WINDOW = (1400, 2000)  # tall, so the DM pane shows several steps
STOP = {"goryo": 9, "samurai": 7}  # the steps shown last: the Discovery's


class Learner:
    def __init__(self, session: aiohttp.ClientSession, base: str, key: str) -> None:
        self.session, self.base, self.headers = session, base, {"X-Sandbox-Key": key}

    async def post(self, path: str, body: dict[str, Any]) -> None:
        async with self.session.post(self.base + path, json=body, headers=self.headers) as response:
            answer = await response.json()
            assert answer["ok"], (body, answer)

    async def control(self, ending: str) -> tuple[int, str, list[str]]:
        """The newest DM control whose id ends with ``ending``: (message, custom id, its options' values)."""
        async with self.session.get(f"{self.base}/api/state?as=aiko", headers=self.headers) as response:
            messages = (await response.json())["places"]["dm"]["messages"]
        for message in reversed(messages):
            for item in (item for row in message["rows"] for item in row):
                custom_id = item.get("customId") or ""
                if custom_id.startswith("goryo:learn:") and custom_id.endswith(ending) and not item.get("disabled"):
                    return message["id"], custom_id, [o["value"] for o in item.get("options") or []]
        raise AssertionError(f"no lesson control ending {ending}")

    async def press(self, ending: str, value: str | None = None) -> None:
        message, custom_id, _ = await self.control(ending)
        body: dict[str, Any] = {"as": "aiko", "place": "dm", "message": message, "customId": custom_id}
        if value is not None:
            body["values"] = [value]
        await self.post("/api/press", body)

    async def follow(self, lesson: script.Lesson, step: int) -> None:
        wants = lesson.steps[step].wants
        if isinstance(wants, script.Choose) and isinstance(wants.action, rules.ChooseStart):
            await self.press(":start", rules.space_name(wants.action.space))
        elif isinstance(wants, script.Choose):
            kind = {rules.Move: "move", rules.Sniff: "sniff", rules.Search: "search"}[type(wants.action)]
            await self.press(f":{kind}", action_value(wants.action))  # type: ignore[arg-type]  # a Samurai action here
        elif isinstance(wants, script.Build):
            built = [s.wants for s in lesson.steps[:step] if isinstance(s.wants, script.Build)]
            before = built[-1].path if built else wants.path[:1]
            for space in wants.path[len(before):]:
                await self.press(":step", rules.space_name(space))
            if wants.trail is not None:
                name = rules.space_name(wants.trail)
                for half in ("trail0", "trail1", "trail"):
                    try:
                        _message, _id, values = await self.control(f":{half}")
                    except AssertionError:
                        continue
                    if name in values:
                        await self.press(f":{half}", name)
                        break
        elif isinstance(wants, script.Preview):
            await self.press(":preview")
        elif isinstance(wants, script.Confirm):
            await self.press(":confirm")
        elif isinstance(wants, script.Continue):
            await self.press(":go")


async def shoot(role: str) -> int:
    output = HERE / f"lesson-{role}.png"
    with tempfile.TemporaryDirectory() as scratch:
        async with Sandbox(database=Path(scratch) / "goryo.sqlite3", seed=1) as sandbox:
            base, key = sandbox.url.split("/?key=")
            async with aiohttp.ClientSession() as session:
                learner = Learner(session, base, key)
                await learner.post("/api/command", {"as": "aiko", "place": "channel",
                                                    "text": f"/goryo learn role:{role}"})
                lesson = script.LESSONS[role]
                for step in range(STOP[role]):
                    await learner.follow(lesson, step)
            width, height = WINDOW
            done = await photograph(f"{sandbox.url}&as=aiko", output, width=width, height=height,
                                    profile=Path(scratch) / "profile", settle_ms=5000)
            if done.returncode != 0:
                print(done.stderr, file=sys.stderr)
                return done.returncode
    print(f"wrote {output}")
    return 0


async def main() -> int:
    for role in script.ROLES:
        if code := await shoot(role):
            return code
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
