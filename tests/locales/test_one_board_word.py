"""One Italian word for the board: "tabellone", the Italian rulebook's word for the board the pieces stand on
(its "plancia" is a player's own sheet beside it), never "plancia" for a board the bot shows, so that a reader
does not wonder whether the secret board and the public one are different things.
"""

from __future__ import annotations

import re

from .italian import pairs

BOARD = re.compile(r"\bboards?\b", re.IGNORECASE)
CODE = re.compile(r"`[^`]*`")  # a command's name, such as `/goryo board`, stays in English
TABELLONE = re.compile(r"\btabellon[ei]\b", re.IGNORECASE)
OTHER_WORDS = re.compile(r"\b(planc\w*|tavol[ae]\b|scacchier\w*|mappa|mappe)", re.IGNORECASE)


def test_the_board_is_tabellone_wherever_the_english_names_it():
    board = [(en, it) for en, it in pairs(CODE) if BOARD.search(en)]
    assert len(board) >= 30  # the captions, the alt texts, the refusals, the help, the lessons
    missing = [(en, it) for en, it in board if not TABELLONE.search(it)]
    assert not missing, missing


def test_no_italian_message_uses_a_second_word_for_it():
    other = [(en, it) for en, it in pairs(CODE) if OTHER_WORDS.search(it)]
    assert not other, other


def test_the_check_would_catch_a_second_word():
    assert OTHER_WORDS.search("Premi Anteprima per vederlo sulla tua plancia privata.")
    assert OTHER_WORDS.search("Plancia segreta")
    assert not TABELLONE.search("La tua plancia segreta a parole, round 1 di 4")
    assert TABELLONE.search("Il tuo tabellone segreto a parole, round 1 di 4")
