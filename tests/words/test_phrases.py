"""Names of things in both languages, with the article each word takes."""

import pytest

from locales import speaking
from rules import ObjectType, Samurai, Side, parse_plan
from words.phrases import (
    an_object,
    object_name,
    pawn_letter,
    plan_name,
    samurai_colour,
    samurai_name,
    side_name,
    the_object,
)


def test_names_in_english():
    assert object_name(ObjectType.FAN) == "Fan"
    assert an_object(ObjectType.FAN) == "a Fan"
    assert an_object(ObjectType.URN, capital=True) == "An Urn"
    assert the_object(ObjectType.MIRROR) == "the Mirror"
    assert samurai_name(Samurai.GREEN) == "the Green Samurai"
    assert samurai_name(Samurai.BLUE, capital=True) == "The Blue Samurai"
    assert samurai_colour(Samurai.PURPLE) == "Purple"
    assert side_name(Side.GORYO) == "the Goryō"


@pytest.mark.parametrize(("object_type", "indefinite", "definite"), [
    (ObjectType.FAN, "un Ventaglio", "il Ventaglio"),
    (ObjectType.URN, "un'Urna", "l'Urna"),
    (ObjectType.MASK, "una Maschera", "la Maschera"),
    (ObjectType.MIRROR, "uno Specchio", "lo Specchio"),
    (ObjectType.HELMET, "un Elmo", "l'Elmo"),
])
def test_objects_take_their_own_article_in_italian(object_type, indefinite, definite):
    with speaking("it"):
        assert an_object(object_type) == indefinite
        assert the_object(object_type) == definite
        assert indefinite.endswith(object_name(object_type))


def test_samurai_and_sides_in_italian():
    with speaking("it"):
        assert samurai_name(Samurai.GREEN) == "il Samurai Verde"
        assert samurai_name(Samurai.RED, capital=True) == "Il Samurai Rosso"
        assert samurai_colour(Samurai.PURPLE) == "Viola"
        assert side_name(Side.SAMURAI, capital=True) == "I Samurai"
        assert side_name(Side.GORYO) == "il Goryō"


def test_every_object_and_samurai_has_a_different_italian_name():
    with speaking("it"):
        assert len({object_name(t) for t in ObjectType}) == len(ObjectType)
        assert all(object_name(t) != t.value for t in ObjectType)
        assert len({samurai_name(s) for s in Samurai}) == len(Samurai)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_pawn_letters_tell_the_four_samurai_apart_and_start_their_colour(language):
    with speaking(language):
        letters = [pawn_letter(s) for s in Samurai]
        assert len(set(letters)) == 4
        assert all(samurai_colour(s).startswith(pawn_letter(s)) for s in Samurai)


def test_a_picture_s_words_follow_its_language_else_the_one_being_spoken():
    from tests.render import scenes
    from words import describe_public

    view = scenes.public(scenes.mid_samurai_turn())
    english, italian = describe_public(view), describe_public(view, language="it")
    assert english.startswith("Goryō board") and italian.startswith("Tabellone di Goryō")
    with speaking("it"):
        assert describe_public(view) == italian
        assert describe_public(view, language="en") == english


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_path_s_name_is_the_same_in_every_language_and_reads_back_through_parse_plan(language):
    path = parse_plan("c1 c2 d2 d1 e1")
    with speaking(language):
        assert plan_name(path) == "C1 → C2 → D2 → D1 → E1"
    assert parse_plan(plan_name(path)) == path
