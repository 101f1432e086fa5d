"""Alt texts: the key facts of each picture in words, within Discord's 1024 characters."""

from __future__ import annotations

import dataclasses

import render
import rules
from rules import Move, Plan, Samurai, Sniff, parse_plan, parse_space
from rules.events import SprintDiscarded
from rules.playout import random_match

from . import scenes

LIMIT = 1024


def test_public_alt_text_names_round_turn_pieces_and_prints():
    text = render.describe_public(scenes.public(scenes.mid_samurai_turn()))
    for fact in ("round 1 of 4", "Samurai's turn", "4 of 6 actions", "green on B1", "purple on E2", "red on B5",
                 "blue on E5", "Goryō pawn on C3 (Mirror)", "C2 yes", "D2 yes", "E2 no", "Gong 0 of 12"):
        assert fact in text, fact


def test_discovery_alt_text_gives_the_path_sprint_and_false_trail():
    text = render.describe_discovery(scenes.public(scenes.discovery_with_sprint_and_false_trail()))
    for fact in ("E1 → F1 → F2 → F3 → F4 → F5", "Lantern on F5", "Sprint", "False Trail was on D3", "D3 yes",
                 "E3 no", "spirit captured 1 of 3"):
        assert fact in text, fact


def test_final_alt_text_gives_winner_reason_and_bound_object():
    text = render.describe_final(scenes.public(scenes.final()))
    for fact in ("The Samurai win", "the Goryō resigned", "bound object was the Fan"):
        assert fact in text, fact


def test_goryo_alt_text_gives_her_secrets_and_the_public_ones_do_not():
    goryo = render.describe_goryo(scenes.preview())
    for fact in ("bound object is the Fan", "E1 → F1 → F2 → F3 → F4 → F5", "(with Sprint)", "False Trail on D3"):
        assert fact in goryo, fact
    public = render.describe_public(rules.public_view(scenes.round_two()))
    assert "Fan" not in public.split("Garden tiles")[0]
    assert "F5" not in public


def test_alt_texts_fit_discord_for_every_state_of_random_matches():
    for seed in (21, 22, 23):
        for _, state in random_match(seed):
            view = rules.public_view(state)
            for text in (render.describe_public(view), render.describe_discovery(view), render.describe_final(view),
                         render.describe_goryo(rules.goryo_view(state))):
                assert 0 < len(text) <= LIMIT


def test_a_match_won_in_a_sprint_round_never_shows_the_sprint_as_left():
    """Issue 9, item 3: the final and discovery pictures said "✓ Sprint" beside "Sprint used"."""
    state = dataclasses.replace(scenes.round_two(), spirits=2)
    state = rules.apply(state, Plan(parse_plan(scenes.SPRINT_PLAN))).state
    state = scenes.play(state, Move(Samurai.BLUE, parse_space("F5")), Sniff(Samurai.BLUE, parse_space("F4")))
    state, events = rules.apply(state, rules.EndSamuraiTurn())
    assert state.outcome.termination is rules.Termination.CAPTURED_THRICE and SprintDiscarded() in events
    view = rules.public_view(state)
    assert not view.sprint_available
    for alt in (render.describe_final(view), render.describe_discovery(view)):
        assert "powers left: False Trail." in alt and "Sprint," not in alt
