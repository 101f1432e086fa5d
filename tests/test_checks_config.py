"""The checks that run themselves: CI runs the README's one command, the source keeps its type: ignore budget, and
no module outside the tests grows past 500 lines."""

import re
import shlex
import tokenize
import tomllib
from pathlib import Path

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
