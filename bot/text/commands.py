"""Commands named in a text as the reader's Discord client shows them: `/goryo challenge` is `/goryo sfida` in Italian.

The bot's texts name commands, options and choices inside code spans (`` `/goryo path spaces:` ``,
`` `false_trail:` ``, `` `rules` ``), in English in every catalogue. ``localised`` puts each name
into the language spoken, with the same catalogue entries (context ``command name``) that the
command tree's translator gives Discord, so a help text can never name a command differently from
the one the reader's client lists. A name with no translation stays English, as Discord shows it.
"""

from __future__ import annotations

import re

from locales import ENGLISH, pgettext, spoken

NAME = "command name"  # the catalogue context of command, option and choice names (bot.commands.translator)

_CODE_SPAN = re.compile(r"`([^`\n]+)`")
# A subcommand of a group (`/goryo tournament join`) is a bare word after the command; an option ends with a colon.
_COMMAND = re.compile(r"/goryo(?: (?P<command>[a-z_]+))?(?: (?P<sub>[a-z_]+)(?= |$))?(?P<rest>.*)", re.DOTALL)
_OPTION = re.compile(r"(?<![\w@<])(?P<option>[a-z_]+):")  # `spaces:`, `[false_trail:]`, `assist:True`
_CHOICE = re.compile(r"[a-z_]+")  # a code span of one word, such as a help topic


def _name(word: str) -> str:
    return pgettext(NAME, word)


def command(name: str, *options: str) -> str:
    """``/goryo replay match:`` in the language spoken, for text where code spans don't show (embed footers)."""
    return " ".join(["/goryo", _name(name), *(f"{_name(option)}:" for option in options)])


def _span(match: re.Match[str]) -> str:
    code = match.group(1)
    if command := _COMMAND.fullmatch(code):
        named = "/goryo" + (f" {_name(command['command'])}" if command["command"] else "")
        named += f" {_name(command['sub'])}" if command["sub"] else ""
        return f"`{named}{_OPTION.sub(lambda m: _name(m['option']) + ':', command['rest'])}`"
    if _OPTION.match(code):
        return f"`{_OPTION.sub(lambda m: _name(m['option']) + ':', code, count=1)}`"
    if _CHOICE.fullmatch(code):
        return f"`{_name(code)}`"
    return match.group(0)


def localised(text: str) -> str:
    """``text`` with the command, option and choice names in its code spans in the language spoken."""
    if spoken() == ENGLISH or "`" not in text:
        return text
    return _CODE_SPAN.sub(_span, text)
