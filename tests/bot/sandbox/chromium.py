"""The sandbox page in a real browser: Playwright for Python driving Debian's Chromium (issue 35).

Playwright's own browser download is not used: ``GORYO_CHROMIUM`` names a Chromium, else
``/usr/bin/chromium`` (Debian's ``chromium`` package), else a ``chromium`` on PATH. Without one the
browser tests fail, saying how to install it: they are never skipped.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

INSTALL = ("no Chromium for the browser tests: install Debian's package (apt-get install -y chromium), "
           "or set GORYO_CHROMIUM to a Chromium or Chrome executable")
# Counts every change to the page's messages, so a test can wait for the page to move rather than for a time.
WATCH_CHANGES = """
window.__changes = 0;
addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => { window.__changes += 1; })
    .observe(document.getElementById("panes"),
             { childList: true, subtree: true, characterData: true, attributes: true });
});
"""


def chromium_executable() -> str:
    for candidate in (os.environ.get("GORYO_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail(INSTALL, pytrace=False)


@pytest.fixture
async def chromium() -> AsyncIterator[Any]:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.fail("the browser tests need Playwright for Python: pip install -e '.[test]'", pytrace=False)
    executable = chromium_executable()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield browser
        finally:
            await browser.close()


async def open_page(chromium: Any, url: str, *, width: int = 1366, height: int = 768, seat: str | None = None) -> Any:
    context = await chromium.new_context(viewport={"width": width, "height": height})
    page = await context.new_page()
    await page.add_init_script(WATCH_CHANGES)
    await page.goto(url + (f"&as={seat}" if seat else ""))
    await page.wait_for_selector("button.player")
    return page


async def changes(page: Any) -> int:
    return int(await page.evaluate("window.__changes"))


async def after_change(page: Any, before: int) -> None:
    """Wait until the page's messages changed since ``before`` (the sandbox pushed what the bot did)."""
    await page.wait_for_function("before => window.__changes > before", arg=before, timeout=30_000)
