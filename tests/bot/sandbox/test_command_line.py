"""`python -m bot --sandbox`, as the README has a newcomer run it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.bot.helpers import HANG_GUARD_SECONDS
from tests.bot.sandbox.helpers import Printed

# Only a guard against a hung start-up wedging the suite, not a speed requirement.


def test_the_readme_command_serves_the_page_on_loopback_without_a_token(tmp_path: Path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=junk-from-dotenv\n", encoding="utf-8")
    environment = {**os.environ, "DISCORD_TOKEN": "junk-from-environment", "PYTHONUNBUFFERED": "1"}
    environment["PYTHONPATH"] = str(Path(__file__).parents[3])  # this checkout's code, whatever is installed
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox", "--port", "0"],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    printed = Printed(process)
    try:
        database = Path(printed.wait_for(r"\(database (\S+)\)").group(1))
        address = printed.wait_for(r"Open (http://\S+)").group(1)
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?key=[\w-]+", address)
        assert database.is_file()

        base, key = address.split("/?key=")
        with urllib.request.urlopen(base + "/") as page:
            assert "Goryō sandbox" in page.read().decode()
        request = urllib.request.Request(base + "/api/state?as=kenji", headers={"X-Sandbox-Key": key})
        with urllib.request.urlopen(request) as answer:
            state = json.load(answer)
        assert [player["name"] for player in state["players"]] == ["Aiko", "Kenji"]
        assert any(hint["usage"].startswith("/goryo move") for hint in state["places"]["channel"]["commands"])
    finally:
        process.send_signal(signal.SIGINT)
        errors = process.stderr.read()
        process.wait(HANG_GUARD_SECONDS)
    assert process.returncode == 0, errors
    assert "Sandbox stopped." in printed.finished()
    assert not database.exists()  # the fresh database is thrown away on exit
