"""Imports point down only: no module in ``bot/`` imports one on a higher layer (lazy imports inside functions too).

The layers, lowest first, as the map of the code (docs/code-map.md) lists them. A module belongs to the layer of the
longest pattern naming it: ``bot.outbox.items`` exactly, or ``bot.outbox.*`` (the package and all below it).
A module may import its own layer and those below; a new module must be given a layer here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("discord.py's private parts", ("bot.discord_private",)),
    ("records: plain values, no I/O", ("bot.league.*", "bot.outbox", "bot.outbox.items")),
    ("storage", ("bot.storage.*",)),
    ("settings and what storage hands back", ("bot.settings", "bot.outbox.played")),
    ("words", ("bot.text.*", "bot.league.words", "bot.errors")),
    ("ui: views, buttons, selects", ("bot.ui.*",)),
    ("delivery", ("bot.delivery.*",)),
    ("outbox: delivering it", ("bot.outbox.*",)),
    ("play", ("bot.play.*",)),
    ("commands", ("bot.commands.*",)),
    ("app", ("bot", "bot.app")),
    ("entry points", ("bot.__main__", "bot.sandbox.*")),
]

# The pure packages never import the Discord layer at all.
PURE = ("rules", "ai", "render", "locales")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str) -> dict[str, Path]:
    return {module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, relative ones resolved, wherever it stands in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # `from . import mine` imports the module bot.commands.mine
                submodule = f"{target}.{alias.name}"
                found.append((node.lineno, submodule if submodule in known else target))
    return found


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (length of the pattern, layer)
    for index, (_, patterns) in enumerate(LAYERS):
        for pattern in patterns:
            stem = pattern.removesuffix(".*")
            matches = module == stem or (pattern.endswith(".*") and module.startswith(stem + "."))
            if matches and (best is None or len(stem) > best[0]):
                best = (len(stem), index)
    return None if best is None else best[1]


def test_every_module_of_the_bot_has_a_layer():
    unplaced = [name for name in modules("bot") if layer_of(name) is None]
    assert not unplaced, f"give these modules a layer in tests/test_layers.py (and docs/code-map.md): {unplaced}"


def test_no_module_of_the_bot_imports_from_a_higher_layer():
    known = set(modules("bot"))
    upward = []
    for name, path in modules("bot").items():
        own = layer_of(name)
        assert own is not None
        for line, target in imports(name, path, known):
            if not (target == "bot" or target.startswith("bot.")):
                continue
            theirs = layer_of(target)
            assert theirs is not None, f"{path.relative_to(ROOT)}:{line} imports {target}, which has no layer"
            if theirs > own:
                upward.append(
                    f"{path.relative_to(ROOT)}:{line}: {name} ({LAYERS[own][0]}) imports {target} ({LAYERS[theirs][0]})"
                )
    assert not upward, "imports that point up a layer:\n" + "\n".join(upward)


def test_the_pure_packages_never_import_the_bot():
    for package in PURE:
        everything = modules(package)
        for name, path in everything.items():
            for line, target in imports(name, path, set(everything)):
                assert not (target == "bot" or target.startswith("bot.")), (
                    f"{path.relative_to(ROOT)}:{line}: {package} is pure, yet imports {target}")


def test_the_check_sees_an_upward_import_and_a_lazy_one(tmp_path):
    # The parser itself: a relative import inside a function resolves to the module it names.
    source = tmp_path / "game.py"
    source.write_text("def later():\n    from ..commands import clicks\n", encoding="utf-8")
    found = imports("bot.play.game", source, {"bot.commands.clicks"})
    assert found == [(2, "bot.commands.clicks")]
    assert layer_of("bot.commands.clicks") > layer_of("bot.play.game")
    assert layer_of("bot.outbox.items") < layer_of("bot.storage.sqlite") < layer_of("bot.outbox.deliverer")
