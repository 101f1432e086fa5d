"""What the metrics tests share: a request to the bot's metrics endpoint."""

from __future__ import annotations

import aiohttp


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as answer:
        return answer.status, await answer.text()
