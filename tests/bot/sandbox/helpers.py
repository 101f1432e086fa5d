"""What the sandbox's tests share beyond the page: a process's output, read as it comes."""

from __future__ import annotations

import queue
import re
import subprocess
import threading

from tests.bot.helpers import HANG_GUARD_SECONDS


class Printed:
    """Collects a process's stdout lines as they come, so the test can wait for one."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self._arrived: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._reader.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        for line in process.stdout:
            self.lines.append(line)
            self._arrived.put(line)
        self._arrived.put("")  # end of output

    def wait_for(self, pattern: str) -> re.Match[str]:
        while line := self._arrived.get(timeout=HANG_GUARD_SECONDS):
            if match := re.search(pattern, line):
                return match
        raise AssertionError(f"the sandbox never printed {pattern!r}: {self.lines}")

    def finished(self) -> str:
        self._reader.join(HANG_GUARD_SECONDS)
        return "".join(self.lines)
