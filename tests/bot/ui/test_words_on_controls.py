"""Words on every control (issue 45): every button and every menu and its options the bot builds say what they
do in words (an emoji may stand beside a word, never alone), within Discord's limits, in every language; and
the board's key explains every symbol in words."""

from __future__ import annotations

import re

import discord
import pytest

import rules
from bot.play import lessons
from bot.records.discord_limits import most
from bot.text.lessons import LESSONS
from bot.ui import buttons
from bot.ui.builder import builder_view
from bot.ui.panel import panel_view
from locales import LANGUAGES, speaking
from rules.playout import random_match
from tests.render import scenes
from words.facts import goryo_key, public_key
from words.marks import public_marks
from words.phrases import plan_name
from words.text_board import key as text_board_key
from words.text_board import public_text_board

WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more, in any alphabet: an emoji, a digit or a mark is not one


def views() -> list[tuple[str, discord.ui.View]]:
    """Every kind of view the bot builds, over the states of whole matches and every step of both lessons."""
    plan = scenes.preview().plan
    assert plan is not None
    built: list[tuple[str, discord.ui.View | None]] = [
        ("challenge", buttons.challenge_view(1)), ("plan", buttons.plan_view(1, 3, 2, plan)),
        ("resign", buttons.resign_view(1, 3)), ("end turn", buttons.end_turn_view(1, 3)),
        ("rematch", buttons.rematch_view(1)),
    ]
    for seed in (3, 4):
        for number, (_, state) in enumerate(random_match(seed)):
            built.append((f"panel {seed}.{number}", panel_view(1, state)))
            if state.phase in (rules.Phase.SETUP, rules.Phase.GORYO_TURN):
                built.append((f"builder {seed}.{number}", builder_view(1, state)))
                for path in rules.legal_paths(state) if state.phase is rules.Phase.GORYO_TURN else ():
                    built.append((f"builder {seed}.{number} {plan_name(path)}",
                                  builder_view(1, state, path[:3], path[1])))
                    break
    for role, lesson in LESSONS.items():
        for step in range(len(lesson.steps)):
            built.append((f"lesson {role} {step}", lessons.step_view(lesson, step)))
    return [(name, view) for name, view in built if view is not None]


def said(item: discord.ui.Item) -> list[tuple[str, str, int, object]]:
    """(what, words, Discord's limit on them, the emoji beside them) for a control and, for a menu, its options."""
    inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
    if isinstance(inner, discord.ui.Button):
        return [("button", inner.label or "", most("button.label"), inner.emoji)]
    assert isinstance(inner, discord.ui.Select), inner
    found = [("menu", inner.placeholder or "", most("select.placeholder"), None)]
    for option in inner.options:
        found.append(("option", option.label, most("select.option.label"), option.emoji))
        if option.description:
            found.append(("option description", option.description, most("select.option.description"), None))
    return found


@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_button_menu_and_option_the_bot_builds_says_what_it_does_in_words(language):
    checked: dict[str, int] = {}
    with speaking(language):
        every = views()
        for name, view in every:
            assert view.children, name
            for item in view.children:
                for what, words, limit, emoji in said(item):
                    assert WORD.search(words), f"{name}: a {what} without words: {words!r} (emoji {emoji})"
                    assert len(words) <= limit, f"{name}: a {what} over Discord's {limit} characters: {words!r}"
                    checked[what] = checked.get(what, 0) + 1
    assert {"button", "menu", "option"} <= set(checked) and checked["option"] > 100, checked
    assert {name.split(" ")[0] for name, _ in every} >= {"challenge", "plan", "resign", "end", "rematch", "panel",
                                                          "builder", "lesson"}


def test_the_check_refuses_an_emoji_or_a_mark_alone():
    for alone in ("✅", "❌", "→", "F", "C2", "1/6", "🟨→🟧", ""):
        assert not WORD.search(alone), alone
    for worded in ("✅ yes", "C2 · Urn", "Fine", "Sì", "Accetta"):
        assert WORD.search(worded), worded


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_explains_every_symbol_in_words(language):
    with speaking(language):
        keys = [public_key(), public_key(aid=True), goryo_key()]
        view = rules.public_view(scenes.final())
        keys.append(text_board_key(public_marks(view)))
        assert "Key" in public_text_board(view) or "Legenda" in public_text_board(view)
    entries = [entry for key in keys for line in key.splitlines() for entry in line.split(" · ")]
    assert len(entries) > 12
    for entry in entries:
        symbol, _, words = entry.partition(" ")
        assert symbol and WORD.search(words), f"a symbol without its words: {entry!r}"
