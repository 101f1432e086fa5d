"""Alt texts: the key facts of each picture in words, within Discord's 1024 characters."""

from __future__ import annotations

import dataclasses
import re

import pytest

import rules
import words
from locales import LANGUAGES
from rules import Move, Plan, Samurai, Sniff, parse_plan, parse_space
from rules.events import SprintDiscarded
from rules.playout import random_match
from tests.render import aid_scenes, scenes
from words import aid_line

LIMIT = 1024


def test_public_alt_text_names_round_turn_pieces_and_prints():
    text = words.describe_public(scenes.public(scenes.mid_samurai_turn()))
    for fact in ("round 1 of 4", "Samurai's turn", "4 of 6 actions", "green on B1", "purple on E2", "red on B5",
                 "blue on E5", "Goryō pawn on C3 (Mirror)", "C2 yes", "D2 yes", "E2 no", "Gong 0 of 12"):
        assert fact in text, fact


def test_discovery_alt_text_gives_the_path_sprint_and_false_trail():
    text = words.describe_discovery(scenes.public(scenes.discovery_with_sprint_and_false_trail()))
    for fact in ("E1 → F1 → F2 → F3 → F4 → F5", "Lantern on F5", "Sprint", "False Trail was on D3", "D3 yes",
                 "E3 no", "spirit captured 1 of 3"):
        assert fact in text, fact


def test_final_alt_text_gives_winner_reason_and_bound_object():
    text = words.describe_final(scenes.public(scenes.final()))
    for fact in ("The Samurai win", "the Goryō resigned", "bound object was the Fan"):
        assert fact in text, fact


def test_a_replays_alt_text_says_what_it_shows_and_how_the_match_ended_in_either_language():
    final = scenes.public(scenes.final())
    text = words.describe_replay(7, final)
    assert text.startswith("Replay of match 7, round by round: the public board after each action, ending on the "
                           "final board. Match over. The Samurai win")
    assert "bound object was the Fan" in text and len(text) <= LIMIT
    brief = words.describe_replay(7, final, key_frames_only=True)  # the per-action frames dropped
    assert brief.startswith("Replay of match 7, round by round: the public board at each Discovery")
    italian = words.describe_replay(7, final, language="it")
    assert italian.startswith("Replay della partita 7, round per round: il tabellone pubblico dopo ogni azione")
    assert "Vincono i Samurai" in italian and "Oggetto Vincolato era il Ventaglio" in italian


def test_goryo_alt_text_gives_her_secrets_and_the_public_ones_do_not():
    goryo = words.describe_goryo(scenes.preview())
    for fact in ("bound object is the Fan", "E1 → F1 → F2 → F3 → F4 → F5", "(with Sprint)", "False Trail on D3"):
        assert fact in goryo, fact
    public = words.describe_public(rules.public_view(scenes.round_two()))
    assert "Fan" not in public.split("Garden tiles")[0]
    assert "F5" not in public


@pytest.mark.parametrize("language", LANGUAGES)
def test_alt_texts_fit_discord_for_every_state_of_random_matches(language):
    for seed in (21, 22, 23):
        for _, state in random_match(seed):
            view = rules.public_view(state)
            for text in (words.describe_public(view, language=language),
                         words.describe_discovery(view, language=language),
                         words.describe_final(view, language=language),
                         words.describe_replay(2**63 - 1, view, language=language),
                         words.describe_goryo(rules.goryo_view(state), language=language)):
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
    for alt in (words.describe_final(view), words.describe_discovery(view)):
        assert "powers left: False Trail." in alt and "Sprint," not in alt


def test_the_alt_texts_name_the_types_that_could_still_be_her_bound_object():
    public = words.describe_public(rules.public_view(scenes.round_two()))
    assert "Could still be her bound object: Helmet, Lantern, Urn, Flower, Fan." in public
    goryo = words.describe_goryo(scenes.preview())
    assert "cannot yet rule out as your bound object: Helmet, Lantern, Urn, Flower, Fan." in goryo
    final = words.describe_final(scenes.public(scenes.final()))
    assert "Could still be" not in final and "bound object was the Fan" in final


def test_with_the_aid_the_alt_text_gives_its_count_after_the_pieces_and_answers_and_still_fits_discord():
    checked = 0
    for seed in (31, 32):
        for _, state in random_match(seed):
            if state.phase is not rules.Phase.SAMURAI_TURN:
                continue
            view = rules.public_view(state)
            aid = aid_scenes.aid_for(view)
            possible = [p for p in aid_scenes.paths_she_could_pick(view) if aid_scenes.fits(p, view)]
            assert state.plan.path in possible, "her real path always fits the public answers"
            text = words.describe_public(view, aid)
            assert len(text) <= LIMIT
            answers = text.index("aw-prints")
            assert answers < text.index(aid_line(aid)) < answers + 200, "right after the pieces and the answers"
            checked += 1
    assert checked > 10


ENGLISH_WORDS = {"the", "on", "of", "and", "yes", "her", "is", "was", "Sprint", "Trail", "bag", "tokens", "Broken",
                 "Mirror", "Fan", "Urn", "Helmet", "Scroll", "Lantern", "Mask", "Flower",
                 "green", "purple", "red", "blue"}


def test_italian_alt_texts_give_the_same_facts_in_italian():
    text = words.describe_public(scenes.public(scenes.mid_samurai_turn()), language="it")
    for fact in ("round 1 di 4", "Turno dei Samurai", "4 azioni su 6", "verde in B1", "viola in E2",
                 "Pedina del Goryō in C3 (Specchio)", "C2 sì", "E2 no", "Gong 0 su 12"):
        assert fact in text, fact
    final = words.describe_final(scenes.public(scenes.final()), language="it")
    for fact in ("Vincono i Samurai", "il Goryō si è arreso", "Oggetto Vincolato era il Ventaglio"):
        assert fact in final, fact


def test_an_italian_alt_text_holds_no_english_word():
    """One language per text: every phrase of it comes from the catalogue, none is left in English."""
    for _, state in random_match(22):
        view = rules.public_view(state)
        for text in (words.describe_public(view, language="it"), words.describe_discovery(view, language="it"),
                     words.describe_final(view, language="it"),
                     words.describe_goryo(rules.goryo_view(state), language="it")):
            english = set(re.findall(r"[\w']+", text)) & ENGLISH_WORDS
            assert not english, (english, text)


def _pieces_and_answers(view: rules.PublicView, prints: tuple[rules.PawPrint, ...]) -> list[str]:
    """Each Samurai's space and each latest answer, as the alt text says them in the language being spoken."""
    from locales import _
    from words.phrases import samurai_colour

    said = [_("{colour} on {space}").format(colour=samurai_colour(s).lower(), space=rules.space_name(at))
            for s, at in view.samurai_spaces]
    said += [(_("{space} yes") if p.green else _("{space} no")).format(space=rules.space_name(p.space))
             for p in prints]
    return said


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_picture_s_alt_text_names_each_samurai_s_space_and_the_last_answers(language):
    from locales import speaking

    checked = 0
    for seed in (41, 42):
        for _, state in random_match(seed):
            view, secret = rules.public_view(state), rules.goryo_view(state)
            aid = aid_scenes.aid_for(view) if state.phase is rules.Phase.SAMURAI_TURN else None
            reveal, ended = view.last_reveal, view.final_reveal
            kinds = [(words.describe_public(view, aid, language=language), view.paw_prints),
                     (words.describe_goryo(secret, language=language), view.paw_prints),
                     (words.describe_discovery(view, language=language),
                      reveal.paw_prints if reveal else view.paw_prints)]
            if view.outcome is not None:
                kinds.append((words.describe_final(view, language=language),
                              ended.paw_prints if ended else view.paw_prints))
            with speaking(language):
                for text, prints in kinds:
                    assert len(text) <= LIMIT
                    for words_said in _pieces_and_answers(view, prints):
                        assert words_said in text, (words_said, text)
                    checked += 1
    assert checked > 100
