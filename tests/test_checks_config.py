"""The checks that run themselves: CI runs the README's one command, the source keeps its type: ignore budget, no
module outside the tests grows past 500 lines, and no test module borrows from another."""

import ast
import re
import shlex
import tokenize
import tomllib
from pathlib import Path

import pytest

from tests.conftest import pytest_collection_modifyitems

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "rules", "ai", "render", "locales")
IGNORE_BUDGET = 5
# `# type: ignore[code]  # why`: one or more error codes, then a reason of its own.
WELL_FORMED = re.compile(r"#\s*type:\s*ignore\[[a-z0-9-]+(?:,\s*[a-z0-9-]+)*\]\s*#\s*\S")


def type_ignores() -> list[tuple[str, int, str]]:
    """Every ``type: ignore`` comment in the source, as (file, line, comment); strings that merely mention one
    are not comments, so tokenize rather than grep."""
    found = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            with tokenize.open(path) as file:
                for token in tokenize.generate_tokens(file.readline):
                    if token.type == tokenize.COMMENT and re.search(r"type:\s*ignore", token.string):
                        found.append((str(path.relative_to(ROOT)), token.start[0], token.string))
    return found


def listed(ignores: list[tuple[str, int, str]]) -> str:
    return "".join(f"\n  {file}:{line}: {comment}" for file, line, comment in ignores)


def test_the_source_holds_at_most_five_type_ignores():
    ignores = type_ignores()
    assert len(ignores) <= IGNORE_BUDGET, (
        f"{len(ignores)} `# type: ignore` in {', '.join(SOURCES)}; at most {IGNORE_BUDGET} may stay. "
        f"Prefer a precise type, a Protocol, or narrowing with assert/isinstance:{listed(ignores)}"
    )


def test_each_type_ignore_names_its_error_code_and_says_why():
    bare = [ignore for ignore in type_ignores() if not WELL_FORMED.search(ignore[2])]
    assert not bare, f"write each as `# type: ignore[code]  # reason`:{listed(bare)}"


def test_the_budget_check_tells_a_bare_ignore_from_a_well_formed_one():
    assert WELL_FORMED.search("# type: ignore[attr-defined]  # discord.py's stubs lack it")
    assert WELL_FORMED.search("# type: ignore[arg-type, return-value]  # Pillow types it loosely")
    for bare in ("# type: ignore", "# type: ignore[arg-type]", "# type: ignore  # no code", "# type: ignore[]  # x"):
        assert not WELL_FORMED.search(bare), bare


def test_mypy_checks_every_package_the_budget_counts():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(SOURCES) <= set(config["tool"]["mypy"]["files"])


def _readme_test_command() -> str:
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Run the tests", 1)[1]
    return re.search(r"```sh\n(.+?)\n```", section, re.DOTALL).group(1).strip()


def test_ci_runs_exactly_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "set -euo pipefail" in script
    assert script[-1] == _readme_test_command()


def test_the_test_command_checks_style_and_types_before_the_tests():
    steps = [shlex.split(step) for step in _readme_test_command().split("&&")]
    assert steps == [["pip", "install", "-e", ".[test]"], ["ruff", "check", "."], ["mypy"], ["pytest"]]


def test_the_tests_run_on_every_core():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = shlex.split(config["tool"]["pytest"]["ini_options"]["addopts"])
    assert "-n" in options and options[options.index("-n") + 1] == "auto"
    assert any(need.startswith("pytest-xdist") for need in config["project"]["optional-dependencies"]["test"])


class Collected:
    """What the ordering hook reads of a collected test: its name, and whether it is marked long."""

    def __init__(self, name: str, long: bool) -> None:
        self.name, self.long = name, long

    def get_closest_marker(self, name: str) -> object | None:
        return pytest.mark.long.mark if name == "long" and self.long else None


def test_the_long_tests_are_collected_before_the_rest(request):
    # Worksteal hands out the tail of a worker's queue: a long test there would run alone at the end.
    items = [Collected("a", False), Collected("b", True), Collected("c", False), Collected("d", True)]
    pytest_collection_modifyitems(items)
    assert [item.name for item in items] == ["b", "d", "a", "c"]  # otherwise in the order collected
    long = [item.get_closest_marker("long") is not None for item in request.session.items]
    assert long == sorted(long, reverse=True)  # and so in this run


# Small modules, one job each: none over 500 lines outside the tests (which may hold a long table of cases).
MODULE_LINES = 500
SIZED = (*SOURCES, "benchmarks", "docs")


def long_modules(root: Path, folders: tuple[str, ...], limit: int) -> list[tuple[str, int]]:
    """Every ``.py`` module under ``folders`` of ``root`` longer than ``limit`` lines, as (path, lines)."""
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found.append((str(path.relative_to(root)), lines))
    return found


def test_no_module_outside_the_tests_is_over_500_lines():
    assert sum(1 for folder in SIZED for _ in (ROOT / folder).rglob("*.py")) > 100, "the modules were found"
    long = long_modules(ROOT, SIZED, MODULE_LINES)
    assert not long, f"modules over {MODULE_LINES} lines (split each by job):" + "".join(
        f"\n  {file}: {lines} lines" for file, lines in long)


def test_the_size_check_finds_a_module_one_line_over(tmp_path: Path):
    package = tmp_path / "pkg" / "sub"
    package.mkdir(parents=True)
    (package / "at_the_limit.py").write_text("x = 1\n" * MODULE_LINES, encoding="utf-8")
    (package / "over.py").write_text("x = 1\n" * MODULE_LINES + "y = 2", encoding="utf-8")  # no final newline
    (package / "notes.txt").write_text("x\n" * (MODULE_LINES + 1), encoding="utf-8")
    assert long_modules(tmp_path, ("pkg",), MODULE_LINES) == [("pkg/sub/over.py", MODULE_LINES + 1)]


# What tests share lives in helper modules and conftest.py files (``tests/bot/helpers.py``, a folder's ``helpers.py``),
# never in a test module: importing one runs its tests' module again under another name and ties two files' tests.
def imported_modules(path: Path, root: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, by its full dotted name (relative imports resolved), as (line, name); a name
    imported from a package is counted as its submodule, since it may be one."""
    package = list(path.relative_to(root).with_suffix("").parts)[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def borrowing_test_modules(root: Path) -> list[str]:
    """``file:line imports module`` for each import of a test module by a test module (once a line)."""
    found = []
    for path in sorted((root / "tests").rglob("test_*.py")):
        lines = set()
        for line, module in imported_modules(path, root):
            if line not in lines and any(part.startswith("test_") for part in module.split(".")):
                lines.add(line)
                found.append(f"{path.relative_to(root)}:{line} imports {module}")
    return found


def test_no_test_module_imports_another():
    borrowed = borrowing_test_modules(ROOT)
    assert not borrowed, "move what is shared to the folder's helpers.py or conftest.py:" + "".join(
        f"\n  {line}" for line in borrowed)


def test_the_borrowing_check_finds_every_way_of_importing_a_test_module(tmp_path: Path):
    folder = tmp_path / "tests" / "bot" / "play"
    folder.mkdir(parents=True)
    (folder / "helpers.py").write_text("from .test_rematch import resign\n", encoding="utf-8")  # not a test module
    (folder / "test_ok.py").write_text("from .helpers import resign\nfrom ..conftest import SEED\n", encoding="utf-8")
    (folder / "test_a.py").write_text("from .test_rematch import resign\n", encoding="utf-8")
    (folder / "test_b.py").write_text("from tests.bot.ui.test_panel import _choose\n", encoding="utf-8")
    (folder / "test_c.py").write_text("from .. import test_languages\n", encoding="utf-8")
    (folder / "test_d.py").write_text("def f():\n    import tests.rules.test_palace\n", encoding="utf-8")
    assert borrowing_test_modules(tmp_path) == [
        "tests/bot/play/test_a.py:1 imports tests.bot.play.test_rematch",
        "tests/bot/play/test_b.py:1 imports tests.bot.ui.test_panel",
        "tests/bot/play/test_c.py:1 imports tests.bot.test_languages",
        "tests/bot/play/test_d.py:2 imports tests.rules.test_palace",
    ]
