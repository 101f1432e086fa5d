"""Every marked word is in the template and translated in every catalogue, with the same placeholders.

A missing translation fails here, in CI, rather than in a match.
"""

import pytest

import locales
from locales import catalogues


def _ids(catalogue):
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalogue if m.id}


def test_the_template_holds_every_marked_word():
    fresh, stored = catalogues.extract(), catalogues.read(locales.TEMPLATE)
    missing = _ids(fresh) - _ids(stored)
    assert not missing, (f"run `python -m locales update`: {len(missing)} marked words are not in goryo.pot, "
                         f"e.g. {sorted(missing)[:5]}")


def test_there_is_a_language_besides_english():
    assert "it" in locales.LANGUAGES


@pytest.mark.parametrize("path", catalogues.catalogue_paths(), ids=lambda p: p.name)
def test_every_catalogue_translates_every_word_with_its_placeholders(path):
    problems = catalogues.problems(catalogues.read(path), catalogues.read(locales.TEMPLATE))
    assert not problems, f"{path.name}: {len(problems)} problems, e.g.\n" + "\n".join(problems[:15])


def test_the_checks_catch_a_missing_word_and_a_wrong_placeholder():
    from babel.messages.catalog import Catalog

    template = Catalog()
    template.add("{samurai} moves to {space}")
    template.add("Round {number}")
    catalogue = Catalog(locale="it")
    catalogue.add("{samurai} moves to {space}", "{samurai} va in {spazio}")
    assert set(catalogues.problems(catalogue, template)) == {
        "untranslated: 'Round {number}'",
        "placeholders differ: '{samurai} moves to {space}' has ['samurai', 'spazio'], expected ['samurai', 'space']",
    }


def test_a_discord_locale_picks_its_language_or_english():
    assert locales.language_of("it") == "it"
    assert locales.language_of("en-US") == "en"
    assert locales.language_of("pt-BR") == "en"
    assert locales.language_of(None) == "en"


def test_speaking_is_scoped_to_its_context():
    assert locales.spoken() == "en"
    with locales.speaking("it"):
        assert locales.spoken() == "it"
    assert locales.spoken() == "en"
    with pytest.raises(ValueError, match="no catalogue"), locales.speaking("xx"):
        pass


def test_a_shared_phrase_is_said_in_the_language_spoken():
    from rules import Outcome, Side, Termination
    from words.phrases import winner_line

    outcome = Outcome(Termination.CAPTURED_THRICE, Side.SAMURAI)
    assert winner_line(outcome) == "The Samurai win"
    with locales.speaking("it"):
        assert winner_line(outcome) == "Vincono i Samurai"
