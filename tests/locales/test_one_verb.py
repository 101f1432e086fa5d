"""One Italian verb for calling a Samurai into action (issue 42): "attivare", as the Italian rulebook and the
panel's menus say ("Attiva Verde"), never a second one ("Chiama il Verde") that a learner would have to match
to the menu by guesswork.
"""

from __future__ import annotations

import re

from .italian import pairs

# English speaks of calling a Samurai; "call off" a match is another verb altogether.
CALLING = re.compile(r"\bcall(s|ed|ing)?\b", re.IGNORECASE)
CALLED_OFF = re.compile(r"\bcall(s|ed|ing)?[ -](it |a match |this channel's match )?off\b", re.IGNORECASE)
OTHER_VERBS = re.compile(r"\b(chiam|richiam|convoc|evoc|selezion)\w*", re.IGNORECASE)
PLACEHOLDER = re.compile(r"\{\w*\}")
ACTIVATE = re.compile(r"\battiv\w*", re.IGNORECASE)


def test_calling_a_samurai_is_attivare_everywhere():
    calling = [(en, it) for en, it in pairs(PLACEHOLDER) if CALLING.search(CALLED_OFF.sub("", en))]
    assert len(calling) >= 8  # the rules' refusals, the panel, the status, the lessons, the help
    wrong = [(en, it) for en, it in calling if not ACTIVATE.search(it)]
    assert not wrong, wrong


def test_no_italian_message_uses_a_second_verb_for_it():
    # "chiedere" (to ask) is not one of them: only verbs that could stand for calling a Samurai up.
    other = [(en, it) for en, it in pairs(PLACEHOLDER) if OTHER_VERBS.search(it)]
    assert not other, other


def test_the_check_would_catch_a_second_verb():
    assert OTHER_VERBS.search("Chiama il Verde: in **Passo…** scegli **Verde → A2**.")
    assert not ACTIVATE.search("Chiama il Verde: in **Passo…** scegli **Verde → A2**.")
    assert CALLING.search(CALLED_OFF.sub("", "Call Green: pick Green → A2."))
    assert not CALLING.search(CALLED_OFF.sub("", "Only members who manage this channel may call a match off."))
