"""`python -m bot --sandbox` stops at once on Ctrl+C or SIGTERM, even with the page open in a browser (issue 42).

An open page holds a live feed (a websocket) that never ends by itself; the sandbox used to wait a minute for
it (aiohttp's shutdown grace) before it stopped. The process is given far less here (STOP_GUARD_SECONDS, a
guard against a hang rather than a measured time): it closes the feeds first, then stops.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.sandbox.helpers import Printed

from .chromium import open_page

# Less than the minute the open feed used to hold the stop up, with room for a busy machine's slow exit.
STOP_GUARD_SECONDS = 30


def start_sandbox(folder: Path) -> subprocess.Popen[str]:
    environment = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(Path(__file__).parents[3])}
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox", "--port", "0", "--database", str(folder / "kept.sqlite3")],
        cwd=folder, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
async def test_the_sandbox_stops_with_a_tab_open(tmp_path: Path, chromium, signum: signal.Signals):
    process = start_sandbox(tmp_path)
    printed = Printed(process)
    try:
        address = printed.wait_for(r"Open (http://\S+)").group(1)
        page = await open_page(chromium, address)  # the page is live: its feed is open
        assert await page.evaluate("document.querySelectorAll('.pane').length") > 0
        process.send_signal(signum)
        process.wait(STOP_GUARD_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    errors = process.stderr.read()
    assert process.returncode == 0, errors
    assert "Traceback" not in errors
    assert "Sandbox stopped." in printed.finished()
