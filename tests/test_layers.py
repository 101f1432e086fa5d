"""A folder is a layer: a module of ``bot/`` imports only its own folder and the folders below it, and no
package has an import circle.

``FOLDERS`` lists ``bot/``'s folders lowest first, as the map of the code (docs/code-map.md) draws them; a
module's layer is the folder it sits in (``bot.delivery.boards`` is in ``delivery``), wherever below it.
The few modules at the top of ``bot/`` are named as layers of their own. Every import counts, lazy ones
inside functions too. A new folder or top-level module must be given its place here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FOLDERS: list[str] = [
    "discord_private.py",  # discord.py's private parts, wrapped in one place
    "records",  # plain values and pure functions of them: outbox items, match records, the league's numbers
    "metrics",  # what the bot counts for its host, and how its log lines are written
    "storage",  # the database: keeps records
    "settings.py",  # the environment's settings, checked (a database address among them)
    "startup.py",  # start-up failures said in one line with an exit status each; stopping on a signal
    "text",  # words, in the reader's language
    "ui",  # views, buttons, selects
    "delivery",  # telling people: composing what an action owes, drawing boards, sending, the outbox's deliverer
    "play",  # matches, challenges, the AI's turns, time limits
    "commands",  # the slash commands and button clicks
    "app.py",  # the bot: wires the layers together
    "__init__.py",  # the package's face: create_bot
    "sandbox",  # the bot against a simulated Discord, in a browser
    "__main__.py",  # python -m bot
]

# The pure packages never import the Discord layer at all.
PURE = ("rules", "ai", "render", "words", "locales")
# Packages in which no two modules may import each other in a circle, however long.
ACYCLIC = ("rules", "ai", "render", "words", "locales", "bot")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str, root: Path = ROOT) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted((root / package).rglob("*.py"))}


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


def folder_of(module: str) -> str | None:
    """The entry of ``FOLDERS`` that holds ``module`` (a dotted name in ``bot``), or None."""
    parts = module.split(".")
    if parts[0] != "bot":
        return None
    if len(parts) == 1:
        return "__init__.py"
    entry = f"{parts[1]}.py" if len(parts) == 2 and f"{parts[1]}.py" in FOLDERS else parts[1]
    return entry if entry in FOLDERS else None


def layer_of(module: str) -> int | None:
    folder = folder_of(module)
    return None if folder is None else FOLDERS.index(folder)


def graph(package: str, root: Path = ROOT) -> dict[str, dict[str, int]]:
    """Each module of ``package`` → the modules of ``package`` it imports (with the first line that does)."""
    everything = modules(package, root)
    known = set(everything)
    edges: dict[str, dict[str, int]] = {name: {} for name in everything}
    for name, path in everything.items():
        for line, target in imports(name, path, known):
            while target and target not in known:  # `from bot.storage import X`: the package bot.storage
                target = target.rpartition(".")[0]
            if target and target != name:
                edges[name].setdefault(target, line)
    return edges


def circles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """One import circle through each strongly connected set of modules (a depth-first walk), as a path."""
    found: list[list[str]] = []
    done: set[str] = set()
    for start in sorted(edges):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack: list[tuple[str, list[str]]] = [(start, sorted(edges[start]))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, todo = stack[-1]
            if not todo:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
                continue
            following = todo.pop(0)
            if following in on_path:
                circle = [*path[path.index(following):], following]
                if not any(set(circle) <= set(seen) for seen in found):
                    found.append(circle)
            elif following not in done:
                stack.append((following, sorted(edges[following])))
                path.append(following)
                on_path.add(following)
    return found


def test_every_folder_and_top_level_module_of_the_bot_has_a_layer():
    bot = ROOT / "bot"
    present = {p.name for p in bot.iterdir() if p.is_dir() and any(p.rglob("*.py"))}
    present |= {p.name for p in bot.glob("*.py")}
    assert present - set(FOLDERS) == set(), "give these a layer in FOLDERS here, and in the map of the code"
    assert set(FOLDERS) - present == set(), "FOLDERS names what bot/ no longer holds"
    assert all(layer_of(name) is not None for name in modules("bot"))


def test_no_module_of_the_bot_imports_from_a_higher_folder():
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
                upward.append(f"{path.relative_to(ROOT)}:{line}: {name} ({FOLDERS[own]}) imports {target}"
                              f" ({FOLDERS[theirs]})")
    assert not upward, "imports that point up a layer:\n" + "\n".join(upward)


def test_the_pure_packages_never_import_the_bot():
    for package in PURE:
        everything = modules(package)
        for name, path in everything.items():
            for line, target in imports(name, path, set(everything)):
                assert not (target == "bot" or target.startswith("bot.")), (
                    f"{path.relative_to(ROOT)}:{line}: {package} is pure, yet imports {target}")


def test_the_board_s_words_are_made_below_the_pictures_and_the_words_layer_never_draws():
    """``words`` makes the board's words for ``render`` and ``bot`` alike, so it imports neither, nor Pillow or
    discord.py; ``bot/text`` takes its words from ``words`` and never from ``render``."""
    text = {n: p for n, p in modules("bot").items() if folder_of(n) == "text"}
    forbidden = [(modules("words"), ("render", "PIL", "discord", "bot")), (text, ("render", "PIL"))]
    assert all(found for found, _ in forbidden)
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {target}"
             for found, packages in forbidden for name, path in found.items()
             for line, target in imports(name, path, set(found)) if target.split(".")[0] in packages]
    assert not wrong, "the words' layer reaches the pictures or the Discord layer:\n" + "\n".join(wrong)


def test_no_package_has_an_import_circle():
    found = {package: circles(graph(package)) for package in ACYCLIC}
    assert not any(found.values()), "modules that import each other in a circle (move the shared part down):\n" + (
        "\n".join(" → ".join(circle) for package in ACYCLIC for circle in found[package]))


def test_the_checks_see_an_upward_import_a_lazy_one_and_a_circle(tmp_path):
    # The parser itself: a relative import inside a function resolves to the module it names.
    source = tmp_path / "game.py"
    source.write_text("def later():\n    from ..commands import clicks\n", encoding="utf-8")
    found = imports("bot.play.game", source, {"bot.commands.clicks"})
    assert found == [(2, "bot.commands.clicks")]
    assert layer_of("bot.commands.clicks") > layer_of("bot.play.game")
    assert layer_of("bot.records.outbox") < layer_of("bot.storage.sqlite") < layer_of("bot.delivery.deliverer")
    assert layer_of("bot.settings") == FOLDERS.index("settings.py") and layer_of("bot") == FOLDERS.index("__init__.py")
    assert layer_of("bot.nowhere") is None and layer_of("bot.settings.inner") is None
    # A circle of three, one link lazy, inside a package whose other module only hangs off it.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (package / "b.py").write_text("from . import c\n", encoding="utf-8")
    (package / "c.py").write_text("def f():\n    import pkg.a\n", encoding="utf-8")
    (package / "d.py").write_text("from .a import y\n", encoding="utf-8")
    assert circles(graph("pkg", tmp_path)) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    (package / "c.py").write_text("x = 1\n", encoding="utf-8")
    assert circles(graph("pkg", tmp_path)) == []
