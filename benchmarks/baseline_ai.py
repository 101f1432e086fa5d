"""Frozen computer players (and a frozen rules engine) that the benchmarks measure against.

They are read from the project's history rather than copied into the tree, so the tree holds one copy of
each agent, a baseline cannot drift, and the bot cannot reach it. Each process unpacks one once into a
temporary folder and imports it under a package name of its own:

- ``baseline-*`` levels: ``ai/`` before issue 25 (the agents of the README's old table), as ``baseline_ai``;
- ``pre37-*`` levels: ``ai/`` before issue 37 (issue 25's agents), as ``pre37_ai``;
- ``pre37_rules``: ``rules/`` before issue 37 made it faster, for ``bench_rules.py`` to time side by side.

A frozen ``ai`` imports ``rules`` as it is today (its modules import each other relatively and ``rules``
absolutely): the rules' API did not change.
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
PRE37 = "d9518b60e8e4c539b75068e7268e431e871b732c"  # main before issue 37: issue 25's agents and the slower engine
PACKAGE = "baseline_ai"
REPOSITORY = Path(__file__).resolve().parent.parent

# A level's prefix -> (commit, package name) of the frozen ``ai`` it names.
FROZEN_AI: dict[str, tuple[str, str]] = {"baseline-": (COMMIT, PACKAGE), "pre37-": (PRE37, "pre37_ai")}


@functools.cache
def frozen(commit: str, folder_name: str, package: str) -> ModuleType:
    """The folder ``folder_name`` of the project at ``commit``, imported as the package ``package``."""
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", commit, folder_name],
                             capture_output=True, check=True)
    folder = Path(tempfile.mkdtemp(prefix=f"goryo-{package}-"))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    location = folder / folder_name
    spec = importlib.util.spec_from_file_location(package, location / "__init__.py",
                                                  submodule_search_locations=[str(location)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[package] = module
    spec.loader.exec_module(module)
    return module


def load(prefix: str = "baseline-") -> ModuleType:
    """The frozen ``ai`` package that levels named ``prefix`` + level play."""
    commit, package = FROZEN_AI[prefix]
    return frozen(commit, "ai", package)


def load_rules() -> ModuleType:
    """``rules`` as it stood before issue 37, imported as ``pre37_rules`` (it imports nothing outside itself),
    with its ``playout`` module (the package does not import it)."""
    package = frozen(PRE37, "rules", "pre37_rules")
    importlib.import_module("pre37_rules.playout")
    return package
