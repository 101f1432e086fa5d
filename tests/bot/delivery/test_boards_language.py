"""The bot's pictures carry their language into the drawing processes, and two languages never share a picture."""

import render
import rules
import words
from locales import speaking
from tests.render import scenes


async def test_each_picture_and_alt_text_is_in_the_language_asked_for_and_cached_apart(drawing):
    state = scenes.mid_samurai_turn()
    view = rules.public_view(state)
    english = await drawing.public_board(state)
    italian = await drawing.public_board(state, language="it")
    again = await drawing.public_board(state)
    # Drawn in another process, yet exactly what render draws here in that language.
    assert (italian.png, italian.description) == (render.public_board(view, language="it"),
                                                  words.describe_public(view, language="it"))
    assert (english.png, english.description) == (again.png, again.description) == (
        render.public_board(view), words.describe_public(view))
    assert italian.png != english.png
    assert italian.description.startswith("Tabellone di Goryō, round 1 di 4. Turno dei Samurai")
    assert english.description.startswith("Goryō board, round 1 of 4. The Samurai's turn")


async def test_the_discovery_final_and_secret_boards_speak_the_language_asked_for(drawing):
    discovery = await drawing.discovery_board(scenes.discovery_with_sprint_and_false_trail(), language="it")
    assert discovery.description.startswith("Rivelazione. Nel round 2 il Goryō ha percorso E1 → F1")
    final = await drawing.final_board(scenes.final(), language="it")
    assert "Il suo Oggetto Vincolato era il Ventaglio." in final.description
    secret = await drawing.goryo_board(scenes.round_two(), language="it")
    assert "Il tuo Oggetto Vincolato è il Ventaglio" in secret.description
    assert secret.png == render.goryo_board(rules.goryo_view(scenes.round_two()), language="it")


async def test_without_a_language_the_one_being_spoken_is_drawn_and_named_to_the_drawing_process(drawing):
    state = scenes.setup_done()
    with speaking("it"):
        spoken_italian = await drawing.public_board(state)
        named_english = await drawing.public_board(state, language="en")
    view = rules.public_view(state)
    assert spoken_italian.png == render.public_board(view, language="it")
    assert spoken_italian.description == words.describe_public(view, language="it")
    assert named_english.description == words.describe_public(view) != spoken_italian.description
