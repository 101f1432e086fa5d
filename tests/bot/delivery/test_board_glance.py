"""Board, facts and panel at one glance (issue 35): the board's picture is drawn inside its facts' embed, below
the facts, and under it the embed's footer says what the next action needs (the last answer, the actions left,
who may still act; on her board, what she is to do), in the reader's language and from public facts alone."""

from __future__ import annotations

import dataclasses

import rules
from bot.delivery.boards import Board
from locales import speaking
from rules.views import possible_bound
from tests.bot.helpers import Table, live_board
from tests.render import scenes
from words.glance import public_glance
from words.phrases import object_name, samurai_colour


def _picture_in_embed(message) -> str:
    """The message's one embed shows its one picture (attachment://name) and has a footer; that footer."""
    assert len(message.embeds) == 1 and len(message.attachments) == 1, (message.embeds, message.attachments)
    embed, attachment = message.embeds[0], message.attachments[0]
    assert embed.image.url in (f"attachment://{attachment.filename}", attachment.url), embed.image.url
    assert embed.footer.text, "the footer says what the next action needs"
    return embed.footer.text


async def test_the_live_board_shows_its_picture_in_its_embed_and_the_next_action_under_it(env):
    table = Table(env)
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))
    assert _picture_in_embed(live_board(table)) == "6 actions left of 6 · Green, Purple, Red and Blue may still act"

    sniff = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Sniff))
    await table.play(sniff)
    latest = table.state.paw_prints[-1]
    answer = "✅ yes" if latest.green else "❌ no"
    acting = samurai_colour(sniff.samurai)
    footer = _picture_in_embed(live_board(table))
    assert footer.startswith(f"Last answer: {rules.space_name(latest.space)} {answer} · 5 actions left of 6 · ")
    assert acting in footer, "the Samurai acting may act again"

    hers = [m for m in table.goryo_dm() if m.attachments and m.attachments[0].filename == "goryo-private.png"]
    assert hers, "her board came to her DMs"
    # Her board of the locked plan, drawn as the Samurai turn began: in their turn she reads what they read.
    assert _picture_in_embed(hers[-1]) == "6 actions left of 6 · Green, Purple, Red and Blue may still act"


async def test_her_board_with_the_builder_says_what_she_is_to_do(env):
    table = Table(env)
    await table.begin()
    start = [m for m in table.goryo_dm() if m.attachments and m.attachments[0].filename == "goryo-private.png"]
    assert _picture_in_embed(start[-1]) == "Your turn: choose the space you start on."
    assert start[-1].components, "the builder's menu is under it"
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    hers = [m for m in table.goryo_dm() if m.attachments and m.attachments[0].filename == "goryo-private.png"]
    assert _picture_in_embed(hers[-1]) == "Your turn: build your path step by step, preview it, then confirm it."
    assert hers[-1].components


async def test_the_footer_is_in_the_reader_s_language(drawing):
    state = scenes.mid_samurai_turn()  # four actions in; the latest, Purple's search, answered
    english = await drawing.public_board(state, language="en")
    italian = await drawing.public_board(state, language="it")
    assert english is not None and italian is not None
    latest = state.paw_prints[-1]
    space, yes = rules.space_name(latest.space), latest.green
    assert english.glance == (f"Last answer: {space} {'✅ yes' if yes else '❌ no'} · 2 actions left of 6 · "
                              "Purple, Red and Blue may still act")
    assert italian.glance == (f"Ultima risposta: {space} {'✅ sì' if yes else '❌ no'} · 2 azioni rimaste su 6 · "
                              "Viola, Rosso e Blu possono ancora agire")
    embed = italian.embeds()[0]
    assert embed.footer.text == italian.glance and embed.image.url == "attachment://goryo-board.png"
    hers = await drawing.goryo_board(scenes.round_two(), language="it")
    assert hers is not None and hers.glance.startswith("Tocca a te: costruisci il percorso")


async def test_the_public_footer_tells_no_secret(drawing):
    """Two matches differing only in her secrets (her bound object; her plan, where its answers agree) give the
    same footer, like the same facts: it is made from the public view alone."""
    state = scenes.mid_samurai_turn()
    other_bound = dataclasses.replace(state, bound=next(t for t in possible_bound(rules.public_view(state))
                                                        if t != state.bound))
    answers = [p.space for p in state.paw_prints]
    assert state.plan is not None
    other_plan = next(
        plan for plan in (rules.Plan(path) for path in rules.legal_paths(dataclasses.replace(
            state, phase=rules.Phase.GORYO_TURN, plan=None)))
        if plan.path[-1] != state.plan.path[-1]
        and all(rules.answer(plan, s) == rules.answer(state.plan, s) for s in answers))
    twins = [other_bound, dataclasses.replace(state, plan=other_plan)]
    assert rules.public_view(twins[-1]) == rules.public_view(state), "the twins look the same to the Samurai"
    mine = await drawing.public_board(state)
    assert mine is not None and mine.glance
    for twin in twins:
        theirs = await drawing.public_board(twin)
        assert theirs is not None and theirs.glance == mine.glance
    # Not one of her secrets is named in it: neither her bound object nor where her path ends.
    assert object_name(state.bound) not in mine.glance
    assert rules.space_name(state.plan.path[-1]) not in mine.glance


def test_a_board_without_facts_has_no_embed():
    # The Embed Links fallback and undrawn facts: nothing to put the picture in, so it stays a plain attachment.
    assert Board(b"png", "goryo-board.png", "a board").embeds() == []


def test_with_every_cube_placed_the_footer_says_to_end_the_turn():
    state = scenes.mid_samurai_turn()
    while state.actions_used < 6:  # any action but ending the turn or taking a move back
        state = rules.apply(state, next(a for a in rules.legal_samurai_actions(state)
                                        if not isinstance(a, (rules.EndSamuraiTurn, rules.Undo)))).state
    assert state.phase is rules.Phase.SAMURAI_TURN, "the Samurai still end their turn themselves"
    assert public_glance(rules.public_view(state)).endswith("0 actions left of 6 · no Samurai may act: end the turn")
    with speaking("it"):
        assert public_glance(rules.public_view(state)).endswith("nessun Samurai può agire: termina il turno")
