"""The page's static files: what the browser does that the Python side cannot run.

The layout was checked by eye in headless Chromium at phone and desktop widths; these
tests keep the rules that make it so from being dropped unnoticed.
"""

from __future__ import annotations

import re

from ai.levels import LEVELS, Level
from bot.sandbox.server import STATIC, page_text


def rules_in(css: str, selector: str, media: str | None = None) -> str:
    """The declarations for ``selector``, inside the ``@media`` block ``media`` (or outside any)."""
    if media is not None:
        start = css.index(f"@media ({media})")
        css = css[start : css.index("\n}", start)]
    else:
        css = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    found = re.findall(rf"(?m)^\s*{re.escape(selector)}\s*\{{([^}}]*)\}}", css)
    assert found, f"no rule for {selector} ({media or 'all widths'})"
    return " ".join(found)


def test_the_header_stays_short_on_a_phone():
    css = (STATIC / "sandbox.css").read_text(encoding="utf-8")
    tagline = rules_in(css, ".tagline")
    # The tagline is one line at every width, never a paragraph that makes the header tall.
    assert "white-space: nowrap" in tagline and "text-overflow: ellipsis" in tagline and "min-width: 0" in tagline
    # Narrower than two panes the header wraps; on a phone the players' buttons take a row of their own
    # (test_browser.py checks the whole page at 360 px in Chromium).
    assert "flex-wrap: wrap" in rules_in(css, "header", "max-width: 900px")
    assert "flex-basis: 100%" in rules_in(css, "#players", "max-width: 640px")


def test_the_box_is_cleared_only_for_a_command_the_bot_took():
    script = (STATIC / "sandbox.js").read_text(encoding="utf-8")
    assert "return answer.ok && !answer.refused;" in script
    assert re.search(r"if \(sent\) \{ input\.value = \"\";", script)


def test_a_menu_draws_its_default_option_as_chosen():
    script = (STATIC / "sandbox.js").read_text(encoding="utf-8")
    assert 'selected: Boolean(o.default)' in script


def test_a_picked_choice_is_followed_by_one_space_only():
    # Found in Chromium: a path group's value ends with a space, and the page added another.
    script = (STATIC / "sandbox.js").read_text(encoding="utf-8")
    assert "${option}${choice.value.trimEnd()} `" in script


def test_the_guide_takes_the_levels_from_the_code_never_a_list_of_its_own():
    written = (STATIC / "index.html").read_text(encoding="utf-8")
    assert not any(re.search(rf"\b{level}\b", written) for level in Level)  # no level's word written by hand
    served = page_text("index.html")
    assert f"level:{LEVELS[0]}</code> (levels {', '.join(LEVELS)});" in served
    assert "{{" not in served and "}}" not in served  # every place filled
