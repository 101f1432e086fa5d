"""Words in their place: every sentence a player reads is made in ``bot/text/`` (a control's own label may stay
in ``bot/ui/``, a command's name and description in ``bot/commands/``), and none goes out untranslated.

How a translatable literal is recognised, by reading each module's syntax tree (no import, no run):

- *marked words*: a call of one of the catalogue's markers (``_``, ``N_``, ``Nn_``, ``gettext``, ``ngettext``,
  ``pgettext``, ``npgettext``, and discord.py's ``locale_str``), or one of them imported from ``locales``. Marked
  words are translatable by definition; below the words only ``bot/text/`` may hold them.
- *player-facing English*: a string literal holding a word (two letters or more) given as the text of what reaches
  a player: a ``Refusal``, a message sent or edited (``send``, ``send_message``, ``follow_up``, ``send_private``,
  ``edit_message``, …: their positional text or ``content=``), or the words of a control or a choice
  (``label=``, ``placeholder=``, ``description=``, ``name=`` of ``Button``, ``Select``, ``SelectOption``,
  ``Choice``, ``Embed``). Inside a marker it is marked, so it counts as the first kind, not this one.

- *composed English*, below the words only: an f-string whose own text holds three words or more (a sentence
  composed in code, as the match autocomplete's "you play the …, your turn" was before it moved to ``bot/text``).

Logs, exceptions (their messages are for programmers), asserts, SQL and docstrings are none of these: a player never
reads them; nor do the few modules that speak to the host alone (``HOST_FACING``, each with why).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
MARKERS = {"_", "N_", "Nn_", "gettext", "ngettext", "pgettext", "npgettext", "locale_str"}
# Below the words: these folders act, store and deliver; they take their words from bot/text.
WORDLESS = ("bot/play", "bot/delivery", "bot/storage", "bot/records")
SENDS = {"Refusal", "send", "send_message", "send_private", "follow_up", "follow_up_privately", "edit_message",
         "edit_original_response", "edit", "reply"}
SHOWN_KEYWORDS = {"content", "label", "placeholder", "description", "name", "title", "text"}
CONTROLS = {"Button", "Select", "SelectOption", "Choice", "Embed", "add_field", "set_footer"}
WORD = re.compile(r"[A-Za-zŌō]{2,}")
PHRASE = re.compile(r"\b[A-Za-z]{2,}(?:[,;:]?\s+[A-Za-z]{2,}\b){2,}")  # three words a space apart
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|FROM|WHERE)\b")
NOT_READ_BY_PLAYERS = {"debug", "info", "warning", "error", "exception", "critical", "log", "__init__"}
HOST_FACING = {
    "bot/play/health.py": "the report of `python -m bot --check`, for whoever hosts the bot",
    "bot/play/integrity.py": "a damaged match's reason, stored for the host's logs",
    "bot/storage/action_log.py": "a damaged match's reason, stored for the host's logs",
    "bot/storage/unavailable.py": "why the database cannot be opened, said to the host at start-up",
    "bot/records/discord_limits.py": "Discord's documentation pages, named for the tests",
}


def test_every_module_spared_for_its_host_exists():
    assert all((PROJECT / module).is_file() for module in HOST_FACING)


def _name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _texts(node: ast.AST) -> list[str]:
    """The literal text in an expression: not inside a call (a marked literal is the other rule's; any other call's
    arguments, ``most("embed.footer.text")`` say, are not what is shown)."""
    if isinstance(node, ast.Call):
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    return [text for child in ast.iter_child_nodes(node) for text in _texts(child)]


def _where(path: Path) -> str:
    return str(path.relative_to(PROJECT)) if path.is_relative_to(PROJECT) else path.name


def marked_words(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call) and _name(node) in MARKERS:
            found.append(f"{_where(path)}:{node.lineno}: {_name(node)}(…)")
        if isinstance(node, ast.ImportFrom) and node.module == "locales":
            found += [f"{_where(path)}:{node.lineno}: imports {a.name}" for a in node.names
                      if a.name in MARKERS]
    return found


def untranslated(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        shown: list[ast.AST] = []
        if name in SENDS:
            # The text comes first, or after the interaction (``send_private(interaction, text)``).
            shown += node.args[:2] + [k.value for k in node.keywords if k.arg == "content"]
        if name in CONTROLS or name in SENDS:
            shown += [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS - {"content"}]
        found += [f"{_where(path)}:{node.lineno}: {text!r}"
                  for value in shown for text in _texts(value) if WORD.search(text)]
    return found


def composed_english(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    unread: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Raise, ast.Assert))
                or (isinstance(node, ast.Call) and (_name(node) in NOT_READ_BY_PLAYERS
                                                    or _name(node).endswith(("Error", "Exception"))))):
            unread |= {id(inner) for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in unread:
            text = " ".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
            if PHRASE.search(text) and not SQL.match(text):
                found.append(f"{_where(path)}:{node.lineno}: {text!r}")
    return found


def _modules(*folders: str) -> list[Path]:
    return [path for folder in folders for path in sorted((PROJECT / folder).rglob("*.py"))]


@pytest.mark.parametrize("folder", WORDLESS)
def test_no_translatable_literal_below_the_words(folder):
    found = [hit for path in _modules(folder) for hit in marked_words(path) + untranslated(path)]
    found += [hit for path in _modules(folder) if str(path.relative_to(PROJECT)) not in HOST_FACING
              for hit in composed_english(path)]
    assert found == [], "make these words in bot/text/ and call them from here:\n" + "\n".join(found)


def test_no_player_facing_english_goes_out_untranslated_anywhere_in_the_bot():
    # The sandbox is the developer's own page, in English by design (its texts never reach Discord).
    modules = [p for p in _modules("bot") if "sandbox" not in p.relative_to(PROJECT).parts]
    found = [hit for path in modules for hit in untranslated(path)]
    assert found == [], "mark these words (in bot/text/, or a control's label in bot/ui/):\n" + "\n".join(found)


def test_the_scan_finds_both_kinds(tmp_path):
    probe = tmp_path / "probe.py"  # not in bot/: the other tests never see it
    probe.write_text(
        "from locales import N_\n"
        "async def f(interaction):\n"
        "    await interaction.response.send_message('Your turn, Samurai.')\n"
        "    raise Refusal(N_('Marked, but in the wrong place.'))\n"
        "    await send_private(interaction, f'{1}: you play the Goryo')\n"
        "    Choice(name='your turn', value=1)\n"
        "    await send_private(interaction, _('Marked.') + ' · ')\n"
        "    name = f'{1}: {2}, you play the {3}, round {4}, {5}'\n"
        "    log.info(f'match {1}: the bot claims the win on time')\n",
        encoding="utf-8",
    )
    assert len(marked_words(probe)) == 3  # the import, N_ and _
    assert sorted(hit.split(": ", 1)[1] for hit in untranslated(probe)) == [
        "': you play the Goryo'", "'Your turn, Samurai.'", "'your turn'"]
    assert sorted(hit.split(": ", 1)[1] for hit in composed_english(probe)) == [
        "':  , you play the  , round  , '", "': you play the Goryo'"]
