"""The work the drawing processes run that is not one of ``render``'s own functions.

Apart from ``boards`` so that a drawing process, which imports the module of each function it is handed,
loads ``rules``, ``render`` and ``ai`` only, not discord.py and the rest of the bot (about 50 MB a process).
"""

from __future__ import annotations

import os

import ai.review
import render
import render.replay
import rules


def warm_up(_: int) -> int:
    render.public_board(rules.public_view(rules.new_game(0)))  # imports, fonts and cached sprites
    return os.getpid()


def build_replay(initial_state: rules.GameState, actions: list[rules.Action], max_bytes: int,
                 language: str = "en") -> render.replay.Replay | str:
    # The render errors take custom arguments, which don't survive the way back between processes,
    # so their words come back instead (in ``language``).
    try:
        return render.replay.replay_gif(initial_state, actions, max_bytes=max_bytes, language=language)
    except (render.replay.MatchInProgressError, render.replay.ReplayTooLargeError,
            render.replay.UndrawableReplayError) as error:
        return str(error)


def review_json(initial_state: rules.GameState, actions: list[rules.Action]) -> str:
    """The match's review (``ai.review``), as the JSON the store keeps."""
    return ai.review.review_to_json(ai.review.review(initial_state, actions))
