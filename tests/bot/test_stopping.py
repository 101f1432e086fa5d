"""A clean stop (issue 46): SIGTERM in the middle of a delivery, the bot in a process of its own against SimCord
on a real SQLite file; started again on the same file, every announcement is made exactly once.

The child (``stopping_child``) sends itself SIGTERM as the deliverer starts sending the N-th narration, so
the moment is the same on every run: during the answer to Alice's interaction (N=1), and during the bot's
own Samurai turn (N=3), whose drain has no interaction to answer and leaves the rest for the next start.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HANG_GUARD_SECONDS = 300  # a hung child must not wedge the suite; not a measured time
ANNOUNCEMENTS = ("accepted", "narration", "discovery", "end")  # the words each action leaves in the channel


def child(*arguments: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    return subprocess.run([sys.executable, "-m", "tests.bot.stopping_child", *arguments], cwd=REPO, env=environ,
                          capture_output=True, text=True, timeout=HANG_GUARD_SECONDS, check=False)


def outbox(database: Path) -> list[tuple[int, str, str, str]]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT seq, kind, status, payload FROM outbox ORDER BY id").fetchall()
    return [(seq, kind, status, json.loads(payload)["text"]) for seq, kind, status, payload in rows]


def claims(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT COUNT(*) FROM outbox_claims").fetchone()[0])


@pytest.mark.long
@pytest.mark.parametrize("stop_at", [1, 3], ids=["answering-an-interaction", "during-the-bots-turn"])
def test_a_stop_mid_delivery_then_a_start_announces_every_action_once(tmp_path, stop_at):
    database = tmp_path / "goryo.sqlite3"
    first = child("first", str(database), str(tmp_path / "first.json"), str(stop_at))
    assert first.returncode == 0, first.stderr
    assert "Traceback" not in first.stderr and first.stdout.rstrip().endswith("stopped")
    after_stop = outbox(database)
    assert claims(database) == 0  # what is left is claimed by nobody
    narrated = [seq for seq, kind, status, _ in after_stop if kind == "narration"]
    # The narration in hand when the signal came was sent, and everything its action owes with it when an
    # interaction waits for it; the bot's own turn stops after the item in hand, the rest left pending.
    stopped_in = narrated[stop_at - 1]
    assert all(status == "done" for seq, _, status, _ in after_stop if seq < stopped_in)
    left = [kind for seq, kind, status, _ in after_stop if status == "pending"]
    if stop_at == 1:
        assert left == []
    else:
        assert left, "the stop came mid-turn: something must have been left for the next start"

    again = child("again", str(database), str(tmp_path / "again.json"))
    assert again.returncode == 0, again.stderr
    assert "Traceback" not in again.stderr
    final = outbox(database)
    assert all(status == "done" for _, _, status, _ in final)
    assert len(final) >= len(after_stop)

    shown = [*json.loads((tmp_path / "first.json").read_text())["channel"],
             *json.loads((tmp_path / "again.json").read_text())["channel"]]
    owed = Counter(text for _, kind, _, text in final if kind in ANNOUNCEMENTS)
    assert owed and set(owed) <= set(shown)
    assert {text: shown.count(text) for text in owed} == dict(owed)  # each exactly as often as it was owed
