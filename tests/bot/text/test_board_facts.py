"""The facts the phone-first picture leaves out (issue 24) go with it in words: the live board's
message carries the round, the gong, each Samurai's actions and the garden, updated with each
picture, in the reader's language; only her own board's words name her bound object."""

from __future__ import annotations

import dataclasses

import rules
from rules.views import possible_bound
from tests.bot.helpers import Table, live_board
from tests.render import scenes
from words.phrases import object_name


def fields(message) -> dict[str, str]:
    assert len(message.embeds) == 1, message.embeds
    return {field.name: field.value for field in message.embeds[0].fields}


async def play_to_the_samurai_turn(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


async def test_the_live_board_carries_the_panel_facts_and_they_follow_each_action(env):
    table = Table(env)
    await play_to_the_samurai_turn(table)
    first = next(a for a in rules.legal_samurai_actions(table.state) if not isinstance(a, rules.EndSamuraiTurn))
    await table.play(first)
    facts = fields(live_board(table))
    assert facts["Round"] == "1 of 4" and facts["Spirits captured"] == "0 of 3"
    assert "Actions this turn: 1 of 6" in facts
    assert "Sprint: ready" in facts["Goryō powers"]
    bound = object_name(table.state.bound)
    assert "Your bound object" not in facts and "Her bound object" not in facts
    assert bound in facts["Could be her bound object"]  # one of the suspects, never singled out

    second = next(a for a in rules.legal_samurai_actions(table.state) if not isinstance(a, rules.EndSamuraiTurn))
    await table.play(second)
    assert "Actions this turn: 2 of 6" in fields(live_board(table)), "the edit brings the facts up to date"

    hers = [m for m in table.goryo_dm() if m.attachments and m.attachments[0].filename == "goryo-private.png"]
    assert hers and fields(hers[-1])["Your bound object"] == bound


async def test_each_board_carries_its_key_the_aid_s_only_when_the_aid_is_shown(env):
    """The key the picture's panel used to draw (issue 24): the public marks on the live board,
    her marks and the objects she can reach on hers, the deduction aid's only with the aid."""
    table = Table(env)
    await table.begin(assist=True)
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    key = fields(live_board(table))["Key"]
    assert key.splitlines() == ["✅ yes · ❌ no · 💔 broken · 📜 sealed",
                                ("🟨→🟧 share of her paths passing · 📶 one bar filled per quarter of her paths passing"
                                " · 🟣 paths end here")]
    hers = [m for m in table.goryo_dm() if m.attachments and m.attachments[0].filename == "goryo-private.png"]
    mine = fields(hers[-1])["Key"]
    assert "🎯 can strike" in mine and "💨 with Sprint" in mine and "✖️ broken" in mine and "⭕ sealed" in mine
    assert "paths end here" not in mine, "no aid is drawn on her board"
    for message in (live_board(table), hers[-1]):
        embed = message.embeds[0]
        assert len(embed) <= 6000 and all(len(field.value) <= 1024 for field in embed.fields)

    plain = Table(env)
    await play_to_the_samurai_turn(plain)
    assert fields(live_board(plain))["Key"] == "✅ yes · ❌ no · 💔 broken · 📜 sealed", "without the aid, its key goes"


async def test_the_facts_are_in_the_language_of_the_picture_and_public_ones_tell_no_secret(drawing):
    state = scenes.mid_samurai_turn()
    italian = dict((await drawing.public_board(state, language="it")).facts)
    assert italian["Round"] == "1 di 4" and "Azioni del turno: 4 di 6" in italian
    assert italian["Poteri del Goryō"] == "Scatto: disponibile\nFalsa Pista: disponibile"
    # Two matches differing only in her bound object give the same public words.
    other = dataclasses.replace(state, bound=next(t for t in possible_bound(rules.public_view(state))
                                                  if t != state.bound))
    assert (await drawing.public_board(other)).facts == (await drawing.public_board(state)).facts
    # The key is a fact like the others: the public one (and the aid's) the same whatever her secret.
    assert italian["Legenda"] == "✅ sì · ❌ no · 💔 rotto · 📜 sigillato"
    aided = (await drawing.public_board(state, assist=True, language="it")).facts
    assert dict(aided)["Legenda"].splitlines()[1] == (
        "🟨→🟧 percorsi che passano · 📶 una barra piena per quarto dei percorsi · 🟣 finiscono qui")
    assert (await drawing.public_board(other, assist=True, language="it")).facts == aided
    for board in (drawing.discovery_board, drawing.final_board):
        assert dict((await board(state, language="it")).facts)["Legenda"] == italian["Legenda"]
    assert "🎯 puoi colpire · 💨 con lo Scatto" in dict(
        (await drawing.goryo_board(state, language="it")).facts)["Legenda"]
    mine = dict((await drawing.goryo_board(state)).facts)
    assert mine["Your bound object"] == object_name(state.bound)
