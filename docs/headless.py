"""One photograph of a page on loopback by headless Chromium, for the docs' screenshot scripts.

No network beyond the page, a throwaway profile: the flags this machine's closed network needs.
"""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path


async def photograph(url: str, output: Path, *, width: int, height: int, profile: Path,
                     settle_ms: int) -> subprocess.CompletedProcess[str]:
    """Chromium's screenshot of ``url`` into ``output``, after ``settle_ms`` of the page's own time."""
    chromium = [
        "chromium",
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--hide-scrollbars",
        f"--virtual-time-budget={settle_ms}",
        f"--window-size={width},{height}",
        f"--screenshot={output}",
        url,
    ]
    # Chromium blocks, so it runs in a thread while the caller's loop keeps serving it the page.
    return await asyncio.to_thread(subprocess.run, chromium, capture_output=True, text=True, check=False)
