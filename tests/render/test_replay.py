"""The replay GIF: one frame per action, per revealed path and the final board, from public views only."""

from __future__ import annotations

import dataclasses
import functools
import io

import pytest
from PIL import Image

import render
import rules
from render.replay import (
    REDUCTIONS,
    FrameKind,
    MatchInProgressError,
    ReplayTooLargeError,
    UndrawableReplayError,
    _decoded,
    _encode,
    _resized,
    encode_gif,
    replay_frames,
    replay_gif,
)
from rules import parse_plan

from .action_logs import THIRD_PLAN, longest_match, scripted_match, two_rounds
from .scenes import plan

DISCORD_DEFAULT_LIMIT = 10 * 1024 * 1024  # Interaction.filesize_limit in a server without boosts
SMALL = 240  # px: enough to tell frames apart, quick to encode


@functools.cache
def scripted_frames():
    return replay_frames(*scripted_match())


@functools.cache
def longest_frames():
    return replay_frames(*longest_match())


def play(state: rules.GameState, actions) -> rules.GameState:
    return functools.reduce(lambda s, a: rules.apply(s, a).state, actions, state)


def reveals_in(initial: rules.GameState, actions) -> int:
    state, count = initial, 0
    for action in actions:
        step = rules.apply(state, action)
        state = step.state
        count += sum(isinstance(event, rules.events.PathRevealed) for event in step.events)
    return count


def opened(gif: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    return image


def test_one_frame_per_action_and_reveal_plus_the_final_board():
    initial, actions = scripted_match()
    frames = scripted_frames()
    assert reveals_in(initial, actions) == 2
    assert len(frames) == len(actions) + 2 + 1
    assert [f.kind for f in frames].count(FrameKind.REVEAL) == 2
    assert frames[-1].kind is FrameKind.FINAL
    image = opened(encode_gif(frames, width=SMALL))
    assert image.is_animated and image.n_frames == len(frames)
    assert image.size == (SMALL, 278) and image.info["loop"] == 0
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        durations.append(image.info["duration"])
    assert durations == [frame.kind.duration_ms for frame in frames]
    assert durations[-1] > max(durations[:-1])  # the final board stays longest


def test_frames_are_the_live_public_pictures():
    initial, actions = scripted_match()
    frames = scripted_frames()
    after_round_one = rules.public_view(play(initial, actions[:7]))
    # Action 7 ends round 1's Samurai turn: the Discovery picture, then the board of round 2.
    assert frames[6].kind is FrameKind.REVEAL and frames[6].png == render.discovery_board(after_round_one)
    assert frames[7].kind is FrameKind.ACTION and frames[7].png == render.public_board(after_round_one)
    assert frames[-1].png == render.final_board(rules.public_view(play(initial, actions)))


def test_frames_before_the_end_do_not_depend_on_the_bound_object():
    initial, actions = longest_match()
    final = play(initial, actions)
    targeted = {rules.OBJECT_AT[a.target] for a in actions if isinstance(a, rules.Plan)}
    # Swap the bound object with a token this match neither draws nor targets: the same public match.
    index, swapped = next((i, t) for i, t in enumerate(initial.bag) if t not in final.drawn and t not in targeted)
    bag = list(initial.bag)
    bag[index] = initial.bound
    theirs = replay_frames(dataclasses.replace(initial, bound=swapped, bag=tuple(bag)), actions)
    ours = longest_frames()
    # The last action's board and the final board name the bound object; nothing before them does.
    assert [f.png for f in theirs[:-2]] == [f.png for f in ours[:-2]]
    assert theirs[-1].png != ours[-1].png


def test_a_plan_never_discovered_never_shows():
    initial, actions = scripted_match()
    locked_at = actions.index(plan(THIRD_PLAN))
    before = play(initial, actions[:locked_at])
    other = next(p for p in rules.legal_plans(before) if p.path != parse_plan(THIRD_PLAN))
    theirs = replay_frames(initial, [*actions[:locked_at], other, *actions[locked_at + 1:]])
    assert [f.png for f in theirs] == [f.png for f in scripted_frames()]


def test_a_match_in_progress_is_refused_plainly():
    initial, _ = scripted_match()
    with pytest.raises(MatchInProgressError, match="still being played"):
        replay_gif(initial, two_rounds(), max_bytes=DISCORD_DEFAULT_LIMIT)
    with pytest.raises(MatchInProgressError, match="ancora in corso"):
        replay_gif(initial, two_rounds(), max_bytes=DISCORD_DEFAULT_LIMIT, language="it")


def test_a_tight_limit_is_met_by_reducing_and_says_so():
    initial, actions = scripted_match()
    full = replay_gif(initial, actions, max_bytes=DISCORD_DEFAULT_LIMIT, width=SMALL)
    assert not full.reduced and (full.width, full.colours) == (SMALL, REDUCTIONS[0][1])
    tight = replay_gif(initial, actions, max_bytes=full.size - 1, width=SMALL)
    assert tight.reduced and tight.size < full.size
    assert (tight.width, tight.colours) != (full.width, full.colours)
    assert opened(tight.gif).n_frames == tight.frames == full.frames


def test_key_frames_only_as_a_last_resort_then_a_clear_refusal():
    initial, actions = scripted_match()
    # The smallest full-length GIF as replay_gif makes it: each frame scaled from its SMALL-wide copy.
    frames = scripted_frames()
    share, colours = REDUCTIONS[-1]
    scaled = [_resized(_decoded(frame.png, SMALL), round(SMALL * share)) for frame in frames]
    smallest_full = _encode(scaled, frames, colours)
    brief = replay_gif(initial, actions, max_bytes=len(smallest_full) - 1, width=SMALL)
    assert brief.key_frames_only and brief.reduced
    assert brief.frames == opened(brief.gif).n_frames == brief.reveals + 1 == 3
    with pytest.raises(ReplayTooLargeError, match="upload limit"):
        replay_gif(initial, actions, max_bytes=2_000, width=SMALL)


def test_the_longest_match_fits_discords_default_limit_at_full_quality():
    initial, actions = longest_match()
    replay = replay_gif(initial, actions, max_bytes=DISCORD_DEFAULT_LIMIT)
    assert len(actions) == 33 and replay.reveals == 4
    assert replay.frames == len(actions) + replay.reveals + 1
    assert not replay.reduced and replay.size <= DISCORD_DEFAULT_LIMIT
    image = opened(replay.gif)
    assert image.n_frames == replay.frames and image.size == (replay.width, replay.height)


@pytest.mark.parametrize("language, words", [("en", "cannot be drawn"), ("it", "non si può disegnare")])
def test_a_match_whose_pictures_cannot_be_drawn_is_refused_in_words(language, words):
    """A record whose states no match can reach (the gong past its end from the start) gives no replay,
    and says so in the asker's language, as the other refusals do."""
    initial, actions = scripted_match()
    broken = dataclasses.replace(initial, mallet=40)
    with pytest.raises(UndrawableReplayError, match=words):
        replay_gif(broken, actions, max_bytes=DISCORD_DEFAULT_LIMIT, width=SMALL, language=language)


def test_a_move_taken_back_shows_as_played_then_taken_back():
    """``rules.Undo`` is in the log like any action: its frame shows the board as it was before the move."""
    state = rules.new_game(5)
    actions: list[rules.Action] = [rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])]
    state = rules.apply(state, actions[0]).state
    actions.append(rules.Plan(next(rules.legal_paths(state))))
    state = rules.apply(state, actions[1]).state
    move = next(a for a in rules.legal_samurai_actions(state) if isinstance(a, rules.Move))
    actions += [move, rules.Undo(), rules.Resign(rules.Side.SAMURAI)]
    frames = replay_frames(rules.new_game(5), actions)
    assert [f.kind for f in frames] == [FrameKind.ACTION] * 5 + [FrameKind.FINAL]
    before, moved, taken_back = (frames[i].png for i in (1, 2, 3))
    assert moved != before and taken_back == before
