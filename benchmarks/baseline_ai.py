"""The computer players as they stood before issue 25: the baseline ``bench_ai.py`` measures against.

They are read from the project's history (``ai/`` at ``COMMIT``) rather than copied into the tree, so the
tree holds one copy of each agent, the baseline cannot drift, and the bot cannot reach it. Each process
unpacks them once into a temporary folder and imports them as the package ``baseline_ai``.
"""

from __future__ import annotations

import functools
import importlib.util
import io
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType

COMMIT = "74c1dec1f019cdcad4365a226d5c1bb8bcba7b12"  # main before issue 25: the baseline in docs/computer-opponent.md
PACKAGE = "baseline_ai"
REPOSITORY = Path(__file__).resolve().parent.parent


@functools.cache
def load() -> ModuleType:
    """The baseline ``ai`` package, imported under the name ``baseline_ai`` (its modules import each other
    relatively, and ``rules`` as it is today: the rules did not change)."""
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", COMMIT, "ai"], capture_output=True, check=True)
    folder = Path(tempfile.mkdtemp(prefix="goryo-baseline-ai-"))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "ai"
    spec = importlib.util.spec_from_file_location(PACKAGE, package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    spec.loader.exec_module(module)
    return module
